import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  bestTierMet,
  type ContractTier,
  earningOf,
  NO_CARRY,
  NO_LATE_DIFFERENCES,
  nextTierOf,
  REWARD_TRANSFER_CODES,
  type SettlementRules,
  settledCarryOutOf,
  type TeamFigures,
  tiersOf,
} from './contract-formulas.ts';

const RULES: SettlementRules = { negativeDividend: 'carry', realtimeMinimumMinor: 100n };
const figures = (overrides: Partial<TeamFigures>): TeamFigures => ({
  validBetMinor: 0n,
  stakeMinor: 0n,
  winMinor: 0n,
  rewardsMinor: 0n,
  activeMembers: 0,
  ...overrides,
});

describe('the worked example of docs/contracts.md', () => {
  // Agent B's weekly dividend under agent A: 15 % from 3 active members and ₱10,000.00 of base,
  // 25 % from 5 and ₱50,000.00.
  const tiersOfB: ContractTier[] = [
    { activeMembers: 3, minBaseMinor: 1_000_000n, rateBp: 1500 },
    { activeMembers: 5, minBaseMinor: 5_000_000n, rateBp: 2500 },
  ];

  it('pays B 15 % of its team revenue less rewards and last week’s loss', () => {
    // stake ₱200,000.00 − win ₱150,000.00 − rewards ₱8,000.00 − carried loss ₱12,000.00 = ₱30,000.00
    const earning = earningOf({
      kind: 'dividend',
      tiers: tiersOfB,
      figures: figures({
        stakeMinor: 20_000_000n,
        winMinor: 15_000_000n,
        rewardsMinor: 800_000n,
        activeMembers: 4,
      }),
      late: NO_LATE_DIFFERENCES,
      carryIn: { baseMinor: -1_200_000n, accruedMinor: 0n },
      rules: RULES,
    });
    expect(earning.baseMinor).toBe(3_000_000n);
    expect(earning.tierIndex).toBe(0);
    // floor(3,000,000 × 1,500 / 10,000) = 450,000 centavos = ₱4,500.00
    expect(earning.amountMinor).toBe(450_000n);
    expect(earning.carryOut).toEqual(NO_CARRY);
    // The next tier lacks one active member and ₱20,000.00 of base.
    expect(nextTierOf(tiersOfB, { activeMembers: 4, baseMinor: earning.baseMinor }, 0)).toEqual({
      index: 1,
      rateBp: 2500,
      activeMembersMissing: 1,
      baseMissingMinor: 2_000_000n,
    });
  });

  it('pays A 30 % of its whole team’s revenue; A keeps it less what it pays B', () => {
    // stake ₱500,000.00 − win ₱410,000.00 − rewards ₱10,000.00 = ₱80,000.00; 30 % = ₱24,000.00
    const earning = earningOf({
      kind: 'dividend',
      tiers: [{ activeMembers: 0, minBaseMinor: 0n, rateBp: 3000 }],
      figures: figures({
        stakeMinor: 50_000_000n,
        winMinor: 41_000_000n,
        rewardsMinor: 1_000_000n,
        activeMembers: 9,
      }),
      late: NO_LATE_DIFFERENCES,
      carryIn: NO_CARRY,
      rules: RULES,
    });
    expect(earning.amountMinor).toBe(2_400_000n);
    // A keeps ₱24,000.00 − ₱4,500.00 = ₱19,500.00.
    expect(earning.amountMinor - 450_000n).toBe(1_950_000n);
  });

  it('pays daily salary on the valid bet, a late void of the day before taken off', () => {
    const tiers: ContractTier[] = [
      { activeMembers: 2, minBaseMinor: 500_000n, rateBp: 50 },
      { activeMembers: 10, minBaseMinor: 10_000_000n, rateBp: 100 },
    ];
    const day = figures({ validBetMinor: 12_345_678n, activeMembers: 8 });
    // floor(12,345,678 × 50 / 10,000) = floor(61,728.39) = ₱617.28
    expect(
      earningOf({
        kind: 'daily',
        tiers,
        figures: day,
        late: NO_LATE_DIFFERENCES,
        carryIn: NO_CARRY,
        rules: RULES,
      }).amountMinor,
    ).toBe(61_728n);
    // A ₱1,000.00 bet of the day before voided after that day was settled: 12,245,678 → ₱612.28
    const late = { validBetMinor: -100_000n, stakeMinor: -100_000n, winMinor: 0n };
    expect(
      earningOf({ kind: 'daily', tiers, figures: day, late, carryIn: NO_CARRY, rules: RULES }).amountMinor,
    ).toBe(61_228n);
  });

  it('accrues real-time salary under the minimum and pays it with the next 5 minutes', () => {
    const tiers: ContractTier[] = [{ activeMembers: 1, minBaseMinor: 0n, rateBp: 30 }];
    // ₱250.00 × 0.30 % = ₱0.75, under the ₱1.00 minimum: accrued.
    const first = earningOf({
      kind: 'realtime',
      tiers,
      figures: figures({ validBetMinor: 25_000n, activeMembers: 1 }),
      late: NO_LATE_DIFFERENCES,
      carryIn: NO_CARRY,
      rules: RULES,
    });
    expect(first).toMatchObject({
      earnedMinor: 75n,
      amountMinor: 0n,
      carryOut: { baseMinor: 0n, accruedMinor: 75n },
    });
    // ₱200.00 × 0.30 % = ₱0.60, + ₱0.75 accrued = ₱1.35: paid.
    const second = earningOf({
      kind: 'realtime',
      tiers,
      figures: figures({ validBetMinor: 20_000n, activeMembers: 1 }),
      late: NO_LATE_DIFFERENCES,
      carryIn: first.carryOut,
      rules: RULES,
    });
    expect(second).toMatchObject({ amountMinor: 135n, carryOut: NO_CARRY });
  });
});

