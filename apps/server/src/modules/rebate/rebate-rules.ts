import { LOYALTY_GAME_TYPES } from '../../db/loyalty-rules.ts';
import type { RebateBasis, RebateLine } from '../../db/schema.ts';

/**
 * What a merchant's rebates run under (docs/loyalty.md "Rebates"), read afresh for each run and
 * claim: the mode the switch MANPLAYREB3 chooses, the basis, the merchant's rates and house edges
 * per game type in basis points, the bonus's wagering and expiry, the claim interval and the least
 * amount paid.
 */
export type RebatePolicy = {
  merchantId: string;
  timeZone: string;
  currency: string;
  defaultLanguage: string;
  mode: 'auto' | 'manual';
  basis: RebateBasis;
  ratesBp: Readonly<Record<string, number>>;
  houseEdgesBp: Readonly<Record<string, number>>;
  multiplier: number;
  expiryDays: number;
  claimIntervalMinutes: number;
  minimumMinor: bigint;
};

/** A rebate's bonus terms as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
export type RebateBonusTerms = {
  multiplier: number;
  includeDeposit: false;
  contributions: Record<string, number>;
  maxStakeMinor: null;
  expiryDays: number;
  maxConversionMinor: null;
  minSpinStakeMinor: null;
  minSpinLines: null;
};

/** Every game type's valid bet counts in full toward a rebate's wagering. */
const FULL_CONTRIBUTION_BP = 10_000;

/**
 * The bonus a rebate is paid as: the merchant's multiplier and expiry, every game type counting in
 * full, no maximum stake or conversion cap (a rebate is the member's own play given back).
 */
export function rebateTermsOf(policy: RebatePolicy): RebateBonusTerms {
  return {
    multiplier: policy.multiplier,
    includeDeposit: false,
    contributions: Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, FULL_CONTRIBUTION_BP])),
    maxStakeMinor: null,
    expiryDays: policy.expiryDays,
    maxConversionMinor: null,
    minSpinStakeMinor: null,
    minSpinLines: null,
  };
}

/** A rebate line's amount: its basis × the rate, floored to minor units. */
export function rebateAmountOf(basisMinor: bigint, rateBp: number): bigint {
  return (basisMinor * BigInt(rateBp)) / 10_000n;
}

/** One game type's part of a rebate, in minor units. */
export type RebateLineMinor = { gameType: string; basisMinor: bigint; rateBp: number; amountMinor: bigint };

/**
 * The lines of a basis per game type: each type's rate is the member's level's for it, else the
 * merchant's, else 0 (a type with no rate shows what was bet on it and pays nothing).
 */
export function rebateLinesOf(
  basisByType: ReadonlyMap<string, bigint>,
  rates: { merchantBp: Readonly<Record<string, number>>; levelBp: Readonly<Record<string, number>> | null },
): RebateLineMinor[] {
  return [...basisByType]
    .filter(([, basisMinor]) => basisMinor > 0n)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gameType, basisMinor]) => {
      const rateBp = rates.levelBp?.[gameType] ?? rates.merchantBp[gameType] ?? 0;
      return { gameType, basisMinor, rateBp, amountMinor: rebateAmountOf(basisMinor, rateBp) };
    });
}

/** The lines as a payout stores them (jsonb by game type, amounts as text). */
export function storedLinesOf(lines: readonly RebateLineMinor[]): Record<string, RebateLine> {
  return Object.fromEntries(
    lines.map((line) => [
      line.gameType,
      { basis: String(line.basisMinor), rateBp: line.rateBp, amount: String(line.amountMinor) },
    ]),
  );
}

/** The lines a payout stored, in minor units, by game type. */
export function linesOfStored(stored: Readonly<Record<string, RebateLine>>): RebateLineMinor[] {
  return Object.entries(stored)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gameType, line]) => ({
      gameType,
      basisMinor: BigInt(line.basis),
      rateBp: line.rateBp,
      amountMinor: BigInt(line.amount),
    }));
}
