import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  Database,
  GameDemoSessionsTable,
  GameRoundsTable,
  GameSeedPairsTable,
  HouseRoundPhase,
} from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type SeedPairRow = Selectable<GameSeedPairsTable>;
export type HouseRoundRow = Selectable<GameRoundsTable>;
export type DemoSessionRow = Selectable<GameDemoSessionsTable>;

/** Phases in which a round still has a step to take. */
export const UNFINISHED_PHASES: readonly HouseRoundPhase[] = ['staking', 'playing', 'paying'];

export function findActiveSeedPair(
  db: Executor,
  merchantId: string,
  memberId: string,
): Promise<SeedPairRow | undefined> {
  return db
    .selectFrom('game_seed_pairs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** The active pair, locked until the transaction ends: rounds and rotations take it in turn. */
export function lockActiveSeedPair(
  trx: Transaction<Database>,
  merchantId: string,
  memberId: string,
): Promise<SeedPairRow | undefined> {
  return trx
    .selectFrom('game_seed_pairs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

export function findSeedPairById(db: Executor, id: string): Promise<SeedPairRow | undefined> {
  return db.selectFrom('game_seed_pairs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a pair unless the member already has an active one (a concurrent first round). */
export async function insertSeedPair(db: Executor, row: Insertable<GameSeedPairsTable>): Promise<void> {
  await db
    .insertInto('game_seed_pairs')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'member_id']).where(sql.ref('status'), '=', 'active').doNothing(),
    )
    .execute();
}

export async function updateClientSeed(db: Executor, pairId: string, clientSeed: string): Promise<void> {
  await db
    .updateTable('game_seed_pairs')
    .set({ client_seed: clientSeed })
    .where('id', '=', pairId)
    .where('status', '=', 'active')
    .execute();
}

export async function revealSeedPair(
  db: Executor,
  pairId: string,
  serverSeed: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('game_seed_pairs')
    .set({ status: 'revealed', server_seed: serverSeed, revealed_at: at })
    .where('id', '=', pairId)
    .where('status', '=', 'active')
    .execute();
}

/** Takes the pair's next nonce (the pair must be locked by the caller's transaction). */
export async function takeNonce(trx: Transaction<Database>, pairId: string): Promise<bigint> {
  const row = await trx
    .updateTable('game_seed_pairs')
    .set({ nonce: sql`nonce + 1` })
    .where('id', '=', pairId)
    .returning(sql<string>`(nonce - 1)::text`.as('taken'))
    .executeTakeFirstOrThrow();
  return BigInt(row.taken);
}

/**
 * Takes the next nonce of the member's active pair in one statement, which also locks the pair
 * until the transaction ends; answers the pair as it is after (its nonce is the taken one plus
 * one), or undefined when the member has no active pair.
 */
export function takeActiveNonce(
  trx: Transaction<Database>,
  merchantId: string,
  memberId: string,
): Promise<SeedPairRow | undefined> {
  return trx
    .updateTable('game_seed_pairs')
    .set({ nonce: sql`nonce + 1` })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

export function findHouseRound(
  db: Executor,
  vendorId: string,
  vendorRoundId: string,
): Promise<HouseRoundRow | undefined> {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('vendor_round_id', '=', vendorRoundId)
    .executeTakeFirst();
}

export function findHouseRoundById(db: Executor, id: string): Promise<HouseRoundRow | undefined> {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a round; false when the request id had already made one. */
export async function insertHouseRound(db: Executor, row: Insertable<GameRoundsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('game_rounds')
    .values(row)
    .onConflict((conflict) => conflict.columns(['vendor_id', 'vendor_round_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Inserts a round as a whole; undefined when the request id had already made one. */
export function insertHouseRoundReturning(
  db: Executor,
  row: Insertable<GameRoundsTable>,
): Promise<HouseRoundRow | undefined> {
  return db
    .insertInto('game_rounds')
    .values(row)
    .onConflict((conflict) => conflict.columns(['vendor_id', 'vendor_round_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** What house_play_one_step (migration 0083) is given: who, the game, the pair and nonce, the money and the round. */
export type OneStepRoundStatement = {
  sessionId: string;
  memberId: string;
  merchantId: string;
  now: Date;
  /** False when the caller has run the responsible-gaming checks itself. */
  checkPlay: boolean;
  gameId: string;
  /** The game's bet limits as read (jsonb), which the bet was checked and its win capped against. */
  betLimits: string | null;
  pairId: string;
  clientSeed: string;
  nonce: bigint;
  cashAccountId: string;
  houseAccountId: string;
  currency: string;
  reference: string;
  stake: { transferId: string; key: string; amountMinor: bigint };
  win: { transferId: string; key: string; amountMinor: bigint };
  roundId: string;
  vendorId: string;
  vendorRoundId: string;
  requestId: string;
  serverSeedHash: string;
  played: string;
  outcome: string | null;
};

export type OneStepRoundStatus = 'played' | 'session' | 'play' | 'game' | 'duplicate' | 'pair' | 'short';

/**
 * Plays a one-step round drawn in advance in one statement (house_play_one_step, migration 0083):
 * checks, nonce, stake, win and the settled round, or nothing and the reason why. Fails on the
 * round's unique constraint when the request id made its round meanwhile.
 */
export async function playOneStepRound(
  db: Executor,
  input: OneStepRoundStatement,
): Promise<OneStepRoundAnswer> {
  const result = await sql<{
    status: OneStepRoundStatus;
    balance_after_stake_minor: bigint | null;
    balance_after_minor: bigint | null;
    opened_at: Date | null;
  }>`select status, balance_after_stake_minor, balance_after_minor, opened_at from house_play_one_step(
    ${input.sessionId}::text, ${input.memberId}::text, ${input.merchantId}::text, ${input.now}::timestamptz,
    ${input.checkPlay}::boolean, ${input.gameId}::text, ${input.betLimits}::jsonb,
    ${input.pairId}::text, ${input.clientSeed}::text, ${input.nonce}::bigint,
    ${input.cashAccountId}::text, ${input.houseAccountId}::text, ${input.currency}::text, ${input.reference}::text,
    ${input.stake.transferId}::text, ${input.stake.key}::text, ${input.stake.amountMinor}::bigint,
    ${input.win.transferId}::text, ${input.win.key}::text, ${input.win.amountMinor}::bigint,
    ${input.roundId}::text, ${input.vendorId}::text, ${input.vendorRoundId}::text, ${input.requestId}::text,
    ${input.serverSeedHash}::text, ${input.played}::jsonb, ${input.outcome}::jsonb)`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('house rounds: house_play_one_step answered no row');
  return toAnswer(row);
}

export type OneStepRoundAnswer = {
  status: OneStepRoundStatus;
  balanceAfterStakeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  openedAt: Date | null;
};

/**
 * Plays several rounds drawn in advance in one statement and one transaction (house_play_rounds,
 * migration 0084), each as house_play_one_step plays it; answers them in the order given. One
 * round's failure (a request id that made its round meanwhile) fails them all.
 */
export async function playOneStepRounds(
  db: Executor,
  inputs: OneStepRoundStatement[],
): Promise<OneStepRoundAnswer[]> {
  // JSON null would be a jsonb null, not SQL null: a missing key is read as SQL null.
  const rounds = inputs.map((input) => ({
    sessionId: input.sessionId,
    memberId: input.memberId,
    merchantId: input.merchantId,
    now: input.now.toISOString(),
    checkPlay: input.checkPlay,
    gameId: input.gameId,
    ...(input.betLimits === null ? {} : { betLimits: JSON.parse(input.betLimits) as unknown }),
    pairId: input.pairId,
    clientSeed: input.clientSeed,
    nonce: String(input.nonce),
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
    roundId: input.roundId,
    vendorId: input.vendorId,
    vendorRoundId: input.vendorRoundId,
    requestId: input.requestId,
    serverSeedHash: input.serverSeedHash,
    played: JSON.parse(input.played) as unknown,
    ...(input.outcome === null ? {} : { outcome: JSON.parse(input.outcome) as unknown }),
  }));
  const result = await sql<{
    round_id: string;
    status: OneStepRoundStatus;
    balance_after_stake_minor: bigint | null;
    balance_after_minor: bigint | null;
    opened_at: Date | null;
  }>`select round_id, status, balance_after_stake_minor, balance_after_minor, opened_at
    from house_play_rounds(${JSON.stringify(rounds)}::jsonb)`.execute(db);
  const byRound = new Map(result.rows.map((row) => [row.round_id, row]));
  return inputs.map((input) => {
    const row = byRound.get(input.roundId);
    if (!row) throw new Error('house rounds: house_play_rounds left a round unanswered');
    return toAnswer(row);
  });
}

function toAnswer(row: {
  status: OneStepRoundStatus;
  balance_after_stake_minor: bigint | null;
  balance_after_minor: bigint | null;
  opened_at: Date | null;
}): OneStepRoundAnswer {
  return {
    status: row.status,
    balanceAfterStakeMinor:
      row.balance_after_stake_minor === null ? null : BigInt(row.balance_after_stake_minor),
    balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
    openedAt: row.opened_at,
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

/**
 * Moves a round on, only from the phase and action count the caller read: of two requests
 * racing on one round, one moves it and the other learns it lost.
 */
export async function advanceHouseRound(
  db: Executor,
  id: string,
  from: { phase: HouseRoundPhase; actionCount: number },
  changes: Updateable<GameRoundsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('game_rounds')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('phase', '=', from.phase)
    .where('action_count', '=', from.actionCount)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The member's unfinished round of a game, if any (at most one is open at a time per game). */
export function findUnfinishedRound(
  db: Executor,
  memberId: string,
  gameId: string,
): Promise<HouseRoundRow | undefined> {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .where('phase', 'in', UNFINISHED_PHASES)
    .orderBy('opened_at', 'desc')
    .executeTakeFirst();
}

export async function hasUnfinishedRoundWithPair(db: Executor, seedPairId: string): Promise<boolean> {
  const row = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('seed_pair_id', '=', seedPairId)
    .where('phase', 'in', UNFINISHED_PHASES)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rounds whose deadline has passed with a step still to take, oldest first. */
export function findOverdueRounds(db: Executor, at: Date, limit: number): Promise<HouseRoundRow[]> {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('phase', 'in', UNFINISHED_PHASES)
    .where('deadline_at', '<=', at)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
}

export type RecordFilter = {
  memberId: string;
  gameId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function filtered(db: Executor, filter: RecordFilter) {
  let query = db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .where('game_rounds.member_id', '=', filter.memberId)
    .where('game_rounds.phase', 'is not', null)
    .where('game_rounds.phase', '!=', 'refused');
  if (filter.gameId) query = query.where('game_rounds.game_id', '=', filter.gameId);
  if (filter.from) query = query.where('game_rounds.opened_at', '>=', filter.from);
  if (filter.to) query = query.where('game_rounds.opened_at', '<', filter.to);
  return query;
}

export type RecordRow = HouseRoundRow & { game_code: string; names: unknown };

/** A member's rounds of our games, newest first. */
export async function listHouseRounds(
  db: Executor,
  filter: RecordFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll('game_rounds')
      .select(['games.game_code', 'games.names'])
      .orderBy('game_rounds.opened_at', 'desc')
      .orderBy('game_rounds.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter).select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as RecordRow[], total: Number(count.total) };
}

export async function insertDemoSession(db: Executor, row: Insertable<GameDemoSessionsTable>): Promise<void> {
  await db.insertInto('game_demo_sessions').values(row).execute();
}

export function findDemoSessionByHash(db: Executor, tokenHash: string): Promise<DemoSessionRow | undefined> {
  return db
    .selectFrom('game_demo_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findDemoSessionById(db: Executor, id: string): Promise<DemoSessionRow | undefined> {
  return db.selectFrom('game_demo_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a demo session only at the version the caller read; false when another change won. */
export async function updateDemoSession(
  db: Executor,
  id: string,
  version: number,
  changes: Updateable<GameDemoSessionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('game_demo_sessions')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteExpiredDemoSessions(db: Executor, at: Date): Promise<void> {
  await db.deleteFrom('game_demo_sessions').where('expires_at', '<=', at).execute();
}
