import { describe, expect, it } from 'vitest';
import { fixedWindow, isCalendarDay, periodAt, periodBefore, periodHolding } from './mission-periods.ts';

const MANILA = 'Asia/Manila';

describe('mission periods', () => {
  it('a day runs from the merchant midnight to the next', () => {
    const window = periodAt('daily', MANILA, new Date('2026-11-26T17:30:00Z'));
    expect(window.start).toBe('2026-11-27');
    expect(window.startsAt.toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(window.endsAt.toISOString()).toBe('2026-11-27T16:00:00.000Z');
  });

  it('a week starts on Monday in the merchant zone', () => {
    // Sunday 2026-11-29 23:30 in Manila is still the week of Monday the 23rd.
    const window = periodAt('weekly', MANILA, new Date('2026-11-29T15:30:00Z'));
    expect(window).toMatchObject({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodBefore('weekly', MANILA, window).start).toBe('2026-11-16');
  });

  it('a month runs over its calendar days, February of a leap year included', () => {
    expect(periodHolding('monthly', MANILA, '2028-02-14')).toMatchObject({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(periodBefore('monthly', MANILA, periodHolding('monthly', MANILA, '2026-01-05')).start).toBe(
      '2025-12-01',
    );
  });

  it('a fixed window ends on the day before its end instant when it ends at midnight', () => {
    const window = fixedWindow(MANILA, new Date('2026-11-22T16:00:00Z'), new Date('2026-11-25T16:00:00Z'));
    expect(window).toMatchObject({ start: '2026-11-23', end: '2026-11-25' });
  });

  it('only real calendar days are days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });
});
