import { Type } from 'typebox';
import {
  ADMIN_GAMES_PAGE_SIZE_MAX,
  ADMIN_SEARCH_LENGTH_MAX,
  BULK_ACTIONS,
  BULK_GAMES_MAX,
  type BulkAction,
  CATALOGUE_ROWS_MAX,
  type CatalogueAdminService,
  CLASSIFY_KEY_PATTERN,
  CLASSIFY_NAME_LENGTH_MAX,
  type ClassifyGroupInput,
  GAME_NAME_LENGTH_MAX,
  GAME_STATUSES,
  type GameChange,
  MONEY_INPUT_PATTERN,
  PERCENT_INPUT_PATTERN,
  SORT_ORDER_MAX,
  VENDOR_STATUSES,
  type VendorChange,
} from '../../modules/catalogue/catalogue-admin.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  MerchantScopeQuery,
} from './bo-schemas.ts';
import { type ImageUploadLimits, saveUploadedImage } from './image-upload.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type GamesRoutesDeps = { catalogueAdmin: CatalogueAdminService; images: ImageStore };

const TAGS = ['back office: games'];
/** Game icons are shown at tile size; 2 MiB and 2048 × 2048 are far above what a tile needs. */
export const GAME_ICON_BYTES_MAX = 2 * 1024 * 1024;
const GAME_ICON_UPLOAD: ImageUploadLimits = {
  namespace: 'game-icons',
  maxBytes: GAME_ICON_BYTES_MAX,
  maxPixels: 2048 * 2048,
};

const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Names = (maxLength: number) =>
  Type.Object(
    { TY: Name(maxLength), EN: Name(maxLength) },
    { additionalProperties: false, description: 'The name in Tagalog (TY) and English (EN)' },
  );
const SortOrder = Type.Integer({ minimum: 0, maximum: SORT_ORDER_MAX });
const ClassifyKey = Type.String({ pattern: CLASSIFY_KEY_PATTERN, examples: ['SLOT'] });

const VendorView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  vassalage: Type.String(),
  name: Type.String(),
  status: StringOf(VENDOR_STATUSES),
  sortOrder: Type.Integer(),
  isInHouse: Type.Boolean({
    description: "In the merchant's in-house list: its RNG games list under INHOUSE",
  }),
  walletMode: Type.String(),
  isBonusPlayable: Type.Boolean({
    description:
      'Bonus money may be staked at it, and it sees cash + bonus as the balance (seamless vendors only)',
  }),
  games: Type.Integer(),
});
const VendorBody = Type.Object(
  {
    name: Type.Optional(Name(GAME_NAME_LENGTH_MAX)),
    status: Type.Optional(StringOf(VENDOR_STATUSES)),
    sortOrder: Type.Optional(SortOrder),
    isInHouse: Type.Optional(Type.Boolean()),
    isBonusPlayable: Type.Optional(
      Type.Boolean({
        description: 'Let bonus money play here; refused (VALIDATION) for a transfer-wallet vendor',
      }),
    ),
  },
  { additionalProperties: false },
);

const Money = Type.String({ examples: ['1.00'], description: 'Money, two fraction digits' });
const MoneyInput = Type.String({ pattern: MONEY_INPUT_PATTERN, maxLength: 16, examples: ['1.00'] });
const BetLimitsView = Type.Object(
  {
    minStake: Money,
    maxStake: Money,
    maxWin: Money,
    isDefault: Type.Boolean({ description: 'No limits set for this game: the defaults apply' }),
  },
  { description: "Our own games' bet limits in force; null for a vendor's game" },
);
const BetLimitsBody = Type.Object(
  { minStake: MoneyInput, maxStake: MoneyInput, maxWin: MoneyInput },
  {
    additionalProperties: false,
    description:
      'Each bet from minStake to maxStake (minStake ≤ maxStake), and the most a round may win; all above zero',
  },
);

