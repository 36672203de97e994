import { AMOUNT_MINOR_MAX } from '@panalo/money/amount.ts';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type AccountRow,
  applyTransfer,
  applyTransfers,
  findAccountById,
  findCashAccounts,
  findHouseAccounts,
  findPlayerAccounts,
  findPlayerAccountsOf,
  findTransferByKey,
  insertAccounts,
  insertPlayerAccountsOf,
  isUniqueViolation,
  lockAccounts,
  lockAccountsWithMembersOf,
  type NewAccount,
  type NewTransfer,
  TRANSFER_KEY_INDEX,
  type TransferRow,
} from './wallet.repository.ts';

/** The largest single transfer: the largest amount the wire accepts (9 999 999 999 999.99). */
export const TRANSFER_AMOUNT_MINOR_MAX = AMOUNT_MINOR_MAX;
/**
 * House accounts per purpose and currency. Bets of different players land on different rows
 * (the shard is a hash of the player), so concurrent bets do not queue on one hot row.
 */
export const HOUSE_SHARD_COUNT = 16;
export const IDEMPOTENCY_KEY_LENGTH_MAX = 128;
export const REFERENCE_LENGTH_MAX = 128;
export const TRANSFER_PAGE_SIZE_MAX = 100;
/** Members whose cash one call reads at most (a page of a list). */
export const CASH_BALANCES_MEMBERS_MAX = 100;
/** Account ids never change once created, so a process may remember them; this bounds how many. */
const ACCOUNT_CACHE_ENTRIES_MAX = 200_000;
/** Members whose accounts one read of resolvePlayerAccounts takes at most. */
const PLAYER_ACCOUNTS_READ_MAX = 5_000;
/** Transfers one statement of executeMany applies at most (eight array parameters each way). */
const TRANSFERS_PER_STATEMENT_MAX = 5_000;

export type TransferCode =
  | 'deposit'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'bonus'
  | 'transfer'
  | 'salary'
  | 'dividend'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal'
  | 'adjustment'
  /** Money moved between a member's main wallet and a transfer-wallet vendor. */
  | 'vendor_transfer'
  /** A bonus whose wagering is done, moved from the bonus wallet to cash (docs/promotions.md). */
  | 'bonus_convert'
  /** Bonus money given back to the house: cancelled, expired, above the conversion cap, left over. */
  | 'bonus_forfeit'
  /** A share of a period's net loss paid back as cash. */
  | 'cashback'
  /** A raffle's prize paid as cash. */
  | 'raffle_prize'
  /** A rebate activated as a bonus (docs/loyalty.md). */
  | 'rebate'
  /** A VIP level's gift (upgrade, birthday, monthly) activated as a bonus. */
  | 'vip_gift'
  /** Points redeemed for cash or a bonus, or converted into the bonus wallet. */
  | 'points_reward'
  /** A prize drawn with a reward ticket (prize wheel, golden egg), as cash or a bonus (docs/rewards.md). */
  | 'reward_prize'
  /** A red envelope opened, paid as cash. */
  | 'red_envelope'
  /** A mission's reward, as cash or a bonus. */
  | 'mission_reward'
  /** A leaderboard's prize for a rank, as cash or a bonus. */
  | 'leaderboard_prize'
  /** A member referral's reward, as cash or a bonus. */
  | 'referral_reward';
export const TRANSFER_CODES: readonly TransferCode[] = [
  'deposit',
  'bet',
  'win',
  'rollback',
  'bonus',
  'transfer',
  'salary',
  'dividend',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal',
  'adjustment',
  'vendor_transfer',
  'bonus_convert',
  'bonus_forfeit',
  'cashback',
  'raffle_prize',
  'rebate',
  'vip_gift',
  'points_reward',
  'reward_prize',
  'red_envelope',
  'mission_reward',
  'leaderboard_prize',
  'referral_reward',
];

/**
 * What a house account is for. Deposit clearing is per method (`deposit:gcash`), so that each
 * method's account is what players paid in through it (negative, since the money came from
 * outside the ledger).
 */
export type HousePurpose =
  | 'game'
  | `deposit:${string}`
  | 'withdrawal_clearing'
  | 'withdrawal_paid'
  | 'adjustment'
  | 'bonus_funding'
  /** What the platform pays top-level agents by contract (salary and dividends, docs/contracts.md). */
  | 'agent_pay'
  /**
   * What members hold at a transfer-wallet vendor (`vendor_wallet:<vendor code in lower case>`):
   * positive by what sits there, since it is still the members' money.
   */
  | `vendor_wallet:${string}`;

export type PlayerWallet = 'cash' | 'bonus';
/** One side of a transfer: a member's wallet, or a house account of the merchant. */
export type AccountRef =
  | { memberId: string; wallet: PlayerWallet }
  | { house: HousePurpose; shardKey: string };

export type Transfer = {
  id: string;
  key: string;
  code: TransferCode;
  reference: string | null;
  debitAccountId: string;
  creditAccountId: string;
  currency: string;
  amountMinor: bigint;
  debitBalanceAfterMinor: bigint;
  creditBalanceAfterMinor: bigint;
  reversesKey: string | null;
  createdAt: Date;
};

/** `duplicate`: the key had been used with the same parameters; nothing changed this time. */
export type TransferOutcome = { transfer: Transfer; duplicate: boolean };

export type TransferInput = {
  merchantId: string;
  currency: string;
  key: string;
  code: TransferCode;
  reference?: string | null;
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
};

