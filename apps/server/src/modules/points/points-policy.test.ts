import { describe, expect, it } from 'vitest';
import {
  convertedAmountOf,
  earningDeltaOf,
  exchangeRowOf,
  type PointsPolicy,
  pointsOf,
} from './points-policy.ts';

const SLOTS = { perMinor: 10_000n, points: 1 };

describe('earning', () => {
  it('earns whole units of the rule, times the multiplier, rounded down', () => {
    expect(pointsOf(105_000n, SLOTS, 10_000)).toBe(10n);
    expect(pointsOf(105_000n, SLOTS, 15_000)).toBe(15n);
    expect(pointsOf(99_99n, SLOTS, 10_000)).toBe(0n);
    expect(pointsOf(105_000n, { perMinor: 0n, points: 1 }, 10_000)).toBe(0n);
  });

  it('earns what grown valid bet adds, and gives back in proportion what fell', () => {
    const earned = { validBetMinor: 100_000n, points: 10n };
    expect(earningDeltaOf({ validBetMinor: 100_000n, earned: null, rule: SLOTS, multiplierBp: 10_000 })).toBe(
      10n,
    );
    expect(earningDeltaOf({ validBetMinor: 160_000n, earned, rule: SLOTS, multiplierBp: 10_000 })).toBe(6n);
    expect(earningDeltaOf({ validBetMinor: 50_000n, earned, rule: SLOTS, multiplierBp: 10_000 })).toBe(-5n);
    expect(earningDeltaOf({ validBetMinor: 33_000n, earned, rule: SLOTS, multiplierBp: 10_000 })).toBe(-7n);
    expect(earningDeltaOf({ validBetMinor: 0n, earned, rule: SLOTS, multiplierBp: 10_000 })).toBe(-10n);
  });

  it('never claws back because a rule or a level changed since', () => {
    const earned = { validBetMinor: 100_000n, points: 15n };
    // A lower multiplier now: more valid bet earns nothing until it catches up, and takes nothing.
    expect(earningDeltaOf({ validBetMinor: 120_000n, earned, rule: SLOTS, multiplierBp: 10_000 })).toBe(0n);
    // The rule removed: more valid bet earns nothing; a void still gives back its share.
    expect(earningDeltaOf({ validBetMinor: 120_000n, earned, rule: null, multiplierBp: 10_000 })).toBe(0n);
    expect(earningDeltaOf({ validBetMinor: 80_000n, earned, rule: null, multiplierBp: 10_000 })).toBe(-3n);
  });
});

describe('converting', () => {
  const policy: PointsPolicy = {
    earn: {},
    deposit: null,
    exchange: [
      { from: 100, amountMinor: 100n },
      { from: 10_000, amountMinor: 120n },
    ],
    convertMultiplier: 1,
    convertExpiryDays: 7,
    minConvertPoints: 100,
  };

  it('converts at the row with the largest from at most the points, rounded down', () => {
    expect(exchangeRowOf(policy, 99)).toBeNull();
    expect(exchangeRowOf(policy, 9_999)?.amountMinor).toBe(100n);
    expect(exchangeRowOf(policy, 10_000)?.amountMinor).toBe(120n);
    expect(convertedAmountOf(150, 100n)).toBe(150n);
    expect(convertedAmountOf(10_555, 120n)).toBe(12_666n);
  });
});
