import { describe, expect, it } from 'vitest';
import {
  birthdayProblemOf,
  highestEarned,
  isReviewDue,
  ladderProblemsOf,
  nextLevelOf,
  nextReviewAt,
  projectionOf,
  retainedLevel,
  startOfLocalDay,
  upgradeGiftLevels,
  type VipLevel,
  windowAt,
} from './vip-rules.ts';

const MANILA = 'Asia/Manila';

function level(
  rank: number,
  depositMinor: bigint,
  validBetMinor: bigint,
  upgradeBonusMinor = 100n,
): VipLevel {
  return {
    id: `level-${rank}`,
    merchantId: 'merchant',
    rank,
    names: { EN: `Level ${rank}` },
    label: `VIP${rank}`,
    badgeUrl: null,
    depositMinor,
    validBetMinor,
    keepDepositMinor: depositMinor / 2n,
    keepValidBetMinor: validBetMinor / 2n,
    guaranteedDays: 30,
    upgradeBonusMinor,
    birthdayBonusMinor: 0n,
    monthlyBonusMinor: 0n,
    rebateRatesBp: {},
    withdrawCountDay: null,
    withdrawAmountDayMinor: null,
    pointsMultiplierBp: 10_000,
  };
}

const LADDER = [level(1, 1_000n, 5_000n), level(2, 10_000n, 50_000n, 0n), level(3, 100_000n, 500_000n)];
const figures = (depositMinor: bigint, validBetMinor: bigint) => ({ depositMinor, validBetMinor });

describe('the window', () => {
  it('is the merchant days up to today, beginning at the first one’s midnight', () => {
    // 00:30 in Manila on 1 December is still 30 November in UTC.
    const window = windowAt(MANILA, 3, new Date('2026-11-30T16:30:00Z'));
    expect(window).toEqual({ days: 3, fromDay: '2026-11-29', startsAt: new Date('2026-11-28T16:00:00Z') });
    expect(windowAt('UTC', 1, new Date('2026-03-01T10:00:00Z')).fromDay).toBe('2026-03-01');
  });

  it('finds the start of a day in zones far from UTC', () => {
    expect(startOfLocalDay('Pacific/Kiritimati', 2026, 1, 1)).toEqual(new Date('2025-12-31T10:00:00Z'));
    expect(startOfLocalDay('Pacific/Pago_Pago', 2026, 1, 1)).toEqual(new Date('2026-01-01T11:00:00Z'));
  });
});

describe('levels earned and kept', () => {
  it('earns the highest level whose thresholds are both met', () => {
    expect(highestEarned(LADDER, figures(10_000n, 49_999n))?.rank).toBe(1);
    expect(highestEarned(LADDER, figures(10_000n, 50_000n))?.rank).toBe(2);
    expect(highestEarned(LADDER, figures(999n, 1_000_000n))).toBeNull();
  });

  it('keeps at a review the highest level at or below the one held whose retention is met', () => {
    expect(retainedLevel(LADDER, 3, figures(50_000n, 250_000n))?.rank).toBe(3);
    expect(retainedLevel(LADDER, 3, figures(49_999n, 250_000n))?.rank).toBe(2);
    expect(retainedLevel(LADDER, 2, figures(1_000_000n, 9_000_000n))?.rank).toBe(2);
    expect(retainedLevel(LADDER, 2, figures(0n, 0n))).toBeNull();
  });

  it('names the next level and the gifts of every rank a rise passes', () => {
    expect(nextLevelOf(LADDER, null)?.rank).toBe(1);
    expect(nextLevelOf(LADDER, 2)?.rank).toBe(3);
    expect(nextLevelOf(LADDER, 3)).toBeNull();
    expect(upgradeGiftLevels(LADDER, null, 3).map((each) => each.rank)).toEqual([1, 3]);
    expect(upgradeGiftLevels(LADDER, 1, 2)).toEqual([]);
  });

  it('checks the ladder of thresholds against the level being written', () => {
    expect(ladderProblemsOf(LADDER, { ...level(4, 100_000n, 400_000n), id: 'new' })).toEqual({
      validBet: 'rankOrder',
    });
    expect(ladderProblemsOf(LADDER, { ...LADDER[1], depositMinor: 200_000n } as VipLevel)).toEqual({
      deposit: 'rankOrder',
    });
    expect(ladderProblemsOf(LADDER, { ...level(4, 100_000n, 500_000n), id: 'new' })).toEqual({});
  });
});

describe('the projection', () => {
  const reviewAt = new Date('2026-12-01T00:00:00Z');
  const holding = (rank: number, guaranteedUntil: string) => ({
    rank,
    guaranteedUntil: new Date(guaranteedUntil),
  });

  it('rises when a higher level is earned, keeps while guaranteed or retained, else falls', () => {
    expect(projectionOf(LADDER, holding(1, '2026-01-01'), figures(10_000n, 50_000n), reviewAt)).toEqual({
      outcome: 'rise',
      rank: 2,
    });
    expect(projectionOf(LADDER, holding(2, '2026-12-02'), figures(0n, 0n), reviewAt)).toEqual({
      outcome: 'keep',
      rank: 2,
    });
    expect(projectionOf(LADDER, holding(2, '2026-11-01'), figures(5_000n, 25_000n), reviewAt)).toEqual({
      outcome: 'keep',
      rank: 2,
    });
    expect(projectionOf(LADDER, holding(3, '2026-11-01'), figures(5_000n, 25_000n), reviewAt)).toEqual({
      outcome: 'fall',
      rank: 2,
    });
    expect(projectionOf(LADDER, holding(1, '2026-11-01'), figures(0n, 0n), reviewAt)).toEqual({
      outcome: 'fall',
      rank: null,
    });
  });
});

describe('the review day', () => {
  it('is due from the review day of the month until the month is reviewed', () => {
    const on28 = new Date('2026-11-27T16:30:00Z');
    expect(isReviewDue(MANILA, 28, new Date('2026-11-27T15:30:00Z'), null)).toBe(false);
    expect(isReviewDue(MANILA, 28, on28, null)).toBe(true);
    expect(isReviewDue(MANILA, 28, on28, '2026-10')).toBe(true);
    expect(isReviewDue(MANILA, 28, on28, '2026-11')).toBe(false);
  });

  it('comes next this month until it has run, then next month', () => {
    const at = new Date('2026-12-10T04:00:00Z');
    expect(nextReviewAt(MANILA, 28, at, '2026-11')).toEqual(new Date('2026-12-27T16:00:00Z'));
    expect(nextReviewAt(MANILA, 28, at, '2026-12')).toEqual(new Date('2027-01-27T16:00:00Z'));
    // A review day already past but not yet run: it runs now.
    expect(nextReviewAt(MANILA, 1, at, '2026-11')).toEqual(at);
  });
});

describe('a birthday', () => {
  it('is a real day, not in the future and at least the minimum age ago', () => {
    expect(birthdayProblemOf('2008-11-20', '2026-11-20', 18)).toBeNull();
    expect(birthdayProblemOf('2008-11-21', '2026-11-20', 18)).toBe('tooYoung');
    expect(birthdayProblemOf('2026-11-21', '2026-11-20', 18)).toBe('future');
    expect(birthdayProblemOf('2001-02-29', '2026-11-20', 18)).toBe('format');
    expect(birthdayProblemOf('1899-12-31', '2026-11-20', 18)).toBe('range');
  });
});
