import {
  type AliasedSelectQueryBuilder,
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database, GameStatus, GameVendorStatus, LocalizedText } from '../../db/schema.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';

/** A game as the lobby lists it, with its vendor's state. */
export type CatalogueGameRow = {
  id: string;
  node_id: string;
  vassalage: string;
  /** The lobby category: the game type, or INHOUSE for an in-house vendor's RNG game. */
  category: string;
  game_type: string;
  game_code: string;
  names: LocalizedText;
  icon_url: string | null;
  support_play: number;
  is_game: boolean;
  is_hot: boolean;
  classify: string | null;
  status: GameStatus;
};

export type CatalogueFilter = {
  merchantId: string;
  category?: string | undefined;
  vassalage?: string | undefined;
  classify?: string | undefined;
  /** Already folded (lower case, no accents) by the caller; matched anywhere in any language's name. */
  searchFolded?: string | undefined;
  isHot?: boolean | undefined;
};

/** The category a game is listed under: RNG games of an in-house vendor go to INHOUSE (spec §3). */
const categoryOf = sql<string>`case when games.game_type = 'RNG' and (game_vendors.is_in_house or game_vendors.vassalage = 'INHOUSE') then 'INHOUSE' else games.game_type end`;

const VISIBLE_GAME_STATUSES: GameStatus[] = ['active', 'maintenance'];
const VISIBLE_VENDOR_STATUSES: GameVendorStatus[] = ['active', 'maintenance'];

function visibleGames(db: Kysely<Database>, filter: CatalogueFilter) {
  let query = db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
    .where('games.merchant_id', '=', filter.merchantId)
    .where('games.status', 'in', VISIBLE_GAME_STATUSES)
    .where('game_vendors.status', 'in', VISIBLE_VENDOR_STATUSES);
  if (filter.category) query = query.where(categoryOf, '=', filter.category);
  if (filter.vassalage) query = query.where('games.vassalage', '=', filter.vassalage);
  if (filter.classify) query = query.where('games.classify', '=', filter.classify);
  if (filter.isHot) query = query.where('games.is_hot', '=', true);
  if (filter.searchFolded) {
    const pattern = containsPattern(filter.searchFolded);
    query = query.where(sql<SqlBool>`games.search_text like ${pattern}` as Expression<SqlBool>);
  }
  return query;
}

/**
 * One page of games joined to their vendors, in the merchant's lobby order: vendors by their
 * order, then games by theirs, the node id breaking ties so that pages neither overlap nor skip.
 */
export function pageInLobbyOrder<Selection>(
  query: SelectQueryBuilder<Database, 'games' | 'game_vendors', Selection>,
  page: { offset: number; limit: number },
): SelectQueryBuilder<Database, 'games' | 'game_vendors', Selection> {
  return query
    .orderBy('game_vendors.sort_order')
    .orderBy('games.sort_order')
    .orderBy('games.node_id')
    .offset(page.offset)
    .limit(page.limit);
}

const gameColumns = [
  'games.id',
  'games.node_id',
  'games.vassalage',
  'games.game_type',
  'games.game_code',
  'games.names',
  'games.icon_url',
  'games.support_play',
  'games.is_game',
  'games.is_hot',
  'games.classify',
  'games.status',
] as const;

