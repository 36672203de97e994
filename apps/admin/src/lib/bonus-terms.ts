import { parseRate } from '@panalo/money/rate.ts';
import { parsePesoAmount } from './format.ts';

/**
 * A bonus's terms (docs/promotions.md "Bonus terms") as operators type them and as the wire carries
 * them: a promotion's terms and a bonus granted by hand share both, so both forms read them here.
 * Contributions are typed in percent and sent in basis points (100 % is 10,000).
 */

/** The catalogue's game types a bonus's wagering may count, in the lobby's order. */
export const BONUS_GAME_TYPES = [
  'INHOUSE',
  'LIVE',
  'RNG',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
export type BonusGameType = (typeof BONUS_GAME_TYPES)[number];

/** The strictest regulators' multiplier: the merchant's default for promotions.maxMultiplier. */
export const DEFAULT_MAX_MULTIPLIER = 10;
/** The highest promotions.maxMultiplier a merchant may set. */
export const MULTIPLIER_CEILING = 50;
export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 365;
/** 100 % of a bet's valid bet, in basis points. */
export const FULL_CONTRIBUTION_BP = 10_000;
/** The most lines a slot may have (the catalogue's `paylines`, a vendor's reported lines). */
export const SPIN_LINES_MAX = 1024;

/**
 * Terms as they are sent: amounts as wire strings, contributions in basis points for every game
 * type (0 where it does not count), as the routes' schemas ask.
 */
export type BonusTermsWire = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<BonusGameType, number>;
  maxStake: string | null;
  expiryDays: number;
  maxConversion: string | null;
  /**
   * Slot spins (docs/promotions.md "Slot-spin rules"): a spin staking less, or on fewer lines,
   * counts nothing toward wagering; null: no such rule.
   */
  minSpinStake: string | null;
  minSpinLines: number | null;
};

/**
 * Terms as they are read back: the server keeps only the game types that count, and terms stored
 * before the slot-spin rules have none (read as null).
 */
export type StoredBonusTerms = Omit<BonusTermsWire, 'contributions' | 'minSpinStake' | 'minSpinLines'> & {
  contributions: Partial<Record<string, number>>;
  minSpinStake?: string | null;
  minSpinLines?: number | null;
};

/** Terms as the form holds them: what the operator typed, percent per game type. */
export type TermsDraft = {
  multiplier: string;
  includeDeposit: boolean;
  contributions: Record<BonusGameType, string>;
  maxStake: string;
  expiryDays: string;
  maxConversion: string;
  /** Blank: no rule. */
  minSpinStake: string;
  minSpinLines: string;
};

/**
 * A new bonus's terms: a playthrough of five times the bonus within a week, our own games and slots
 * counting in full, sports half and live tables a tenth (their low house edge makes wagering there
 * nearly free), the rest nothing until the operator says otherwise.
 */
export function newTermsDraft(): TermsDraft {
  const contributions = Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, '0'])) as Record<
    BonusGameType,
    string
  >;
  return {
    multiplier: '5',
    includeDeposit: false,
    contributions: { ...contributions, INHOUSE: '100', RNG: '100', FISH: '100', SPORTS: '50', LIVE: '10' },
    maxStake: '',
    expiryDays: '7',
    maxConversion: '',
    minSpinStake: '',
    minSpinLines: '',
  };
}

