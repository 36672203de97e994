import { type Expression, type SqlBool, sql, type Updateable } from 'kysely';
import type { GameClassifyGroupsTable, GameStatus, GamesTable, GameVendorsTable } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { pageInLobbyOrder } from './catalogue.repository.ts';

/** A game with its vendor's name, as the back office shows and audits it. */
export type AdminGameRow = Row<'games'> & { vendor_name: string };
export type ClassifyGroupRow = Row<'game_classify_groups'>;
export type VendorRow = Row<'game_vendors'>;

/** What the back office's game list filters on; `search` is already folded (see foldSearchText). */
export type AdminGameFilter = {
  search: string;
  vendorId?: string | undefined;
  gameType?: string | undefined;
  status?: GameStatus | undefined;
  classify?: string | undefined;
  isHot?: boolean | undefined;
};

function gamesWithVendor(db: Executor) {
  return db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
    .selectAll('games')
    .select('game_vendors.name as vendor_name');
}

export function findGameWithVendor(db: Executor, id: string): Promise<AdminGameRow> {
  return gamesWithVendor(db).where('games.id', '=', id).executeTakeFirstOrThrow();
}

export function findGamesWithVendor(db: Executor, ids: readonly string[]): Promise<AdminGameRow[]> {
  return gamesWithVendor(db)
    .where('games.id', 'in', [...ids])
    .execute();
}

export async function findMerchantIdOf(
  db: Executor,
  table: 'games' | 'game_vendors' | 'game_classify_groups',
  id: string,
): Promise<string | undefined> {
  const row = await db.selectFrom(table).select('merchant_id').where('id', '=', id).executeTakeFirst();
  return row?.merchant_id;
}

/** Locks the game until the transaction ends; false when there is none. */
export async function lockGame(db: Executor, id: string): Promise<boolean> {
  const locked = await db
    .selectFrom('games')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return locked !== undefined;
}

/** Locks those of the games that are the merchant's, in id order; answers their ids. */
export async function lockMerchantGames(
  db: Executor,
  merchantId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('id', 'in', [...ids])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function updateGames(
  db: Executor,
  ids: readonly string[],
  values: Updateable<GamesTable>,
): Promise<void> {
  await db
    .updateTable('games')
    .set(values)
    .where('id', 'in', [...ids])
    .execute();
}

export async function hasClassifyGroup(db: Executor, merchantId: string, key: string): Promise<boolean> {
  const found = await db
    .selectFrom('game_classify_groups')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('key', '=', key)
    .executeTakeFirst();
  return found !== undefined;
}

/** The merchant's vendors in lobby order, each with how many games it has. */
export function findVendorsWithGameCounts(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('game_vendors')
    .selectAll('game_vendors')
    .select((eb) =>
      eb
        .selectFrom('games')
        .whereRef('games.vendor_id', '=', 'game_vendors.id')
        .select(eb.fn.countAll<string>().as('count'))
        .as('games'),
    )
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('vassalage')
    .limit(limit)
    .execute();
}

/** The vendor, locked until the transaction ends. */
export function lockVendor(db: Executor, id: string): Promise<VendorRow | undefined> {
  return db.selectFrom('game_vendors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateVendorRow(
  db: Executor,
  id: string,
  values: Updateable<GameVendorsTable>,
): Promise<VendorRow> {
  return db
    .updateTable('game_vendors')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countVendorGames(db: Executor, vendorId: string): Promise<string> {
  const games = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirstOrThrow();
  return games.count;
}

/**
 * One page of the merchant's games, hidden ones included, in lobby order, matching the filter
 * (the folded search in any language's name or in the game's code); with how many match in all
 * and the game types the merchant has.
 */
export async function findAdminGamesPage(
  db: Executor,
  merchantId: string,
  filter: AdminGameFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminGameRow[]; total: number; gameTypes: string[] }> {
  const filtered = () => {
    let query = db
      .selectFrom('games')
      .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
      .where('games.merchant_id', '=', merchantId);
    if (filter.vendorId) query = query.where('games.vendor_id', '=', filter.vendorId);
    if (filter.gameType) query = query.where('games.game_type', '=', filter.gameType);
    if (filter.status) query = query.where('games.status', '=', filter.status);
    if (filter.classify) query = query.where('games.classify', '=', filter.classify);
    if (filter.isHot !== undefined) query = query.where('games.is_hot', '=', filter.isHot);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      query = query.where(
        sql<SqlBool>`(games.search_text like ${pattern} or lower(games.game_code) like ${pattern})` as Expression<SqlBool>,
      );
    }
    return query;
  };
  const [rows, count, types] = await Promise.all([
    pageInLobbyOrder(
      filtered().selectAll('games').select('game_vendors.name as vendor_name'),
      page,
    ).execute(),
    filtered()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('games')
      .select('game_type')
      .distinct()
      .where('merchant_id', '=', merchantId)
      .orderBy('game_type')
      .execute(),
  ]);
  return { rows, total: Number(count.total), gameTypes: types.map((row) => row.game_type) };
}

/** The merchant's classify groups in menu order, each with how many games it holds. */
export function findClassifyGroupsWithCounts(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('game_classify_groups')
    .selectAll('game_classify_groups')
    .select((eb) =>
      eb
        .selectFrom('games')
        .whereRef('games.merchant_id', '=', 'game_classify_groups.merchant_id')
        .whereRef('games.classify', '=', 'game_classify_groups.key')
        .select(eb.fn.countAll<string>().as('count'))
        .as('games'),
    )
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('key')
    .limit(limit)
    .execute();
}

/** Inserts the group unless the merchant has its key already; answers the new row when it did. */
export function insertClassifyGroupOnce(
  db: Executor,
  row: NewRow<'game_classify_groups'>,
): Promise<ClassifyGroupRow | undefined> {
  return db
    .insertInto('game_classify_groups')
    .values(row)
    .onConflict((conflict) => conflict.columns(['merchant_id', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The classify group, locked until the transaction ends. */
export function lockClassifyGroup(db: Executor, id: string): Promise<ClassifyGroupRow | undefined> {
  return db
    .selectFrom('game_classify_groups')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateClassifyGroupRow(
  db: Executor,
  id: string,
  values: Updateable<GameClassifyGroupsTable>,
): Promise<ClassifyGroupRow> {
  return db
    .updateTable('game_classify_groups')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countGamesInClassify(db: Executor, merchantId: string, key: string): Promise<number> {
  const used = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merchant_id', '=', merchantId)
    .where('classify', '=', key)
    .executeTakeFirstOrThrow();
  return Number(used.count);
}

export async function deleteClassifyGroupRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('game_classify_groups').where('id', '=', id).execute();
}
