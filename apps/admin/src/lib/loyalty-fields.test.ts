import { describe, expect, it } from 'vitest';
import {
  basisPointsOfTypedRate,
  percentTextOf,
  rateDraftsOf,
  readAmountOrZero,
  readCount,
  readRateTable,
} from './loyalty-fields.ts';

describe('rates per game type', () => {
  it('reads a typed percent within its ceiling, and refuses anything else', () => {
    expect(basisPointsOfTypedRate('0.5', 500)).toBe(50);
    expect(basisPointsOfTypedRate(' 1.25 % ', 500)).toBe(125);
    expect(basisPointsOfTypedRate('5', 500)).toBe(500);
    for (const text of ['5.01', '-1', '0.005', 'half', '', '1e0']) {
      expect(basisPointsOfTypedRate(text, 500), text).toBeNull();
    }
    expect(percentTextOf(50)).toBe('0.50 %');
  });

  it('sends only the filled-in game types as percent text, and names a wrong one by its wire path', () => {
    const drafts = { ...rateDraftsOf({ LIVE: '0.50' }), RNG: '0.8', SPORTS: '9' };
    expect(readRateTable(drafts, 500, 'rebateRates')).toEqual({
      rates: { LIVE: '0.50', RNG: '0.80' },
      errors: { 'rebateRates.SPORTS': 'A percent from 0 to 5.00, at most two decimals.' },
    });
    expect(rateDraftsOf({ LIVE: '0.50' }).RNG).toBe('');
  });
});

describe('readCount', () => {
  it('reads whole numbers within bounds, commas allowed', () => {
    expect(readCount(' 1,000 ', 1, 10_000)).toBe(1000);
    expect(readCount('0', 0, 5)).toBe(0);
    for (const text of ['', '1.5', '-1', '6', 'ten', '12345678901']) {
      expect(readCount(text, 0, 5), text).toBeNull();
    }
  });
});

describe('readAmountOrZero', () => {
  it('writes amounts of 0 or more as the wire does, and refuses what is not one', () => {
    expect(readAmountOrZero('0')).toBe('0.00');
    expect(readAmountOrZero('1,250.5')).toBe('1250.50');
    expect(readAmountOrZero(' 007 ')).toBe('7.00');
    for (const text of ['', '-1', '1.005', 'lots', '12345678901234']) {
      expect(readAmountOrZero(text), text).toBeNull();
    }
  });
});
