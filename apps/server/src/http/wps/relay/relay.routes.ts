import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import {
  type CatalogueGameRow,
  type CatalogueService,
  classifyNameIn,
  FAVORITES_PAGE_SIZE_MAX,
  GAMES_PAGE_SIZE_DEFAULT,
  GAMES_PAGE_SIZE_MAX,
  type GameQuery,
  HOT_GAMES_MAX,
  maskAccount,
  type Paging,
  RECENT_PAGE_SIZE_MAX,
  SEARCH_TEXT_LENGTH_MAX,
  WINNERS_LIMIT_MAX,
} from '../../../modules/catalogue/catalogue.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { GameItem, gameItemOf } from '../game/game-items.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';

export type RelayRoutesDeps = { catalogue: CatalogueService; members: MemberService };

const CODE_PATTERN = '^[A-Z0-9_]{2,32}$';

/**
 * The spec's list filters. gameType is the lobby category (RNG, LIVE, INHOUSE …), vassalage a
 * vendor's code, gameClassify a classify group; clientType and platform are the spec's client
 * markers, accepted and checked but not needed to answer.
 */
const ListFilterQuery = {
  ...MerchantLanguageQuery.properties,
  clientType: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  platform: Type.Optional(StringOf(['flash', 'html5-desktop', 'html5'])),
  gameType: Type.Optional(Type.String({ pattern: CODE_PATTERN })),
  vassalage: Type.Optional(Type.String({ pattern: CODE_PATTERN })),
};

function pageSizeOf(max: number, defaultSize: number) {
  return Defaulted(Type.Integer({ minimum: 1, maximum: max, default: defaultSize }));
}

const GamesQuery = Type.Object({
  ...ListFilterQuery,
  gameClassify: Type.Optional(Type.String({ pattern: CODE_PATTERN })),
  gameName: Type.Optional(Type.String({ maxLength: SEARCH_TEXT_LENGTH_MAX })),
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: pageSizeOf(GAMES_PAGE_SIZE_MAX, GAMES_PAGE_SIZE_DEFAULT),
});
const HotGamesQuery = Type.Object({
  ...ListFilterQuery,
  isPlatform: Type.Optional(Type.Integer()),
  limitNum: Defaulted(Type.Integer({ minimum: 1, maximum: HOT_GAMES_MAX, default: HOT_GAMES_MAX })),
});
const FavoritesQuery = Type.Object({
  ...ListFilterQuery,
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: pageSizeOf(FAVORITES_PAGE_SIZE_MAX, FAVORITES_PAGE_SIZE_MAX),
});
const RecentQuery = Type.Object({
  ...ListFilterQuery,
  page: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: pageSizeOf(RECENT_PAGE_SIZE_MAX, RECENT_PAGE_SIZE_MAX),
});
const WinnersQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  gameCategory: Defaulted(Type.String({ pattern: CODE_PATTERN, default: 'ALL' })),
  limitNum: Defaulted(Type.Integer({ minimum: 1, maximum: WINNERS_LIMIT_MAX, default: WINNERS_LIMIT_MAX })),
});
const VendorsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  platform: Type.Optional(StringOf(['flash', 'html5-desktop', 'html5'])),
});
/** The games list and the hot games: the games the lobby shows, and how many pages there are. */
const GameListAnswer = Envelope(Type.Object({ games: Type.Array(GameItem), totalPages: Type.Integer() }));
const FavoriteBody = Type.Object({
  nodeId: Type.String({ minLength: 1, maxLength: 128 }),
  vendor: Type.Optional(Type.String({ maxLength: 32 })),
  gameType: Type.Optional(Type.String({ maxLength: 16 })),
});
/** Adding and removing a favourite answer the node, or that the member may not (or not so soon). */
const FAVORITE_TOGGLE_RESPONSES = {
  200: Envelope(Type.Object({ nodeId: Type.String() })),
  401: { $ref: 'ErrorEnvelope#' },
  403: { $ref: 'ErrorEnvelope#' },
  429: { $ref: 'ErrorEnvelope#' },
  ...ERROR_RESPONSES,
};