describe('tiers', () => {
  const tiers: ContractTier[] = [
    { activeMembers: 1, minBaseMinor: 100n, rateBp: 100 },
    { activeMembers: 5, minBaseMinor: 100n, rateBp: 300 },
    { activeMembers: 2, minBaseMinor: 1_000n, rateBp: 200 },
  ];

  it('applies the highest rate among the tiers met, whatever their order', () => {
    expect(bestTierMet(tiers, { activeMembers: 5, baseMinor: 5_000n })).toBe(1);
    expect(bestTierMet(tiers, { activeMembers: 4, baseMinor: 5_000n })).toBe(2);
    expect(bestTierMet(tiers, { activeMembers: 4, baseMinor: 999n })).toBe(0);
    expect(bestTierMet(tiers, { activeMembers: 0, baseMinor: 5_000n })).toBeNull();
  });

  it('names the next tier up and what is missing for it', () => {
    expect(nextTierOf(tiers, { activeMembers: 1, baseMinor: 500n }, 0)).toEqual({
      index: 2,
      rateBp: 200,
      activeMembersMissing: 1,
      baseMissingMinor: 500n,
    });
    expect(nextTierOf(tiers, { activeMembers: 0, baseMinor: 0n }, null)?.index).toBe(0);
    expect(nextTierOf(tiers, { activeMembers: 9, baseMinor: 9_000n }, 1)).toBeNull();
  });

  it('reads stored tiers with money as text', () => {
    expect(tiersOf([{ activeMembers: 3, minBaseMinor: '1250000', rateBp: 40 }])).toEqual([
      { activeMembers: 3, minBaseMinor: 1_250_000n, rateBp: 40 },
    ]);
  });
});