export type Balances = { cashMinor: bigint; bonusMinor: bigint };

/** A member's balance after a change, told once the change is committed. */
export type BalanceChange = {
  merchantId: string;
  memberId: string;
  currency: string;
  wallet: PlayerWallet;
  balanceMinor: bigint;
};

export function assertKey(key: string, what: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_LENGTH_MAX) {
    throw new AppError('VALIDATION', { value: { fields: { [what]: 'length' } } });
  }
}

export function assertAmount(amountMinor: bigint): void {
  if (typeof amountMinor !== 'bigint' || amountMinor <= 0n || amountMinor > TRANSFER_AMOUNT_MINOR_MAX) {
    throw new AppError('VALIDATION', { value: { fields: { amount: 'range' } } });
  }
}

const currencySymbols = new Map<string, string>();
/**
 * The symbol people know a currency by (₱ for PHP), from the platform's Intl data. Sockets get
 * it with every balance; a merchant's own configured symbol is what pages read from permission.
 */
export function currencySymbolOf(currency: string): string {
  let symbol = currencySymbols.get(currency);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      });
      symbol = parts.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    currencySymbols.set(currency, symbol);
  }
  return symbol;
}

/** FNV-1a: a stable, well-spread shard for a player, the same in every process. */
export function houseShardOf(shardKey: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < shardKey.length; index += 1) {
    hash ^= shardKey.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % HOUSE_SHARD_COUNT;
}

export function toTransfer(row: TransferRow): Transfer {
  assertInvariant(row.code !== 'void', 'wallet: a void marker is not a transfer');
  assertInvariant(
    row.debit_account_id !== null &&
      row.credit_account_id !== null &&
      row.debit_balance_after_minor !== null &&
      row.credit_balance_after_minor !== null,
    'wallet: a transfer has both sides',
  );
  return {
    id: row.id,
    key: row.idempotency_key,
    code: row.code as TransferCode,
    reference: row.reference,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    debitBalanceAfterMinor: BigInt(row.debit_balance_after_minor),
    creditBalanceAfterMinor: BigInt(row.credit_balance_after_minor),
    reversesKey: row.reverses_key,
    createdAt: row.created_at,
  };
}

export type ResolvedAccount = { id: string; kind: AccountRow['kind']; ownerId: string | null };
/** A caller's transaction the ledger writes in, and what to tell once it has committed. */
export type BoundLedger = { trx: Transaction<Database>; committed: Array<() => void> };

/**
 * The ledger: every movement of money between accounts, idempotent on the caller's key (the
 * holds of withdrawals in holds.ts build on it). Deposits, withdrawals, games, bonuses and agents all move money through
 * this one API (game moves in game-moves.ts build on it). `onBalanceChanged` hears every change of
 * a member's balance after it is committed (the app sends it to the member's sockets).
 */
