import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  type CycleProgress,
  carriedOutOf,
  checkTierRows,
  formatRate,
  missingWordingOf,
  parseCycleKey,
  percentToBasisPoints,
  progressPercentOf,
  RATE_BP_MAX,
  TIERS_MAX,
  type TierRow,
  tierRowsOf,
} from './contract-terms';

describe('rates as percentages and basis points', () => {
  it('reads a percentage with up to two decimals as whole basis points', () => {
    expect(percentToBasisPoints('1.5')).toBe(150);
    expect(percentToBasisPoints('1.50')).toBe(150);
    expect(percentToBasisPoints(' 0.01 ')).toBe(1);
    expect(percentToBasisPoints('12')).toBe(1200);
    expect(percentToBasisPoints('2.25%')).toBe(225);
    expect(percentToBasisPoints('100')).toBe(RATE_BP_MAX);
    expect(percentToBasisPoints('0')).toBe(0);
  });

  it('refuses what is not a percentage from 0 to 100 with at most two decimals', () => {
    for (const text of ['', '1.505', '-1', '100.01', '101', 'abc', '1,5', '.5', '1.']) {
      expect(percentToBasisPoints(text)).toBeNull();
    }
  });

  it('writes basis points back with two decimals, so every rate reads the same way', () => {
    expect(basisPointsToPercent(150)).toBe('1.50');
    expect(basisPointsToPercent(1)).toBe('0.01');
    expect(basisPointsToPercent(RATE_BP_MAX)).toBe('100.00');
    expect(formatRate(1205)).toBe('12.05%');
  });

  it('round-trips every basis point through its percentage', () => {
    for (let basisPoints = 0; basisPoints <= RATE_BP_MAX; basisPoints += 1) {
      expect(percentToBasisPoints(basisPointsToPercent(basisPoints))).toBe(basisPoints);
    }
  });
});

describe('the tiers form', () => {
  const row = (activeMembers: string, minBase: string, rate: string): TierRow => ({
    activeMembers,
    minBase,
    rate,
  });

  it('turns valid rows into wire tiers in rate order, amounts with two decimals', () => {
    const check = checkTierRows([row('10', '50000', '2'), row('3', '1,000.5', '0.75')], 200);
    expect(check).toEqual({
      isValid: true,
      tiers: [
        { activeMembers: 3, minBase: '1000.50', rateBp: 75 },
        { activeMembers: 10, minBase: '50000.00', rateBp: 200 },
      ],
    });
  });

  it('says what is wrong next to each field of each row', () => {
    const check = checkTierRows([row('', 'x', '1.234'), row('2.5', '', '0'), row('1', '10', '')], 150);
    expect(check).toEqual({
      isValid: false,
      form: null,
      rows: [
        { activeMembers: 'required', minBase: 'notAmount', rate: 'notRate' },
        { activeMembers: 'notWholeNumber', minBase: 'required', rate: 'zeroRate' },
        { rate: 'required' },
      ],
    });
  });

  it('refuses a rate above the agent’s own (the allowed maximum), and accepts it at the maximum', () => {
    expect(checkTierRows([row('1', '0', '1.51')], 150)).toMatchObject({
      isValid: false,
      rows: [{ rate: 'aboveMaximum' }],
    });
    expect(checkTierRows([row('1', '0', '1.50')], 150).isValid).toBe(true);
  });

  it('refuses two tiers with the same conditions, marking the later one', () => {
    expect(checkTierRows([row('5', '100', '1'), row('5', '100.00', '1.2')], 500)).toMatchObject({
      isValid: false,
      rows: [{}, { minBase: 'sameConditions' }],
    });
  });

  it('needs at least one tier and at most ten', () => {
    expect(checkTierRows([], 500)).toEqual({ isValid: false, rows: [], form: 'noTiers' });
    const eleven = Array.from({ length: TIERS_MAX + 1 }, (_, index) => row(String(index), '0', '1'));
    expect(checkTierRows(eleven, 500)).toMatchObject({ isValid: false, form: 'tooManyTiers' });
    expect(checkTierRows(eleven.slice(0, TIERS_MAX), 500).isValid).toBe(true);
  });

  it('refuses an absurd number of active members', () => {
    expect(checkTierRows([row('1000001', '0', '1')], 500)).toMatchObject({
      rows: [{ activeMembers: 'tooManyMembers' }],
    });
  });

  it('starts new terms from a contract’s tiers, which check back to the same tiers', () => {
    const tiers = [
      { activeMembers: 2, minBase: '500.00', rateBp: 50 },
      { activeMembers: 8, minBase: '10000.25', rateBp: 125 },
    ];
    expect(tierRowsOf(tiers)).toEqual([row('2', '500.00', '0.50'), row('8', '10000.25', '1.25')]);
    expect(checkTierRows(tierRowsOf(tiers), 125)).toEqual({ isValid: true, tiers });
  });
});

