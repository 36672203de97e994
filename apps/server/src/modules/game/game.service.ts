import { randomBytes } from 'node:crypto';
import { verifyRequest } from '@panalo/crypto/request-signature.ts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { INHOUSE_VASSALAGE } from '../../db/in-house-games.ts';
import type {
  Database,
  GameVendorStatus,
  GameVendorTransactionsTable,
  GameVendorWalletMode,
  LocalizedText,
} from '../../db/schema.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  addOpenRoundStake,
  findGameByCode,
  findGameById,
  findGameByNodeId,
  findLaunchTokenByHash,
  findMemberRoundGames,
  findPlayableHotGames,
  findRoundById,
  findRoundByVendorRoundId,
  findVendorById,
  findVendorByVassalage,
  findVendorTransaction,
  type GameRow,
  insertLaunchToken,
  insertVendorTransaction,
  type LaunchTokenRow,
  listVendorAddresses,
  listVendorsByVassalage,
  openLaunchToken,
  type RoundRow,
  rollBackRound,
  settleRound,
  setVendorTransactionRound,
  updateGame,
  updateVendorStatus,
  upsertGameFromFeed,
  upsertVendor,
  type VendorRow,
  type VendorTransactionRow,
} from './game.repository.ts';

export type { GameRow, LaunchTokenRow, RoundRow, VendorRow, VendorTransactionRow };

/** A real-mode launch token must be used (the vendor authenticates) within this; then the session bounds it. */
export const LAUNCH_TOKEN_OPEN_MS = 5 * 60_000;
/** Hot games offered instead of a game under maintenance. */
export const MAINTENANCE_SUGGESTIONS_MAX = 6;
/** How many merchants' vendors of one code a signed call is checked against (one HMAC each). */
const SIGNING_VENDORS_PER_CODE_MAX = 100;
/** Games one catalogue feed may bring: a bound on what an import writes. */
export const CATALOGUE_GAMES_MAX = 2_000;
const TEXT_LENGTH_MAX = 100;
const URL_LENGTH_MAX = 500;
const GAME_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const GAME_TYPE_PATTERN = /^[A-Z_]{2,16}$/;
const VASSALAGE_PATTERN = /^[A-Z0-9_]{2,32}$/;

/**
 * Lottery vendors do not open in the game iframe: the web app shows its own lottery pages
 * (spec §4 "launch routing"), so their launch answers a route instead of a URL.
 */
const LOTTERY_ROUTES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** The vendor codes whose games are lotteries, opened on the lottery pages. */
export const LOTTERY_VASSALAGES: readonly string[] = Object.keys(LOTTERY_ROUTES);

export function lotteryRouteOf(vassalage: string): string | null {
  return LOTTERY_ROUTES[vassalage] ?? null;
}

