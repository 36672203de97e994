import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database, GameDemoSessionsTable, GameRoundsTable, HouseRoundPhase } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type SeedPairRow = Row<'game_seed_pairs'>;
export type HouseRoundRow = Row<'game_rounds'>;
export type DemoSessionRow = Row<'game_demo_sessions'>;

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
export async function insertSeedPair(db: Executor, row: NewRow<'game_seed_pairs'>): Promise<void> {
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
export async function insertHouseRound(db: Executor, row: NewRow<'game_rounds'>): Promise<boolean> {
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
  row: NewRow<'game_rounds'>,
): Promise<HouseRoundRow | undefined> {
  return db
    .insertInto('game_rounds')
    .values(row)
    .onConflict((conflict) => conflict.columns(['vendor_id', 'vendor_round_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

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

export async function insertDemoSession(db: Executor, row: NewRow<'game_demo_sessions'>): Promise<void> {
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
