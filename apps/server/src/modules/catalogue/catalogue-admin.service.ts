import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { v7 as uuidv7 } from 'uuid';
import { INHOUSE_VASSALAGE, readBetLimits } from '../../db/in-house-games.ts';
import { basisPointsOfRate, HOUSE_EDGE_BP_MAX, rateOfBasisPoints } from '../../db/loyalty-rules.ts';
import type { Database, GameStatus, GameVendorStatus, LocalizedText } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { foldSearchText } from './catalogue.service.ts';
import {
  type AdminGameRow,
  countGamesInClassify,
  countVendorGames,
  deleteClassifyGroupRow,
  findAdminGamesPage,
  findClassifyGroupsWithCounts,
  findGamesWithVendor,
  findGameWithVendor,
  findMerchantIdOf,
  findVendorsWithGameCounts,
  hasClassifyGroup,
  insertClassifyGroupOnce,
  lockClassifyGroup,
  lockGame,
  lockMerchantGames,
  lockVendor,
  updateClassifyGroupRow,
  updateGames,
  updateVendorRow,
} from './catalogue-admin.repository.ts';

/**
 * The back office's view of the catalogue: vendors (status, order, display name, the in-house
 * list), games (status, hot flag, order, names per language, icon, demo offer, classify group) and
 * classify groups. Every change is one transaction with its audit row, before and after. The lobby
 * reads the same rows on every request (it keeps no cache of its own on the server), so a change
 * shows to players at once.
 */