describe('what the cycle still misses', () => {
  const progress = (next: CycleProgress['nextTier'], tierIndex: number | null = 0): CycleProgress => ({
    activeMembers: 4,
    base: '1500.00',
    tierIndex,
    nextTier: next,
  });

  it('names both conditions when both are short, the base as valid bet for a salary', () => {
    expect(
      missingWordingOf(
        'daily',
        progress({ index: 1, activeMembersMissing: 2, baseMissing: '500.00', rateBp: 150 }),
      ),
    ).toEqual({ key: 'membersAndBase', base: 'validBet', members: 2, amount: '500.00', rateBp: 150 });
  });

  it('names only the members when the base is already there, and the base as revenue for a dividend', () => {
    expect(
      missingWordingOf(
        'dividend',
        progress({ index: 1, activeMembersMissing: 3, baseMissing: '0.00', rateBp: 900 }),
      ),
    ).toMatchObject({ key: 'members', base: 'revenue', members: 3 });
  });

  it('names only the base when the members are already there', () => {
    expect(
      missingWordingOf(
        'hourly',
        progress({ index: 2, activeMembersMissing: 0, baseMissing: '0.01', rateBp: 40 }),
      ),
    ).toMatchObject({ key: 'base', amount: '0.01', rateBp: 40 });
  });

  it('says the best tier is reached when there is no next tier', () => {
    expect(missingWordingOf('realtime', progress(null, 3))).toMatchObject({ key: 'topReached' });
  });

  it('fills the bar by the condition furthest from the next tier', () => {
    // 4 of 8 members (50 %), 1,500 of 2,000 base (75 %): the bar shows 50 %.
    expect(
      progressPercentOf(progress({ index: 1, activeMembersMissing: 4, baseMissing: '500.00', rateBp: 1 })),
    ).toBe(50);
    // Members all there, 1,500 of 6,000 base: 25 %.
    expect(
      progressPercentOf(progress({ index: 1, activeMembersMissing: 0, baseMissing: '4500.00', rateBp: 1 })),
    ).toBe(25);
    expect(progressPercentOf(progress(null, 2))).toBe(100);
  });

  it('keeps the bar at zero for a negative dividend base, never below', () => {
    const losing: CycleProgress = {
      activeMembers: 2,
      base: '-300.00',
      tierIndex: null,
      nextTier: { index: 0, activeMembersMissing: 0, baseMissing: '1300.00', rateBp: 500 },
    };
    expect(progressPercentOf(losing)).toBe(0);
  });
});

describe('cycle keys', () => {
  it('reads each period’s key to its first day and, within a day, its time', () => {
    expect(parseCycleKey('D:2026-11-25')).toEqual({ period: 'D', day: '2026-11-25', time: null });
    expect(parseCycleKey('W:2026-11-23')).toEqual({ period: 'W', day: '2026-11-23', time: null });
    expect(parseCycleKey('H:2026-11-16')).toEqual({ period: 'H', day: '2026-11-16', time: null });
    expect(parseCycleKey('M:2026-11-01')).toEqual({ period: 'M', day: '2026-11-01', time: null });
    expect(parseCycleKey('h:2026-11-25T13')).toEqual({ period: 'h', day: '2026-11-25', time: '13:00' });
    expect(parseCycleKey('5m:2026-11-25T13:05')).toEqual({ period: '5m', day: '2026-11-25', time: '13:05' });
  });

  it('leaves a key it does not know to be shown as it is', () => {
    for (const key of [
      'X:2026-11-25',
      'D:2026-11-25T13',
      'h:2026-11-25',
      '5m:2026-11-25T13:05:00',
      'D:25/11/2026',
    ]) {
      expect(parseCycleKey(key)).toBeNull();
    }
  });
});

describe('carriedOutOf', () => {
  it('gives what a cycle carried on, and nothing when it carried nothing', () => {
    expect(carriedOutOf({ carryOut: '-30.00' })).toBe('-30.00');
    expect(carriedOutOf({ carryOut: '0.00' })).toBeNull();
    expect(carriedOutOf({ carryOut: '-0.00' })).toBeNull();
    expect(carriedOutOf({ carryOut: '0.01' })).toBe('0.01');
  });
});
