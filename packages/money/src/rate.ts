/**
 * Rates travel as decimal strings of a percentage ("0.50" is 0.50 %, API.md) and are held as an
 * integer count of basis points (1 bp = 0.01 %), so applying one to money stays in integers.
 */

import { assertMinor } from './amount.ts';

/** Basis points in 100 %. */
export const BASIS_POINTS_PER_WHOLE = 10_000n;
/** No rate in the platform exceeds 100 % (rebates, commissions, dividends are shares). */
export const RATE_BASIS_POINTS_MAX = BASIS_POINTS_PER_WHOLE;

const RATE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

export type RateParseResult =
  | { ok: true; basisPoints: bigint }
  | { ok: false; reason: 'NOT_A_RATE' | 'TOO_LARGE' };

/** Reads "0.50" (percent, at most two fraction digits, at most 100) as 50 basis points. */
export function parseRate(text: string): RateParseResult {
  if (typeof text !== 'string' || !RATE_PATTERN.test(text)) return { ok: false, reason: 'NOT_A_RATE' };
  const [whole = '0', fraction = ''] = text.split('.');
  const basisPoints = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (basisPoints > RATE_BASIS_POINTS_MAX) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, basisPoints };
}

/** The wire form of a rate: 50 basis points is "0.50". */
export function formatRate(basisPoints: bigint): string {
  assertBasisPoints(basisPoints);
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;
}

/**
 * The share of an amount at a rate, rounded toward zero to a whole minor unit: a payout never
 * exceeds its exact value, and the remainder stays with the house rather than appearing from nowhere.
 */
export function applyRate(minor: bigint, basisPoints: bigint): bigint {
  assertMinor(minor);
  assertBasisPoints(basisPoints);
  return (minor * basisPoints) / BASIS_POINTS_PER_WHOLE;
}

function assertBasisPoints(value: unknown): asserts value is bigint {
  if (typeof value !== 'bigint' || value < 0n || value > RATE_BASIS_POINTS_MAX) {
    throw new RangeError(
      `a rate must be a bigint from 0 to ${RATE_BASIS_POINTS_MAX} basis points, got ${String(value)}`,
    );
  }
}