const GameView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  vendorId: Type.String(),
  vassalage: Type.String(),
  vendorName: Type.String(),
  nodeId: Type.String(),
  gameCode: Type.String(),
  gameType: Type.String(),
  names: Type.Record(Type.String(), Type.String()),
  iconUrl: Nullable(Type.String()),
  isHot: Type.Boolean(),
  sortOrder: Type.Integer(),
  status: StringOf(GAME_STATUSES),
  supportPlay: Type.Integer({ description: '0: demo play is offered' }),
  classify: Nullable(Type.String()),
  betLimits: Nullable(BetLimitsView),
  houseEdge: Nullable(
    Type.String({
      examples: ['1.06'],
      description:
        'The game\'s house edge in percent ("1.06" is 1.06 %), which rebates on theoretical loss multiply valid bet by; null: the game type\'s edge in the rebate settings',
    }),
  ),
  updatedAt: Type.String(),
});
const GameBody = Type.Object(
  {
    names: Type.Optional(Names(GAME_NAME_LENGTH_MAX)),
    status: Type.Optional(StringOf(GAME_STATUSES)),
    isHot: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(SortOrder),
    supportPlay: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    classify: Type.Optional(Nullable(Type.String({ pattern: CLASSIFY_KEY_PATTERN }))),
    betLimits: Type.Optional(Nullable(BetLimitsBody)),
    houseEdge: Type.Optional(
      Nullable(
        Type.String({
          pattern: PERCENT_INPUT_PATTERN,
          maxLength: 5,
          examples: ['1.06'],
          description:
            "Percent, at most 50.00 (VALIDATION tooHigh beyond); null: the game type's edge applies",
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
const GamesQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  search: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_LENGTH_MAX })),
  vendorId: Type.Optional(Id),
  gameType: Type.Optional(Type.String({ pattern: '^[A-Z_]{2,16}$' })),
  status: Type.Optional(StringOf(GAME_STATUSES)),
  classify: Type.Optional(ClassifyKey),
  isHot: Type.Optional(Type.Boolean()),
  page: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: ADMIN_GAMES_PAGE_SIZE_MAX, default: 25 })),
});
const BulkBody = Type.Object(
  {
    merchantId: MerchantIdField,
    ids: Type.Array(Id, { minItems: 1, maxItems: BULK_GAMES_MAX, uniqueItems: true }),
    action: StringOf(BULK_ACTIONS),
  },
  { additionalProperties: false },
);

const ClassifyView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  key: Type.String(),
  names: Type.Record(Type.String(), Type.String()),
  sortOrder: Type.Integer(),
  games: Type.Integer({ description: 'Games in the group; only an empty group can be deleted' }),
});
const NewClassifyBody = Type.Object(
  {
    merchantId: MerchantIdField,
    key: ClassifyKey,
    names: Names(CLASSIFY_NAME_LENGTH_MAX),
    sortOrder: SortOrder,
  },
  { additionalProperties: false },
);
const ClassifyBody = Type.Object(
  { names: Type.Optional(Names(CLASSIFY_NAME_LENGTH_MAX)), sortOrder: Type.Optional(SortOrder) },
  { additionalProperties: false },
);

const actorOf = async (request: Parameters<typeof readOperator>[0]) => (await readOperator(request)).actor;

/**
 * The catalogue in the back office: vendors, games (with icon upload and bulk actions) and
 * classify groups. Reading needs games.read, changing games.write; each change is audited.
 */
