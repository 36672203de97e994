import { describe, expect, it } from 'vitest';
import { manilaDayOf, projectionText, readBirthdayChange, readLevelChange } from './player-vip-form.ts';

describe('readLevelChange', () => {
  it('sends the rank picked, or null to remove the level, with the reason trimmed', () => {
    expect(readLevelChange({ rank: '3', reason: ' Loyal since 2019 ' }, 1, [1, 2, 3])).toEqual({
      ok: true,
      body: { rank: 3, reason: 'Loyal since 2019' },
    });
    expect(readLevelChange({ rank: '', reason: 'Bonus abuse confirmed' }, 2, [1, 2, 3])).toEqual({
      ok: true,
      body: { rank: null, reason: 'Bonus abuse confirmed' },
    });
  });

  it('refuses a level that does not exist or is held already, and asks for a reason', () => {
    const reading = readLevelChange({ rank: '9', reason: 'ok' }, 1, [1, 2, 3]);
    expect(reading.ok ? {} : reading.errors).toEqual({
      rank: 'Pick one of the levels.',
      reason: 'Say why, in a few words: the audit log keeps it.',
    });
    const same = readLevelChange({ rank: '2', reason: 'Checked the history' }, 2, [1, 2, 3]);
    expect(same.ok ? {} : same.errors).toEqual({ rank: 'The player holds it already.' });
    const none = readLevelChange({ rank: '', reason: 'Checked the history' }, null, [1, 2, 3]);
    expect(none.ok ? {} : none.errors).toEqual({ rank: 'The player holds no level.' });
  });
});

describe('readBirthdayChange', () => {
  it('takes a real day up to today, or none to clear it, with a reason', () => {
    expect(readBirthdayChange({ birthday: '1990-02-28', reason: 'ID checked' }, '2025-06-10')).toEqual({
      ok: true,
      body: { birthday: '1990-02-28', reason: 'ID checked' },
    });
    expect(readBirthdayChange({ birthday: ' ', reason: 'Typed in error' }, '2025-06-10')).toEqual({
      ok: true,
      body: { birthday: null, reason: 'Typed in error' },
    });
    for (const birthday of ['1990-02-30', '90-02-01', '2025-06-11']) {
      const reading = readBirthdayChange({ birthday, reason: 'ID checked' }, '2025-06-10');
      expect(reading.ok ? {} : reading.errors, birthday).toHaveProperty('birthday');
    }
    const noReason = readBirthdayChange({ birthday: '1990-02-28', reason: ' ' }, '2025-06-10');
    expect(noReason.ok ? {} : noReason.errors).toHaveProperty('reason');
  });
});

describe('projectionText', () => {
  const label = (rank: number) => `VIP${rank}`;
  it("says what the next review would do with today's figures", () => {
    expect(projectionText({ outcome: 'keep', rank: 2 }, label)).toBe('Keeps VIP2');
    expect(projectionText({ outcome: 'rise', rank: 3 }, label)).toBe('Rises to VIP3');
    expect(projectionText({ outcome: 'fall', rank: 1 }, label)).toBe('Falls to VIP1');
    expect(projectionText({ outcome: 'fall', rank: null }, label)).toBe('Loses the level');
  });
});

describe('manilaDayOf', () => {
  it('is a day ahead of UTC from 16:00', () => {
    expect(manilaDayOf(new Date('2025-06-10T15:59:59Z'))).toBe('2025-06-10');
    expect(manilaDayOf(new Date('2025-06-10T16:00:00Z'))).toBe('2025-06-11');
  });
});
