// The game fixtures of packages/games/vectors/games.json, typed loosely: each test narrows what it
// reads. Stakes and payouts are strings of minor units there, since JSON has no bigint.

import type { RoundSeeds } from '../fairness/round-rng.ts';
import { readVectors } from './vectors.ts';

export type GameVector = RoundSeeds & Record<string, unknown>;

export function readGameVectors(game: string): GameVector[] {
  const vectors = readVectors<Record<string, GameVector[]>>('games.json')[game];
  if (!vectors || vectors.length === 0) throw new Error(`games.json has no vectors for ${game}`);
  return vectors;
}

export function seedsOf(vector: GameVector): RoundSeeds {
  return { serverSeed: vector.serverSeed, clientSeed: vector.clientSeed, nonce: vector.nonce };
}

/** Replaces every "stakeMinor" string of a fixture bet by a bigint. */
export function withBigIntStake<T>(bet: Record<string, unknown>): T {
  return { ...bet, stakeMinor: BigInt(bet.stakeMinor as string) } as T;
}