/** Basis points as a percent for a field: 10,000 is "100", 1,250 is "12.5", 5 is "0.05". */
export function percentOfBasisPoints(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return String(whole);
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}`;
}

/** A typed percent (0 to 100, at most two decimals) in basis points; null when it is not one. */
export function basisPointsOfPercent(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '').trim();
  const rate = parseRate(trimmed);
  return rate.ok ? Number(rate.basisPoints) : null;
}

/** The form's terms for stored terms (a promotion opened again, a grant copied from one). */
export function termsDraftOf(terms: StoredBonusTerms): TermsDraft {
  const contributions = Object.fromEntries(
    BONUS_GAME_TYPES.map((type) => [type, percentOfBasisPoints(terms.contributions[type] ?? 0)]),
  ) as Record<BonusGameType, string>;
  return {
    multiplier: String(terms.multiplier),
    includeDeposit: terms.includeDeposit,
    contributions,
    maxStake: terms.maxStake ?? '',
    expiryDays: String(terms.expiryDays),
    maxConversion: terms.maxConversion ?? '',
    minSpinStake: terms.minSpinStake ?? '',
    minSpinLines: terms.minSpinLines == null ? '' : String(terms.minSpinLines),
  };
}

/** What an amount field held: nothing (no limit), a wire amount, or words saying what is wrong. */
function readOptionalAmount(text: string): { amount: string | null } | { error: string } {
  if (text.trim() === '') return { amount: null };
  const amount = parsePesoAmount(text);
  return amount === null ? { error: AMOUNT_WORDS } : { amount };
}

const AMOUNT_WORDS = 'A positive amount in pesos, at most two decimals.';

/** A whole number typed in a field, within bounds; null when it is not one. */
export function readWholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

export type TermsReading =
  | { ok: true; terms: BonusTermsWire }
  | { ok: false; errors: Record<string, string> };

/**
 * The terms to send, or the problems by field path under `prefix` (the paths the server names in a
 * VALIDATION answer, so that its messages and these land beside the same fields). The multiplier is
 * bounded by the merchant's promotions.maxMultiplier.
 */
export function readTermsDraft(
  draft: TermsDraft,
  limits: { maxMultiplier: number },
  prefix = 'bonusTerms',
): TermsReading {
  const errors: Record<string, string> = {};
  const multiplier = readWholeNumber(draft.multiplier, 0, limits.maxMultiplier);
  if (multiplier === null) {
    errors[`${prefix}.multiplier`] =
      `A whole number from 0 to ${limits.maxMultiplier} (the merchant's highest multiplier).`;
  }
  const expiryDays = readWholeNumber(draft.expiryDays, EXPIRY_DAYS_MIN, EXPIRY_DAYS_MAX);
  if (expiryDays === null) {
    errors[`${prefix}.expiryDays`] = `Whole days from ${EXPIRY_DAYS_MIN} to ${EXPIRY_DAYS_MAX}.`;
  }
  const contributions = Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, 0])) as Record<
    BonusGameType,
    number
  >;
  for (const type of BONUS_GAME_TYPES) {
    const text = draft.contributions[type];
    const basisPoints = text.trim() === '' ? 0 : basisPointsOfPercent(text);
    if (basisPoints === null) {
      errors[`${prefix}.contributions.${type}`] = 'A percent from 0 to 100, at most two decimals.';
    } else {
      contributions[type] = basisPoints;
    }
  }
  const maxStake = readOptionalAmount(draft.maxStake);
  if ('error' in maxStake) errors[`${prefix}.maxStake`] = maxStake.error;
  const maxConversion = readOptionalAmount(draft.maxConversion);
  if ('error' in maxConversion) errors[`${prefix}.maxConversion`] = maxConversion.error;
  const minSpinStake = readOptionalAmount(draft.minSpinStake);
  if ('error' in minSpinStake) errors[`${prefix}.minSpinStake`] = minSpinStake.error;
  const minSpinLines = readOptionalLines(draft.minSpinLines);
  if ('error' in minSpinLines) errors[`${prefix}.minSpinLines`] = minSpinLines.error;

  if (
    Object.keys(errors).length > 0 ||
    multiplier === null ||
    expiryDays === null ||
    'error' in maxStake ||
    'error' in maxConversion ||
    'error' in minSpinStake ||
    'error' in minSpinLines
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    terms: {
      multiplier,
      includeDeposit: draft.includeDeposit,
      contributions,
      maxStake: maxStake.amount,
      expiryDays,
      maxConversion: maxConversion.amount,
      minSpinStake: minSpinStake.amount,
      minSpinLines: minSpinLines.lines,
    },
  };
}

/** A slot's lines typed in a field: nothing (no rule), or a whole number from 1 to 1024. */
export function readOptionalLines(text: string): { lines: number | null } | { error: string } {
  if (text.trim() === '') return { lines: null };
  const lines = readWholeNumber(text, 1, SPIN_LINES_MAX);
  return lines === null ? { error: `Whole lines from 1 to ${SPIN_LINES_MAX}.` } : { lines };
}

/**
 * A slot-spin rule as operators read it ("₱1.00 or more per spin, 25 lines or more"); null when
 * the terms have none. `money` writes a wire amount as the page shows money.
 */
export function spinRuleText(
  terms: { minSpinStake?: string | null; minSpinLines?: number | null },
  money: (amount: string) => string,
): string | null {
  const parts = [
    ...(terms.minSpinStake ? [`${money(terms.minSpinStake)} or more per spin`] : []),
    ...(terms.minSpinLines ? [`${terms.minSpinLines} lines or more`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : null;
}
