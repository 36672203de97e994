// Expected refusals of the engines are typed: the server maps `code` to its envelope and a
// translated message, and the browser verifier shows the same codes.

export type GameErrorCode =
  | 'INVALID_SERVER_SEED'
  | 'INVALID_CLIENT_SEED'
  | 'INVALID_NONCE'
  | 'INVALID_BET'
  | 'INVALID_ACTION'
  | 'INVALID_TICKET';

export class GameError extends Error {
  readonly code: GameErrorCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: GameErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'GameError';
    this.code = code;
    this.details = details;
  }
}

/** Throws INVALID_BET unless `stakeMinor` is a positive whole number of minor units. */
export function assertStake(stakeMinor: bigint): void {
  if (typeof stakeMinor !== 'bigint' || stakeMinor <= 0n) {
    throw new GameError('INVALID_BET', 'a stake is a positive whole number of minor units', {
      stakeMinor: String(stakeMinor),
    });
  }
}

/** Fails loudly when an invariant the code relies on does not hold: that is a bug, not a refusal. */
export function assertInvariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`invariant broken: ${message}`);
}
