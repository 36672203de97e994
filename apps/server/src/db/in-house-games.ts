/**
 * What several areas read the same way about our own games: the vendor code they are registered
 * under, and the bet limits stored in a game's `bet_limits` column (in-house rounds enforce them,
 * the back office edits them).
 */

/** Our own games are registered under this vendor; their launch URL is our own game client. */
export const INHOUSE_VASSALAGE = 'INHOUSE';

/** Limits of one game at one merchant, in minor units. */
export type BetLimits = { minStakeMinor: bigint; maxStakeMinor: bigint; maxWinMinor: bigint };

/** The defaults where a merchant has set none: ₱1.00 to ₱10,000.00 a bet, ₱1,000,000.00 a round. */
export const BET_LIMITS_DEFAULT: BetLimits = {
  minStakeMinor: 100n,
  maxStakeMinor: 1_000_000n,
  maxWinMinor: 100_000_000n,
};

/** The bet limits a merchant set for a game (its bet_limits column), over the defaults. */
export function readBetLimits(column: unknown): BetLimits {
  const stored = (column ?? {}) as Record<string, unknown>;
  const read = (key: string, fallback: bigint): bigint => {
    const value = stored[key];
    return typeof value === 'string' && /^\d{1,15}$/.test(value) ? BigInt(value) : fallback;
  };
  return {
    minStakeMinor: read('minStake', BET_LIMITS_DEFAULT.minStakeMinor),
    maxStakeMinor: read('maxStake', BET_LIMITS_DEFAULT.maxStakeMinor),
    maxWinMinor: read('maxWin', BET_LIMITS_DEFAULT.maxWinMinor),
  };
}
