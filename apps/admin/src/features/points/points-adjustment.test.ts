import { describe, expect, it } from 'vitest';
import { readAdjustment, readSignedPoints, signedPointsText } from './points-adjustment.ts';

describe('readAdjustment', () => {
  it('sends points to add or take as a signed whole number, and the reason trimmed', () => {
    expect(readAdjustment({ points: '+1,500', reason: '  Goodwill for a delayed redeem ' }, 200)).toEqual({
      ok: true,
      body: { points: 1500, reason: 'Goodwill for a delayed redeem' },
    });
    expect(readAdjustment({ points: '-200', reason: 'Points earned on a voided round' }, 200)).toEqual({
      ok: true,
      body: { points: -200, reason: 'Points earned on a voided round' },
    });
  });

  it('never takes more than the balance holds', () => {
    const reading = readAdjustment({ points: '-201', reason: 'Duplicate earning' }, 200);
    expect(reading.ok ? null : reading.errors.points).toContain('holds 200 points');
    // While the balance is not read yet, the server is the one to refuse.
    expect(readAdjustment({ points: '-201', reason: 'Duplicate earning' }, null).ok).toBe(true);
  });

  it('names every problem by the field path the server uses', () => {
    for (const points of ['', '0', '1.5', 'ten', '+-3', '1000000001']) {
      const reading = readAdjustment({ points, reason: 'ok' }, 100);
      expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual(['points', 'reason']);
    }
    const long = readAdjustment({ points: '5', reason: 'x'.repeat(501) }, 100);
    expect(long.ok ? [] : Object.keys(long.errors)).toEqual(['reason']);
  });
});

describe('readSignedPoints', () => {
  it('reads a sign, digits and thousands commas', () => {
    expect(readSignedPoints('500')).toBe(500);
    expect(readSignedPoints(' - 1,000 ')).toBe(-1000);
    expect(readSignedPoints('+7')).toBe(7);
    expect(readSignedPoints('5-')).toBeNull();
  });
});

describe('signedPointsText', () => {
  it('writes a record’s points with their sign, grouped', () => {
    expect(signedPointsText(1200)).toBe('+1,200');
    expect(signedPointsText(-300)).toBe('-300');
    expect(signedPointsText(0)).toBe('0');
  });
});