export function registerGamesRoutes(app: TypedApp, deps: GamesRoutesDeps): void {
  const { catalogueAdmin, images } = deps;

  app.get(
    '/bo/game-vendors',
    {
      ...merchantScopedRoute('games.read'),
      schema: {
        tags: TAGS,
        summary: `The merchant's game vendors in lobby order (at most ${CATALOGUE_ROWS_MAX})`,
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(VendorView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: await catalogueAdmin.listVendors(await targetMerchantOf(request)) }),
  );

  app.put(
    '/bo/game-vendors/:id',
    {
      ...resourceRoute('games.write', catalogueAdmin.findMerchantOfVendor),
      schema: {
        tags: TAGS,
        summary:
          'Change a vendor: status (active, maintenance, disabled), order, display name, in-house list, whether bonus money plays there (seamless vendors only)',
        params: IdParams,
        body: VendorBody,
        response: { 200: Envelope(VendorView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await catalogueAdmin.updateVendor(await actorOf(request), id, request.body as VendorChange));
    },
  );

  app.get(
    '/bo/games',
    {
      ...merchantScopedRoute('games.read'),
      schema: {
        tags: TAGS,
        summary:
          "The merchant's games, hidden ones included: search (any language, or the game code), filters, paging",
        querystring: GamesQuery,
        response: {
          200: Envelope(
            Type.Object({ ...CountedPageOf(GameView).properties, gameTypes: Type.Array(Type.String()) }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { query } = request;
      const merchantId = await targetMerchantOf(request);
      return ok(
        await catalogueAdmin.listGames(
          merchantId,
          {
            search: query.search,
            vendorId: query.vendorId,
            gameType: query.gameType,
            status: query.status,
            classify: query.classify,
            isHot: query.isHot,
          },
          { page: query.page, pageSize: query.pageSize },
        ),
      );
    },
  );

  app.put(
    '/bo/games/:id',
    {
      ...resourceRoute('games.write', catalogueAdmin.findMerchantOfGame),
      schema: {
        tags: TAGS,
        summary: `Change a game: names (TY and EN, at most ${GAME_NAME_LENGTH_MAX} characters), status, hot flag, order, demo offer, classify group, house edge (rebates on theoretical loss), and for our own games the bet limits (null: the defaults)`,
        params: IdParams,
        body: GameBody,
        response: { 200: Envelope(GameView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await catalogueAdmin.updateGame(await actorOf(request), id, request.body as GameChange));
    },
  );

  app.post(
    '/bo/games/:id/icon',
    {
      ...resourceRoute('games.write', catalogueAdmin.findMerchantOfGame),
      schema: {
        tags: TAGS,
        summary: `Upload a game's icon (multipart, one PNG, JPEG or WebP file, at most ${GAME_ICON_BYTES_MAX} bytes); it is re-encoded and set at once`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Envelope(GameView), 413: { $ref: 'ErrorEnvelope#' }, ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { url } = await saveUploadedImage(request, images, GAME_ICON_UPLOAD);
      return ok(await catalogueAdmin.setGameIcon(await actorOf(request), id, url));
    },
  );

  app.post(
    '/bo/games/bulk',
    {
      ...merchantScopedRoute('games.write'),
      schema: {
        tags: TAGS,
        summary: `One action on up to ${BULK_GAMES_MAX} selected games: enable, maintenance, hide, hotOn, hotOff`,
        body: BulkBody,
        response: { 200: Envelope(Type.Object({ changed: Type.Integer() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { body } = request;
      return ok(
        await catalogueAdmin.bulkUpdateGames(
          await actorOf(request),
          merchantId,
          body.ids,
          body.action as BulkAction,
        ),
      );
    },
  );

  app.get(
    '/bo/game-classify-groups',
    {
      ...merchantScopedRoute('games.read'),
      schema: {
        tags: TAGS,
        summary: "The merchant's classify groups in menu order, with their names and game counts",
        querystring: MerchantScopeQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(ClassifyView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: await catalogueAdmin.listClassifyGroups(await targetMerchantOf(request)) }),
  );

  app.post(
    '/bo/game-classify-groups',
    {
      ...merchantScopedRoute('games.write'),
      schema: {
        tags: TAGS,
        summary: 'Add a classify group (a key the merchant already has is CONFLICT)',
        body: NewClassifyBody,
        response: { 200: Envelope(ClassifyView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      return ok(
        await catalogueAdmin.createClassifyGroup(
          await actorOf(request),
          merchantId,
          body as ClassifyGroupInput,
        ),
      );
    },
  );

  app.put(
    '/bo/game-classify-groups/:id',
    {
      ...resourceRoute('games.write', catalogueAdmin.findMerchantOfClassifyGroup),
      schema: {
        tags: TAGS,
        summary: 'Rename a classify group (TY and EN) or move it in the menu',
        params: IdParams,
        body: ClassifyBody,
        response: { 200: Envelope(ClassifyView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await catalogueAdmin.updateClassifyGroup(await actorOf(request), id, request.body));
    },
  );

  app.delete(
    '/bo/game-classify-groups/:id',
    {
      ...resourceRoute('games.write', catalogueAdmin.findMerchantOfClassifyGroup),
      schema: {
        tags: TAGS,
        summary: 'Delete a classify group no game uses (one in use is CONFLICT)',
        params: IdParams,
        response: { 200: Envelope(Type.Object({ removed: Type.Boolean() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      await catalogueAdmin.deleteClassifyGroup(await actorOf(request), id);
      return ok({ removed: true });
    },
  );
}
