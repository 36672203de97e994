import type { Kysely } from 'kysely';
import type { Database, LocalizedText } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import {
  type CatalogueFilter,
  type CatalogueGameRow,
  deleteFavorite,
  findCatalogueVersion,
  findClassifyGroups,
  findGameIdByNodeId,
  findGamesPage,
  findLatestWins,
  findRankedGamesPage,
  findVendorCategories,
  insertFavorite,
  type MemberGameRanking,
  rankFavorites,
  rankRecentlyPlayed,
  type WinnerRow,
} from './catalogue.repository.ts';
import { type CatalogueChanges, createCatalogueCache } from './catalogue-cache.ts';

export type { CatalogueGameRow, WinnerRow };

/** Paging bounds per call (API.md "Values"); a larger pageSize is refused by the route schema. */
export const GAMES_PAGE_SIZE_DEFAULT = 18;
export const GAMES_PAGE_SIZE_MAX = 60;
export const FAVORITES_PAGE_SIZE_MAX = 999;
export const RECENT_PAGE_SIZE_MAX = 12;
export const WINNERS_LIMIT_MAX = 20;
export const HOT_GAMES_MAX = 60;
/** Search text longer than this is cut: no game name is that long. */
export const SEARCH_TEXT_LENGTH_MAX = 60;
/** Favourite toggles: one per second per member (API.md "Throttles"). */
const FAVORITE_TOGGLE_RULE = { name: 'favorite-toggle', limit: 1, windowSeconds: 1 };

/** The order categories appear in the menus (spec §2's rows), unknown types after them. */
const CATEGORY_ORDER = [
  'INHOUSE',
  'LIVE',
  'RNG',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
];

/** Names of the classify groups (spec §2 "live casino game classes" and slot families). */
const CLASSIFY_NAMES: Record<string, { EN: string; TY: string }> = {
  BACCARAT: { EN: 'Baccarat', TY: 'Baccarat' },
  SICBO: { EN: 'Sic Bo', TY: 'Sic Bo' },
  ROULETTE: { EN: 'Roulette', TY: 'Roulette' },
  DRAGON_TIGER: { EN: 'Dragon Tiger', TY: 'Dragon Tiger' },
  BLACKJACK: { EN: 'Blackjack', TY: 'Blackjack' },
  CARD: { EN: 'Card games', TY: 'Mga laro ng baraha' },
  WHEEL: { EN: 'Wheels', TY: 'Mga gulong' },
  COIN: { EN: 'Coin games', TY: 'Mga laro ng barya' },
  SLOT: { EN: 'Slots', TY: 'Mga slot' },
  DICE: { EN: 'Dice', TY: 'Dais' },
  MINI: { EN: 'Mini games', TY: 'Mga mini game' },
  LOCAL: { EN: 'Local favorites', TY: 'Mga paboritong Pinoy' },
};

export function classifyNameIn(key: string, language: string): string {
  const names = CLASSIFY_NAMES[key];
  if (!names) return key.charAt(0) + key.slice(1).toLowerCase().replaceAll('_', ' ');
  return language === 'TY' ? names.TY : names.EN;
}

/**
 * Folds text for search as the database's panalo_fold does: lower case, accents removed, so that
 * "cafe" finds "Café" and "NINO" finds "Niño". Whitespace runs become one space.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_LENGTH_MAX);
}

export type VendorCard = { vassalage: string; accountTypeName: string };
/** A classify group of a lane: its operator-given names (when set) and the vendors that have it. */
export type ClassifyGroup = { key: string; names: LocalizedText | null; vendors: string[] };
export type VendorLane = { category: string; cards: VendorCard[]; classify: ClassifyGroup[] };

function categoryRank(category: string): number {
  const index = CATEGORY_ORDER.indexOf(category);
  return index === -1 ? CATEGORY_ORDER.length : index;
}

export type Paging = { pageNo: number; pageSize: number };
export type PageOf<T> = { rows: T[]; total: number; totalPages: number };

function pageOf<T>(result: { rows: T[]; total: number }, pageSize: number): PageOf<T> {
  return { ...result, totalPages: Math.ceil(result.total / pageSize) };
}

function offsetOf(paging: Paging) {
  return { offset: (paging.pageNo - 1) * paging.pageSize, limit: paging.pageSize };
}

export type GameQuery = Omit<CatalogueFilter, 'merchantId' | 'searchFolded'> & {
  searchText?: string | undefined;
};

