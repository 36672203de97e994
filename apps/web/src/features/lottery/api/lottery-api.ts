import { queryOptions } from '@tanstack/react-query';
import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { GameItem } from '../../../lib/games/catalogue-api';
import type { PrizeMode } from '../../../lib/games/prize-mode';

/** A lottery game of the menu (spec §3 "Lottery menu: gameMenus"), with the page that opens it. */
export type LotteryMenuItem = GameItem & { route: string };
export type OpenedDraw = ApiValue<'/lgw/vn/numeros/opened/game', 'get'>['list'][number];

/** How often the latest draw is looked at again while the page is open. */
const latestDrawRefreshMs = 15_000;

export const lotteryMenuQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['lottery', 'menu', language],
    queryFn: ({ signal }) =>
      api
        .get('/lgw/vn/games/game_menu', { params: { query: { language } }, signal })
        .then((value) => value.gameMenus),
    staleTime: 60_000,
  });

export const latestDrawQuery = (language: LanguageCode, gameCode: string | null) =>
  queryOptions({
    queryKey: ['lottery', 'opened', gameCode, language],
    queryFn: ({ signal }) =>
      api
        .get('/lgw/vn/numeros/opened/game', {
          params: { query: { gameCode: gameCode ?? '', pageNo: 1, pageSize: 1, language } },
          signal,
        })
        .then((value) => value.list[0] ?? null),
    enabled: gameCode !== null,
    refetchInterval: latestDrawRefreshMs,
  });

export type LotteryLaunch = {
  gameCode: string;
  lottoArea: 'VN' | 'SEA';
  prizeMode: PrizeMode;
  view: 'betting' | 'lobby';
  device: 'WEB' | 'MOBILE';
  backUrl: string;
  language: LanguageCode;
};

/** The lobby launch (spec §7 "Lottery"): the vendor's URL for the lottery page's frame, real play. */
export function requestLotteryLaunch(launch: LotteryLaunch, signal?: AbortSignal) {
  return api.get('/lgw/vn/games/launch', { params: { query: { ...launch, launchMode: 'LOTT' } }, signal });
}