describe('dividends below zero', () => {
  const tiers: ContractTier[] = [{ activeMembers: 0, minBaseMinor: 0n, rateBp: 2000 }];
  const losing = figures({
    stakeMinor: 100_000n,
    winMinor: 160_000n,
    rewardsMinor: 5_000n,
    activeMembers: 3,
  });

  it('carries a negative base into the next cycle under the carry rule', () => {
    const earning = earningOf({
      kind: 'dividend',
      tiers,
      figures: losing,
      late: NO_LATE_DIFFERENCES,
      carryIn: NO_CARRY,
      rules: RULES,
    });
    expect(earning).toMatchObject({
      baseMinor: -65_000n,
      amountMinor: 0n,
      tierIndex: null,
      carryOut: { baseMinor: -65_000n },
    });
    const next = earningOf({
      kind: 'dividend',
      tiers,
      figures: figures({ stakeMinor: 200_000n, winMinor: 35_000n, activeMembers: 3 }),
      late: NO_LATE_DIFFERENCES,
      carryIn: earning.carryOut,
      rules: RULES,
    });
    // 165,000 − 65,000 = 100,000; 20 % = 20,000
    expect(next).toMatchObject({ baseMinor: 100_000n, amountMinor: 20_000n, carryOut: NO_CARRY });
  });

  it('drops it under the reset rule', () => {
    const earning = earningOf({
      kind: 'dividend',
      tiers,
      figures: losing,
      late: NO_LATE_DIFFERENCES,
      carryIn: NO_CARRY,
      rules: { ...RULES, negativeDividend: 'reset' },
    });
    expect(earning).toMatchObject({ amountMinor: 0n, carryOut: NO_CARRY });
  });
});

describe('amounts', () => {
  it('list the reward codes in one place', () => {
    expect(REWARD_TRANSFER_CODES).toContain('bonus');
  });

  it('are floor(base × rate / 10,000), never negative and never above the base', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (base, rate) => {
          const amount = amountOf(base, rate);
          expect(amount >= 0n).toBe(true);
          if (base > 0n) {
            expect(amount * 10_000n <= base * BigInt(rate)).toBe(true);
            expect((amount + 1n) * 10_000n > base * BigInt(rate)).toBe(true);
            expect(amount <= base).toBe(true);
          } else {
            expect(amount).toBe(0n);
          }
        },
      ),
    );
  });
});

describe('what a settled cycle carries', () => {
  it('is a base below 0 paid from an accrual, never an accrual', () => {
    const tiers: ContractTier[] = [{ activeMembers: 0, minBaseMinor: 0n, rateBp: 30 }];
    // ₱1.20 accrued; then ₱50.00 of bets in five minutes and ₱80.00 of earlier ones voided.
    const earning = earningOf({
      kind: 'realtime',
      tiers,
      figures: figures({ validBetMinor: 5_000n }),
      late: { validBetMinor: -8_000n, stakeMinor: -8_000n, winMinor: 0n },
      carryIn: { baseMinor: 0n, accruedMinor: 120n },
      rules: RULES,
    });
    expect(earning).toMatchObject({ baseMinor: -3_000n, amountMinor: 120n });
    expect(earning.carryOut).toEqual({ baseMinor: -3_000n, accruedMinor: 0n });
    expect(settledCarryOutOf(earning.baseMinor)).toEqual(earning.carryOut);
  });

  it("matches the formula's carry for every cycle that pays", () => {
    const kinds = ['dividend', 'daily', 'hourly', 'realtime'] as const;
    const minor = fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n });
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.constantFrom<SettlementRules['negativeDividend']>('carry', 'reset'),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        minor,
        minor,
        fc.bigInt({ min: -(10n ** 9n), max: 0n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 10_000 }),
        (kind, negativeDividend, bet, lateValidBet, lateWin, carriedBase, accrued, rateBp) => {
          const earning = earningOf({
            kind,
            tiers: [{ activeMembers: 0, minBaseMinor: 0n, rateBp }],
            figures: figures({ validBetMinor: bet, stakeMinor: bet, winMinor: bet / 2n }),
            late: { validBetMinor: lateValidBet, stakeMinor: lateValidBet, winMinor: lateWin },
            carryIn: { baseMinor: carriedBase, accruedMinor: kind === 'realtime' ? accrued : 0n },
            rules: { negativeDividend, realtimeMinimumMinor: 100n },
          });
          if (earning.amountMinor > 0n) {
            expect(settledCarryOutOf(earning.baseMinor)).toEqual(earning.carryOut);
          }
        },
      ),
    );
  });
});
