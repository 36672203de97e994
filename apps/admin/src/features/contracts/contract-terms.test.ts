import { describe, expect, it } from 'vitest';
import {
  basisPointsOfPercent,
  checkTiers,
  cycleKeyOf,
  describeCycleKey,
  dividendPeriodOf,
  formatRate,
  highestRateBp,
  isCycleKey,
  parseMinimumBase,
  percentOfBasisPoints,
  previousDayIn,
  type TierDraft,
  tierDraftOf,
} from './contract-terms.ts';

describe('rates between percent and basis points', () => {
  it('writes basis points as a percent without trailing zeros', () => {
    expect(percentOfBasisPoints(1250)).toBe('12.5');
    expect(percentOfBasisPoints(3000)).toBe('30');
    expect(percentOfBasisPoints(5)).toBe('0.05');
    expect(percentOfBasisPoints(29)).toBe('0.29');
    expect(percentOfBasisPoints(0)).toBe('0');
    expect(percentOfBasisPoints(10_000)).toBe('100');
    expect(formatRate(50)).toBe('0.5%');
  });

  it('reads a typed percent as basis points from its text, never through floating point', () => {
    expect(basisPointsOfPercent('12.5')).toBe(1250);
    expect(basisPointsOfPercent(' 0.29 ')).toBe(29);
    expect(basisPointsOfPercent('7%')).toBe(700);
    expect(basisPointsOfPercent('100')).toBe(10_000);
    expect(basisPointsOfPercent('0')).toBe(0);
  });

  it('refuses more than two decimals, more than 100%, negatives and words', () => {
    for (const bad of ['0.125', '100.01', '101', '-1', 'ten', '', '1e2', '.5']) {
      expect(basisPointsOfPercent(bad)).toBeNull();
    }
  });

  it('gives back the same rate after a round trip for every basis point', () => {
    for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 1) {
      expect(basisPointsOfPercent(percentOfBasisPoints(basisPoints))).toBe(basisPoints);
    }
  });
});

describe('parseMinimumBase', () => {
  it('takes zero as a minimum, and amounts as the wire writes them', () => {
    expect(parseMinimumBase('0')).toBe('0.00');
    expect(parseMinimumBase('0.00')).toBe('0.00');
    expect(parseMinimumBase('1,250.5')).toBe('1250.50');
  });

  it('refuses negatives, more than two decimals and empty text', () => {
    for (const bad of ['', '-1', '1.234', 'ten']) expect(parseMinimumBase(bad)).toBeNull();
  });
});

describe('checkTiers', () => {
  const limits = { maxTiers: 3, maxRateBp: 3000 };
  const draft = (activeMembers: string, minBase: string, ratePercent: string): TierDraft => ({
    activeMembers,
    minBase,
    ratePercent,
  });

  it('reads good drafts as the tiers the server takes', () => {
    expect(checkTiers([draft('5', '10000', '10'), draft('20', '50,000', '30')], limits)).toEqual({
      tiers: [
        { activeMembers: 5, minBase: '10000.00', rateBp: 1000 },
        { activeMembers: 20, minBase: '50000.00', rateBp: 3000 },
      ],
      errors: {},
    });
  });

  it('puts each message next to its field, keyed as the server keys them, and gives no tiers', () => {
    const check = checkTiers([draft('x', '-5', '0'), draft('3', '0', '30.01')], limits);
    expect(check.tiers).toEqual([]);
    expect(check.errors).toEqual({
      'tiers.0.activeMembers': expect.stringContaining('whole number'),
      'tiers.0.minBase': expect.stringContaining('pesos'),
      'tiers.0.rateBp': expect.stringContaining('above 0'),
      'tiers.1.rateBp': 'At most 30%.',
    });
  });

  it('caps the rate at the limit it is given, the template or the upline rate', () => {
    expect(checkTiers([draft('0', '0', '0.5')], { maxTiers: 10, maxRateBp: 50 }).errors).toEqual({});
    expect(checkTiers([draft('0', '0', '0.51')], { maxTiers: 10, maxRateBp: 50 }).errors).toEqual({
      'tiers.0.rateBp': 'At most 0.5%.',
    });
  });

  it('asks for 1 to the template’s number of tiers, never more than ten', () => {
    expect(checkTiers([], limits).errors).toEqual({ tiers: 'Add at least one tier.' });
    expect(checkTiers([], { ...limits, minTiers: 0 })).toEqual({ tiers: [], errors: {} });
    const many = Array.from({ length: 4 }, (_, index) => draft(String(index), '0', '1'));
    expect(checkTiers(many, limits).errors).toEqual({ tiers: 'At most 3 tiers.' });
    const eleven = Array.from({ length: 11 }, (_, index) => draft(String(index), '0', '1'));
    expect(checkTiers(eleven, { maxTiers: 50, maxRateBp: 100 }).errors.tiers).toBe('At most 10 tiers.');
  });

  it('refuses two tiers with the same conditions, since only the higher rate could apply', () => {
    const check = checkTiers([draft('5', '100', '1'), draft('5', '100.00', '2')], limits);
    expect(check.errors).toEqual({ 'tiers.1.minBase': expect.stringContaining('tier 1') });
  });

  it('gives back a stored tier unchanged through the editor', () => {
    const tier = { activeMembers: 12, minBase: '2500.50', rateBp: 1275 };
    expect(checkTiers([tierDraftOf(tier)], limits).tiers).toEqual([tier]);
  });

  it('names the highest rate as the contract’s rate', () => {
    expect(highestRateBp([{ rateBp: 100 }, { rateBp: 2500 }, { rateBp: 900 }])).toBe(2500);
    expect(highestRateBp([])).toBe(0);
  });
});