export function createLedger(deps: {
  db: Kysely<Database>;
  onBalanceChanged?: (change: BalanceChange) => void;
}) {
  const { db } = deps;
  const accountCache = new Map<string, ResolvedAccount>();
  /**
   * Accounts a transaction has resolved, by the same keys as accountCache, for that transaction
   * only (a batch of grants locks its members' accounts, then moves money between them): valid
   * while it runs, whether or not it created them, and gone with it.
   */
  const resolvedInTransaction = new WeakMap<Transaction<Database>, Map<string, ResolvedAccount>>();
  /**
   * The accounts a transaction has locked (row locks last until it ends), so that a batch's moves
   * lock only what its own earlier reads under lock did not: the same locks, taken once.
   */
  const lockedInTransaction = new WeakMap<Transaction<Database>, Set<string>>();
  const lockedOf = (trx: Transaction<Database>) => {
    let locked = lockedInTransaction.get(trx);
    if (!locked) {
      locked = new Set();
      lockedInTransaction.set(trx, locked);
    }
    return locked;
  };
  const transactionCacheOf = (trx: Transaction<Database>) => {
    let known = resolvedInTransaction.get(trx);
    if (!known) {
      known = new Map();
      resolvedInTransaction.set(trx, known);
    }
    return known;
  };

  /** The house purposes a transaction created shards of: not remembered beyond it until committed. */
  const housesCreated = new WeakMap<Transaction<Database>, Set<string>>();
  const housesCreatedIn = (trx: Transaction<Database>) => {
    let created = housesCreated.get(trx);
    if (!created) {
      created = new Set();
      housesCreated.set(trx, created);
    }
    return created;
  };

  function remember(cacheKey: string, account: ResolvedAccount): void {
    // Entries never go stale (accounts are never deleted or re-keyed); the bound only caps memory.
    if (accountCache.size >= ACCOUNT_CACHE_ENTRIES_MAX) accountCache.clear();
    accountCache.set(cacheKey, account);
  }

  /** A member's cash and bonus accounts, created on first use so that existing members work. */
  async function resolvePlayerAccount(
    merchantId: string,
    memberId: string,
    currency: string,
    wallet: PlayerWallet,
  ): Promise<ResolvedAccount> {
    const cacheKey = `p|${merchantId}|${memberId}|${currency}|${wallet}`;
    const cached = accountCache.get(cacheKey);
    if (cached) return cached;
    let rows = await findPlayerAccounts(db, memberId, currency);
    if (rows.length < 2) {
      await insertAccounts(
        db,
        (['player_cash', 'player_bonus'] as const).map(
          (kind): NewAccount => ({
            id: uuidv7(),
            merchantId,
            kind,
            ownerId: memberId,
            purpose: null,
            shard: 0,
            currency,
          }),
        ),
      );
      rows = await findPlayerAccounts(db, memberId, currency);
    }
    for (const row of rows) {
      if (row.merchant_id !== merchantId) throw new AppError('NOT_FOUND');
      const rowWallet: PlayerWallet = row.kind === 'player_cash' ? 'cash' : 'bonus';
      remember(`p|${merchantId}|${memberId}|${currency}|${rowWallet}`, {
        id: row.id,
        kind: row.kind,
        ownerId: row.owner_id,
      });
    }
    const resolved = accountCache.get(cacheKey);
    assertInvariant(resolved !== undefined, 'wallet: a player has a cash and a bonus account');
    return resolved;
  }

  /**
   * The accounts of many members resolved at once (a contract settlement's payers and payees):
   * those that exist in one read, each missing one created as resolvePlayerAccount creates it.
   */
  async function resolvePlayerAccounts(
    merchantId: string,
    memberIds: readonly string[],
    currency: string,
  ): Promise<void> {
    const missing = new Set(
      memberIds.filter((memberId) => !accountCache.has(`p|${merchantId}|${memberId}|${currency}|cash`)),
    );
    for (let start = 0; start < missing.size; start += PLAYER_ACCOUNTS_READ_MAX) {
      const ids = [...missing].slice(start, start + PLAYER_ACCOUNTS_READ_MAX);
      for (const row of await findPlayerAccountsOf(db, ids, currency)) {
        if (row.merchant_id !== merchantId || row.owner_id === null) continue;
        const rowWallet: PlayerWallet = row.kind === 'player_cash' ? 'cash' : 'bonus';
        remember(`p|${merchantId}|${row.owner_id}|${currency}|${rowWallet}`, {
          id: row.id,
          kind: row.kind,
          ownerId: row.owner_id,
        });
      }
    }
    for (const memberId of missing) {
      for (const wallet of ['cash', 'bonus'] as const) {
        if (!accountCache.has(`p|${merchantId}|${memberId}|${currency}|${wallet}`)) {
          await resolvePlayerAccount(merchantId, memberId, currency, wallet);
        }
      }
    }
  }

  async function resolveHouseAccount(
    merchantId: string,
    purpose: HousePurpose,
    currency: string,
    shardKey: string,
  ): Promise<ResolvedAccount> {
    const shard = houseShardOf(shardKey);
    const cacheKey = `h|${merchantId}|${purpose}|${currency}|${shard}`;
    const cached = accountCache.get(cacheKey);
    if (cached) return cached;
    let rows = await findHouseAccounts(db, merchantId, purpose, currency);
    if (rows.length < HOUSE_SHARD_COUNT) {
      await insertAccounts(
        db,
        Array.from(
          { length: HOUSE_SHARD_COUNT },
          (_, index): NewAccount => ({
            id: uuidv7(),
            merchantId,
            kind: 'house',
            ownerId: null,
            purpose,
            shard: index,
            currency,
          }),
        ),
      );
      rows = await findHouseAccounts(db, merchantId, purpose, currency);
    }
    for (const row of rows) {
      remember(`h|${merchantId}|${purpose}|${currency}|${row.shard}`, {
        id: row.id,
        kind: row.kind,
        ownerId: null,
      });
    }
    const resolved = accountCache.get(cacheKey);
    assertInvariant(resolved !== undefined, 'wallet: every house shard exists');
    return resolved;
  }

  /**
   * An account resolved inside a caller's transaction (the bonus engine grants inside a promotion's
   * transaction, where another connection's read would wait on it, and PGlite has only one). Rows
   * this transaction creates are not remembered: should it roll back, they never existed.
   */
  async function resolveAccountIn(
    trx: Transaction<Database>,
    merchantId: string,
    currency: string,
    ref: AccountRef,
  ): Promise<ResolvedAccount> {
    if ('house' in ref) {
      const shard = houseShardOf(ref.shardKey);
      const cached = accountCache.get(`h|${merchantId}|${ref.house}|${currency}|${shard}`);
      if (cached) return cached;
      let rows = await findHouseAccounts(trx, merchantId, ref.house, currency);
      if (rows.length < HOUSE_SHARD_COUNT) {
        await insertAccounts(
          trx,
          Array.from(
            { length: HOUSE_SHARD_COUNT },
            (_, index): NewAccount => ({
              id: uuidv7(),
              merchantId,
              kind: 'house',
              ownerId: null,
              purpose: ref.house,
              shard: index,
              currency,
            }),
          ),
        );
        rows = await findHouseAccounts(trx, merchantId, ref.house, currency);
        housesCreatedIn(trx).add(`${merchantId}|${ref.house}|${currency}`);
      } else if (!housesCreatedIn(trx).has(`${merchantId}|${ref.house}|${currency}`)) {
        // Every shard was there before this transaction: committed, so the next transaction (a
        // day's rebates pay in batches touching every shard) need not read them again.
        for (const found of rows) {
          remember(`h|${merchantId}|${ref.house}|${currency}|${found.shard}`, {
            id: found.id,
            kind: found.kind,
            ownerId: null,
          });
        }
      }
      const row = rows.find((candidate) => candidate.shard === shard);
      assertInvariant(row !== undefined, 'wallet: every house shard exists');
      return { id: row.id, kind: row.kind, ownerId: null };
    }
    const cached = accountCache.get(`p|${merchantId}|${ref.memberId}|${currency}|${ref.wallet}`);
    if (cached) return cached;
    let rows = await findPlayerAccounts(trx, ref.memberId, currency);
    if (rows.length < 2) {
      await insertAccounts(
        trx,
        (['player_cash', 'player_bonus'] as const).map(
          (kind): NewAccount => ({
            id: uuidv7(),
            merchantId,
            kind,
            ownerId: ref.memberId,
            purpose: null,
            shard: 0,
            currency,
          }),
        ),
      );
      rows = await findPlayerAccounts(trx, ref.memberId, currency);
    }
    const kind = ref.wallet === 'cash' ? 'player_cash' : 'player_bonus';
    const row = rows.find((candidate) => candidate.kind === kind);
    assertInvariant(row !== undefined, 'wallet: a player has a cash and a bonus account');
    if (row.merchant_id !== merchantId) throw new AppError('NOT_FOUND');
    return { id: row.id, kind: row.kind, ownerId: row.owner_id };
  }

  /**
   * A transfer inside a caller's transaction: it commits or rolls back with the caller's writes.
   * INSUFFICIENT_FUNDS when the debit side is short (the transaction stays usable); `announce`
   * tells the member's pages of the new balances, to be called once the caller has committed.
   */
  async function transferIn(
    trx: Transaction<Database>,
    input: TransferInput,
  ): Promise<TransferOutcome & { announce: () => void }> {
    checkInput(input);
    assertAmount(input.amountMinor);
    const debit = await resolveAccountIn(trx, input.merchantId, input.currency, input.from);
    const credit = await resolveAccountIn(trx, input.merchantId, input.currency, input.to);
    if (debit.id === credit.id) throw new AppError('VALIDATION', { value: { fields: { to: 'same' } } });
    const committed: Array<() => void> = [];
    const outcome = await execute(
      {
        merchantId: input.merchantId,
        currency: input.currency,
        key: input.key,
        code: input.code,
        reference: input.reference ?? null,
        debit,
        credit,
        amountMinor: input.amountMinor,
        reversesKey: null,
      },
      { trx, committed },
    );
    return {
      ...outcome,
      announce: () => {
        for (const tell of committed) tell();
      },
    };
  }

  /**
   * A member's cash and bonus balances, locked in the caller's transaction until it ends, both in
   * one statement in id order, as game moves lock them (with the game's house account): so that a
   * round and this caller never hold one each and wait for the other.
   */
  async function lockPlayerBalancesIn(
    trx: Transaction<Database>,
    input: { merchantId: string; memberId: string; currency: string },
  ): Promise<Balances> {
    const cash = await resolveAccountIn(trx, input.merchantId, input.currency, {
      memberId: input.memberId,
      wallet: 'cash',
    });
    const bonus = await resolveAccountIn(trx, input.merchantId, input.currency, {
      memberId: input.memberId,
      wallet: 'bonus',
    });
    const balances = await lockAccounts(trx, [cash.id, bonus.id]);
    const cashMinor = balances.get(cash.id);
    const bonusMinor = balances.get(bonus.id);
    assertInvariant(cashMinor !== undefined && bonusMinor !== undefined, 'wallet: a resolved account exists');
    return { cashMinor, bonusMinor };
  }

  /**
   * The accounts of cash paid out of a house account to members in a statement of the caller's
   * own that calls ledger_apply_transfer (red envelopes opened in a batch, migration 0168): the
   * house's account of one shard and each member's cash account, resolved outside any transaction
   * (created on first use and remembered, as for every transfer).
   */
  async function resolvePayoutAccounts(input: {
    merchantId: string;
    currency: string;
    house: HousePurpose;
    shardKey: string;
    memberIds: readonly string[];
  }): Promise<{ houseAccountId: string; cashAccountIds: string[] }> {
    checkInput({ key: 'payout', currency: input.currency });
    const [house, ...cash] = await Promise.all([
      resolveHouseAccount(input.merchantId, input.house, input.currency, input.shardKey),
      ...input.memberIds.map((memberId) =>
        resolvePlayerAccount(input.merchantId, memberId, input.currency, 'cash'),
      ),
    ]);
    assertInvariant(house !== undefined, 'wallet: a payout has its house account');
    return { houseAccountId: house.id, cashAccountIds: cash.map((account) => account.id) };
  }

  /** Tells a member of their cash after a payout such a statement committed. */
  function announceCash(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    balanceMinor: bigint;
  }) {
    assertInvariant(input.balanceMinor >= 0n, 'wallet: a player balance stays at or above zero');
    deps.onBalanceChanged?.({ ...input, wallet: 'cash' });
  }

  /**
   * Many members' cash and bonus accounts resolved inside a caller's transaction, in a few reads
   * (a batch of grants names a thousand members): those not known yet are read at once, and the
   * missing ones created in one insert. As in resolveAccountIn, rows read or created in the
   * transaction are not remembered: should it roll back, the ones it created never existed.
   */
  async function resolvePlayerAccountsIn(
    trx: Transaction<Database>,
    merchantId: string,
    currency: string,
    memberIds: readonly string[],
  ): Promise<Map<string, { cash: ResolvedAccount; bonus: ResolvedAccount }>> {
    const known = transactionCacheOf(trx);
    const keyOf = (memberId: string, wallet: PlayerWallet) =>
      `p|${merchantId}|${memberId}|${currency}|${wallet}`;
    const lookUp = (memberId: string, wallet: PlayerWallet) =>
      accountCache.get(keyOf(memberId, wallet)) ?? known.get(keyOf(memberId, wallet));
    const unknown = [...new Set(memberIds)].filter(
      (memberId) => !lookUp(memberId, 'cash') || !lookUp(memberId, 'bonus'),
    );
    const read = async (ids: readonly string[]) => {
      for (let start = 0; start < ids.length; start += PLAYER_ACCOUNTS_READ_MAX) {
        const slice = ids.slice(start, start + PLAYER_ACCOUNTS_READ_MAX);
        for (const row of await findPlayerAccountsOf(trx, slice, currency)) {
          if (row.owner_id === null) continue;
          if (row.merchant_id !== merchantId) throw new AppError('NOT_FOUND');
          const wallet: PlayerWallet = row.kind === 'player_cash' ? 'cash' : 'bonus';
          known.set(keyOf(row.owner_id, wallet), { id: row.id, kind: row.kind, ownerId: row.owner_id });
        }
      }
    };
    await read(unknown);
    const missing = unknown.filter((memberId) => !lookUp(memberId, 'cash') || !lookUp(memberId, 'bonus'));
    if (missing.length > 0) {
      await insertPlayerAccountsOf(trx, {
        merchantId,
        currency,
        accounts: missing.flatMap((ownerId) =>
          (['player_cash', 'player_bonus'] as const).map((kind) => ({ id: uuidv7(), ownerId, kind })),
        ),
      });
      await read(missing);
    }
    const resolved = new Map<string, { cash: ResolvedAccount; bonus: ResolvedAccount }>();
    for (const memberId of memberIds) {
      const cash = lookUp(memberId, 'cash');
      const bonus = lookUp(memberId, 'bonus');
      assertInvariant(
        cash !== undefined && bonus !== undefined,
        'wallet: a player has a cash and a bonus account',
      );
      resolved.set(memberId, { cash, bonus });
    }
    return resolved;
  }

  /**
   * Many members' cash and bonus balances, locked in the caller's transaction until it ends, all in
   * one statement in id order (as lockPlayerBalancesIn locks one member's) that also reads the
   * wallets not known yet: a batch of grants and a member's round never hold one account each and
   * wait for the other. Wallets made here for members without any are locked after them.
   */
  async function lockPlayerBalancesManyIn(
    trx: Transaction<Database>,
    input: { merchantId: string; currency: string; memberIds: readonly string[] },
  ): Promise<Map<string, Balances>> {
    const { merchantId, currency } = input;
    const known = transactionCacheOf(trx);
    const keyOf = (memberId: string, wallet: PlayerWallet) =>
      `p|${merchantId}|${memberId}|${currency}|${wallet}`;
    const lookUp = (memberId: string, wallet: PlayerWallet) =>
      accountCache.get(keyOf(memberId, wallet)) ?? known.get(keyOf(memberId, wallet));
    const memberIds = [...new Set(input.memberIds)];
    const unknown = new Set(
      memberIds.filter((memberId) => !lookUp(memberId, 'cash') || !lookUp(memberId, 'bonus')),
    );
    const balances = new Map<string, bigint>();
    if (unknown.size <= PLAYER_ACCOUNTS_READ_MAX) {
      // The wallets known already and those of the members not known yet, read as they are
      // locked: one statement in id order rather than a read and then a lock.
      const rows = await lockAccountsWithMembersOf(trx, {
        accountIds: memberIds
          .filter((memberId) => !unknown.has(memberId))
          .flatMap((memberId) =>
            [lookUp(memberId, 'cash'), lookUp(memberId, 'bonus')].flatMap((account) =>
              account ? [account.id] : [],
            ),
          ),
        memberIds: [...unknown],
        currency,
      });
      for (const row of rows) {
        balances.set(row.id, BigInt(row.balance_minor));
        if (row.owner_id === null || !unknown.has(row.owner_id)) continue;
        if (row.merchant_id !== merchantId) throw new AppError('NOT_FOUND');
        const wallet: PlayerWallet = row.kind === 'player_cash' ? 'cash' : 'bonus';
        known.set(keyOf(row.owner_id, wallet), { id: row.id, kind: row.kind, ownerId: row.owner_id });
      }
    }
    // Members without wallets yet (or more than one read takes) are resolved, their wallets made
    // where missing, then locked.
    const accounts = await resolvePlayerAccountsIn(trx, merchantId, currency, memberIds);
    const ids = [...accounts.values()].flatMap(({ cash, bonus }) => [cash.id, bonus.id]);
    const unlocked = ids.filter((id) => !balances.has(id));
    if (unlocked.length > 0) {
      for (const [id, balanceMinor] of await lockAccounts(trx, unlocked)) balances.set(id, balanceMinor);
    }
    const locked = lockedOf(trx);
    for (const id of ids) locked.add(id);
    const byMember = new Map<string, Balances>();
    for (const [memberId, { cash, bonus }] of accounts) {
      const cashMinor = balances.get(cash.id);
      const bonusMinor = balances.get(bonus.id);
      assertInvariant(
        cashMinor !== undefined && bonusMinor !== undefined,
        'wallet: a resolved account exists',
      );
      byMember.set(memberId, { cashMinor, bonusMinor });
    }
    return byMember;
  }

  /**
   * Many transfers of one merchant and currency inside a caller's transaction, in one statement
   * after locking every account they touch (executeMany): for credits from house accounts, or
   * moves the caller has checked against balances it read under lock. `announce` tells the
   * members' pages of their new balances, to be called once the caller has committed.
   */
  async function transferManyIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      currency: string;
      transfers: readonly Omit<TransferInput, 'merchantId' | 'currency'>[];
    },
  ): Promise<{ transfers: Transfer[]; announce: () => void }> {
    const { merchantId, currency } = input;
    for (const transfer of input.transfers) {
      checkInput({ ...transfer, currency });
      assertAmount(transfer.amountMinor);
    }
    const refs = input.transfers.flatMap((transfer) => [transfer.from, transfer.to]);
    const players = await resolvePlayerAccountsIn(
      trx,
      merchantId,
      currency,
      refs.flatMap((ref) => ('memberId' in ref ? [ref.memberId] : [])),
    );
    const known = transactionCacheOf(trx);
    const accountOf = async (ref: AccountRef): Promise<ResolvedAccount> => {
      if ('memberId' in ref) {
        const accounts = players.get(ref.memberId);
        assertInvariant(accounts !== undefined, 'wallet: a batch resolved its members');
        return accounts[ref.wallet];
      }
      const key = `h|${merchantId}|${ref.house}|${currency}|${houseShardOf(ref.shardKey)}`;
      const house = known.get(key) ?? (await resolveAccountIn(trx, merchantId, currency, ref));
      known.set(key, house);
      return house;
    };
    const prepared: PreparedTransfer[] = [];
    for (const transfer of input.transfers) {
      const debit = await accountOf(transfer.from);
      const credit = await accountOf(transfer.to);
      if (debit.id === credit.id) throw new AppError('VALIDATION', { value: { fields: { to: 'same' } } });
      prepared.push({
        merchantId,
        currency,
        key: transfer.key,
        code: transfer.code,
        reference: transfer.reference ?? null,
        debit,
        credit,
        amountMinor: transfer.amountMinor,
        reversesKey: null,
      });
    }
    const committed: Array<() => void> = [];
    const transfers = await executeMany(prepared, { trx, committed });
    return {
      transfers,
      announce: () => {
        for (const tell of committed) tell();
      },
    };
  }

  function resolveAccount(merchantId: string, currency: string, ref: AccountRef): Promise<ResolvedAccount> {
    return 'house' in ref
      ? resolveHouseAccount(merchantId, ref.house, currency, ref.shardKey)
      : resolvePlayerAccount(merchantId, ref.memberId, currency, ref.wallet);
  }

  /** Tells the listener about each member side of a committed transfer. */
  function announce(merchantId: string, transfer: Transfer, debit: ResolvedAccount, credit: ResolvedAccount) {
    if (!deps.onBalanceChanged) return;
    const sides: [ResolvedAccount, bigint][] = [
      [debit, transfer.debitBalanceAfterMinor],
      [credit, transfer.creditBalanceAfterMinor],
    ];
    for (const [account, balanceMinor] of sides) {
      if (account.kind === 'house' || account.ownerId === null) continue;
      deps.onBalanceChanged({
        merchantId,
        memberId: account.ownerId,
        currency: transfer.currency,
        wallet: account.kind === 'player_cash' ? 'cash' : 'bonus',
        balanceMinor,
      });
    }
  }

  /**
   * The first result for a key, when the key was used before with exactly these parameters;
   * a key reused for something else is CONFLICT (KEY_REUSED), and a bet key whose round was
   * rolled back before the bet arrived is CONFLICT (ROLLED_BACK).
   */
  function matchExisting(
    existing: TransferRow,
    expected: {
      code: TransferCode;
      debitAccountId: string;
      creditAccountId: string;
      amountMinor: bigint;
      currency: string;
      reference: string | null;
    },
  ): Transfer {
    if (existing.code === 'void') {
      throw new AppError('CONFLICT', { value: { reason: 'ROLLED_BACK' } });
    }
    const transfer = toTransfer(existing);
    const isSame =
      transfer.code === expected.code &&
      transfer.debitAccountId === expected.debitAccountId &&
      transfer.creditAccountId === expected.creditAccountId &&
      transfer.amountMinor === expected.amountMinor &&
      transfer.currency === expected.currency &&
      transfer.reference === expected.reference;
    if (!isSame) throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
    return transfer;
  }

  type PreparedTransfer = {
    merchantId: string;
    currency: string;
    key: string;
    code: TransferCode;
    reference: string | null;
    debit: ResolvedAccount;
    credit: ResolvedAccount;
    amountMinor: bigint;
    reversesKey: string | null;
  };

  /**
   * Applies a prepared transfer, or answers the first result of its key. Inside a caller's
   * transaction (`bound`), a statement that fails has aborted that transaction, so a reused key
   * is the caller's to handle, and members hear of the change once the caller has committed.
   */
  async function execute(prepared: PreparedTransfer, bound?: BoundLedger): Promise<TransferOutcome> {
    const executor = bound?.trx ?? db;
    const { debit, credit, amountMinor } = prepared;
    assertInvariant(debit.id !== credit.id, 'wallet: a transfer moves money between two accounts');
    assertAmount(amountMinor);
    const id = uuidv7();
    const expected = {
      code: prepared.code,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amountMinor,
      currency: prepared.currency,
      reference: prepared.reference,
    };
    let applied: Awaited<ReturnType<typeof applyTransfer>>;
    try {
      applied = await applyTransfer(executor, {
        id,
        merchantId: prepared.merchantId,
        key: prepared.key,
        code: prepared.code,
        reference: prepared.reference,
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        currency: prepared.currency,
        amountMinor,
        reversesKey: prepared.reversesKey,
      });
    } catch (error) {
      if (bound || !isUniqueViolation(error, TRANSFER_KEY_INDEX)) throw error;
      const existing = await findTransferByKey(db, prepared.merchantId, prepared.key);
      assertInvariant(existing !== undefined, 'wallet: a key that collided exists');
      return { transfer: matchExisting(existing, expected), duplicate: true };
    }

    if (applied === null) {
      // Nothing changed: the key may have been used already (a retried bet that would now
      // overdraw), or the debit side is short.
      const existing = await findTransferByKey(executor, prepared.merchantId, prepared.key);
      if (existing) return { transfer: matchExisting(existing, expected), duplicate: true };
      const account = await findAccountById(executor, debit.id);
      assertInvariant(account !== undefined, 'wallet: a resolved account exists');
      assertInvariant(account.kind !== 'house', 'wallet: house accounts are never short');
      throw new AppError('INSUFFICIENT_FUNDS', {
        value: { balanceMinor: String(account.balance_minor) },
      });
    }

    assertInvariant(
      applied.debitBalanceAfterMinor >= 0n || debit.kind === 'house',
      'wallet: a player balance stays at or above zero',
    );
    const transfer: Transfer = {
      id,
      key: prepared.key,
      code: prepared.code,
      reference: prepared.reference,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: prepared.currency,
      amountMinor,
      debitBalanceAfterMinor: applied.debitBalanceAfterMinor,
      creditBalanceAfterMinor: applied.creditBalanceAfterMinor,
      reversesKey: prepared.reversesKey,
      createdAt: applied.createdAt,
    };
    if (bound) bound.committed.push(() => announce(prepared.merchantId, transfer, debit, credit));
    else announce(prepared.merchantId, transfer, debit, credit);
    return { transfer, duplicate: false };
  }

  /**
   * Many prepared transfers applied in order in the caller's transaction, in one statement after
   * locking every account they touch that the transaction has not locked yet (in id order). The
   * caller moves only what the balances it
   * read under lock cover (`lockBalances`): a player side that would end below zero, at any step,
   * is an invariant broken, not a shortfall answered.
   */
  async function executeMany(prepared: readonly PreparedTransfer[], bound: BoundLedger): Promise<Transfer[]> {
    if (prepared.length === 0) return [];
    const [first] = prepared;
    assertInvariant(first !== undefined, 'wallet: a batch has a first transfer');
    const { merchantId, currency } = first;
    const rows: NewTransfer[] = prepared.map((transfer) => {
      assertInvariant(
        transfer.merchantId === merchantId && transfer.currency === currency,
        'wallet: a batch of transfers is of one merchant and currency',
      );
      assertInvariant(
        transfer.debit.id !== transfer.credit.id,
        'wallet: a transfer moves money between two accounts',
      );
      assertAmount(transfer.amountMinor);
      return {
        id: uuidv7(),
        merchantId,
        key: transfer.key,
        code: transfer.code,
        reference: transfer.reference,
        debitAccountId: transfer.debit.id,
        creditAccountId: transfer.credit.id,
        currency,
        amountMinor: transfer.amountMinor,
        reversesKey: transfer.reversesKey,
      };
    });
    const locked = lockedOf(bound.trx);
    const toLock = [...new Set(rows.flatMap((row) => [row.debitAccountId, row.creditAccountId]))].filter(
      (id) => !locked.has(id),
    );
    await lockAccounts(bound.trx, toLock);
    for (const id of toLock) locked.add(id);
    const applied = new Map<string, Awaited<ReturnType<typeof applyTransfers>>[number]>();
    for (let start = 0; start < rows.length; start += TRANSFERS_PER_STATEMENT_MAX) {
      const slice = rows.slice(start, start + TRANSFERS_PER_STATEMENT_MAX);
      for (const row of await applyTransfers(bound.trx, { merchantId, currency, transfers: slice })) {
        applied.set(row.id, row);
      }
    }
    return prepared.map((input, index) => {
      const row = rows[index];
      const done = row ? applied.get(row.id) : undefined;
      assertInvariant(
        row !== undefined && done !== undefined,
        'wallet: every transfer of a batch is applied',
      );
      const transfer: Transfer = {
        id: row.id,
        key: row.key,
        code: input.code,
        reference: row.reference,
        debitAccountId: row.debitAccountId,
        creditAccountId: row.creditAccountId,
        currency,
        amountMinor: row.amountMinor,
        debitBalanceAfterMinor: BigInt(done.debit_balance_after_minor),
        creditBalanceAfterMinor: BigInt(done.credit_balance_after_minor),
        reversesKey: row.reversesKey,
        createdAt: done.created_at,
      };
      assertInvariant(
        transfer.debitBalanceAfterMinor >= 0n || input.debit.kind === 'house',
        'wallet: a player balance stays at or above zero',
      );
      bound.committed.push(() => announce(merchantId, transfer, input.debit, input.credit));
      return transfer;
    });
  }

  /** The balances of accounts, locked in the caller's transaction until it ends (in id order). */
  function lockBalances(
    bound: BoundLedger,
    accounts: readonly ResolvedAccount[],
  ): Promise<Map<string, bigint>> {
    const ids = [...new Set(accounts.map((account) => account.id))];
    const locked = lockedOf(bound.trx);
    for (const id of ids) locked.add(id);
    return lockAccounts(bound.trx, ids);
  }

  function checkInput(input: { key: string; reference?: string | null | undefined; currency: string }) {
    assertKey(input.key, 'key');
    if (input.reference && input.reference.length > REFERENCE_LENGTH_MAX) {
      throw new AppError('VALIDATION', { value: { fields: { reference: 'length' } } });
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) {
      throw new AppError('VALIDATION', { value: { fields: { currency: 'format' } } });
    }
  }

  /** Moves money between any two accounts of one merchant and currency. */
  async function transfer(input: TransferInput): Promise<TransferOutcome> {
    return execute(await prepareTransfer(input));
  }

  /** Checks a transfer's input and resolves its two accounts; two sides of one account are refused. */
  async function prepareTransfer(input: TransferInput): Promise<PreparedTransfer> {
    checkInput(input);
    assertAmount(input.amountMinor);
    const [debit, credit] = await Promise.all([
      resolveAccount(input.merchantId, input.currency, input.from),
      resolveAccount(input.merchantId, input.currency, input.to),
    ]);
    if (debit.id === credit.id) throw new AppError('VALIDATION', { value: { fields: { to: 'same' } } });
    return {
      merchantId: input.merchantId,
      currency: input.currency,
      key: input.key,
      code: input.code,
      reference: input.reference ?? null,
      debit,
      credit,
      amountMinor: input.amountMinor,
      reversesKey: null,
    };
  }

  /**
   * A transfer made in one transaction after `check` has run in it, so that a limit the caller
   * checks there under its own lock (responsible gaming) holds for the move it lets through. A
   * key used before answers its first result without the check, as transfer does.
   */
  async function transferAfterCheck(
    input: TransferInput,
    check: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<TransferOutcome> {
    const prepared = await prepareTransfer(input);
    const expected = {
      code: prepared.code,
      debitAccountId: prepared.debit.id,
      creditAccountId: prepared.credit.id,
      amountMinor: prepared.amountMinor,
      currency: prepared.currency,
      reference: prepared.reference,
    };
    const answerFirst = async (): Promise<TransferOutcome | null> => {
      const existing = await findTransferByKey(db, prepared.merchantId, prepared.key);
      return existing ? { transfer: matchExisting(existing, expected), duplicate: true } : null;
    };
    const first = await answerFirst();
    if (first) return first;
    const committed: Array<() => void> = [];
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        await check(trx);
        return execute(prepared, { trx, committed });
      });
      for (const tell of committed) tell();
      return outcome;
    } catch (error) {
      // The same key, sent twice at once: the other one made the transfer.
      if (!isUniqueViolation(error, TRANSFER_KEY_INDEX)) throw error;
      const made = await answerFirst();
      assertInvariant(made !== null, 'wallet: a key that collided exists');
      return made;
    }
  }

  async function readCash(merchantId: string, memberId: string, currency: string): Promise<bigint> {
    return (await getBalances({ merchantId, memberId, currency })).cashMinor;
  }

  /** A member's cash and bonus balances; zero for a member whose accounts do not exist yet. */
  async function getBalances(input: {
    merchantId: string;
    memberId: string;
    currency: string;
  }): Promise<Balances> {
    const rows = await findPlayerAccounts(db, input.memberId, input.currency);
    const balances: Balances = { cashMinor: 0n, bonusMinor: 0n };
    for (const row of rows) {
      if (row.merchant_id !== input.merchantId) continue;
      if (row.kind === 'player_cash') balances.cashMinor = BigInt(row.balance_minor);
      if (row.kind === 'player_bonus') balances.bonusMinor = BigInt(row.balance_minor);
    }
    return balances;
  }

  /**
   * The cash balances of several members in one read, by member id; zero for a member whose
   * accounts do not exist yet. At most CASH_BALANCES_MEMBERS_MAX members.
   */
  async function getCashBalances(input: {
    merchantId: string;
    memberIds: readonly string[];
    currency: string;
  }): Promise<Map<string, bigint>> {
    assertInvariant(
      input.memberIds.length <= CASH_BALANCES_MEMBERS_MAX,
      'wallet: cash balances of a page of members at most',
    );
    const balances = new Map(input.memberIds.map((memberId) => [memberId, 0n]));
    if (input.memberIds.length === 0) return balances;
    const rows = await findCashAccounts(db, input.merchantId, input.memberIds, input.currency);
    for (const row of rows) if (row.owner_id !== null) balances.set(row.owner_id, BigInt(row.balance_minor));
    return balances;
  }

  /** The transfer a key names, if it exists (a void marker is not one). */
  async function findTransfer(input: { merchantId: string; key: string }): Promise<Transfer | null> {
    const row = await findTransferByKey(db, input.merchantId, input.key);
    return row && row.code !== 'void' ? toTransfer(row) : null;
  }

  return {
    resolvePlayerAccount,
    resolvePlayerAccounts,
    resolveHouseAccount,
    resolvePayoutAccounts,
    announceCash,
    execute,
    executeMany,
    lockBalances,
    checkInput,
    transfer,
    transferIn,
    lockPlayerBalancesIn,
    lockPlayerBalancesManyIn,
    transferManyIn,
    transferAfterCheck,
    findTransfer,
    getBalances,
    getCashBalances,
    readCash,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
