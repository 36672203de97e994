import { toCentavos } from '../../lib/money';
import type { ExchangeRow, PointsConfig } from './api/points';

// The exchange-rate table (docs/loyalty.md "Convert"): the row with the largest `from` at most the
// points converted gives `amount` per 100 points, floored to the centavo, as the server pays it.

/** The most points one conversion takes: far above any balance, and what the input allows. */
export const CONVERT_POINTS_MAX = 1_000_000_000;

/** The table's rows from the fewest points up, as the rate table lists them. */
export function sortedExchangeRows(rows: readonly ExchangeRow[]): ExchangeRow[] {
  return [...rows].sort((left, right) => left.from - right.from);
}

/** The row that converts `points`: the largest `from` at most `points`, or null when none reaches that low. */
export function exchangeRowFor(rows: readonly ExchangeRow[], points: number): ExchangeRow | null {
  let picked: ExchangeRow | null = null;
  for (const row of rows) {
    if (row.from <= points && (picked === null || row.from > picked.from)) picked = row;
  }
  return picked;
}

/** Centavos that `points` convert into by one row: points × the row's amount ÷ 100, floored. */
export function convertAmountMinor(points: number, row: ExchangeRow): bigint | null {
  const perHundredMinor = toCentavos(row.amount);
  if (perHundredMinor === null || !Number.isSafeInteger(points) || points < 0) return null;
  return (BigInt(points) * perHundredMinor) / 100n;
}

export type ConvertPreview = {
  row: ExchangeRow;
  amountMinor: bigint;
  /** What the member bets before the bonus may be withdrawn: the amount × the convert multiplier. */
  wageringMinor: bigint;
};

/** What converting `points` gives by the table and asks in wagering, or null when no row covers them. */
export function convertPreviewOf(
  config: Pick<PointsConfig, 'exchange' | 'convertMultiplier'>,
  points: number,
): ConvertPreview | null {
  const row = exchangeRowFor(config.exchange, points);
  if (!row) return null;
  const amountMinor = convertAmountMinor(points, row);
  if (amountMinor === null) return null;
  return { row, amountMinor, wageringMinor: convertWageringMinor(amountMinor, config.convertMultiplier) };
}

/** The wagering a converted amount asks: the amount × the multiplier, never less than 1× (docs/loyalty.md). */
export function convertWageringMinor(amountMinor: bigint, convertMultiplier: number): bigint {
  return amountMinor * BigInt(Math.max(1, Math.floor(convertMultiplier)));
}

/** Whole points typed in a field ("1,500" or " 1500 "), or null when the text is no such number. */
export function parsePoints(text: string): number | null {
  const digits = text.trim().replace(/[,\s]/g, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const points = Number(digits);
  return points <= CONVERT_POINTS_MAX ? points : null;
}

/** Why the points typed cannot be converted, as the field says it. */
export type ConvertPointsProblem =
  | { reason: 'empty' }
  | { reason: 'format' }
  | { reason: 'belowMinimum'; minimum: number }
  | { reason: 'notEnough'; have: number }
  | { reason: 'noRate'; from: number };

/**
 * The points to convert from the field, or what is wrong with them: a whole number, at least the
 * merchant's minimum and the table's lowest row, and no more than the member holds.
 */
export function checkConvertPoints(
  text: string,
  input: { balance: number; config: Pick<PointsConfig, 'exchange' | 'minConvertPoints'> },
): { points: number } | { problem: ConvertPointsProblem } {
  if (text.trim() === '') return { problem: { reason: 'empty' } };
  const points = parsePoints(text);
  if (points === null || points === 0) return { problem: { reason: 'format' } };
  if (points < input.config.minConvertPoints) {
    return { problem: { reason: 'belowMinimum', minimum: input.config.minConvertPoints } };
  }
  if (points > input.balance) return { problem: { reason: 'notEnough', have: input.balance } };
  if (!exchangeRowFor(input.config.exchange, points)) {
    const lowest = sortedExchangeRows(input.config.exchange)[0];
    if (lowest) return { problem: { reason: 'noRate', from: lowest.from } };
    return { problem: { reason: 'noRate', from: input.config.minConvertPoints } };
  }
  return { points };
}

/** The fewest points a conversion may take: the merchant's minimum, or the table's first row when higher. */
export function leastConvertiblePoints(
  config: Pick<PointsConfig, 'exchange' | 'minConvertPoints'>,
): number | null {
  const lowest = sortedExchangeRows(config.exchange)[0];
  if (!lowest) return null;
  return Math.max(lowest.from, config.minConvertPoints);
}