const WinnerItem = Type.Object({
  ...GameItem.properties,
  customerName: Type.String({ description: 'The winner, masked' }),
  winAmount: Type.String({ description: 'The prize, a decimal string' }),
  winTime: Type.String({ format: 'date-time' }),
  player: Type.String(),
  gameName: Type.String(),
  prize: Type.String(),
});
const VendorLaneItem = Type.Object({
  title: Type.String({ description: 'The category (gameCategory): LIVE, RNG, INHOUSE …' }),
  gameCategory: Type.String(),
  cards: Type.Array(Type.Object({ vassalage: Type.String(), accountTypeName: Type.String() })),
  vendors: Type.Array(Type.Object({ vassalage: Type.String(), accountTypeName: Type.String() })),
  gameClassify: Type.Array(
    Type.Object({ key: Type.String(), displayName: Type.String(), vendors: Type.Array(Type.String()) }),
  ),
});

/** A catalogue row as the spec's game item, every field filled (API.md "Values"). */
export function toListedGame(game: CatalogueGameRow, language: string) {
  return gameItemOf(game, game.category, language);
}

type ListFilter = { gameType?: string; vassalage?: string };

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * An answer serialized by the route's own 200 schema, as UTF-8 bytes: the games lists keep these
 * while the catalogue is unchanged, so that a repeated call costs neither a query nor the
 * mapping, serializing and encoding of its games.
 */
function serializedAnswer(reply: FastifyReply, value: unknown): Buffer {
  const serialized = reply.serialize(value);
  return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Uint8Array);
}

function gameQueryOf(query: ListFilter & { gameClassify?: string; gameName?: string }): GameQuery {
  return {
    category: query.gameType,
    vassalage: query.vassalage,
    classify: query.gameClassify,
    searchText: query.gameName,
  };
}

const schemaOf = <Query extends TSchema, Value extends TSchema>(
  summary: string,
  querystring: Query,
  value: Value,
  needsLogin = false,
) => ({
  tags: ['lobby'],
  summary,
  querystring,
  ...(needsLogin ? { security: [{ bearer: [] }] } : {}),
  response: {
    200: value,
    ...(needsLogin ? { 401: { $ref: 'ErrorEnvelope#' }, 403: { $ref: 'ErrorEnvelope#' } } : {}),
    ...ERROR_RESPONSES,
  },
});

