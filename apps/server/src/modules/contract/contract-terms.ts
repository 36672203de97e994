import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { AgentContractKind, AgentContractPeriod, AgentContractTierRow } from '../../db/schema.ts';
import { cycleAt, DIVIDEND_PERIODS } from './contract-cycles.ts';
import type { ContractTier } from './contract-formulas.ts';

/**
 * A contract's terms and the rules that bound them (docs/contracts.md "Words"), pure: the tiers,
 * the rate they give, the cycle period each kind may have, the rate cap, what accepting new terms
 * does to the contracts the accepting agent has given below, and when a signed contract starts.
 */

export const CONTRACT_KINDS = [
  'dividend',
  'daily',
  'hourly',
  'realtime',
] as const satisfies readonly AgentContractKind[];

/** The most tiers any contract has, whatever a template allows. */
export const TIERS_MAX = 10;
/** The most active members a tier may ask for: far above any team, it keeps the number sane. */
export const ACTIVE_MEMBERS_MAX = 1_000_000;
/** 100% in basis points: no tier pays more than its whole base. */
export const RATE_BP_MAX = 10_000;

/** A tier on the wire: the base's minimum as a decimal string ("1250.00"). */
export type WireTier = { activeMembers: number; minBase: string; rateBp: number };

/** What is wrong with terms, keyed as the forms key their fields: `tiers`, `tiers.<i>.<field>`. */
export type TermsFieldErrors = Record<string, string>;

/** The periods a kind's contract may have: a dividend's is chosen, the salaries' are fixed. */
export function periodsOf(kind: AgentContractKind): readonly AgentContractPeriod[] {
  switch (kind) {
    case 'dividend':
      return DIVIDEND_PERIODS;
    case 'daily':
      return ['D'];
    case 'hourly':
      return ['h'];
    case 'realtime':
      return ['5m'];
  }
}

export function isPeriodOf(kind: AgentContractKind, period: string): period is AgentContractPeriod {
  return (periodsOf(kind) as readonly string[]).includes(period);
}

/** A contract's rate, which the cap compares: its highest tier's (0 without tiers). */
export function rateOf(tiers: readonly { rateBp: number }[]): number {
  return tiers.reduce((highest, tier) => Math.max(highest, tier.rateBp), 0);
}

/**
 * Reads wire tiers into service tiers, or says field by field what is wrong: 1 to `maxTiers`
 * tiers, members 0..ACTIVE_MEMBERS_MAX, a non-negative amount, a rate 1..`maxRateBp`, and no two
 * tiers with the same conditions (the lower rate of the two could never apply).
 */
export function readTiers(
  wire: readonly WireTier[],
  limits: { maxTiers: number; maxRateBp: number },
): { tiers: ContractTier[]; errors: null } | { tiers: null; errors: TermsFieldErrors } {
  const errors: TermsFieldErrors = {};
  const maxTiers = Math.min(limits.maxTiers, TIERS_MAX);
  if (wire.length === 0) errors.tiers = 'noTiers';
  if (wire.length > maxTiers) errors.tiers = 'tooManyTiers';
  const tiers: ContractTier[] = [];
  const seen = new Set<string>();
  wire.forEach((tier, index) => {
    const at = (field: keyof WireTier) => `tiers.${index}.${field}`;
    const amount = parseAmount(tier.minBase);
    const isMembersValid =
      Number.isInteger(tier.activeMembers) &&
      tier.activeMembers >= 0 &&
      tier.activeMembers <= ACTIVE_MEMBERS_MAX;
    if (!isMembersValid) errors[at('activeMembers')] = 'tooManyMembers';
    if (!amount.ok) errors[at('minBase')] = 'notAmount';
    if (!Number.isInteger(tier.rateBp) || tier.rateBp < 1 || tier.rateBp > RATE_BP_MAX) {
      errors[at('rateBp')] = 'notRate';
    } else if (tier.rateBp > limits.maxRateBp) {
      errors[at('rateBp')] = 'aboveMaximum';
    }
    if (!amount.ok || !isMembersValid) return;
    const conditions = `${tier.activeMembers}/${amount.minor}`;
    if (seen.has(conditions)) errors[at('minBase')] = 'sameConditions';
    seen.add(conditions);
    tiers.push({ activeMembers: tier.activeMembers, minBaseMinor: amount.minor, rateBp: tier.rateBp });
  });
  return Object.keys(errors).length === 0 ? { tiers, errors: null } : { tiers: null, errors };
}

export const wireTierOf = (tier: ContractTier): WireTier => ({
  activeMembers: tier.activeMembers,
  minBase: formatAmount(tier.minBaseMinor),
  rateBp: tier.rateBp,
});

/** jsonb holds no bigint: the minimum is kept as a string of digits. */
export const storedTierOf = (tier: ContractTier): AgentContractTierRow => ({
  activeMembers: tier.activeMembers,
  minBaseMinor: tier.minBaseMinor.toString(),
  rateBp: tier.rateBp,
});

/**
 * What an agent's terms are held to: its upline's contract of the kind (rate and, for a dividend,
 * period), or for a top-level agent the merchant's template. `null`: the upline holds no contract
 * of the kind, and so may offer none.
 */
export type TermsCap = { maxRateBp: number; period: AgentContractPeriod | null } | null;

/** Why terms do not fit under their cap; null when they fit. */
export function capProblemOf(
  terms: { rateBp: number; period: AgentContractPeriod },
  cap: TermsCap,
): 'noUplineContract' | 'aboveMaximum' | 'periodDiffers' | null {
  if (cap === null) return 'noUplineContract';
  if (terms.rateBp > cap.maxRateBp) return 'aboveMaximum';
  if (cap.period !== null && terms.period !== cap.period) return 'periodDiffers';
  return null;
}

/**
 * The contracts an agent has given its own downlines that no longer fit under the terms it has
 * just accepted (a rate above its new one, or a dividend of another period, whose cycles would no
 * longer line up with its own): they end (`rate_cap`).
 */
export function contractsOutgrown<T extends { rateBp: number; period: AgentContractPeriod }>(
  accepted: { rateBp: number; period: AgentContractPeriod },
  given: readonly T[],
): T[] {
  return given.filter(
    (contract) => capProblemOf(contract, { ...accepted, maxRateBp: accepted.rateBp }) !== null,
  );
}

/**
 * The start of the cycle after the one `at` falls in, in the merchant's time zone: a contract
 * signed mid-cycle earns from there, so that no cycle is earned under two versions.
 */
export function nextCycleStart(period: AgentContractPeriod, timeZone: string, at: Date): Date {
  return cycleAt(period, timeZone, at).endsAt;
}