describe('cycleKeyOf', () => {
  const on = (day: string, time = '') => ({ day, time });

  it('names the day of a daily cycle', () => {
    expect(cycleKeyOf('daily', 'W', on('2026-11-25'))).toBe('D:2026-11-25');
  });

  it('names a dividend cycle by its first day in the period', () => {
    // 25 Nov 2026 is a Wednesday; its week starts on Monday the 23rd.
    expect(cycleKeyOf('dividend', 'W', on('2026-11-25'))).toBe('W:2026-11-23');
    expect(cycleKeyOf('dividend', 'W', on('2026-11-23'))).toBe('W:2026-11-23');
    expect(cycleKeyOf('dividend', 'W', on('2026-11-29'))).toBe('W:2026-11-23');
    expect(cycleKeyOf('dividend', 'W', on('2026-03-01'))).toBe('W:2026-02-23');
    expect(cycleKeyOf('dividend', 'H', on('2026-11-15'))).toBe('H:2026-11-01');
    expect(cycleKeyOf('dividend', 'H', on('2026-11-16'))).toBe('H:2026-11-16');
    expect(cycleKeyOf('dividend', 'M', on('2026-11-30'))).toBe('M:2026-11-01');
    expect(cycleKeyOf('dividend', 'D', on('2026-11-30'))).toBe('D:2026-11-30');
  });

  it('names the hour and the five minutes a time falls in', () => {
    expect(cycleKeyOf('hourly', 'W', on('2026-11-25', '13:59'))).toBe('h:2026-11-25T13');
    expect(cycleKeyOf('realtime', 'W', on('2026-11-25', '13:09'))).toBe('5m:2026-11-25T13:05');
    expect(cycleKeyOf('realtime', 'W', on('2026-11-25', '00:00'))).toBe('5m:2026-11-25T00:00');
  });

  it('names nothing for an incomplete or impossible pick', () => {
    expect(cycleKeyOf('daily', 'W', on(''))).toBeNull();
    expect(cycleKeyOf('daily', 'W', on('2026-02-30'))).toBeNull();
    expect(cycleKeyOf('hourly', 'W', on('2026-11-25'))).toBeNull();
    expect(cycleKeyOf('realtime', 'W', on('2026-11-25', '24:00'))).toBeNull();
  });
});

describe('dividendPeriodOf', () => {
  it("reads a template's period, and weekly for none or another", () => {
    expect(dividendPeriodOf('M')).toBe('M');
    expect(dividendPeriodOf(null)).toBe('W');
    expect(dividendPeriodOf('h')).toBe('W');
  });
});

describe('isCycleKey', () => {
  it('knows a whole key of each shape, and no part of one', () => {
    for (const key of [
      'D:2026-11-25',
      'W:2026-11-23',
      'H:2026-11-16',
      'M:2026-11-01',
      'h:2026-11-25T13',
      '5m:2026-11-25T13:05',
    ]) {
      expect(isCycleKey(key)).toBe(true);
    }
    for (const text of ['', 'D:2026', 'h:2026-11-25', '5m:2026-11-25T13', 'X:2026-11-25', 'D:2026-11-25 ']) {
      expect(isCycleKey(text)).toBe(false);
    }
  });
});

describe('describeCycleKey', () => {
  it('reads each kind of key as words', () => {
    expect(describeCycleKey('D:2026-11-25')).toBe('25 Nov 2026');
    expect(describeCycleKey('W:2026-11-23')).toBe('Week from 23 Nov 2026');
    expect(describeCycleKey('H:2026-11-16')).toBe('Second half of Nov 2026');
    expect(describeCycleKey('M:2026-11-01')).toBe('Nov 2026');
    expect(describeCycleKey('h:2026-11-25T23')).toBe('25 Nov 2026, 23:00–00:00');
    expect(describeCycleKey('5m:2026-11-25T13:55')).toBe('25 Nov 2026, 13:55–14:00');
  });

  it('shows a key of another shape as it came', () => {
    expect(describeCycleKey('Q:2026')).toBe('Q:2026');
  });
});

describe('previousDayIn', () => {
  it("names yesterday in the merchant's time zone, not the browser's", () => {
    // 17:00 UTC on 25 Nov is 01:00 on 26 Nov in Manila: yesterday there is the 25th.
    expect(previousDayIn('Asia/Manila', new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-25');
    expect(previousDayIn('UTC', new Date('2026-03-01T10:00:00Z'))).toBe('2026-02-28');
  });
});