/** One game of a vendor's catalogue feed. */
export type CatalogueGame = {
  gameCode: string;
  names: LocalizedText;
  gameType: string;
  iconUrl: string | null;
  /** Whether the vendor offers play money for it. */
  demo: boolean;
  /** A slot's number of lines (1 to 1,024), which bonuses' spin rules read; left out: unknown. */
  paylines?: number | null;
};
export type CatalogueFeed = { vendor: string; name: string; games: CatalogueGame[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isShortText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= TEXT_LENGTH_MAX;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > URL_LENGTH_MAX) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads a vendor's catalogue feed — `{ vendor, name, games: [{ gameCode, names: { EN, TY },
 * gameType, iconUrl, demo }] }` — refusing anything malformed rather than importing half of it.
 */
export function parseCatalogueFeed(json: unknown): CatalogueFeed {
  const fail = (what: string): never => {
    throw new AppError('VALIDATION', { value: { fields: { [what]: 'invalid' } } });
  };
  if (!isRecord(json)) return fail('feed');
  const { vendor, name, games } = json;
  if (typeof vendor !== 'string' || !VASSALAGE_PATTERN.test(vendor)) return fail('vendor');
  if (!isShortText(name)) return fail('name');
  if (!Array.isArray(games) || games.length > CATALOGUE_GAMES_MAX) return fail('games');
  const seen = new Set<string>();
  const parsed = games.map((game, index): CatalogueGame => {
    if (!isRecord(game)) return fail(`games.${index}`);
    const { gameCode, names, gameType, iconUrl, demo } = game;
    if (typeof gameCode !== 'string' || !GAME_CODE_PATTERN.test(gameCode) || seen.has(gameCode)) {
      return fail(`games.${index}.gameCode`);
    }
    seen.add(gameCode);
    if (!isRecord(names) || !isShortText(names.EN)) return fail(`games.${index}.names`);
    const localized: LocalizedText = {};
    for (const [language, text] of Object.entries(names)) {
      if (!/^[A-Z]{2}$/.test(language) || !isShortText(text)) return fail(`games.${index}.names`);
      localized[language] = text;
    }
    if (typeof gameType !== 'string' || !GAME_TYPE_PATTERN.test(gameType))
      return fail(`games.${index}.gameType`);
    if (iconUrl !== undefined && iconUrl !== null && !isHttpUrl(iconUrl))
      return fail(`games.${index}.iconUrl`);
    return {
      gameCode,
      names: localized,
      gameType,
      iconUrl: (iconUrl as string | null | undefined) ?? null,
      demo: demo === true,
    };
  });
  return { vendor, name, games: parsed };
}

export type RegisterVendorInput = {
  merchantId: string;
  vassalage: string;
  name: string;
  walletMode?: GameVendorWalletMode;
  launchUrl?: string | null;
  catalogueUrl?: string | null;
  /** Transfer-wallet vendors: the base of our calls to them (`<apiUrl>/transfer/v1/…`). */
  apiUrl?: string | null;
  /** The shared HMAC secret in plain text; it is stored sealed. */
  secret?: string;
};

export type GameService = ReturnType<typeof createGameService>;

/** The distinct http(s) origins of absolute addresses; relative ones and anything else are skipped. */
function distinctOrigins(addresses: readonly (string | null)[]): string[] {
  const origins = new Set<string>();
  for (const address of addresses) {
    if (!address || !/^https?:\/\//i.test(address)) continue;
    try {
      // A launch template's `{gameCode}` sits in its path, which the origin leaves out.
      origins.add(new URL(address.replaceAll('{gameCode}', 'game')).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins].sort();
}

/**
 * The game registry (vendors and games per merchant), launch tokens, rounds and the record of
 * vendors' wallet calls. Money never moves here: workflows pair these records with the wallet.
 */
export function createGameService(deps: { db: Kysely<Database>; secretBox: SecretBox; now?: () => Date }) {
  const { db, secretBox } = deps;
  const now = deps.now ?? (() => new Date());

  /** Adds a vendor to a merchant, or updates it; the secret is sealed before it is stored. */
  async function registerVendor(input: RegisterVendorInput): Promise<VendorRow> {
    if (!VASSALAGE_PATTERN.test(input.vassalage)) {
      throw new AppError('VALIDATION', { value: { fields: { vassalage: 'format' } } });
    }
    if (!isShortText(input.name)) throw new AppError('VALIDATION', { value: { fields: { name: 'length' } } });
    return upsertVendor(db, {
      id: uuidv7(),
      merchant_id: input.merchantId,
      vassalage: input.vassalage,
      name: input.name.trim(),
      ...(input.walletMode ? { wallet_mode: input.walletMode } : {}),
      ...(input.launchUrl !== undefined ? { launch_url: input.launchUrl } : {}),
      ...(input.catalogueUrl !== undefined ? { catalogue_url: input.catalogueUrl } : {}),
      ...(input.apiUrl !== undefined ? { api_url: input.apiUrl } : {}),
      ...(input.secret !== undefined ? { secret_sealed: secretBox.seal(input.secret) } : {}),
    });
  }

  /**
   * Brings a vendor's catalogue into the merchant's registry: new games are added (hidden from
   * nothing, ordered after the vendor's others), known ones get the feed's names, type and icon.
   * Answers how many games the feed held.
   */
  async function importCatalogue(
    merchantId: string,
    vendor: VendorRow,
    feed: CatalogueFeed,
  ): Promise<number> {
    if (vendor.merchant_id !== merchantId || vendor.vassalage !== feed.vendor) {
      throw new AppError('VALIDATION', { value: { fields: { vendor: 'mismatch' } } });
    }
    await db.transaction().execute(async (trx) => {
      for (const [index, game] of feed.games.entries()) {
        await upsertGameFromFeed(trx, {
          id: uuidv7(),
          merchant_id: merchantId,
          vendor_id: vendor.id,
          node_id: `${vendor.vassalage}_${game.gameCode}`,
          vassalage: vendor.vassalage,
          game_type: game.gameType,
          game_code: game.gameCode,
          names: JSON.stringify(game.names),
          icon_url: game.iconUrl,
          support_play: game.demo ? 0 : 1,
          sort_order: index,
          ...(game.paylines !== undefined ? { paylines: game.paylines } : {}),
        });
      }
    });
    return feed.games.length;
  }

  /** The vendor's HMAC secret for this merchant; null when none is configured. */
  function readVendorSecret(vendor: VendorRow): string | null {
    return vendor.secret_sealed === null ? null : secretBox.open(vendor.secret_sealed);
  }

  /**
   * A new launch token for a member's session and one game. Only its hash is stored; it must be
   * opened within LAUNCH_TOKEN_OPEN_MS, after which it lives as long as the session.
   */
  async function issueLaunchToken(input: {
    merchantId: string;
    memberId: string;
    sessionId: string;
    game: GameRow;
  }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertLaunchToken(db, {
      id: uuidv7(),
      token_hash: hashToken(token),
      merchant_id: input.merchantId,
      member_id: input.memberId,
      session_id: input.sessionId,
      game_id: input.game.id,
      vendor_id: input.game.vendor_id,
      open_by: new Date(now().getTime() + LAUNCH_TOKEN_OPEN_MS),
    });
    return token;
  }

  /**
   * The launch token a vendor presents, if it was issued for that vendor. `isOpen` tells whether
   * it has been opened (opening it now if it is still within its window); an unopened token past
   * its window still names its player, for credits and rollbacks that arrive late.
   */
  async function resolveLaunchToken(
    token: string,
    vendorId: string,
  ): Promise<{ row: LaunchTokenRow; isOpen: boolean } | null> {
    if (token.length === 0 || token.length > 100) return null;
    const row = await findLaunchTokenByHash(db, hashToken(token));
    if (!row || row.vendor_id !== vendorId) return null;
    if (row.opened_at !== null) return { row, isOpen: true };
    // Two first calls may race: the one that does not open it finds it opened by the other.
    const isOpen =
      (await openLaunchToken(db, row.id, now())) ||
      (await findLaunchTokenByHash(db, row.token_hash))?.opened_at != null;
    return { row, isOpen };
  }

  /** Stores a vendor's wallet call once; false when its transaction id had been seen. */
  function insertVendorCall(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      transactionId: string;
      ledgerKey: string | null;
      amountMinor: bigint;
      balanceAfterMinor: bigint;
    },
    call: Pick<
      Insertable<GameVendorTransactionsTable>,
      'id' | 'type' | 'status' | 'round_id' | 'ref_transaction_id'
    >,
  ): Promise<boolean> {
    return insertVendorTransaction(trx, {
      ...call,
      merchant_id: input.vendor.merchant_id,
      vendor_id: input.vendor.id,
      transaction_id: input.transactionId,
      ledger_key: input.ledgerKey,
      member_id: input.memberId,
      amount_minor: input.amountMinor,
      balance_after_minor: input.balanceAfterMinor,
    });
  }

  /**
   * Adds a vendor's stake to its round, opening the round on its first stake, in the stake's own
   * ledger transaction (`trx`): the bet record holds the stake from the moment the money moved, so
   * that a loss limit checked for a simultaneous stake counts it. Only the transaction that moves
   * the money commits it: a duplicate delivery's transaction fails on the ledger key and takes its
   * stake back with it.
   */
  async function stakeRound(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      gameId: string;
      currency: string;
      vendorRoundId: string;
      amountMinor: bigint;
      /** The lines the spin reported; a round keeps its debits' largest (null: none reported). */
      lines?: number | null;
    },
  ): Promise<void> {
    // The round's status is checked by this statement: a stake racing the round's win, rollback or
    // void (in another process) waits for it and then finds the round closed.
    const roundId = await addOpenRoundStake(trx, {
      id: uuidv7(),
      merchant_id: input.vendor.merchant_id,
      member_id: input.memberId,
      game_id: input.gameId,
      vendor_id: input.vendor.id,
      vendor_round_id: input.vendorRoundId,
      currency: input.currency,
      stake_minor: input.amountMinor,
      lines: input.lines ?? null,
    });
    if (roundId === null) throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
  }

  /** Records a stake once, beside the round its ledger transaction added it to (stakeRound). */
  async function recordDebit(input: {
    vendor: VendorRow;
    memberId: string;
    gameId: string;
    currency: string;
    transactionId: string;
    vendorRoundId: string;
    ledgerKey: string;
    amountMinor: bigint;
    balanceAfterMinor: bigint;
  }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const id = uuidv7();
      const inserted = await insertVendorCall(trx, input, { id, type: 'debit', status: 'applied' });
      if (!inserted) return false;
      const round = await findRoundByVendorRoundId(trx, input.vendor.id, input.vendorRoundId);
      assertInvariant(round !== undefined, 'games: a stake taken without its round');
      await setVendorTransactionRound(trx, id, round.id);
      return true;
    });
  }

  /** Records a win once and settles its round with it, in the win's transaction (`trx`, round locked). */
  async function recordCredit(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      round: RoundRow;
      transactionId: string;
      ledgerKey: string | null;
      amountMinor: bigint;
      balanceAfterMinor: bigint;
    },
  ): Promise<boolean> {
    const inserted = await insertVendorCall(trx, input, {
      id: uuidv7(),
      type: 'credit',
      status: 'applied',
      round_id: input.round.id,
    });
    if (inserted) await settleRound(trx, input.round.id, input.amountMinor, now());
    return inserted;
  }

  /**
   * Records a rollback once and marks its round rolled back. `voided`: the debit never arrived
   * (the ledger now refuses it); the round is then recorded as rolled back if its game is known.
   * In the rollback's transaction (`trx`, round locked).
   */
  async function recordRollback(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      /** The round rollBackRoundIn marked, or null when its game is not known. */
      roundId: string | null;
      transactionId: string;
      refTransactionId: string;
      ledgerKey: string | null;
      amountMinor: bigint;
      status: 'applied' | 'voided';
      balanceAfterMinor: bigint;
    },
  ): Promise<boolean> {
    const id = uuidv7();
    const inserted = await insertVendorCall(trx, input, {
      id,
      type: 'rollback',
      status: input.status,
      ref_transaction_id: input.refTransactionId,
    });
    if (!inserted) return false;
    if (input.roundId !== null) await setVendorTransactionRound(trx, id, input.roundId);
    return true;
  }

  /**
   * Marks a vendor's round rolled back in a rollback's transaction (`trx`), creating it when its
   * stake never arrived and its game is known (null when not): first of the rollback's writes, so
   * that a stake opening the round at the same moment waits for the round's row, never the other
   * way round.
   */
  async function rollBackRoundIn(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      gameId: string | null;
      currency: string;
      vendorRoundId: string;
    },
  ): Promise<string | null> {
    const existing = await findRoundByVendorRoundId(trx, input.vendor.id, input.vendorRoundId);
    const gameId = existing?.game_id ?? input.gameId;
    if (gameId === null) return null;
    return rollBackRound(
      trx,
      {
        id: uuidv7(),
        merchant_id: input.vendor.merchant_id,
        member_id: existing?.member_id ?? input.memberId,
        game_id: gameId,
        vendor_id: input.vendor.id,
        vendor_round_id: input.vendorRoundId,
        currency: input.currency,
      },
      now(),
    );
  }

  /**
   * A vendor's round, locked for the rest of `trx` (a resettle or a void reads its state, moves the
   * difference and writes the new state under this lock, so that two of them cannot both apply).
   */
  function lockRound(trx: Transaction<Database>, vendorId: string, vendorRoundId: string) {
    return trx
      .selectFrom('game_rounds')
      .selectAll()
      .where('vendor_id', '=', vendorId)
      .where('vendor_round_id', '=', vendorRoundId)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Records a resettle or a void once (false when its transaction id was seen) and writes the
   * round's new state in the same transaction: resettled with its new total payout, or void. The
   * bet record's triggers carry the difference into the member rollups.
   */
  async function recordAdjustment(
    trx: Transaction<Database>,
    input: {
      vendor: VendorRow;
      memberId: string;
      round: RoundRow;
      transactionId: string;
      type: 'resettle' | 'void';
      ledgerKey: string | null;
      amountMinor: bigint;
      balanceAfterMinor: bigint;
    },
  ): Promise<boolean> {
    const inserted = await insertVendorCall(trx, input, {
      id: uuidv7(),
      type: input.type,
      status: 'applied',
      round_id: input.round.id,
    });
    if (!inserted) return false;
    const at = now();
    await trx
      .updateTable('game_rounds')
      .set(
        input.type === 'resettle'
          ? { status: 'resettled', win_minor: input.amountMinor, resettled_at: at, updated_at: at }
          : { status: 'void', updated_at: at },
      )
      .where('id', '=', input.round.id)
      .execute();
    return true;
  }

  /**
   * The names of the games a member's ledger references (`<vassalage>:<round>`, as stakes and wins
   * are recorded) were played in, keyed by the reference; a reference of no round of theirs is left out.
   */
  async function findRoundGameNames(input: {
    merchantId: string;
    memberId: string;
    references: readonly string[];
  }): Promise<Map<string, LocalizedText>> {
    const roundIds = [
      ...new Set(
        input.references.flatMap((reference) => {
          const at = reference.indexOf(':');
          return at > 0 && at < reference.length - 1 ? [reference.slice(at + 1)] : [];
        }),
      ),
    ];
    const names = new Map<string, LocalizedText>();
    if (roundIds.length === 0) return names;
    const rows = await findMemberRoundGames(db, { ...input, roundIds });
    for (const row of rows) {
      // Our own games name the round by its id, vendors by their round id.
      names.set(`${INHOUSE_VASSALAGE}:${row.id}`, row.names);
      names.set(`${row.vassalage}:${row.vendor_round_id}`, row.names);
    }
    return names;
  }

  return {
    registerVendor,
    importCatalogue,
    readVendorSecret,
    findVendor: (merchantId: string, vassalage: string) => findVendorByVassalage(db, merchantId, vassalage),
    findVendorById: (id: string) => findVendorById(db, id),
    /**
     * The vendor that signed a call to /wallet/v1: among the vendors of every merchant with the code
     * the call names, the one whose secret verifies its signature (API.md "Seamless wallet"). The
     * signature, not the Host the vendor reached us on, says whose call it is; a call that two
     * vendors' secrets would both verify names no one.
     */
    async findSigningVendor(
      vassalage: string,
      signed: {
        timestamp: string | undefined;
        signature: string | undefined;
        rawBody: string;
        nowSeconds: number;
      },
    ): Promise<VendorRow | null> {
      const candidates = await listVendorsByVassalage(db, vassalage, SIGNING_VENDORS_PER_CODE_MAX);
      const signers = candidates.filter((vendor) => {
        const secret = readVendorSecret(vendor);
        return secret !== null && verifyRequest({ ...signed, secret }) === 'ok';
      });
      return signers.length === 1 ? (signers[0] ?? null) : null;
    },
    /**
     * The origins a merchant's players' pages reach for its vendors: their launch pages (framed) and
     * their catalogue hosts (whose icons the lobby shows). Our own client's relative template has none.
     */
    async listVendorOrigins(merchantId: string): Promise<{ launch: string[]; catalogue: string[] }> {
      const rows = await listVendorAddresses(db, merchantId);
      return {
        launch: distinctOrigins(rows.map((row) => row.launch_url)),
        catalogue: distinctOrigins(rows.map((row) => row.catalogue_url)),
      };
    },
    setVendorStatus: (vendorId: string, status: GameVendorStatus) => updateVendorStatus(db, vendorId, status),
    findGameByNodeId: (merchantId: string, nodeId: string) => findGameByNodeId(db, merchantId, nodeId),
    findGameByCode: (vendorId: string, gameCode: string) => findGameByCode(db, vendorId, gameCode),
    findGameById: (id: string) => findGameById(db, id),
    updateGame: (id: string, changes: Parameters<typeof updateGame>[2]) => updateGame(db, id, changes),
    /** Hot games that can be played now: what a game under maintenance suggests instead. */
    findPlayableHotGames: (merchantId: string, limit = MAINTENANCE_SUGGESTIONS_MAX) =>
      findPlayableHotGames(db, merchantId, limit),
    issueLaunchToken,
    resolveLaunchToken,
    findVendorTransaction: (vendorId: string, transactionId: string) =>
      findVendorTransaction(db, vendorId, transactionId),
    findVendorTransactionIn: (trx: Transaction<Database>, vendorId: string, transactionId: string) =>
      findVendorTransaction(trx, vendorId, transactionId),
    findRound: (vendorId: string, vendorRoundId: string) =>
      findRoundByVendorRoundId(db, vendorId, vendorRoundId),
    findRoundById: (id: string) => findRoundById(db, id),
    findRoundGameNames,
    stakeRound,
    recordDebit,
    recordCredit,
    recordRollback,
    rollBackRoundIn,
    lockRound,
    recordAdjustment,
  };
}
