import { Type } from 'typebox';
import { type GameService, LOTTERY_VASSALAGES, lotteryRouteOf } from '../../modules/game/game.service.ts';
import {
  type LotteryDrawRow,
  type LotteryGameRow,
  type LotteryService,
  OPENED_PAGE_SIZE_DEFAULT,
  OPENED_PAGE_SIZE_MAX,
} from '../../modules/lottery/lottery.service.ts';
import type { MemberService } from '../../modules/member/member.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import { launchLotteryLobby } from '../../workflows/launch-game.ts';
import { requireMerchant } from '../merchant-context.ts';
import { GameItem, toGameItem } from '../wps/game/game-items.ts';
import { gameMaintenance, readLaunchPlayer } from '../wps/game/launch.routes.ts';
import { ERROR_RESPONSES, LanguageQuery, MerchantQuery, StringOf } from '../wps/system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery, PageOf } from '../wps/wps-schemas.ts';

export type LotteryRoutesDeps = { games: GameService; lottery: LotteryService; members: MemberService };

const GAME_CODE = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
/** The spec's prize modes (§3) and where the lobby launch may send the player back to. */
const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
const BACK_URL_LENGTH_MAX = 300;

const LotteryMenuItem = Type.Object({
  ...GameItem.properties,
  route: Type.String({
    description: 'The lottery page that opens the game: /lottery, /vnLottery or /seaLottery',
  }),
});
const OpenedDraw = Type.Object({
  gameCode: Type.String(),
  gameName: Type.String(),
  numero: Type.String({ description: "The vendor's number of the draw" }),
  openNumbers: Type.Array(Type.Integer(), { description: 'The numbers drawn' }),
  openTime: Type.String({ format: 'date-time' }),
});

const LobbyLaunchQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  gameCode: GAME_CODE,
  lottoArea: Type.Optional(StringOf(['VN', 'SEA'])),
  launchMode: Type.Optional(StringOf(['LOTT'])),
  prizeMode: Type.Optional(StringOf(PRIZE_MODES)),
  view: Type.Optional(StringOf(['betting', 'lobby'])),
  device: Type.Optional(StringOf(['WEB', 'MOBILE'])),
  backUrl: Type.Optional(Type.String({ maxLength: BACK_URL_LENGTH_MAX, pattern: '^/[^/\\\\]' })),
});

function toOpenedDraw(game: LotteryGameRow, draw: LotteryDrawRow, language: string) {
  return {
    gameCode: game.game_code,
    gameName: toGameItem(game, language).gameName,
    numero: draw.numero,
    openNumbers: draw.numbers,
    openTime: draw.drawn_at.toISOString(),
  };
}

/**
 * The lottery calls of spec §7: the lottery menu, the opened numbers (the draws our lottery
 * vendors report on /wallet/v1/draws) and the lobby launch the lottery pages open their game with.
 */
export function registerLotteryRoutes(app: TypedApp, deps: LotteryRoutesDeps): void {
  const { lottery } = deps;

  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags: ['lottery'],
        summary:
          "The lottery menu: the merchant's lottery games (gameMenus), each with the page that opens it",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ gameMenus: Type.Array(LotteryMenuItem) })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const games = await lottery.listGames(merchant.id, LOTTERY_VASSALAGES);
      return ok({
        gameMenus: games.map((game) => ({
          ...toGameItem(game, request.language),
          route: lotteryRouteOf(game.vassalage) ?? '/lottery',
        })),
      });
    },
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags: ['lottery'],
        summary: "One lottery game's opened numbers: its draws, latest first; pageSize at most 50",
        querystring: Type.Object({
          ...MerchantQuery,
          ...LanguageQuery,
          gameCode: GAME_CODE,
          pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
          pageSize: Defaulted(
            Type.Integer({ minimum: 1, maximum: OPENED_PAGE_SIZE_MAX, default: OPENED_PAGE_SIZE_DEFAULT }),
          ),
        }),
        response: { 200: Envelope(PageOf(OpenedDraw)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const page = await lottery.listDraws(merchant.id, LOTTERY_VASSALAGES, query.gameCode, query);
      return ok({
        list: page.rows.map((draw) => toOpenedDraw(page.game, draw, request.language)),
        totalPages: page.totalPages,
      });
    },
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        tags: ['lottery'],
        summary: 'The latest opened numbers of every lottery game that has been drawn',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(PageOf(OpenedDraw)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const latest = await lottery.listLatestDraws(merchant.id, LOTTERY_VASSALAGES);
      return ok({
        list: latest.map(({ game, draw }) => toOpenedDraw(game, draw, request.language)),
        totalPages: 1,
      });
    },
  );

  app.get(
    '/lgw/vn/games/launch',
    {
      schema: {
        tags: ['lottery'],
        summary:
          "Lobby launch of a lottery game: the vendor's URL for the lottery page's frame (real play; lottoArea, launchMode, prizeMode, view, device and backUrl are passed to the vendor)",
        security: [{ bearer: [] }],
        querystring: LobbyLaunchQuery,
        response: { 200: Envelope(Type.Object({ url: Type.String() })), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const outcome = await launchLotteryLobby(
        { games: deps.games, lottery },
        {
          merchantId: merchant.id,
          gameCode: query.gameCode,
          language: request.language,
          player: await readLaunchPlayer(request, deps.members),
          parameters: {
            lottoArea: query.lottoArea ?? 'VN',
            launchMode: query.launchMode ?? 'LOTT',
            prizeMode: query.prizeMode ?? 'LOTT',
            view: query.view ?? 'betting',
            device: query.device ?? 'WEB',
            backUrl: query.backUrl,
          },
        },
      );
      if (outcome.kind === 'maintenance') throw gameMaintenance(outcome.suggestions, request.language);
      if (outcome.kind !== 'url') throw new Error('a lottery lobby launch answers a URL');
      return ok({ url: outcome.url });
    },
  );
}
