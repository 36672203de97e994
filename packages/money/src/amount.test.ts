import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MINOR_MAX,
  addMoney,
  assertMinor,
  formatAmount,
  formatMoney,
  parseAmount,
  parseAmountOrThrow,
  subtractMoney,
} from './amount.ts';

const wireAmount = fc.bigInt({ min: 0n, max: AMOUNT_MINOR_MAX });
const anyAmount = fc.bigInt({ min: -AMOUNT_MINOR_MAX, max: AMOUNT_MINOR_MAX });

describe('parseAmount', () => {
  it.each([
    ['0', 0n],
    ['0.5', 50n],
    ['0.05', 5n],
    ['1250', 125_000n],
    ['1250.00', 125_000n],
    ['1250.1', 125_010n],
    ['007.50', 750n],
    ['9999999999999.99', AMOUNT_MINOR_MAX],
  ])('reads %s as %s minor units', (text, minor) => {
    expect(parseAmount(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'EMPTY'],
    ['-5', 'NOT_A_DECIMAL'],
    ['+5', 'NOT_A_DECIMAL'],
    [' 5', 'NOT_A_DECIMAL'],
    ['5 ', 'NOT_A_DECIMAL'],
    ['1,250.00', 'NOT_A_DECIMAL'],
    ['1e3', 'NOT_A_DECIMAL'],
    ['.5', 'NOT_A_DECIMAL'],
    ['5.', 'NOT_A_DECIMAL'],
    ['0x10', 'NOT_A_DECIMAL'],
    ['NaN', 'NOT_A_DECIMAL'],
    ['Infinity', 'NOT_A_DECIMAL'],
    ['١٢', 'NOT_A_DECIMAL'],
    ['1.005', 'TOO_MANY_FRACTION_DIGITS'],
    ['10000000000000', 'TOO_LARGE'],
    ['10000000000000.00', 'TOO_LARGE'],
  ])('refuses %j as %s', (text, reason) => {
    expect(parseAmount(text)).toEqual({ ok: false, reason });
  });

  it('refuses a number that arrives where text was expected', () => {
    expect(parseAmount(12.5 as unknown as string)).toEqual({ ok: false, reason: 'EMPTY' });
  });

  it('accepts exactly the texts the wire pattern accepts', () => {
    const wirePattern = /^\d{1,13}(\.\d{1,2})?$/;
    fc.assert(
      fc.property(fc.stringMatching(/^[-+.,\d e]{0,18}$/), (text) => {
        expect(parseAmount(text).ok).toBe(wirePattern.test(text));
      }),
    );
  });

  it('throws with the reason when asked to', () => {
    expect(parseAmountOrThrow('12.34')).toBe(1234n);
    expect(() => parseAmountOrThrow('12.345')).toThrow(/TOO_MANY_FRACTION_DIGITS/);
  });
});

describe('formatAmount', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [50n, '0.50'],
    [125_000n, '1250.00'],
    [-5n, '-0.05'],
    [-125_001n, '-1250.01'],
    [AMOUNT_MINOR_MAX, '9999999999999.99'],
    [10n ** 30n, '10000000000000000000000000000.00'],
  ])('writes %s minor units as %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it('parsing what it wrote gives back the same amount, for every wire amount', () => {
    fc.assert(
      fc.property(wireAmount, (minor) => {
        expect(parseAmount(formatAmount(minor))).toEqual({ ok: true, minor });
      }),
    );
  });

  it('writing what was parsed gives back a canonical text unchanged', () => {
    const canonical = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
    fc.assert(
      fc.property(canonical, (text) => {
        const result = parseAmount(text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(formatAmount(result.minor)).toBe(text);
      }),
    );
  });

  it('always writes exactly two fraction digits and never an exponent', () => {
    fc.assert(
      fc.property(anyAmount, (minor) => {
        expect(formatAmount(minor)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('refuses a float', () => {
    expect(() => formatAmount(12.5 as unknown as bigint)).toThrow(TypeError);
  });
});

describe('formatMoney', () => {
  it.each([
    [125_000n, {}, '₱1,250.00'],
    [0n, {}, '₱0.00'],
    [7n, {}, '₱0.07'],
    [-125_000n, {}, '-₱1,250.00'],
    [123_456_789_012n, {}, '₱1,234,567,890.12'],
    [AMOUNT_MINOR_MAX, {}, '₱9,999,999,999,999.99'],
    [125_000n, { symbol: '$', locale: 'en-US' }, '$1,250.00'],
    [125_050n, { symbol: '€', locale: 'de-DE' }, '€1.250,50'],
    [125_050n, { symbol: '₱', locale: 'fil' }, '₱1,250.50'],
  ])('shows %s minor units with %j as %s', (minor, options, text) => {
    expect(formatMoney(minor, options)).toBe(text);
  });

  it('shows the same digits as the wire form, only grouped', () => {
    fc.assert(
      fc.property(anyAmount, (minor) => {
        expect(formatMoney(minor).replace('₱', '').replaceAll(',', '')).toBe(formatAmount(minor));
      }),
    );
  });
});

describe('addMoney and subtractMoney', () => {
  it('add and subtract exactly, beyond the range of a float', () => {
    const huge = 2n ** 60n + 1n;
    expect(addMoney(huge, 1n)).toBe(2n ** 60n + 2n);
    expect(subtractMoney(huge, huge)).toBe(0n);
    fc.assert(
      fc.property(anyAmount, anyAmount, (left, right) => {
        expect(subtractMoney(addMoney(left, right), right)).toBe(left);
      }),
    );
  });

  it('refuse anything but bigint', () => {
    expect(() => addMoney(1n, 0.1 as unknown as bigint)).toThrow(TypeError);
    expect(() => subtractMoney(1 as unknown as bigint, 1n)).toThrow(TypeError);
    expect(() => assertMinor('100')).toThrow(TypeError);
    expect(() => assertMinor(100n)).not.toThrow();
  });
});
