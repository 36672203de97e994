import { sql } from 'kysely';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type VendorRow = Row<'game_vendors'>;
export type GameRow = Row<'games'>;
export type LaunchTokenRow = Row<'game_launch_tokens'>;
export type RoundRow = Row<'game_rounds'>;
export type VendorTransactionRow = Row<'game_vendor_transactions'>;

export function findVendorByVassalage(
  db: Executor,
  merchantId: string,
  vassalage: string,
): Promise<VendorRow | undefined> {
  return db
    .selectFrom('game_vendors')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('vassalage', '=', vassalage)
    .executeTakeFirst();
}

/** Every merchant's vendor with this code, at most `limit` of them (a vendor's call names only its code). */
export function listVendorsByVassalage(db: Executor, vassalage: string, limit: number): Promise<VendorRow[]> {
  return db
    .selectFrom('game_vendors')
    .selectAll()
    .where('vassalage', '=', vassalage)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findVendorById(db: Executor, id: string): Promise<VendorRow | undefined> {
  return db.selectFrom('game_vendors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The launch and catalogue addresses of a merchant's vendors that players can reach (not disabled). */
export function listVendorAddresses(
  db: Executor,
  merchantId: string,
): Promise<Pick<VendorRow, 'launch_url' | 'catalogue_url'>[]> {
  return db
    .selectFrom('game_vendors')
    .select(['launch_url', 'catalogue_url'])
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'disabled')
    .execute();
}

/** Inserts a vendor, or updates the given fields of the merchant's vendor with that vassalage. */
export async function upsertVendor(db: Executor, row: NewRow<'game_vendors'>): Promise<VendorRow> {
  return db
    .insertInto('game_vendors')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'vassalage']).doUpdateSet({
        name: row.name,
        ...(row.wallet_mode ? { wallet_mode: row.wallet_mode } : {}),
        ...(row.launch_url !== undefined ? { launch_url: row.launch_url } : {}),
        ...(row.catalogue_url !== undefined ? { catalogue_url: row.catalogue_url } : {}),
        ...(row.api_url !== undefined ? { api_url: row.api_url } : {}),
        ...(row.secret_sealed !== undefined ? { secret_sealed: row.secret_sealed } : {}),
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateVendorStatus(
  db: Executor,
  id: string,
  status: VendorRow['status'],
): Promise<void> {
  await db.updateTable('game_vendors').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
}

export function findGameByNodeId(
  db: Executor,
  merchantId: string,
  nodeId: string,
): Promise<GameRow | undefined> {
  return db
    .selectFrom('games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

export function findGameByCode(
  db: Executor,
  vendorId: string,
  gameCode: string,
): Promise<GameRow | undefined> {
  return db
    .selectFrom('games')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
}

export function findGameById(db: Executor, id: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Hot games that can be played now (game and vendor active), in the merchant's order. */
export function findPlayableHotGames(db: Executor, merchantId: string, limit: number): Promise<GameRow[]> {
  return db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
    .selectAll('games')
    .where('games.merchant_id', '=', merchantId)
    .where('games.is_hot', '=', true)
    .where('games.status', '=', 'active')
    .where('game_vendors.status', '=', 'active')
    .orderBy('games.sort_order')
    .orderBy('games.node_id')
    .limit(limit)
    .execute();
}

/**
 * Inserts a game, or refreshes what the vendor's feed owns (names, type, icon) of an existing one;
 * what the operator owns (status, hot flag, order, demo offer) is left as it is.
 */
export async function upsertGameFromFeed(db: Executor, row: NewRow<'games'>): Promise<void> {
  await db
    .insertInto('games')
    .values(row)
    .onConflict((conflict) =>
      // The feed's names and icon, unless an operator has set the merchant's own.
      conflict.columns(['vendor_id', 'game_code']).doUpdateSet((eb) => ({
        names: eb
          .case()
          .when('games.names_overridden', '=', true)
          .then(eb.ref('games.names'))
          .else(eb.ref('excluded.names'))
          .end(),
        game_type: row.game_type,
        // A feed that names a slot's lines sets them; one that does not leaves them as they are.
        ...(row.paylines !== undefined ? { paylines: row.paylines } : {}),
        icon_url: eb
          .case()
          .when('games.icon_overridden', '=', true)
          .then(eb.ref('games.icon_url'))
          .else(eb.ref('excluded.icon_url'))
          .end(),
        updated_at: new Date(),
      })),
    )
    .execute();
}

export async function updateGame(
  db: Executor,
  id: string,
  changes: Partial<Pick<GameRow, 'status' | 'is_hot' | 'support_play' | 'sort_order'>>,
): Promise<void> {
  await db
    .updateTable('games')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertLaunchToken(db: Executor, row: NewRow<'game_launch_tokens'>): Promise<void> {
  await db.insertInto('game_launch_tokens').values(row).execute();
}

export function findLaunchTokenByHash(db: Executor, tokenHash: string): Promise<LaunchTokenRow | undefined> {
  return db
    .selectFrom('game_launch_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token opened if it is still within its open window; false when it was too late. */
export async function openLaunchToken(db: Executor, id: string, nowDate: Date): Promise<boolean> {
  const result = await db
    .updateTable('game_launch_tokens')
    .set({ opened_at: nowDate })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .where('open_by', '>', nowDate)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findVendorTransaction(
  db: Executor,
  vendorId: string,
  transactionId: string,
): Promise<VendorTransactionRow | undefined> {
  return db
    .selectFrom('game_vendor_transactions')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

export function findRoundByVendorRoundId(
  db: Executor,
  vendorId: string,
  vendorRoundId: string,
): Promise<RoundRow | undefined> {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('vendor_round_id', '=', vendorRoundId)
    .executeTakeFirst();
}

/**
 * A member's rounds among `roundIds` (ours by their id, vendors' by their own round id), with the
 * code of their vendor and the names of their game: what statement lines name their game by.
 */
export function findMemberRoundGames(
  db: Executor,
  input: { merchantId: string; memberId: string; roundIds: readonly string[] },
) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .innerJoin('game_vendors', 'game_vendors.id', 'game_rounds.vendor_id')
    .select(['game_rounds.id', 'game_rounds.vendor_round_id', 'game_vendors.vassalage', 'games.names'])
    .where('game_rounds.merchant_id', '=', input.merchantId)
    .where('game_rounds.member_id', '=', input.memberId)
    .where((where) =>
      where.or([
        where('game_rounds.id', 'in', input.roundIds),
        where('game_rounds.vendor_round_id', 'in', input.roundIds),
      ]),
    )
    .execute();
}

export function findRoundById(db: Executor, id: string): Promise<RoundRow | undefined> {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a vendor's call once; false when its transaction id was recorded before. */
export async function insertVendorTransaction(
  db: Executor,
  row: NewRow<'game_vendor_transactions'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('game_vendor_transactions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['vendor_id', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setVendorTransactionRound(db: Executor, id: string, roundId: string): Promise<void> {
  await db.updateTable('game_vendor_transactions').set({ round_id: roundId }).where('id', '=', id).execute();
}

/** Opens the round on its first stake, or adds a further stake to it; answers the round's id. */
export async function addRoundStake(db: Executor, row: NewRow<'game_rounds'>): Promise<string> {
  const stake = row.stake_minor ?? 0n;
  const result = await db
    .insertInto('game_rounds')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['vendor_id', 'vendor_round_id']).doUpdateSet({
        stake_minor: sql<bigint>`game_rounds.stake_minor + ${stake}`,
        updated_at: new Date(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return result.id;
}

/**
 * Opens a round with its first stake or adds a stake to it while it is open, in one statement (the
 * round's row stays locked until the stake's transaction ends); null when the round has closed.
 */
export async function addOpenRoundStake(db: Executor, row: NewRow<'game_rounds'>): Promise<string | null> {
  const stake = row.stake_minor ?? 0n;
  const result = await db
    .insertInto('game_rounds')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['vendor_id', 'vendor_round_id'])
        .doUpdateSet({
          stake_minor: sql<bigint>`game_rounds.stake_minor + ${stake}`,
          // The largest lines any of the round's debits reported, whichever order they arrive in.
          lines: sql<number | null>`greatest(game_rounds.lines, excluded.lines)`,
          updated_at: new Date(),
        })
        .where('game_rounds.status', '=', 'open'),
    )
    .returning('id')
    .executeTakeFirst();
  return result?.id ?? null;
}

export async function settleRound(db: Executor, id: string, winMinor: bigint, nowDate: Date): Promise<void> {
  await db
    .updateTable('game_rounds')
    .set({
      win_minor: sql<bigint>`win_minor + ${winMinor}`,
      status: 'settled',
      settled_at: nowDate,
      updated_at: nowDate,
    })
    .where('id', '=', id)
    .execute();
}

/** Marks a round rolled back, opening it first when the vendor cancelled it before any stake arrived. */
export async function rollBackRound(
  db: Executor,
  row: NewRow<'game_rounds'>,
  nowDate: Date,
): Promise<string> {
  const result = await db
    .insertInto('game_rounds')
    .values({ ...row, status: 'rolled_back', settled_at: nowDate })
    .onConflict((conflict) =>
      conflict
        .columns(['vendor_id', 'vendor_round_id'])
        .doUpdateSet({ status: 'rolled_back', settled_at: nowDate, updated_at: nowDate }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return result.id;
}
