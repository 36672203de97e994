/**
 * Money as an integer count of minor units (centavos for pesos) in a bigint. Text enters through
 * parseAmount and leaves through formatAmount (the wire) or formatMoney (people); no floating
 * point is involved anywhere, so no value is ever rounded by accident.
 */

/** Minor units per major unit: every supported currency (PHP) has two fraction digits. */
export const MINOR_PER_MAJOR = 100n;
/** Whole units allowed on the wire: at most 13 digits (API.md). */
export const AMOUNT_WHOLE_DIGITS_MAX = 13;
/** The largest amount the wire accepts, in minor units: 9 999 999 999 999.99. */
export const AMOUNT_MINOR_MAX = 10n ** BigInt(AMOUNT_WHOLE_DIGITS_MAX + 2) - 1n;

const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

/** Why a text is not an amount; a client shows its own message per reason. */
export type AmountParseFailureReason = 'EMPTY' | 'NOT_A_DECIMAL' | 'TOO_MANY_FRACTION_DIGITS' | 'TOO_LARGE';

export type AmountParseResult = { ok: true; minor: bigint } | { ok: false; reason: AmountParseFailureReason };

/**
 * Reads an amount as clients send it: `^\d{1,13}(\.\d{1,2})?$` (API.md). No sign, no grouping,
 * no exponent, no spaces: a client that sends anything else has a bug worth seeing.
 */
export function parseAmount(text: string): AmountParseResult {
  if (typeof text !== 'string' || text.length === 0) return { ok: false, reason: 'EMPTY' };
  if (!AMOUNT_PATTERN.test(text)) {
    if (!DECIMAL_PATTERN.test(text)) return { ok: false, reason: 'NOT_A_DECIMAL' };
    const [whole = '', fraction = ''] = text.split('.');
    if (fraction.length > 2) return { ok: false, reason: 'TOO_MANY_FRACTION_DIGITS' };
    if (whole.length > AMOUNT_WHOLE_DIGITS_MAX) return { ok: false, reason: 'TOO_LARGE' };
    return { ok: false, reason: 'NOT_A_DECIMAL' };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const minor = BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(2, '0'));
  return { ok: true, minor };
}

/** Like parseAmount, for values already validated (seeds, tests, constants): throws instead. */
export function parseAmountOrThrow(text: string): bigint {
  const result = parseAmount(text);
  if (!result.ok) throw new RangeError(`not an amount (${result.reason}): ${JSON.stringify(text)}`);
  return result.minor;
}

/** The wire form: "1250.00", "-0.05"; exactly two fraction digits, no grouping. */
export function formatAmount(minor: bigint): string {
  assertMinor(minor);
  const { sign, whole, fraction } = splitMinor(minor);
  return `${sign}${whole}.${fraction}`;
}

export type FormatMoneyOptions = {
  /** Currency symbol put before the figure; "₱" by default. */
  symbol?: string;
  /** BCP 47 locale for grouping and the decimal mark; "en-PH" by default. */
  locale?: string;
};

/** The form people read: "₱1,250.00", "-₱5.00", with the locale's grouping and decimal mark. */
export function formatMoney(minor: bigint, options: FormatMoneyOptions = {}): string {
  assertMinor(minor);
  const { symbol = '₱', locale = 'en-PH' } = options;
  const { sign, whole, fraction } = splitMinor(minor);
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(
    BigInt(whole),
  );
  return `${sign}${symbol}${grouped}${readDecimalMark(locale)}${fraction}`;
}

/** Sum of two amounts; refuses anything but bigint so that a float cannot slip in. */
export function addMoney(left: bigint, right: bigint): bigint {
  assertMinor(left);
  assertMinor(right);
  return left + right;
}

/** Difference of two amounts; refuses anything but bigint so that a float cannot slip in. */
export function subtractMoney(left: bigint, right: bigint): bigint {
  assertMinor(left);
  assertMinor(right);
  return left - right;
}

/**
 * Throws unless the value is a bigint. The types already say so; this catches the number that
 * arrives through JSON, a driver or a cast, where a float would otherwise go on silently.
 */
export function assertMinor(value: unknown): asserts value is bigint {
  if (typeof value !== 'bigint') {
    throw new TypeError(`money must be a bigint count of minor units, got ${typeof value} ${String(value)}`);
  }
}

function splitMinor(minor: bigint): { sign: '' | '-'; whole: string; fraction: string } {
  const magnitude = minor < 0n ? -minor : minor;
  return {
    sign: minor < 0n ? '-' : '',
    whole: (magnitude / MINOR_PER_MAJOR).toString(),
    fraction: (magnitude % MINOR_PER_MAJOR).toString().padStart(2, '0'),
  };
}

const decimalMarks = new Map<string, string>();

// The decimal mark is read from Intl with a bigint and forced fraction digits, so no float is
// formatted even to learn the locale's punctuation.
function readDecimalMark(locale: string): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).formatToParts(1n);
    mark = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}
