import { formatRate, parseRate } from '@panalo/money/rate.ts';
import { BONUS_GAME_TYPES, type BonusGameType } from './bonus-terms.ts';

/**
 * What the loyalty forms share (docs/loyalty.md): the merchant's rebate settings and a VIP level
 * both carry rebate rates per game type, and both type whole numbers and amounts that may be 0,
 * which the promotion forms never do. Rates are typed in percent ("0.5") and sent as the wire's
 * percent text with two decimals ("0.50").
 */

/** The game types rates are set for: the catalogue's, as bonuses' contributions name them. */
export const LOYALTY_GAME_TYPES = BONUS_GAME_TYPES;
export type LoyaltyGameType = BonusGameType;

/** The highest rebate rate the server takes, in basis points: 5 % of valid bet. */
export const REBATE_RATE_BP_MAX = 500;
/** The highest default house edge the server takes for theoretical loss, in basis points: 50 %. */
export const HOUSE_EDGE_BP_MAX = 5000;

/** One percent field per game type, as typed; blank is none. */
export type RateDrafts = Record<LoyaltyGameType, string>;

/** The form's fields for stored rates: each as the wire wrote it ("0.50"), blank where none. */
export function rateDraftsOf(rates: Readonly<Record<string, string>>): RateDrafts {
  return Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, rates[type] ?? ''])) as RateDrafts;
}

/** A typed percent ("0.5", "1", "0.50 %") in basis points, at most `maxBasisPoints`; null otherwise. */
export function basisPointsOfTypedRate(text: string, maxBasisPoints: number): number | null {
  const rate = parseRate(text.trim().replace(/%$/, '').trim());
  if (!rate.ok || rate.basisPoints > BigInt(maxBasisPoints)) return null;
  return Number(rate.basisPoints);
}

/** Basis points as operators read them: 50 is "0.50 %". */
export function percentTextOf(basisPoints: number): string {
  return `${formatRate(BigInt(basisPoints))} %`;
}

/**
 * A table of rates as typed: the wire's record of the filled-in game types (a blank one is left
 * out: none of its own), or the problems keyed `<prefix>.<gameType>` as the server names them.
 */
export function readRateTable(
  drafts: RateDrafts,
  maxBasisPoints: number,
  prefix: string,
): { rates: Record<string, string>; errors: Record<string, string> } {
  const rates: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const type of LOYALTY_GAME_TYPES) {
    const text = drafts[type].trim();
    if (text === '') continue;
    const basisPoints = basisPointsOfTypedRate(text, maxBasisPoints);
    if (basisPoints === null) {
      errors[`${prefix}.${type}`] =
        `A percent from 0 to ${formatRate(BigInt(maxBasisPoints))}, at most two decimals.`;
    } else {
      rates[type] = formatRate(BigInt(basisPoints));
    }
  }
  return { rates, errors };
}

/** A whole number typed in a field (no sign, no decimals), within bounds; null when it is not one. */
export function readCount(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** The words beside a whole-number field that did not read. */
export function countWords(min: number, max: number, unit = 'A whole number'): string {
  return `${unit} from ${min.toLocaleString('en-PH')} to ${max.toLocaleString('en-PH')}.`;
}

const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A typed peso amount that may be 0 ("0", "1,250.5") as the wire writes it ("0.00", "1250.50"),
 * or null when it is not an amount with at most two decimals. Only text is handled.
 */
export function readAmountOrZero(text: string): string | null {
  const match = AMOUNT_PATTERN.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

export const AMOUNT_OR_ZERO_WORDS = 'An amount in pesos (0 or more), at most two decimals.';
