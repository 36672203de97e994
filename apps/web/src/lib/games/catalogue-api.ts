import { queryOptions } from '@tanstack/react-query';
import { type ApiValue, api } from '../api/api-client';
import type { LanguageCode } from '../api/system-types';
import { readStorage, storageKeys, writeStorage } from '../storage-keys';

/** A game as the lists carry it (API.md "Values"; spec §3 "Game item"): isHot 1 marks a hot game,
 * supportPlay 0 offers a free demo, isGame VASSALAGE is a vendor entry that opens its own list. */
export type GamesPage = ApiValue<'/wps/relay/games', 'get'>;
export type GameItem = GamesPage['games'][number];
export type WinnerItem = ApiValue<'/wps/relay/winners', 'get'>['list'][number];
export type VendorLane = ApiValue<'/wps/relay/vendors', 'get'>['list'][number];
export type VendorCard = VendorLane['cards'][number];

/** Spec §9: lobby page size 18, home rows and hot on home 12, favourites 999, recent 12, winners 20. */
export const lobbyPageSize = 18;
export const homeRowSize = 12;
export const favoritesPageSize = 999;
export const recentPageSize = 12;
export const winnersLimit = 20;
const clientType = 3;
const platform = 'html5-desktop';

export type GameListFilter = {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
};

/** Vendor lanes, cached until flushed: the language is in the key, so a language change flushes them. */
export const vendorLanesQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['lobby', 'vendors', language],
    queryFn: ({ signal }) =>
      api
        .get('/wps/relay/vendors', { params: { query: { platform, language } }, signal })
        .then((value) => value.list),
    staleTime: Number.POSITIVE_INFINITY,
  });

function readCachedGames(key: string): GamesPage | undefined {
  try {
    const value = JSON.parse(readStorage('session', key) ?? 'null') as GamesPage | null;
    return value && Array.isArray(value.games) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hot games are kept in session storage until a refresh is asked (spec §4): a new page of the same
 * session shows them at once without a call; the language is in the key, so a change reloads them.
 */
export const hotGamesQuery = (language: LanguageCode, filter: GameListFilter = {}) => {
  const storageKey = `${storageKeys.hotGamesPrefix}${language}:${filter.gameType ?? ''}:${filter.vassalage ?? ''}`;
  return queryOptions({
    queryKey: ['lobby', 'hot', language, filter.gameType ?? '', filter.vassalage ?? ''],
    queryFn: async ({ signal }) => {
      const value = await api.get('/wps/relay/hotGames', {
        params: {
          query: {
            isPlatform: 2,
            platform,
            language,
            gameType: filter.gameType,
            vassalage: filter.vassalage,
          },
        },
        signal,
      });
      writeStorage('session', storageKey, JSON.stringify(value));
      return value;
    },
    initialData: () => readCachedGames(storageKey),
    staleTime: Number.POSITIVE_INFINITY,
  });
};

export function fetchGamesPage(
  language: LanguageCode,
  filter: GameListFilter,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<GamesPage> {
  return api.get('/wps/relay/games', {
    params: { query: { clientType, platform, language, pageNo, pageSize, ...filter } },
    signal,
  });
}

export const favoritesQuery = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: ['lobby', 'favorites', language, token],
    queryFn: ({ signal }) =>
      api.get('/wps/relay/favorites', {
        params: { query: { clientType, platform, language, pageNo: 1, pageSize: favoritesPageSize } },
        signal,
      }),
    enabled: token !== null,
  });

export function fetchRecentPage(
  language: LanguageCode,
  filter: GameListFilter,
  page: number,
  signal?: AbortSignal,
): Promise<GamesPage> {
  return api
    .get('/wps/relay/recent', {
      params: {
        query: {
          clientType,
          language,
          page,
          pageSize: recentPageSize,
          gameType: filter.gameType,
          vassalage: filter.vassalage,
        },
      },
      signal,
    })
    .then((value) => ({ games: value.list, totalPages: value.totalPages }));
}

export const recentQuery = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: ['lobby', 'recent', language, token],
    queryFn: ({ signal }) => fetchRecentPage(language, {}, 1, signal),
    enabled: token !== null,
  });

export const winnersQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['lobby', 'winners', language],
    queryFn: ({ signal }) =>
      api
        .get('/wps/relay/winners', {
          params: { query: { gameCategory: 'ALL', language, limitNum: winnersLimit } },
          signal,
        })
        .then((value) => value.list),
    staleTime: 60_000,
  });

export function addFavorite(game: GameItem) {
  return api.post('/wps/relay/favorites', {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}

export function removeFavorite(nodeId: string) {
  return api.delete('/wps/relay/favorites/{nodeId}', { params: { path: { nodeId } } });
}

export type LaunchResult = ApiValue<'/wps/game/launchGame', 'get'>;

export function requestLaunch(nodeId: string, mode: 'real' | 'demo', language: LanguageCode) {
  return api.get('/wps/game/launchGame', { params: { query: { nodeId, mode, language } } });
}
