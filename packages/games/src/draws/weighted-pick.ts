// The weighted pick of GAMES.md "Draws for rewards" (a prize wheel or a golden egg): the prize is
// the first of the table's prizes, in the table's order, whose cumulative weight exceeds
// int(total weight) drawn from the round's stream of the member's seed pair. The draw records the
// table's version and the SHA-256 hex of its canonical JSON (keys sorted, no whitespace, amounts as
// strings), so that a verifier can check the table it was shown and redo the pick. Synchronous and
// Web-standard only, so the browser's verifier runs the very code the server draws with.

import { createRoundRng, type RoundRng, type RoundSeeds } from '../fairness/round-rng.ts';
import { sha256, toHex } from '../fairness/sha256.ts';

const TWO_TO_32 = 0x1_0000_0000;

/** What a prize pays: money, a bonus, loyalty points, or nothing ("try again"). */
export type PrizeKind = 'cash' | 'bonus' | 'points' | 'none';

/** One prize of a table as it is hashed: the table's order is the pick's order. */
export type PrizeTableItem = {
  name: { TY: string; EN: string };
  kind: PrizeKind;
  /** Major units with two decimals ("10.00") for cash and bonus prizes, otherwise null. */
  amount: string | null;
  /** Whole points for points prizes, otherwise null. */
  points: number | null;
  /** The bonus's wagering multiplier for bonus prizes, otherwise null. */
  wageringMultiplier: number | null;
  /** A whole number from 0; the prize's chance is weight / total weight. */
  weight: number;
};

export type PrizeTable = {
  kind: 'wheel' | 'egg';
  name: { TY: string; EN: string };
  prizes: readonly PrizeTableItem[];
};

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** JSON with object keys sorted (UTF-16 order) and no whitespace; numbers must be safe integers. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new RangeError(`canonical JSON holds whole numbers only, got ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: Json) => canonicalJson(item)).join(',')}]`;
  const record = value as { readonly [key: string]: Json };
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key] as Json)}`).join(',')}}`;
}

/** The canonical JSON text of a prize table, the text its hash is taken over. */
export function canonicalPrizeTable(table: PrizeTable): string {
  return canonicalJson({
    kind: table.kind,
    name: { TY: table.name.TY, EN: table.name.EN },
    prizes: table.prizes.map((prize) => ({
      name: { TY: prize.name.TY, EN: prize.name.EN },
      kind: prize.kind,
      amount: prize.amount,
      points: prize.points,
      wageringMultiplier: prize.wageringMultiplier,
      weight: prize.weight,
    })),
  });
}

/** SHA-256 hex of the canonical JSON text's UTF-8 bytes. */
export function canonicalTextHash(canonical: string): string {
  return toHex(sha256(new TextEncoder().encode(canonical)));
}

/** SHA-256 hex of the prize table's canonical JSON. */
export function prizeTableHash(table: PrizeTable): string {
  return canonicalTextHash(canonicalPrizeTable(table));
}

/** Throws a RangeError unless the weights are whole numbers from 0 with a total in [1, 2^32]. */
export function assertWeights(weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`a prize's weight is a whole number from 0, got ${weight}`);
    }
    total += weight;
  }
  if (total < 1 || total > TWO_TO_32) {
    throw new RangeError(`a table's total weight is from 1 to 2^32, got ${total}`);
  }
  return total;
}

/**
 * The index of the picked prize: r = int(total weight) from the stream, then the first index whose
 * cumulative weight (in the table's order) exceeds r. A prize of weight 0 is never picked.
 */
export function weightedPick(weights: readonly number[], stream: Pick<RoundRng, 'int'>): number {
  const total = assertWeights(weights);
  const r = stream.int(total);
  let cumulative = 0;
  for (let index = 0; index < weights.length; index += 1) {
    cumulative += weights[index] as number;
    if (r < cumulative) return index;
  }
  // Unreachable: r < total, and the cumulative weight reaches total at the last index.
  throw new Error('weighted pick ran past the table');
}

/** The prize index a seed pair's round picks from the weights: what the server draws. */
export function drawWeighted(seeds: RoundSeeds, weights: readonly number[]): number {
  return weightedPick(weights, createRoundRng(seeds));
}

export type WeightedDrawVerification = {
  /** The canonical text hashes to the hash the draw recorded. */
  tableHashMatches: boolean;
  /** The pick from the seeds and the canonical table's weights is the recorded prize. */
  prizeMatches: boolean;
  /** The index the seeds pick. */
  prizeIndex: number;
};

/** Re-computes a recorded draw from the table's canonical text and the revealed seed pair. */
export function verifyWeightedDraw(recorded: {
  canonical: string;
  tableHash: string;
  seeds: RoundSeeds;
  prizeIndex: number;
}): WeightedDrawVerification {
  const table = JSON.parse(recorded.canonical) as { prizes: { weight: number }[] };
  const prizeIndex = drawWeighted(
    recorded.seeds,
    table.prizes.map((prize) => prize.weight),
  );
  return {
    tableHashMatches: canonicalTextHash(recorded.canonical) === recorded.tableHash.toLowerCase(),
    prizeMatches: prizeIndex === recorded.prizeIndex,
    prizeIndex,
  };
}
