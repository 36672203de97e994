import { LOYALTY_GAME_TYPES } from '../../db/loyalty-rules.ts';
import type { RebateBasis, RebateLine } from '../../db/schema.ts';
import { wallClockIn } from '../../platform/time/zoned-day.ts';

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

const DAY_MS = 86_400_000;

/** A calendar day written yyyy-MM-dd, moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The merchant day (yyyy-MM-dd) a moment falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const clock = wallClockIn(timeZone, at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/**
 * The instant a calendar day begins in a time zone. The zone's offset is read at a first guess and
 * again where that guess lands, so that a day next to a daylight-saving change begins at its own
 * midnight.
 */
export function startOfDay(timeZone: string, day: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (at: number) => {
    const clock = wallClockIn(timeZone, new Date(at));
    const wallAsUtc = Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      clock.hour,
      clock.minute,
      clock.second,
    );
    return wallAsUtc - Math.floor(at / 1000) * 1000;
  };
  const guess = midnightAsUtc - offsetAt(midnightAsUtc);
  return new Date(midnightAsUtc - offsetAt(guess));
}

/** Whether a text is a real calendar day written yyyy-MM-dd. */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && addDays(text, 0) === text;
}