/** One page of the games matching filter, in the merchant's order, and how many match in all. */
export async function findGamesPage(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CatalogueGameRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    pageInLobbyOrder(
      visibleGames(db, filter).select([...gameColumns, categoryOf.as('category')]),
      page,
    ).execute(),
    visibleGames(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Each visible vendor with the categories and classify groups its visible games fall in. */
export function findVendorCategories(db: Kysely<Database>, merchantId: string) {
  return visibleGames(db, { merchantId })
    .select([
      'game_vendors.vassalage',
      'game_vendors.name',
      'game_vendors.sort_order',
      categoryOf.as('category'),
      'games.classify',
    ])
    .distinct()
    .orderBy('game_vendors.sort_order')
    .orderBy('game_vendors.vassalage')
    .execute();
}

/** The merchant's classify groups in the operator's order, with their names per language. */
export function findClassifyGroups(db: Kysely<Database>, merchantId: string) {
  return db
    .selectFrom('game_classify_groups')
    .select(['key', 'names'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('key')
    .execute();
}

/** The catalogue's version (migration 0091): it changes with every write to games or vendors. */
export async function findCatalogueVersion(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
  return String(row.version);
}

export function findGameIdByNodeId(db: Kysely<Database>, merchantId: string, nodeId: string) {
  return visibleGames(db, { merchantId })
    .where('games.node_id', '=', nodeId)
    .select('games.id')
    .executeTakeFirst();
}

/** Adds a favourite; nothing happens when it is already one. */
export async function insertFavorite(
  db: Kysely<Database>,
  row: { memberId: string; gameId: string; merchantId: string },
): Promise<void> {
  await db
    .insertInto('game_favorites')
    .values({ member_id: row.memberId, game_id: row.gameId, merchant_id: row.merchantId })
    .onConflict((conflict) => conflict.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Kysely<Database>, memberId: string, gameId: string): Promise<void> {
  await db
    .deleteFrom('game_favorites')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .execute();
}

/** Each of a member's games once, with the time (`ranked_at`) its page is ordered by. */
export type MemberGameRanking = AliasedSelectQueryBuilder<{ game_id: string; ranked_at: Date }, 'ranked'>;

/** A member's favourites, ranked by when each was marked. */
export function rankFavorites(db: Kysely<Database>, memberId: string): MemberGameRanking {
  return db
    .selectFrom('game_favorites')
    .where('member_id', '=', memberId)
    .select(['game_id', 'created_at as ranked_at'])
    .as('ranked');
}

/** The games a member played, ranked by each one's latest round (from the rounds table). */
export function rankRecentlyPlayed(db: Kysely<Database>, memberId: string): MemberGameRanking {
  return db
    .selectFrom('game_rounds')
    .where('member_id', '=', memberId)
    .groupBy('game_id')
    .select(['game_id', (eb) => eb.fn.max('opened_at').as('ranked_at')])
    .as('ranked');
}

/** One page of the visible games in a member's ranking, latest first, and how many there are in all. */
export async function findRankedGamesPage(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  ranking: MemberGameRanking,
  page: { offset: number; limit: number },
): Promise<{ rows: CatalogueGameRow[]; total: number }> {
  const base = () => visibleGames(db, filter).innerJoin(ranking, 'ranked.game_id', 'games.id');
  const [rows, count] = await Promise.all([
    base()
      .select([...gameColumns, categoryOf.as('category')])
      .orderBy('ranked.ranked_at', 'desc')
      .orderBy('games.node_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type WinnerRow = CatalogueGameRow & {
  account: string;
  win_minor: bigint;
  settled_at: Date;
};

/** The merchant's latest winning rounds of visible games, newest first. */
export function findLatestWins(
  db: Kysely<Database>,
  filter: CatalogueFilter,
  limit: number,
): Promise<WinnerRow[]> {
  return visibleGames(db, filter)
    .innerJoin('game_rounds', 'game_rounds.game_id', 'games.id')
    .innerJoin('members', 'members.id', 'game_rounds.member_id')
    .where('game_rounds.merchant_id', '=', filter.merchantId)
    .where('game_rounds.status', '=', 'settled')
    .where('game_rounds.win_minor', '>', 0n)
    .select([
      ...gameColumns,
      categoryOf.as('category'),
      'members.account',
      'game_rounds.win_minor',
      sql<Date>`game_rounds.settled_at`.as('settled_at'),
    ])
    .orderBy('game_rounds.settled_at', 'desc')
    .orderBy('game_rounds.id', 'desc')
    .limit(limit)
    .execute();
}