function toFilter(merchantId: string, query: GameQuery): CatalogueFilter {
  const folded = query.searchText ? foldSearchText(query.searchText) : '';
  return {
    merchantId,
    category: query.category,
    vassalage: query.vassalage,
    classify: query.classify,
    isHot: query.isHot,
    searchFolded: folded || undefined,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * The lobby's view of the game registry: categories and vendor lanes, game lists with search,
 * hot games, favourites, recent games (from the member's rounds) and the winner board.
 */
export function createCatalogueService(deps: {
  db: Kysely<Database>;
  rateLimiter: RateLimiter;
  /** How the list cache learns of changes; by default it reads the catalogue's version per batch of calls. */
  changes?: CatalogueChanges;
}) {
  const { db, rateLimiter } = deps;
  /** The public lists every visitor asks for, kept while the catalogue is unchanged. */
  const cache = createCatalogueCache(
    deps.changes ?? { kind: 'version', readVersion: () => findCatalogueVersion(db) },
  );

  /**
   * Vendor lanes per category: a category appears only when it has a vendor with a visible game,
   * and its classify groups only when one of its games has one.
   */
  async function listVendorLanes(merchantId: string): Promise<VendorLane[]> {
    const [rows, groups] = await Promise.all([
      findVendorCategories(db, merchantId),
      findClassifyGroups(db, merchantId),
    ]);
    // The operator's order and names of the groups (the back office's Categories tab).
    const groupOf = new Map(groups.map((group, index) => [group.key, { names: group.names, rank: index }]));
    const rankOf = (key: string) => groupOf.get(key)?.rank ?? groups.length;
    const lanes = new Map<string, { cards: Map<string, VendorCard>; classify: Map<string, Set<string>> }>();
    for (const row of rows) {
      const lane = lanes.get(row.category) ?? { cards: new Map(), classify: new Map() };
      lanes.set(row.category, lane);
      lane.cards.set(row.vassalage, { vassalage: row.vassalage, accountTypeName: row.name });
      if (row.classify) {
        const vendors = lane.classify.get(row.classify) ?? new Set<string>();
        vendors.add(row.vassalage);
        lane.classify.set(row.classify, vendors);
      }
    }
    return [...lanes.entries()]
      .sort(([a], [b]) => categoryRank(a) - categoryRank(b) || a.localeCompare(b))
      .map(([category, lane]) => ({
        category,
        cards: [...lane.cards.values()],
        classify: [...lane.classify.entries()]
          .sort(([a], [b]) => rankOf(a) - rankOf(b) || a.localeCompare(b))
          .map(([key, vendors]) => ({ key, names: groupOf.get(key)?.names ?? null, vendors: [...vendors] })),
      }));
  }

  /** One page of a games list; the answer is shared between callers, who must not change it. */
  function listGames(
    merchantId: string,
    query: GameQuery,
    paging: Paging,
  ): Promise<PageOf<CatalogueGameRow>> {
    const filter = toFilter(merchantId, query);
    return cache.get(`games:${JSON.stringify([filter, paging.pageNo, paging.pageSize])}`, async () =>
      pageOf(await findGamesPage(db, filter, offsetOf(paging)), paging.pageSize),
    );
  }

  /** Hot games in the merchant's order; the answer is shared between callers, who must not change it. */
  function listHotGames(merchantId: string, query: GameQuery, limit: number): Promise<CatalogueGameRow[]> {
    const filter = { ...toFilter(merchantId, query), isHot: true };
    return cache.get(`hot:${JSON.stringify([filter, limit])}`, async () => {
      const { rows } = await findGamesPage(db, filter, { offset: 0, limit });
      return rows;
    });
  }

  /**
   * Keeps what a caller makes of the public lists (a route's serialized answer) for as long as
   * the catalogue is unchanged, under key, which must name everything the answer depends on.
   */
  function keepWhileUnchanged<T>(key: string, make: () => Promise<T>): Promise<T> {
    return cache.get(`kept:${key}`, make);
  }

  /** One page of a member's games (favourites, recently played) in the order their ranking gives. */
  async function listRankedGames(
    merchantId: string,
    ranking: MemberGameRanking,
    query: GameQuery,
    paging: Paging,
  ) {
    return pageOf(
      await findRankedGamesPage(db, toFilter(merchantId, query), ranking, offsetOf(paging)),
      paging.pageSize,
    );
  }

  function listFavorites(merchantId: string, memberId: string, query: GameQuery, paging: Paging) {
    return listRankedGames(merchantId, rankFavorites(db, memberId), query, paging);
  }

  function listRecent(merchantId: string, memberId: string, query: GameQuery, paging: Paging) {
    return listRankedGames(merchantId, rankRecentlyPlayed(db, memberId), query, paging);
  }

  function listWinners(merchantId: string, category: string | undefined, limit: number) {
    return findLatestWins(db, { merchantId, category }, limit);
  }

  async function throttleToggle(memberId: string): Promise<void> {
    const result = await rateLimiter.hit(FAVORITE_TOGGLE_RULE, memberId);
    if (!result.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
  }

  async function gameIdOf(merchantId: string, nodeId: string): Promise<string> {
    const game = await findGameIdByNodeId(db, merchantId, nodeId);
    if (!game) throw new AppError('NOT_FOUND');
    return game.id;
  }

  /** Adds a favourite (one toggle per second per member); adding one twice changes nothing. */
  async function addFavorite(merchantId: string, memberId: string, nodeId: string): Promise<void> {
    await throttleToggle(memberId);
    await insertFavorite(db, { merchantId, memberId, gameId: await gameIdOf(merchantId, nodeId) });
  }

  async function removeFavorite(merchantId: string, memberId: string, nodeId: string): Promise<void> {
    await throttleToggle(memberId);
    await deleteFavorite(db, memberId, await gameIdOf(merchantId, nodeId));
  }

  return {
    listVendorLanes,
    listGames,
    listHotGames,
    keepWhileUnchanged,
    listFavorites,
    listRecent,
    listWinners,
    addFavorite,
    removeFavorite,
  };
}

/** A player's account shown on the winner board: enough to recognise oneself, not to find anyone. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account.charAt(0)}***`;
  const visible = account.length <= 5 ? 1 : 2;
  return `${account.slice(0, visible)}***${account.slice(-1)}`;
}
