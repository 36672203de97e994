import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BonusTerms } from './bonus-api.ts';
import {
  acceptedTermsOf,
  contributionList,
  conversionSplitOf,
  problemsOfTerms,
  progressPercentOf,
  wageringRequiredOf,
} from './bonus-terms.ts';

const TERMS: BonusTerms = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { SPORTS: 5_000, INHOUSE: 10_000, LIVE: 1_000 },
  maxStakeMinor: 5_000n,
  expiryDays: 7,
  maxConversionMinor: 500_000n,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

describe('wagering required', () => {
  it('is the multiplier times the bonus, and the deposit too when the terms include it', () => {
    expect(wageringRequiredOf(TERMS, 10_000n, 20_000n)).toBe(50_000n);
    expect(wageringRequiredOf({ ...TERMS, includeDeposit: true }, 10_000n, 20_000n)).toBe(150_000n);
    expect(wageringRequiredOf({ ...TERMS, multiplier: 0 }, 10_000n, 20_000n)).toBe(0n);
  });
});

describe('checking terms', () => {
  it('accepts terms within the merchant’s maximum multiplier', () => {
    expect(problemsOfTerms(TERMS, 10)).toEqual({});
    expect(problemsOfTerms({ ...TERMS, multiplier: 10 }, 10)).toEqual({});
  });

  it('names every field out of range or unknown', () => {
    expect(
      problemsOfTerms(
        {
          multiplier: 11,
          includeDeposit: false,
          contributions: { RNG: 10_001, SLOTS: 100, LIVE: -1 },
          maxStakeMinor: 0n,
          expiryDays: 366,
          maxConversionMinor: -5n,
          minSpinStakeMinor: 0n,
          minSpinLines: 1025,
        },
        10,
      ),
    ).toEqual({
      'terms.multiplier': 'range',
      'terms.contributions.RNG': 'range',
      'terms.contributions.SLOTS': 'unknown',
      'terms.contributions.LIVE': 'range',
      'terms.maxStake': 'range',
      'terms.expiryDays': 'range',
      'terms.maxConversion': 'range',
      'terms.minSpinStake': 'range',
      'terms.minSpinLines': 'range',
    });
    expect(problemsOfTerms({ ...TERMS, multiplier: 2.5 }, 10)).toEqual({ 'terms.multiplier': 'range' });
    expect(problemsOfTerms({ ...TERMS, minSpinLines: 0 }, 10)).toEqual({ 'terms.minSpinLines': 'range' });
    expect(problemsOfTerms({ ...TERMS, minSpinLines: 2.5 }, 10)).toEqual({ 'terms.minSpinLines': 'range' });
    expect(problemsOfTerms({ ...TERMS, minSpinStakeMinor: 100n, minSpinLines: 1024 }, 10)).toEqual({});
  });
});

describe('the terms a member accepts', () => {
  it('lists contributions in the catalogue’s order with their percent', () => {
    expect(contributionList(TERMS.contributions)).toEqual([
      { gameType: 'INHOUSE', percent: '100.00' },
      { gameType: 'LIVE', percent: '10.00' },
      { gameType: 'SPORTS', percent: '50.00' },
    ]);
  });

  it('words the withdrawal rule in the member’s language, with the cap when there is one', () => {
    const english = acceptedTermsOf(TERMS, 50_000n, 'EN');
    expect(english).toMatchObject({
      language: 'EN',
      multiplier: 5,
      wageringRequired: '500.00',
      maxStake: '50.00',
      maxConversion: '5000.00',
      expiryDays: 7,
      minSpinStake: null,
      minSpinLines: null,
    });
    expect(english.withdrawalRule).toContain('until 500.00 has been wagered within 7 days');
    expect(english.withdrawalRule).toContain('up to 5000.00 moves to your cash');
    const uncapped = acceptedTermsOf(
      { ...TERMS, maxConversionMinor: null, maxStakeMinor: null },
      50_000n,
      'TY',
    );
    expect(uncapped).toMatchObject({ language: 'TY', maxConversion: null, maxStake: null });
    expect(uncapped.withdrawalRule).toContain('naitataya ang 500.00 sa loob ng 7 araw');
    expect(uncapped.withdrawalRule).not.toContain('hanggang');
  });

  it('carries the spin rule, leaving the withdrawal rule as it is', () => {
    const ruled = acceptedTermsOf({ ...TERMS, minSpinStakeMinor: 100n, minSpinLines: 25 }, 50_000n, 'EN');
    expect(ruled).toMatchObject({ minSpinStake: '1.00', minSpinLines: 25 });
    expect(ruled.withdrawalRule).toBe(acceptedTermsOf(TERMS, 50_000n, 'EN').withdrawalRule);
  });
});

describe('progress and conversion', () => {
  it('is a whole percent from 0 to 100, 100 when nothing is required', () => {
    expect(progressPercentOf(0n, 50_000n)).toBe(0);
    expect(progressPercentOf(49_999n, 50_000n)).toBe(99);
    expect(progressPercentOf(60_000n, 50_000n)).toBe(100);
    expect(progressPercentOf(0n, 0n)).toBe(100);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (wagered, required) => {
          const percent = progressPercentOf(wagered, required);
          return (
            Number.isInteger(percent) &&
            percent >= 0 &&
            percent <= 100 &&
            (percent === 100) === wagered >= required
          );
        },
      ),
    );
  });

  it('moves at most the cap to cash and the rest back to the house, never losing a centavo', () => {
    expect(conversionSplitOf(40_000n, 15_000n)).toEqual({ toCashMinor: 15_000n, forfeitMinor: 25_000n });
    expect(conversionSplitOf(10_000n, 15_000n)).toEqual({ toCashMinor: 10_000n, forfeitMinor: 0n });
    expect(conversionSplitOf(10_000n, null)).toEqual({ toCashMinor: 10_000n, forfeitMinor: 0n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.option(fc.bigInt({ min: 1n, max: 10n ** 15n })),
        (balance, cap) => {
          const { toCashMinor, forfeitMinor } = conversionSplitOf(balance, cap);
          return (
            toCashMinor + forfeitMinor === balance &&
            toCashMinor >= 0n &&
            forfeitMinor >= 0n &&
            (cap === null || toCashMinor <= cap)
          );
        },
      ),
    );
  });
});
