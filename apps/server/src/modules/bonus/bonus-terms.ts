import { formatAmount } from '@panalo/money/amount.ts';
import {
  BONUS_EXPIRY_DAYS_MAX,
  BONUS_EXPIRY_DAYS_MIN,
  BONUS_GAME_TYPES,
  CONTRIBUTION_BP_MAX,
  SPIN_LINES_MAX,
} from '../../db/bonus-terms-bounds.ts';
import type { Language } from '../../platform/i18n/language.ts';
import { wordBonusWithdrawalRule } from '../../platform/i18n/messages.ts';
import type { BonusTerms } from './bonus-api.ts';

/** The longest reason an operator may give for a grant or a cancellation (the column's CHECK). */
export const BONUS_REASON_LENGTH_MAX = 500;

/** A field of the terms and what is wrong with it, as VALIDATION field reasons. */
export type TermsProblems = Record<string, 'range' | 'unknown'>;

/**
 * What is wrong with a bonus's terms under a merchant whose maximum multiplier is `maxMultiplier`
 * (empty when nothing is): the multiplier a whole number within it, contributions of known game
 * types within 0 to 10,000 basis points, an expiry of 1 to 365 days, caps and the spin rule's
 * minimum stake above zero, its minimum lines 1 to 1,024.
 */
export function problemsOfTerms(terms: BonusTerms, maxMultiplier: number): TermsProblems {
  const problems: TermsProblems = {};
  if (!Number.isInteger(terms.multiplier) || terms.multiplier < 0 || terms.multiplier > maxMultiplier) {
    problems['terms.multiplier'] = 'range';
  }
  for (const [gameType, bp] of Object.entries(terms.contributions)) {
    if (!(BONUS_GAME_TYPES as readonly string[]).includes(gameType)) {
      problems[`terms.contributions.${gameType}`] = 'unknown';
    } else if (!Number.isInteger(bp) || bp < 0 || bp > CONTRIBUTION_BP_MAX) {
      problems[`terms.contributions.${gameType}`] = 'range';
    }
  }
  if (
    !Number.isInteger(terms.expiryDays) ||
    terms.expiryDays < BONUS_EXPIRY_DAYS_MIN ||
    terms.expiryDays > BONUS_EXPIRY_DAYS_MAX
  ) {
    problems['terms.expiryDays'] = 'range';
  }
  if (terms.maxStakeMinor !== null && terms.maxStakeMinor <= 0n) problems['terms.maxStake'] = 'range';
  if (terms.maxConversionMinor !== null && terms.maxConversionMinor <= 0n) {
    problems['terms.maxConversion'] = 'range';
  }
  const minSpinStakeMinor = terms.minSpinStakeMinor ?? null;
  if (minSpinStakeMinor !== null && minSpinStakeMinor <= 0n) problems['terms.minSpinStake'] = 'range';
  const minSpinLines = terms.minSpinLines ?? null;
  if (
    minSpinLines !== null &&
    (!Number.isInteger(minSpinLines) || minSpinLines < 1 || minSpinLines > SPIN_LINES_MAX)
  ) {
    problems['terms.minSpinLines'] = 'range';
  }
  return problems;
}

/** The wagering a bonus asks for: multiplier × (bonus + the deposit when the terms include it). */
export function wageringRequiredOf(terms: BonusTerms, amountMinor: bigint, depositMinor: bigint): bigint {
  const base = terms.includeDeposit ? amountMinor + depositMinor : amountMinor;
  return BigInt(terms.multiplier) * base;
}

/** Basis points as the wire's percent: 10,000 → "100.00", 2,550 → "25.50". */
export function percentOfBp(bp: number): string {
  return formatAmount(BigInt(bp));
}

/** The contributions named, in the catalogue's order, as the member reads them. */
export function contributionList(
  contributions: Record<string, number>,
): { gameType: string; percent: string }[] {
  const named = Object.keys(contributions);
  const ordered = [
    ...BONUS_GAME_TYPES.filter((gameType) => named.includes(gameType)),
    ...named.filter((gameType) => !(BONUS_GAME_TYPES as readonly string[]).includes(gameType)).sort(),
  ];
  return ordered.map((gameType) => ({ gameType, percent: percentOfBp(contributions[gameType] ?? 0) }));
}

/** What the member accepts with a bonus, in their language (`member_bonuses.terms`). */
export type AcceptedTerms = {
  language: Language;
  multiplier: number;
  wageringRequired: string;
  contributions: { gameType: string; percent: string }[];
  maxStake: string | null;
  expiryDays: number;
  maxConversion: string | null;
  /** The spin rule: a slot spin's least stake (an amount) and least lines; null where none. */
  minSpinStake: string | null;
  minSpinLines: number | null;
  withdrawalRule: string;
};

/** The terms rendered as the member accepts them, stored with the bonus. */
export function acceptedTermsOf(
  terms: BonusTerms,
  wageringRequiredMinor: bigint,
  language: Language,
): AcceptedTerms {
  const maxConversion = terms.maxConversionMinor === null ? null : formatAmount(terms.maxConversionMinor);
  const wageringRequired = formatAmount(wageringRequiredMinor);
  return {
    language,
    multiplier: terms.multiplier,
    wageringRequired,
    contributions: contributionList(terms.contributions),
    maxStake: terms.maxStakeMinor === null ? null : formatAmount(terms.maxStakeMinor),
    expiryDays: terms.expiryDays,
    maxConversion,
    minSpinStake: terms.minSpinStakeMinor == null ? null : formatAmount(terms.minSpinStakeMinor),
    minSpinLines: terms.minSpinLines ?? null,
    withdrawalRule: wordBonusWithdrawalRule(language, {
      wageringRequired,
      expiryDays: terms.expiryDays,
      maxConversion,
    }),
  };
}

/** Progress toward the wagering as a whole percent, 0 to 100 (100 when nothing is required). */
export function progressPercentOf(wageredMinor: bigint, requiredMinor: bigint): number {
  if (requiredMinor <= 0n) return 100;
  if (wageredMinor >= requiredMinor) return 100;
  return Number((wageredMinor * 100n) / requiredMinor);
}

/**
 * How a converting bonus's balance splits: what moves to cash (at most the cap) and what goes
 * back to the house above it.
 */
export function conversionSplitOf(
  balanceMinor: bigint,
  maxConversionMinor: bigint | null,
): { toCashMinor: bigint; forfeitMinor: bigint } {
  const toCashMinor =
    maxConversionMinor !== null && balanceMinor > maxConversionMinor ? maxConversionMinor : balanceMinor;
  return { toCashMinor, forfeitMinor: balanceMinor - toCashMinor };
}