/** The lobby's game lists (API.md "game lists"; spec §7 "Games list" … "Winner board"). */
export function registerRelayRoutes(app: TypedApp, deps: RelayRoutesDeps): void {
  const { catalogue, members } = deps;
  const memberOf = (request: FastifyRequest) => requireMember(request, members, { allowTrial: true });
  const toggleFavorite = async (
    request: FastifyRequest,
    nodeId: string,
    change: (merchantId: string, memberId: string, nodeId: string) => Promise<void>,
  ) => {
    const merchant = requireMerchant(request);
    const session = await memberOf(request);
    await change(merchant.id, session.member.id, nodeId);
    return ok({ nodeId });
  };
  /**
   * Answers a games list from the serialised answers kept while the catalogue is unchanged (see
   * serializedAnswer), under the list's name, the request's language and its filter and paging.
   */
  const sendGamesWhileUnchanged = async (
    request: FastifyRequest,
    reply: FastifyReply,
    list: string,
    filterAndPaging: unknown[],
    listGames: () => Promise<{ rows: CatalogueGameRow[]; totalPages: number }>,
  ) => {
    const body = await catalogue.keepWhileUnchanged(
      `${list}:${request.language}:${JSON.stringify(filterAndPaging)}`,
      async () => {
        const page = await listGames();
        return serializedAnswer(
          reply,
          ok({
            games: page.rows.map((game) => toListedGame(game, request.language)),
            totalPages: page.totalPages,
          }),
        );
      },
    );
    return reply.type(JSON_CONTENT_TYPE).send(body);
  };
  /** One page of the member's own games (favourites, recently played), as the lobby lists games. */
  const listMemberGames = async (
    request: FastifyRequest,
    list: typeof catalogue.listFavorites,
    query: GameQuery,
    paging: Paging,
  ) => {
    const merchant = requireMerchant(request);
    const session = await memberOf(request);
    const page = await list(merchant.id, session.member.id, query, paging);
    return {
      list: page.rows.map((game) => toListedGame(game, request.language)),
      totalPages: page.totalPages,
    };
  };

  app.get(
    '/wps/relay/vendors',
    {
      schema: schemaOf(
        'Vendor lanes: per category, its vendors and classify groups (a category shows only with vendors)',
        VendorsQuery,
        Envelope(PageOf(VendorLaneItem)),
      ),
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const lanes = await catalogue.listVendorLanes(merchant.id);
      return ok({
        list: lanes.map((lane) => ({
          title: lane.category,
          gameCategory: lane.category,
          cards: lane.cards,
          vendors: lane.cards,
          gameClassify: lane.classify.map((group) => ({
            key: group.key,
            displayName: group.names?.[request.language] || classifyNameIn(group.key, request.language),
            vendors: group.vendors,
          })),
        })),
        totalPages: 1,
      });
    },
  );

  app.get(
    '/wps/relay/games',
    {
      schema: schemaOf(
        'Games list: filter by category (gameType), vendor, classify and name (any language, ignoring case and accents); pageSize 18 by default, at most 60',
        GamesQuery,
        GameListAnswer,
      ),
    },
    async (request, reply) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const filter = gameQueryOf(query);
      const paging = { pageNo: query.pageNo, pageSize: query.pageSize };
      return sendGamesWhileUnchanged(request, reply, `games:${merchant.id}`, [filter, paging], () =>
        catalogue.listGames(merchant.id, filter, paging),
      );
    },
  );

  app.get(
    '/wps/relay/hotGames',
    {
      schema: schemaOf(
        'Hot games, in the merchant order, optionally of one category or vendor',
        HotGamesQuery,
        GameListAnswer,
      ),
    },
    async (request, reply) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const filter = gameQueryOf(query);
      return sendGamesWhileUnchanged(
        request,
        reply,
        `hot:${merchant.id}`,
        [filter, query.limitNum],
        async () => ({
          rows: await catalogue.listHotGames(merchant.id, filter, query.limitNum),
          totalPages: 1,
        }),
      );
    },
  );

  app.get(
    '/wps/relay/favorites',
    {
      schema: schemaOf(
        "The member's favourites, newest first; pageSize at most 999",
        FavoritesQuery,
        Envelope(
          Type.Object({ content: Type.Array(GameItem), pageNum: Type.Integer(), totalPages: Type.Integer() }),
        ),
        true,
      ),
    },
    async (request) => {
      const { query } = request;
      const paging = { pageNo: query.pageNo, pageSize: query.pageSize };
      const page = await listMemberGames(request, catalogue.listFavorites, gameQueryOf(query), paging);
      return ok({ content: page.list, pageNum: query.pageNo, totalPages: page.totalPages });
    },
  );

  app.post(
    '/wps/relay/favorites',
    {
      schema: {
        tags: ['lobby'],
        summary: 'Adds a favourite (one toggle per second per member; adding one twice changes nothing)',
        security: [{ bearer: [] }],
        body: FavoriteBody,
        response: FAVORITE_TOGGLE_RESPONSES,
      },
    },
    async (request) => toggleFavorite(request, request.body.nodeId, catalogue.addFavorite),
  );

  app.delete(
    '/wps/relay/favorites/:nodeId',
    {
      schema: {
        tags: ['lobby'],
        summary: 'Removes a favourite (one toggle per second per member)',
        security: [{ bearer: [] }],
        params: Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: FAVORITE_TOGGLE_RESPONSES,
      },
    },
    async (request) => toggleFavorite(request, request.params.nodeId, catalogue.removeFavorite),
  );

  app.get(
    '/wps/relay/recent',
    {
      schema: schemaOf(
        'The games the member played, from their rounds, latest first; pageSize at most 12',
        RecentQuery,
        Envelope(PageOf(GameItem)),
        true,
      ),
    },
    async (request) => {
      const { query } = request;
      const paging = { pageNo: query.page, pageSize: query.pageSize };
      return ok(await listMemberGames(request, catalogue.listRecent, gameQueryOf(query), paging));
    },
  );

  app.get(
    '/wps/relay/winners',
    {
      schema: schemaOf(
        'The winner board: the latest winning rounds (masked player, game, prize, time); limitNum at most 20',
        WinnersQuery,
        Envelope(PageOf(WinnerItem)),
      ),
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const category = query.gameCategory === 'ALL' ? undefined : query.gameCategory;
      const rows = await catalogue.listWinners(merchant.id, category, query.limitNum);
      return ok({
        list: rows.map((row) => {
          const item = toListedGame(row, request.language);
          const player = maskAccount(row.account);
          const prize = formatAmount(row.win_minor);
          return {
            ...item,
            customerName: player,
            winAmount: prize,
            winTime: row.settled_at.toISOString(),
            player,
            prize,
          };
        }),
        totalPages: 1,
      });
    },
  );
}
