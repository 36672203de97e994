import { describe, expect, it } from 'vitest';
import type { ExchangeRow } from './api/points';
import {
  checkConvertPoints,
  convertAmountMinor,
  convertPreviewOf,
  convertWageringMinor,
  exchangeRowFor,
  leastConvertiblePoints,
  parsePoints,
  sortedExchangeRows,
} from './exchange';

// Stored in no particular order, as an operator may have entered them.
const rows: ExchangeRow[] = [
  { from: 10_000, amount: '1.20' },
  { from: 100, amount: '1.00' },
  { from: 50_000, amount: '1.50' },
];

describe('the exchange row a conversion uses', () => {
  it('is the row with the largest from at most the points converted', () => {
    expect(exchangeRowFor(rows, 100)).toEqual({ from: 100, amount: '1.00' });
    expect(exchangeRowFor(rows, 9_999)).toEqual({ from: 100, amount: '1.00' });
    expect(exchangeRowFor(rows, 10_000)).toEqual({ from: 10_000, amount: '1.20' });
    expect(exchangeRowFor(rows, 49_999)).toEqual({ from: 10_000, amount: '1.20' });
    expect(exchangeRowFor(rows, 1_000_000)).toEqual({ from: 50_000, amount: '1.50' });
  });

  it('is none below the lowest row, and none of an empty table', () => {
    expect(exchangeRowFor(rows, 99)).toBeNull();
    expect(exchangeRowFor([], 5_000)).toBeNull();
  });

  it('lists the table from the fewest points up without changing the stored order', () => {
    expect(sortedExchangeRows(rows).map((row) => row.from)).toEqual([100, 10_000, 50_000]);
    expect(rows[0]?.from).toBe(10_000);
  });
});

describe('the preview of a conversion', () => {
  it('pays the row amount per 100 points, floored to the centavo as the server pays', () => {
    expect(convertAmountMinor(150, { from: 100, amount: '1.00' })).toBe(150n);
    expect(convertAmountMinor(12_345, { from: 10_000, amount: '1.20' })).toBe(14_814n);
    expect(convertAmountMinor(1, { from: 1, amount: '0.99' })).toBe(0n);
  });

  it('asks the amount times the convert multiplier in wagering, never less than once', () => {
    const preview = convertPreviewOf({ exchange: rows, convertMultiplier: 3 }, 10_000);
    expect(preview).toEqual({
      row: { from: 10_000, amount: '1.20' },
      amountMinor: 12_000n,
      wageringMinor: 36_000n,
    });
    expect(convertWageringMinor(500n, 0)).toBe(500n);
    expect(convertWageringMinor(500n, 1)).toBe(500n);
  });

  it('has nothing to show below the lowest row', () => {
    expect(convertPreviewOf({ exchange: rows, convertMultiplier: 1 }, 50)).toBeNull();
  });
});

describe('the points typed to convert', () => {
  const config = { exchange: rows, minConvertPoints: 500 };

  it('reads whole points, with or without thousands separators', () => {
    expect(parsePoints('1500')).toBe(1_500);
    expect(parsePoints(' 12,000 ')).toBe(12_000);
    expect(parsePoints('1.5')).toBeNull();
    expect(parsePoints('-5')).toBeNull();
    expect(parsePoints('abc')).toBeNull();
    expect(parsePoints('99999999999')).toBeNull();
  });

  it('are at least the minimum, no more than the balance, and covered by a row', () => {
    expect(checkConvertPoints('', { balance: 20_000, config })).toEqual({ problem: { reason: 'empty' } });
    expect(checkConvertPoints('0', { balance: 20_000, config })).toEqual({ problem: { reason: 'format' } });
    expect(checkConvertPoints('499', { balance: 20_000, config })).toEqual({
      problem: { reason: 'belowMinimum', minimum: 500 },
    });
    expect(checkConvertPoints('20001', { balance: 20_000, config })).toEqual({
      problem: { reason: 'notEnough', have: 20_000 },
    });
    expect(checkConvertPoints('20,000', { balance: 20_000, config })).toEqual({ points: 20_000 });
  });

  it('say where the table starts when the minimum lies below its first row', () => {
    const lowMinimum = { exchange: [{ from: 1_000, amount: '1.00' }], minConvertPoints: 100 };
    expect(checkConvertPoints('500', { balance: 5_000, config: lowMinimum })).toEqual({
      problem: { reason: 'noRate', from: 1_000 },
    });
    expect(leastConvertiblePoints(lowMinimum)).toBe(1_000);
    expect(leastConvertiblePoints(config)).toBe(500);
    expect(leastConvertiblePoints({ exchange: [], minConvertPoints: 100 })).toBeNull();
  });
});
