import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { present } from '../../platform/errors/invariant.ts';

/**
 * A one-step round of our own games as the one-statement bet records it beside its stake and win
 * (the house-rounds module makes it): which round, the pair and nonce it was drawn from, and what
 * was played.
 */
export type OneStepRoundRecord = {
  roundId: string;
  vendorId: string;
  vendorRoundId: string;
  requestId: string;
  pairId: string;
  clientSeed: string;
  nonce: bigint;
  serverSeedHash: string;
  played: string;
  outcome: string | null;
  /** What the round counts for as valid bet, by the merchant's rules (at most its stake). */
  validBetMinor: bigint;
};

/**
 * What house_play_one_step (migrations 0083, 0131 and 0143) is given: who, the checks it makes before money
 * moves, the money, and the round it records with it.
 */
export type OneStepBetStatement = {
  sessionId: string;
  memberId: string;
  merchantId: string;
  now: Date;
  /** False when the caller has run the responsible-gaming checks itself. */
  checkPlay: boolean;
  gameId: string;
  /** The game's bet limits as read (jsonb), which the bet was checked and its win capped against. */
  betLimits: string | null;
  cashAccountId: string;
  houseAccountId: string;
  currency: string;
  reference: string;
  stake: { transferId: string; key: string; amountMinor: bigint };
  win: { transferId: string; key: string; amountMinor: bigint };
  round: OneStepRoundRecord;
};

export type OneStepBetStatus = 'played' | 'session' | 'play' | 'game' | 'duplicate' | 'pair' | 'short';

/**
 * Plays a one-step round drawn in advance in one statement (house_play_one_step, migration 0083):
 * checks, nonce, stake, win and the settled round, or nothing and the reason why. Fails on the
 * round's unique constraint when the request id made its round meanwhile.
 */
export async function playOneStepBet(db: Executor, input: OneStepBetStatement): Promise<OneStepBetAnswer> {
  const result = await sql<{
    status: OneStepBetStatus;
    balance_after_stake_minor: bigint | null;
    balance_after_minor: bigint | null;
    opened_at: Date | null;
    game_type: string | null;
    upline_id: string | null;
    settled_day: string | null;
  }>`select status, balance_after_stake_minor, balance_after_minor, opened_at, game_type, upline_id, settled_day
    from house_play_one_step(
    ${input.sessionId}::text, ${input.memberId}::text, ${input.merchantId}::text, ${input.now}::timestamptz,
    ${input.checkPlay}::boolean, ${input.gameId}::text, ${input.betLimits}::jsonb,
    ${input.round.pairId}::text, ${input.round.clientSeed}::text, ${input.round.nonce}::bigint,
    ${input.cashAccountId}::text, ${input.houseAccountId}::text, ${input.currency}::text, ${input.reference}::text,
    ${input.stake.transferId}::text, ${input.stake.key}::text, ${input.stake.amountMinor}::bigint,
    ${input.win.transferId}::text, ${input.win.key}::text, ${input.win.amountMinor}::bigint,
    ${input.round.roundId}::text, ${input.round.vendorId}::text, ${input.round.vendorRoundId}::text, ${input.round.requestId}::text,
    ${input.round.serverSeedHash}::text, ${input.round.played}::jsonb, ${input.round.outcome}::jsonb,
    ${input.round.validBetMinor}::bigint)`.execute(db);
  return toAnswer(present(result.rows[0], 'wallet: house_play_one_step answered no row'));
}

export type OneStepBetAnswer = {
  status: OneStepBetStatus;
  balanceAfterStakeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  openedAt: Date | null;
  /** What the bet record holds of a played round (migration 0131): its game type, the member's upline, the merchant day. */
  recorded: { gameType: string; uplineId: string | null; settledDay: string } | null;
};

/**
 * Plays several rounds drawn in advance in one statement and one transaction (house_play_rounds,
 * migration 0084), each as house_play_one_step plays it; answers them in the order given. One
 * round's failure (a request id that made its round meanwhile) fails them all.
 */
export async function playOneStepBets(
  db: Executor,
  inputs: OneStepBetStatement[],
): Promise<OneStepBetAnswer[]> {
  // JSON null would be a jsonb null, not SQL null: a missing key is read as SQL null.
  const rounds = inputs.map((input) => ({
    sessionId: input.sessionId,
    memberId: input.memberId,
    merchantId: input.merchantId,
    now: input.now.toISOString(),
    checkPlay: input.checkPlay,
    gameId: input.gameId,
    ...(input.betLimits === null ? {} : { betLimits: JSON.parse(input.betLimits) as unknown }),
    pairId: input.round.pairId,
    clientSeed: input.round.clientSeed,
    nonce: String(input.round.nonce),
    cashAccountId: input.cashAccountId,
    houseAccountId: input.houseAccountId,
    currency: input.currency,
    reference: input.reference,
    stakeTransferId: input.stake.transferId,
    stakeKey: input.stake.key,
    stakeMinor: String(input.stake.amountMinor),
    winTransferId: input.win.transferId,
    winKey: input.win.key,
    winMinor: String(input.win.amountMinor),
    roundId: input.round.roundId,
    vendorId: input.round.vendorId,
    vendorRoundId: input.round.vendorRoundId,
    requestId: input.round.requestId,
    serverSeedHash: input.round.serverSeedHash,
    played: JSON.parse(input.round.played) as unknown,
    ...(input.round.outcome === null ? {} : { outcome: JSON.parse(input.round.outcome) as unknown }),
    validBetMinor: String(input.round.validBetMinor),
  }));
  const result = await sql<{
    round_id: string;
    status: OneStepBetStatus;
    balance_after_stake_minor: bigint | null;
    balance_after_minor: bigint | null;
    opened_at: Date | null;
    game_type: string | null;
    upline_id: string | null;
    settled_day: string | null;
  }>`select round_id, status, balance_after_stake_minor, balance_after_minor, opened_at, game_type, upline_id,
      settled_day
    from house_play_rounds(${JSON.stringify(rounds)}::jsonb)`.execute(db);
  const byRound = new Map(result.rows.map((row) => [row.round_id, row]));
  return inputs.map((input) => {
    return toAnswer(
      present(byRound.get(input.round.roundId), 'wallet: house_play_rounds left a round unanswered'),
    );
  });
}

function toAnswer(row: {
  status: OneStepBetStatus;
  balance_after_stake_minor: bigint | null;
  balance_after_minor: bigint | null;
  opened_at: Date | null;
  game_type: string | null;
  upline_id: string | null;
  settled_day: string | null;
}): OneStepBetAnswer {
  return {
    status: row.status,
    balanceAfterStakeMinor:
      row.balance_after_stake_minor === null ? null : BigInt(row.balance_after_stake_minor),
    balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
    openedAt: row.opened_at,
    recorded:
      row.game_type === null || row.settled_day === null
        ? null
        : { gameType: row.game_type, uplineId: row.upline_id, settledDay: row.settled_day },
  };
}

/** True when a statement failed because the round's request id had made a round already. */
export function isRoundRequestTaken(error: unknown): boolean {
  const fields = error as { code?: string; constraint?: string; message?: string } | null;
  if (fields?.code !== '23505') return false;
  return (
    fields.constraint === ROUND_REQUEST_CONSTRAINT ||
    String(fields.message).includes(ROUND_REQUEST_CONSTRAINT)
  );
}

const ROUND_REQUEST_CONSTRAINT = 'game_rounds_vendor_round_uq';
