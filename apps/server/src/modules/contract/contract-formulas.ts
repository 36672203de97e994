import { applyRate } from '@panalo/money/rate.ts';
import { PLAYER_REWARD_CODES } from '../../db/reward-codes.ts';
import type { AgentContractKind, AgentContractTierRow } from '../../db/schema.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';

/**
 * The formulas of agent contracts (docs/contracts.md "The formulas"), written once: what a cycle's
 * figures earn a contract's downline. Pure: the settlement reads the figures and the carries, and
 * writes what these answer.
 */

/**
 * The ledger codes that count as rewards to players: a dividend's base is the team's revenue less
 * these, signed (a bonus forfeited gives back what its grant took). The money report's NGR uses
 * the very same list.
 */
export const REWARD_TRANSFER_CODES = PLAYER_REWARD_CODES;

export type ContractTier = { activeMembers: number; minBaseMinor: bigint; rateBp: number };

export type NegativeDividendRule = 'carry' | 'reset';

/** A contract's tiers as stored (money as decimal text of minor units). */
export function tiersOf(rows: readonly AgentContractTierRow[]): ContractTier[] {
  return rows.map((row) => ({
    activeMembers: row.activeMembers,
    minBaseMinor: BigInt(row.minBaseMinor),
    rateBp: row.rateBp,
  }));
}

/** What a cycle's team did, as the rollups hold it (late differences of earlier cycles apart). */
export type TeamFigures = {
  validBetMinor: bigint;
  stakeMinor: bigint;
  winMinor: bigint;
  /** Rewards to the team's members in the cycle, net of any taken back (dividends only). */
  rewardsMinor: bigint;
  activeMembers: number;
};

/** What changed in the buckets of cycles settled before, since they were counted. */
export type LateDifferences = { validBetMinor: bigint; stakeMinor: bigint; winMinor: bigint };

export const NO_LATE_DIFFERENCES: LateDifferences = { validBetMinor: 0n, stakeMinor: 0n, winMinor: 0n };

/**
 * What earlier cycles left for this one: `baseMinor` a negative base carried forward (a dividend's
 * loss under the 'carry' rule, or a salary base that late voids took below zero), `accruedMinor` a
 * real-time amount under the minimum, not yet paid.
 */
export type Carry = { baseMinor: bigint; accruedMinor: bigint };

export const NO_CARRY: Carry = { baseMinor: 0n, accruedMinor: 0n };

export type SettlementRules = {
  negativeDividend: NegativeDividendRule;
  /** Real-time amounts under this accrue instead of being paid. */
  realtimeMinimumMinor: bigint;
};

/** What a contract earns in a cycle. */
export type Earning = {
  baseMinor: bigint;
  /** The best tier met (index into the contract's tiers), or null when none is. */
  tierIndex: number | null;
  rateBp: number;
  /** floor(base × rate / 10,000), plus what real-time accrued before. */
  earnedMinor: bigint;
  /** What is paid now: the earned amount, or 0 while a real-time amount stays under the minimum. */
  amountMinor: bigint;
  carryOut: Carry;
};

/**
 * The best tier met: the highest rate among the tiers whose conditions the figures meet (the first
 * such tier when two share a rate), or null when none is.
 */
export function bestTierMet(
  tiers: readonly ContractTier[],
  figures: { activeMembers: number; baseMinor: bigint },
): number | null {
  let best: number | null = null;
  tiers.forEach((tier, index) => {
    const isMet = figures.activeMembers >= tier.activeMembers && figures.baseMinor >= tier.minBaseMinor;
    if (isMet && (best === null || tier.rateBp > (tiers[best]?.rateBp ?? -1))) best = index;
  });
  return best;
}

/** floor(base × rate / 10,000) in minor units (the money package's applyRate); nothing on a base at or below zero. */
export function amountOf(baseMinor: bigint, rateBp: number): bigint {
  if (baseMinor <= 0n) return 0n;
  return applyRate(baseMinor, BigInt(rateBp));
}

/**
 * The base of a cycle before any carry: the team's valid bet for salaries, and for dividends its
 * net gaming revenue, −(team P&L) − rewards = stake − win − rewards; each with the late
 * differences of earlier cycles added.
 */
