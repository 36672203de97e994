import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { createStatementBatches } from '../../platform/db/statement-batches.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import {
  isRoundRequestTaken,
  type OneStepBetAnswer,
  type OneStepBetStatement,
  type OneStepRoundRecord,
  playOneStepBet as playOneStepBetStatement,
  playOneStepBets,
} from './one-step-bets.repository.ts';

export type { OneStepRoundRecord };

/** Rounds played together in one statement at most, and lanes of such batches (see playInBatch). */
const ROUNDS_PER_BATCH_MAX = 50;
const BATCH_LANES = 4;

type Player = { merchantId: string; memberId: string; currency: string };

/**
 * A one-step round of our own games staked, paid and recorded in one statement: the member, the
 * checks the statement makes before money moves (the session is live, the game's limits are the
 * ones the bet was checked against, and, when `checkPlay`, no break, exclusion or loss or
 * session-time limit is on record), the stake and win (a win of 0 moves nothing), and the round.
 */
export type OneStepBet = Player & {
  reference: string;
  stake: { key: string; amountMinor: bigint };
  win: { key: string; amountMinor: bigint };
  checks: { sessionId: string; checkPlay: boolean; gameId: string; betLimits: unknown; now: Date };
  round: OneStepRoundRecord;
};

/**
 * What became of it. Only `played` wrote anything: `session` (the session is over), `play` (the
 * member's responsible-gaming settings need the full checks), `game` (the game's limits changed),
 * `duplicate` (the request id made a round already), `pair` (the seed pair moved on) and `short`
 * (balanceMinor: the cash) left everything as it was.
 */
export type OneStepBetOutcome =
  | {
      status: 'played';
      balanceAfterStakeMinor: bigint;
      balanceAfterMinor: bigint;
      openedAt: Date;
      recorded: { gameType: string; uplineId: string | null; settledDay: string };
    }
  | { status: 'session' | 'play' | 'game' | 'duplicate' | 'pair' }
  | { status: 'short'; balanceMinor: bigint };

// Bets go in lanes by their house shard, one batch out per lane: the bets that arrive while a
// lane's batch is out go together in its next (house_play_rounds), so a busy server writes one
// statement for many rounds and an idle one plays a round as it comes. A member's bets always take
// one shard, so batches of two lanes never wait for each other's rows (a batch holds its rows until
// it commits); and batches lock pairs, then accounts, each in id order, so that no two transactions
// deadlock. A batch that fails as a whole (a round's request id made a round meanwhile) is played
// again a round at a time, to learn which.

/**
 * The wallet's one-statement bet (house_play_one_step, migration 0083): the checks, the nonce, the
 * stake and win through ledger_apply_transfer (the function every transfer goes through) and the
 * settled round, all in one implicit transaction, or nothing and the reason why.
 */
export function createOneStepBets(deps: {
  db: Kysely<Database>;
  /** The wallet's own checks of a move's key, reference, currency and amount. */
  checkMove: (move: { key: string; reference: string; currency: string; amountMinor: bigint }) => void;
  resolveGameAccounts: (player: Player) => Promise<{ cashAccountId: string; houseAccountId: string }>;
  announceGameMoves: (player: Player, balancesMinor: bigint[]) => void;
}) {
  const { db } = deps;
  const batches = createStatementBatches<OneStepBetStatement, OneStepBetAnswer>({
    batchMax: ROUNDS_PER_BATCH_MAX,
    playOne: (statement) => playOneStepBetStatement(db, statement),
    playMany: (statements) => playOneStepBets(db, statements),
  });

  function laneOf(houseAccountId: string): string {
    let hash = 0;
    for (let index = 0; index < houseAccountId.length; index += 1) {
      hash = (Math.imul(hash, 31) + houseAccountId.charCodeAt(index)) >>> 0;
    }
    return String(hash % BATCH_LANES);
  }

  const playInBatch = (statement: OneStepBetStatement) =>
    batches.play(laneOf(statement.houseAccountId), statement);

  /** Plays a one-step bet; on `played` the member hears only where their cash ended. */
  async function playOneStepBet(bet: OneStepBet): Promise<OneStepBetOutcome> {
    const { stake, win, checks } = bet;
    deps.checkMove({ ...stake, reference: bet.reference, currency: bet.currency });
    if (win.amountMinor > 0n) deps.checkMove({ ...win, reference: bet.reference, currency: bet.currency });
    else assertInvariant(win.amountMinor === 0n, 'wallet: a win is never negative');
    assertInvariant(
      bet.round.validBetMinor >= 0n && bet.round.validBetMinor <= stake.amountMinor,
      'wallet: a round counts at most its stake as valid bet',
    );
    const accounts = await deps.resolveGameAccounts(bet);
    let answer: OneStepBetAnswer;
    try {
      answer = await playInBatch({
        sessionId: checks.sessionId,
        memberId: bet.memberId,
        merchantId: bet.merchantId,
        now: checks.now,
        checkPlay: checks.checkPlay,
        gameId: checks.gameId,
        betLimits: checks.betLimits === null ? null : JSON.stringify(checks.betLimits),
        ...accounts,
        currency: bet.currency,
        reference: bet.reference,
        stake: { transferId: uuidv7(), ...stake },
        win: { transferId: uuidv7(), ...win },
        round: bet.round,
      });
    } catch (error) {
      // The request id made its round between the function's check and its insert.
      if (isRoundRequestTaken(error)) return { status: 'duplicate' };
      throw error;
    }
    if (answer.status === 'short') {
      const balanceMinor = present(
        answer.balanceAfterStakeMinor,
        'wallet: a short stake without its balance',
      );
      return { status: 'short', balanceMinor };
    }
    if (answer.status !== 'played') return { status: answer.status };
    const balanceAfterStakeMinor = present(
      answer.balanceAfterStakeMinor,
      'wallet: a played bet without its balances',
    );
    const balanceAfterMinor = present(answer.balanceAfterMinor, 'wallet: a played bet without its balances');
    const openedAt = present(answer.openedAt, 'wallet: a played bet without its balances');
    const recorded = present(answer.recorded, 'wallet: a played bet without its bet record');
    // The stake and the win committed together: the member's sockets hear only where it ended.
    deps.announceGameMoves(bet, [balanceAfterMinor]);
    return { status: 'played', balanceAfterStakeMinor, balanceAfterMinor, openedAt, recorded };
  }

  return { playOneStepBet };
}