export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/** The languages every game and group name is kept in (API.md "Values"): Tagalog first. */
export const CATALOGUE_LANGUAGES = ['TY', 'EN'] as const;
/** A game's or vendor's name; the lobby tile shows two lines at most. */
export const GAME_NAME_LENGTH_MAX = 100;
export const CLASSIFY_NAME_LENGTH_MAX = 60;
export const SORT_ORDER_MAX = 100_000;
export const ADMIN_GAMES_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_LENGTH_MAX = 60;
/** Games one bulk action may change: a page and a half of the largest page. */
export const BULK_GAMES_MAX = 200;
/** Vendors and classify groups of one merchant the back office lists at once. */
export const CATALOGUE_ROWS_MAX = 500;
export const GAME_STATUSES = ['active', 'maintenance', 'hidden'] as const satisfies readonly GameStatus[];
export const VENDOR_STATUSES = [
  'active',
  'maintenance',
  'disabled',
] as const satisfies readonly GameVendorStatus[];
export const BULK_ACTIONS = ['enable', 'maintenance', 'hide', 'hotOn', 'hotOff'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const CLASSIFY_KEY_PATTERN = '^[A-Z0-9_]{2,32}$';

const nameText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const namesOf = (maxLength: number) =>
  Type.Object({ TY: nameText(maxLength), EN: nameText(maxLength) }, { additionalProperties: false });
const SortOrder = Type.Integer({ minimum: 0, maximum: SORT_ORDER_MAX });
/** A money amount as clients send it (API.md "Values"). */
export const MONEY_INPUT_PATTERN = '^\\d{1,13}(\\.\\d{1,2})?$';
const MoneyInput = Type.String({ pattern: MONEY_INPUT_PATTERN, maxLength: 16 });
/** A percent as rates travel (API.md "Values"): "1.06" is 1.06 %. */
export const PERCENT_INPUT_PATTERN = '^\\d{1,2}(\\.\\d{1,2})?$';

/** Bet limits of one of our own games: each bet's stake from min to max, and the win per round. */
export const BetLimitsSchema = Type.Object(
  { minStake: MoneyInput, maxStake: MoneyInput, maxWin: MoneyInput },
  { additionalProperties: false },
);
export type BetLimitsInput = Static<typeof BetLimitsSchema>;

/** What an operator may change of a game; every field optional, only those given change. */
export const GameChangeSchema = Type.Object(
  {
    names: Type.Optional(namesOf(GAME_NAME_LENGTH_MAX)),
    status: Type.Optional(Type.Union(GAME_STATUSES.map((status) => Type.Literal(status)))),
    isHot: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(SortOrder),
    supportPlay: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    classify: Type.Optional(Type.Union([Type.String({ pattern: CLASSIFY_KEY_PATTERN }), Type.Null()])),
    /** Our own games only; null goes back to the defaults. */
    betLimits: Type.Optional(Type.Union([BetLimitsSchema, Type.Null()])),
    /** The game's house edge in percent, for rebates on theoretical loss; null: its game type's. */
    houseEdge: Type.Optional(Type.Union([Type.String({ pattern: PERCENT_INPUT_PATTERN }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type GameChange = Static<typeof GameChangeSchema>;

export const VendorChangeSchema = Type.Object(
  {
    name: Type.Optional(nameText(GAME_NAME_LENGTH_MAX)),
    status: Type.Optional(Type.Union(VENDOR_STATUSES.map((status) => Type.Literal(status)))),
    sortOrder: Type.Optional(SortOrder),
    isInHouse: Type.Optional(Type.Boolean()),
    /** Bonus money may be staked at it (seamless vendors only, docs/promotions.md "The money rules"). */
    isBonusPlayable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type VendorChange = Static<typeof VendorChangeSchema>;

export const ClassifyGroupSchema = Type.Object(
  {
    key: Type.String({ pattern: CLASSIFY_KEY_PATTERN }),
    names: namesOf(CLASSIFY_NAME_LENGTH_MAX),
    sortOrder: SortOrder,
  },
  { additionalProperties: false },
);
export type ClassifyGroupInput = Static<typeof ClassifyGroupSchema>;
export const ClassifyGroupChangeSchema = Type.Object(
  { names: Type.Optional(namesOf(CLASSIFY_NAME_LENGTH_MAX)), sortOrder: Type.Optional(SortOrder) },
  { additionalProperties: false },
);
export type ClassifyGroupChange = Static<typeof ClassifyGroupChangeSchema>;

/** Refuses input the schema does not accept, naming each field, before anything is written. */
function checkInput<T extends TSchema>(schema: T, input: unknown): Static<T> {
  if (Value.Check(schema, input)) return input;
  const fields: Record<string, string> = {};
  for (const error of Value.Errors(schema, input).slice(0, 20)) {
    const field = error.instancePath.split('/').filter(Boolean).join('.') || 'input';
    fields[field] ??= error.message;
  }
  throw new AppError('VALIDATION', { value: { fields } });
}

/** Names trimmed, in the catalogue's languages only. */
function trimmedNames(names: { TY: string; EN: string }): LocalizedText {
  return { TY: names.TY.trim(), EN: names.EN.trim() };
}

type VendorRow = Row<'game_vendors'>;
type GameRow = AdminGameRow;
type ClassifyRow = Row<'game_classify_groups'>;

export function vendorViewOf(row: VendorRow & { games?: number | string }) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    vassalage: row.vassalage,
    name: row.name,
    status: row.status,
    sortOrder: row.sort_order,
    isInHouse: row.is_in_house,
    walletMode: row.wallet_mode,
    isBonusPlayable: row.is_bonus_playable,
    games: Number(row.games ?? 0),
  };
}
export type VendorView = ReturnType<typeof vendorViewOf>;

/** The limits in force for one of our own games (the defaults where none are set); null for a vendor's. */
function betLimitsViewOf(row: GameRow) {
  if (row.vassalage !== INHOUSE_VASSALAGE) return null;
  const limits = readBetLimits(row.bet_limits);
  return {
    minStake: formatAmount(limits.minStakeMinor),
    maxStake: formatAmount(limits.maxStakeMinor),
    maxWin: formatAmount(limits.maxWinMinor),
    isDefault: row.bet_limits === null,
  };
}

/**
 * The bet_limits column for limits an operator set: every amount above zero and the minimum stake
 * at most the maximum; refused field by field otherwise.
 */
function betLimitsColumnOf(input: BetLimitsInput): string {
  const fields: Record<string, string> = {};
  const minor = (field: keyof BetLimitsInput): bigint => {
    const parsed = parseAmount(input[field]);
    if (!parsed.ok) {
      fields[`betLimits.${field}`] = 'format';
      return 0n;
    }
    if (parsed.minor <= 0n) fields[`betLimits.${field}`] = 'positive';
    return parsed.minor;
  };
  const minStake = minor('minStake');
  const maxStake = minor('maxStake');
  const maxWin = minor('maxWin');
  if (minStake > maxStake && !fields['betLimits.minStake'] && !fields['betLimits.maxStake']) {
    fields['betLimits.maxStake'] = 'belowMin';
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  return JSON.stringify({ minStake: String(minStake), maxStake: String(maxStake), maxWin: String(maxWin) });
}

/** A house edge as the column holds it (basis points), at most 50 %; null: the game type's applies. */
function houseEdgeColumnOf(percent: string | null): number | null {
  if (percent === null) return null;
  const basisPoints = basisPointsOfRate(percent);
  if (basisPoints > HOUSE_EDGE_BP_MAX) {
    throw new AppError('VALIDATION', { value: { fields: { houseEdge: 'tooHigh' } } });
  }
  return basisPoints;
}

export function gameViewOf(row: GameRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    vendorId: row.vendor_id,
    vassalage: row.vassalage,
    vendorName: row.vendor_name,
    nodeId: row.node_id,
    gameCode: row.game_code,
    gameType: row.game_type,
    names: row.names,
    iconUrl: row.icon_url,
    isHot: row.is_hot,
    sortOrder: row.sort_order,
    status: row.status,
    supportPlay: row.support_play,
    classify: row.classify,
    betLimits: betLimitsViewOf(row),
    houseEdge: row.house_edge_bp === null ? null : rateOfBasisPoints(row.house_edge_bp),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type GameView = ReturnType<typeof gameViewOf>;

export function classifyViewOf(row: ClassifyRow & { games?: number | string }) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    key: row.key,
    names: row.names,
    sortOrder: row.sort_order,
    games: Number(row.games ?? 0),
  };
}

/** What the audit row keeps of a game: what an operator can change, not the bookkeeping. */
function gameAuditOf(row: GameRow) {
  const { updatedAt: _updated, vendorName: _vendor, ...view } = gameViewOf(row);
  return view;
}
function vendorAuditOf(row: VendorRow) {
  const { games: _games, ...view } = vendorViewOf(row);
  return view;
}
function classifyAuditOf(row: ClassifyRow) {
  const { games: _games, ...view } = classifyViewOf(row);
  return view;
}

export type GameListFilter = {
  search?: string | undefined;
  vendorId?: string | undefined;
  gameType?: string | undefined;
  status?: GameStatus | undefined;
  classify?: string | undefined;
  isHot?: boolean | undefined;
};

const BULK_CHANGES: Record<BulkAction, { status?: GameStatus; is_hot?: boolean }> = {
  enable: { status: 'active' },
  maintenance: { status: 'maintenance' },
  hide: { status: 'hidden' },
  hotOn: { is_hot: true },
  hotOff: { is_hot: false },
};

export function createCatalogueAdminService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  async function lockedGame(trx: Transaction<Database>, id: string): Promise<GameRow> {
    if (!(await lockGame(trx, id))) throw new AppError('NOT_FOUND');
    return findGameWithVendor(trx, id);
  }

  async function assertClassifyExists(executor: Executor, merchantId: string, key: string): Promise<void> {
    if (!(await hasClassifyGroup(executor, merchantId, key)))
      throw new AppError('VALIDATION', { value: { fields: { classify: 'unknown' } } });
  }

  /** Writes a game's changed columns and its audit row in one transaction; answers the new view. */
  async function changeGame(
    actor: ChangeActor,
    id: string,
    action: string,
    values: Partial<{
      names: string;
      status: GameStatus;
      is_hot: boolean;
      sort_order: number;
      support_play: number;
      classify: string | null;
      icon_url: string | null;
      names_overridden: boolean;
      icon_overridden: boolean;
      bet_limits: string | null;
      house_edge_bp: number | null;
    }>,
  ): Promise<GameView> {
    return db.transaction().execute(async (trx) => {
      const before = await lockedGame(trx, id);
      if (values.classify) await assertClassifyExists(trx, before.merchant_id, values.classify);
      if (values.bet_limits !== undefined && before.vassalage !== INHOUSE_VASSALAGE) {
        throw new AppError('VALIDATION', { value: { fields: { betLimits: 'inHouseOnly' } } });
      }
      await updateGames(trx, [id], { ...values, updated_at: now() });
      const after = await findGameWithVendor(trx, id);
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: after.merchant_id,
        action,
        target: { type: 'game', id },
        before: gameAuditOf(before),
        after: gameAuditOf(after),
      });
      return gameViewOf(after);
    });
  }

  return {
    findMerchantOfGame: (id: string) => findMerchantIdOf(db, 'games', id),
    findMerchantOfVendor: (id: string) => findMerchantIdOf(db, 'game_vendors', id),
    findMerchantOfClassifyGroup: (id: string) => findMerchantIdOf(db, 'game_classify_groups', id),

    /** The merchant's vendors in lobby order, each with how many games it has. */
    async listVendors(merchantId: string) {
      const rows = await findVendorsWithGameCounts(db, merchantId, CATALOGUE_ROWS_MAX);
      return rows.map((row) => vendorViewOf({ ...row, games: row.games ?? 0 }));
    },

    async updateVendor(actor: ChangeActor, id: string, input: VendorChange) {
      const change = checkInput(VendorChangeSchema, input);
      return db.transaction().execute(async (trx) => {
        const before = await lockVendor(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        // A transfer-wallet vendor holds cash the member moved there; bonus money never goes there.
        if (change.isBonusPlayable === true && before.wallet_mode !== 'seamless') {
          throw new AppError('VALIDATION', { value: { fields: { isBonusPlayable: 'seamlessOnly' } } });
        }
        const after = await updateVendorRow(trx, id, {
          ...(change.name !== undefined ? { name: change.name.trim() } : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.sortOrder !== undefined ? { sort_order: change.sortOrder } : {}),
          ...(change.isInHouse !== undefined ? { is_in_house: change.isInHouse } : {}),
          ...(change.isBonusPlayable !== undefined ? { is_bonus_playable: change.isBonusPlayable } : {}),
          updated_at: now(),
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: after.merchant_id,
          action: 'game_vendor.update',
          target: { type: 'game_vendor', id },
          before: vendorAuditOf(before),
          after: vendorAuditOf(after),
        });
        return vendorViewOf({ ...after, games: await countVendorGames(trx, id) });
      });
    },

    /**
     * One page of the merchant's games, hidden ones included, in lobby order: search matches any
     * language's name (ignoring case and accents) or the game's code; filters by vendor, type,
     * status, classify group and hot flag. Also answers the game types the merchant has, for the
     * filter menu.
     */
    async listGames(merchantId: string, filter: GameListFilter, paging: { page: number; pageSize: number }) {
      const { rows, total, gameTypes } = await findAdminGamesPage(
        db,
        merchantId,
        { ...filter, search: filter.search ? foldSearchText(filter.search) : '' },
        { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize },
      );
      return {
        list: rows.map(gameViewOf),
        total,
        totalPages: Math.ceil(total / paging.pageSize),
        gameTypes,
      };
    },

    /** Changes the fields given; names are trimmed and must be given in both languages. */
    async updateGame(actor: ChangeActor, id: string, input: GameChange) {
      const change = checkInput(GameChangeSchema, input);
      return changeGame(actor, id, 'game.update', {
        ...(change.names !== undefined
          ? { names: JSON.stringify(trimmedNames(change.names)), names_overridden: true }
          : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.isHot !== undefined ? { is_hot: change.isHot } : {}),
        ...(change.sortOrder !== undefined ? { sort_order: change.sortOrder } : {}),
        ...(change.supportPlay !== undefined ? { support_play: change.supportPlay } : {}),
        ...(change.classify !== undefined ? { classify: change.classify } : {}),
        ...(change.betLimits !== undefined
          ? { bet_limits: change.betLimits === null ? null : betLimitsColumnOf(change.betLimits) }
          : {}),
        ...(change.houseEdge !== undefined ? { house_edge_bp: houseEdgeColumnOf(change.houseEdge) } : {}),
      });
    },

    /** Points a game at an icon already stored (and re-encoded) by the image store. */
    setGameIcon(actor: ChangeActor, id: string, iconUrl: string) {
      return changeGame(actor, id, 'game.icon', { icon_url: iconUrl, icon_overridden: true });
    },

    /**
     * One action on a selection of the merchant's games. Every id must be one of the merchant's
     * games (else NOT_FOUND and nothing changes); each game the action changes gets its own audit
     * row, and a game already in that state is left alone. Answers how many changed.
     */
    async bulkUpdateGames(
      actor: ChangeActor,
      merchantId: string,
      ids: readonly string[],
      action: BulkAction,
    ) {
      const unique = [...new Set(ids)];
      if (unique.length === 0 || unique.length > BULK_GAMES_MAX) {
        throw new AppError('VALIDATION', { value: { fields: { ids: `1 to ${BULK_GAMES_MAX} games` } } });
      }
      const change = BULK_CHANGES[action];
      return db.transaction().execute(async (trx) => {
        const locked = await lockMerchantGames(trx, merchantId, unique);
        if (locked.length !== unique.length) throw new AppError('NOT_FOUND');
        const befores = await findGamesWithVendor(trx, unique);
        const changing = befores.filter(
          (row) =>
            (change.status !== undefined && row.status !== change.status) ||
            (change.is_hot !== undefined && row.is_hot !== change.is_hot),
        );
        if (changing.length === 0) return { changed: 0 };
        const changingIds = changing.map((row) => row.id);
        await updateGames(trx, changingIds, { ...change, updated_at: now() });
        const afters = new Map((await findGamesWithVendor(trx, changingIds)).map((row) => [row.id, row]));
        for (const before of changing) {
          const after = present(
            afters.get(before.id),
            `game ${before.id} vanished inside its own transaction`,
          );
          await recordChange(trx, {
            ...actorOf(actor),
            merchantId,
            action: `game.bulk.${action}`,
            target: { type: 'game', id: before.id },
            before: gameAuditOf(before),
            after: gameAuditOf(after),
          });
        }
        return { changed: changing.length };
      });
    },

    /** The merchant's classify groups in menu order, each with how many games it holds. */
    async listClassifyGroups(merchantId: string) {
      const rows = await findClassifyGroupsWithCounts(db, merchantId, CATALOGUE_ROWS_MAX);
      return rows.map((row) => classifyViewOf({ ...row, games: row.games ?? 0 }));
    },

    /** Adds a group; a key the merchant already has is CONFLICT. */
    async createClassifyGroup(actor: ChangeActor, merchantId: string, input: ClassifyGroupInput) {
      const group = checkInput(ClassifyGroupSchema, input);
      return db.transaction().execute(async (trx) => {
        const row = await insertClassifyGroupOnce(trx, {
          id: uuidv7(),
          merchant_id: merchantId,
          key: group.key,
          names: JSON.stringify(trimmedNames(group.names)),
          sort_order: group.sortOrder,
        });
        if (!row) throw new AppError('CONFLICT', { value: { fields: { key: 'already exists' } } });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'game_classify.create',
          target: { type: 'game_classify', id: row.id },
          before: null,
          after: classifyAuditOf(row),
        });
        return classifyViewOf(row);
      });
    },

    /** Renames a group (both languages) or moves it in the menu; its key stays. */
    async updateClassifyGroup(actor: ChangeActor, id: string, input: ClassifyGroupChange) {
      const change = checkInput(ClassifyGroupChangeSchema, input);
      return db.transaction().execute(async (trx) => {
        const before = await lockClassifyGroup(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await updateClassifyGroupRow(trx, id, {
          ...(change.names !== undefined ? { names: JSON.stringify(trimmedNames(change.names)) } : {}),
          ...(change.sortOrder !== undefined ? { sort_order: change.sortOrder } : {}),
          updated_at: now(),
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: after.merchant_id,
          action: 'game_classify.update',
          target: { type: 'game_classify', id },
          before: classifyAuditOf(before),
          after: classifyAuditOf(after),
        });
        return classifyViewOf(after);
      });
    },

    /** Removes a group that no game uses; one in use is CONFLICT with how many games hold it. */
    async deleteClassifyGroup(actor: ChangeActor, id: string) {
      await db.transaction().execute(async (trx) => {
        const before = await lockClassifyGroup(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const used = await countGamesInClassify(trx, before.merchant_id, before.key);
        if (used > 0) throw new AppError('CONFLICT', { value: { games: used } });
        await deleteClassifyGroupRow(trx, id);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchant_id,
          action: 'game_classify.delete',
          target: { type: 'game_classify', id },
          before: classifyAuditOf(before),
          after: null,
        });
      });
    },
  };
}