export function cycleBaseOf(kind: AgentContractKind, figures: TeamFigures, late: LateDifferences): bigint {
  if (kind !== 'dividend') return figures.validBetMinor + late.validBetMinor;
  const stakeMinor = figures.stakeMinor + late.stakeMinor;
  const winMinor = figures.winMinor + late.winMinor;
  return stakeMinor - winMinor - figures.rewardsMinor;
}

/**
 * What a contract of `kind` with `tiers` earns in a cycle from its figures, the late differences
 * and the carry of earlier cycles:
 * - base = the cycle's base + a negative base carried in;
 * - a negative base pays nothing and is carried to the next cycle (a dividend under the 'reset'
 *   rule drops it);
 * - amount = floor(base × rate of the best tier met / 10,000), plus a real-time accrual carried
 *   in; a real-time amount under the minimum accrues to the next cycle instead of being paid.
 */
export function earningOf(input: {
  kind: AgentContractKind;
  tiers: readonly ContractTier[];
  figures: TeamFigures;
  late: LateDifferences;
  carryIn: Carry;
  rules: SettlementRules;
}): Earning {
  const { kind, tiers, figures, late, carryIn, rules } = input;
  assertInvariant(
    carryIn.baseMinor <= 0n && carryIn.accruedMinor >= 0n,
    'contract: a carry is a loss or an accrual',
  );
  const baseMinor = cycleBaseOf(kind, figures, late) + carryIn.baseMinor;
  const carriedBaseMinor =
    baseMinor < 0n && !(kind === 'dividend' && rules.negativeDividend === 'reset') ? baseMinor : 0n;
  const tierIndex =
    baseMinor > 0n ? bestTierMet(tiers, { activeMembers: figures.activeMembers, baseMinor }) : null;
  const rateBp = tierIndex === null ? 0 : (tiers[tierIndex]?.rateBp ?? 0);
  const earnedMinor = amountOf(baseMinor, rateBp) + carryIn.accruedMinor;
  const accrues = kind === 'realtime' && earnedMinor > 0n && earnedMinor < rules.realtimeMinimumMinor;
  return {
    baseMinor,
    tierIndex,
    rateBp,
    earnedMinor,
    amountMinor: accrues ? 0n : earnedMinor,
    carryOut: { baseMinor: carriedBaseMinor, accruedMinor: accrues ? earnedMinor : 0n },
  };
}

/**
 * What a cycle that wrote a settlement carried to the next, read from the settlement's base: such a
 * cycle paid its whole amount (a real-time amount under the minimum writes none), so it accrued
 * nothing, and it carried a base only below 0 — a real-time cycle whose voids outweighed its bets,
 * paid from what had accrued before. (A dividend or a salary with a base below 0 earns nothing and
 * writes no settlement.)
 */
export function settledCarryOutOf(baseMinor: bigint): Carry {
  return { baseMinor: baseMinor < 0n ? baseMinor : 0n, accruedMinor: 0n };
}

/** The next tier up from the one reached, and what the figures still lack for it (progress). */
export type NextTier = {
  index: number;
  rateBp: number;
  activeMembersMissing: number;
  baseMissingMinor: bigint;
};

/**
 * The tier with the lowest rate above the reached one's (or above nothing), and what is missing
 * to meet it; null when the best tier is reached.
 */
export function nextTierOf(
  tiers: readonly ContractTier[],
  figures: { activeMembers: number; baseMinor: bigint },
  reachedIndex: number | null,
): NextTier | null {
  const reachedRate = reachedIndex === null ? -1 : (tiers[reachedIndex]?.rateBp ?? -1);
  let next: number | null = null;
  tiers.forEach((tier, index) => {
    if (tier.rateBp <= reachedRate) return;
    if (next === null || tier.rateBp < (tiers[next]?.rateBp ?? Number.POSITIVE_INFINITY)) next = index;
  });
  if (next === null) return null;
  const tier = tiers[next];
  assertInvariant(tier !== undefined, 'contract: the next tier exists');
  return {
    index: next,
    rateBp: tier.rateBp,
    activeMembersMissing: Math.max(0, tier.activeMembers - figures.activeMembers),
    baseMissingMinor: tier.minBaseMinor > figures.baseMinor ? tier.minBaseMinor - figures.baseMinor : 0n,
  };
}
