import { describe, expect, it } from 'vitest';
import {
  BONUS_GAME_TYPES,
  basisPointsOfPercent,
  newTermsDraft,
  percentOfBasisPoints,
  readOptionalLines,
  readTermsDraft,
  spinRuleText,
  termsDraftOf,
} from './bonus-terms.ts';

describe('percent and basis points', () => {
  it.each([
    ['100', 10_000],
    ['12.5', 1_250],
    ['12.50', 1_250],
    ['0.05', 5],
    ['0', 0],
    [' 50 % ', 5_000],
  ])('reads %j percent as %i basis points', (text, basisPoints) => {
    expect(basisPointsOfPercent(text)).toBe(basisPoints);
  });

  it.each(['100.01', '101', '-5', '1.005', 'ten', '', '1e2'])('refuses %j', (text) => {
    expect(basisPointsOfPercent(text)).toBeNull();
  });

  it('writes basis points back as the shortest percent, and every percent goes there and back', () => {
    expect(percentOfBasisPoints(10_000)).toBe('100');
    expect(percentOfBasisPoints(1_250)).toBe('12.5');
    expect(percentOfBasisPoints(1_205)).toBe('12.05');
    expect(percentOfBasisPoints(5)).toBe('0.05');
    expect(percentOfBasisPoints(0)).toBe('0');
    for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 1) {
      expect(basisPointsOfPercent(percentOfBasisPoints(basisPoints))).toBe(basisPoints);
    }
  });
});

const NONE_COUNTED = Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, 0]));

describe('readTermsDraft', () => {
  it('sends contributions in basis points for every game type, 0 where it does not count, and amounts as wire strings', () => {
    const draft = {
      ...newTermsDraft(),
      multiplier: '8',
      includeDeposit: true,
      contributions: { ...newTermsDraft().contributions, RNG: '100', LIVE: '12.5', SPORTS: '0' },
      maxStake: '1,000',
      expiryDays: '30',
      maxConversion: '5000.5',
    };
    expect(readTermsDraft(draft, { maxMultiplier: 10 })).toEqual({
      ok: true,
      terms: {
        multiplier: 8,
        includeDeposit: true,
        contributions: { ...NONE_COUNTED, INHOUSE: 10_000, RNG: 10_000, FISH: 10_000, LIVE: 1_250 },
        maxStake: '1000.00',
        expiryDays: 30,
        maxConversion: '5000.50',
        minSpinStake: null,
        minSpinLines: null,
      },
    });
  });

  it('sends a slot-spin rule of a stake per spin and lines, either or both, and none when left blank', () => {
    const both = readTermsDraft(
      { ...newTermsDraft(), minSpinStake: '1', minSpinLines: ' 25 ' },
      { maxMultiplier: 10 },
    );
    expect(both.ok && [both.terms.minSpinStake, both.terms.minSpinLines]).toEqual(['1.00', 25]);
    const linesOnly = readTermsDraft({ ...newTermsDraft(), minSpinLines: '1024' }, { maxMultiplier: 10 });
    expect(linesOnly.ok && [linesOnly.terms.minSpinStake, linesOnly.terms.minSpinLines]).toEqual([
      null,
      1024,
    ]);
    const wrong = readTermsDraft(
      { ...newTermsDraft(), minSpinStake: '0', minSpinLines: '1025' },
      { maxMultiplier: 10 },
      'terms',
    );
    expect(wrong.ok ? {} : wrong.errors).toEqual({
      'terms.minSpinStake': 'A positive amount in pesos, at most two decimals.',
      'terms.minSpinLines': 'Whole lines from 1 to 1024.',
    });
    expect(readOptionalLines('0')).toHaveProperty('error');
    expect(readOptionalLines('')).toEqual({ lines: null });
  });

  it('sends no limit for a blank maximum stake or conversion', () => {
    const reading = readTermsDraft(
      { ...newTermsDraft(), maxStake: ' ', maxConversion: '' },
      { maxMultiplier: 10 },
    );
    expect(reading.ok && reading.terms.maxStake).toBeNull();
    expect(reading.ok && reading.terms.maxConversion).toBeNull();
  });

  it('holds the multiplier to the merchant’s highest and names each wrong field by its wire path', () => {
    const draft = {
      ...newTermsDraft(),
      multiplier: '11',
      expiryDays: '0',
      contributions: { ...newTermsDraft().contributions, LIVE: '120' },
      maxStake: '0',
      maxConversion: 'lots',
    };
    const reading = readTermsDraft(draft, { maxMultiplier: 10 }, 'terms');
    expect(reading.ok).toBe(false);
    expect(reading.ok ? {} : Object.keys(reading.errors).sort()).toEqual([
      'terms.contributions.LIVE',
      'terms.expiryDays',
      'terms.maxConversion',
      'terms.maxStake',
      'terms.multiplier',
    ]);
    expect(reading.ok ? '' : reading.errors['terms.multiplier']).toContain('0 to 10');
    expect(readTermsDraft({ ...newTermsDraft(), multiplier: '11' }, { maxMultiplier: 20 }).ok).toBe(true);
  });

  it('says a slot-spin rule in a line, or none', () => {
    const money = (amount: string) => `₱${amount}`;
    expect(spinRuleText({ minSpinStake: '1.00', minSpinLines: 25 }, money)).toBe(
      '₱1.00 or more per spin, 25 lines or more',
    );
    expect(spinRuleText({ minSpinStake: null, minSpinLines: 9 }, money)).toBe('9 lines or more');
    expect(spinRuleText({}, money)).toBeNull();
  });

  it('reads stored terms back into the form unchanged', () => {
    const stored = {
      multiplier: 5,
      includeDeposit: false,
      contributions: { INHOUSE: 10_000, LIVE: 1_000, SPORTS: 5_000 },
      maxStake: '50.00',
      expiryDays: 7,
      maxConversion: null,
    };
    const draft = termsDraftOf(stored);
    expect(draft.contributions.LIVE).toBe('10');
    expect(draft.contributions.RNG).toBe('0');
    expect(draft.maxConversion).toBe('');
    // Terms stored before the slot-spin rule read as having none.
    expect(readTermsDraft(draft, { maxMultiplier: 10 })).toEqual({
      ok: true,
      terms: {
        ...stored,
        contributions: { ...NONE_COUNTED, ...stored.contributions },
        minSpinStake: null,
        minSpinLines: null,
      },
    });
    const withSpinRule = termsDraftOf({ ...stored, minSpinStake: '2.50', minSpinLines: 20 });
    expect([withSpinRule.minSpinStake, withSpinRule.minSpinLines]).toEqual(['2.50', '20']);
  });
});
