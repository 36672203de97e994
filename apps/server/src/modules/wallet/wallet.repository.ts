import { sql } from 'kysely';
import type { LedgerAccountKind } from '../../db/schema.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';

export type AccountRow = Row<'ledger_accounts'>;
export type TransferRow = Row<'ledger_transfers'>;
export type HoldRow = Row<'ledger_holds'>;

/** A transfer as the hot statement writes it; balances after come from the two updates. */
export type NewTransfer = {
  id: string;
  merchantId: string;
  key: string;
  code: string;
  reference: string | null;
  debitAccountId: string;
  creditAccountId: string;
  currency: string;
  amountMinor: bigint;
  reversesKey: string | null;
};

export type AppliedTransfer = {
  createdAt: Date;
  debitBalanceAfterMinor: bigint;
  creditBalanceAfterMinor: bigint;
};

/**
 * One transfer in one statement (ledger_apply_transfer, migration 0041), so in one round trip
 * and, outside an explicit transaction, one implicit transaction: both accounts are locked in id
 * order (two transfers between the same accounts in opposite directions cannot deadlock), the
 * debit is guarded (a player account never goes below zero), and the transfer row is inserted
 * with both balances after. Returns null when nothing changed: the debit account is missing or
 * the player's balance is short. A reused key fails on the unique index, and the updates are
 * undone with it.
 */
export async function applyTransfer(db: Executor, transfer: NewTransfer): Promise<AppliedTransfer | null> {
  const result = await transferStatement(transfer).execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return {
    createdAt: row.created_at,
    debitBalanceAfterMinor: BigInt(row.debit_balance_after_minor),
    creditBalanceAfterMinor: BigInt(row.credit_balance_after_minor),
  };
}

/**
 * Many transfers in one statement, in order (each side's balance after it is the running sum of
 * its moves), in a transaction that has locked every account they touch: nothing else moves them
 * meanwhile. No shortfall check: the caller has read the locked balances and moves only what they
 * cover (a player's balance below zero still fails on the table's CHECK). A reused key fails on the
 * unique index and aborts the transaction.
 */
export async function applyTransfers(
  trx: Executor,
  input: {
    merchantId: string;
    currency: string;
    transfers: readonly Omit<NewTransfer, 'merchantId' | 'currency'>[];
  },
): Promise<
  { id: string; created_at: Date; debit_balance_after_minor: bigint; credit_balance_after_minor: bigint }[]
> {
  const column = <T>(pick: (transfer: Omit<NewTransfer, 'merchantId' | 'currency'>) => T) =>
    sql.val(input.transfers.map(pick));
  const result = await sql<{
    id: string;
    created_at: Date;
    debit_balance_after_minor: bigint;
    credit_balance_after_minor: bigint;
  }>`
    with input as (
      select * from unnest(${column((t) => t.id)}::text[], ${column((t) => t.key)}::text[],
        ${column((t) => t.code)}::text[], ${column((t) => t.reference)}::text[], ${column((t) => t.debitAccountId)}::text[],
        ${column((t) => t.creditAccountId)}::text[], ${column((t) => t.amountMinor.toString())}::bigint[],
        ${column((t) => t.reversesKey)}::text[])
        with ordinality as t(id, key, code, reference, debit_id, credit_id, amount, reverses_key, n)
    ), moves as (
      select id, n, debit_id as account_id, true as is_debit, -amount as delta from input
      union all
      select id, n, credit_id, false, amount from input
    ), after as (
      select m.id, m.is_debit, a.balance_minor + sum(m.delta) over (partition by m.account_id order by m.n) as balance
      from moves m join ledger_accounts a on a.id = m.account_id
    ), updated as (
      -- Run although nothing reads it; it sees the balances as 'after' does (one snapshot).
      update ledger_accounts a set balance_minor = a.balance_minor + d.delta
      from (select account_id, sum(delta) as delta from moves group by account_id) d
      where a.id = d.account_id
      returning a.id
    )
    insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id,
      credit_account_id, currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor, reverses_key)
    select i.id, ${input.merchantId}, i.key, i.code, i.reference, i.debit_id, i.credit_id, ${input.currency}, i.amount,
      d.balance, c.balance, i.reverses_key
    from input i
    join after d on d.id = i.id and d.is_debit
    join after c on c.id = i.id and not c.is_debit
    order by i.n
    returning id, created_at, debit_balance_after_minor, credit_balance_after_minor`.execute(trx);
  return result.rows;
}

/** Locks accounts (in id order, as every transfer does) and answers their balances by id. */
export async function lockAccounts(
  trx: Executor,
  accountIds: readonly string[],
): Promise<Map<string, bigint>> {
  const result = await sql<{ id: string; balance_minor: bigint }>`
    select id, balance_minor from ledger_accounts where id = any(${sql.val([...accountIds])}::text[])
    order by id for no key update`.execute(trx);
  return new Map(result.rows.map((row) => [row.id, BigInt(row.balance_minor)]));
}

/** Accounts' balances by id, as the caller's transaction sees them (no lock taken). */
export async function findAccountBalances(
  db: Executor,
  accountIds: readonly string[],
): Promise<Map<string, bigint>> {
  const result = await sql<{ id: string; balance_minor: bigint }>`
    select id, balance_minor from ledger_accounts where id = any(${sql.val([...accountIds])}::text[])`.execute(
    db,
  );
  return new Map(result.rows.map((row) => [row.id, BigInt(row.balance_minor)]));
}

/** The statement of applyTransfer; bench/ledger runs the very same text through pgbench. */
export function transferStatement(transfer: NewTransfer) {
  return sql<{
    created_at: Date;
    debit_balance_after_minor: bigint;
    credit_balance_after_minor: bigint;
  }>`select created_at, debit_balance_after_minor, credit_balance_after_minor from ledger_apply_transfer(
    ${transfer.id}::text, ${transfer.merchantId}::text, ${transfer.key}::text, ${transfer.code}::text,
    ${transfer.reference}::text, ${transfer.debitAccountId}::text, ${transfer.creditAccountId}::text,
    ${transfer.currency}::text, ${transfer.amountMinor}::bigint, ${transfer.reversesKey}::text)`;
}

/** True when a database error is a unique violation of the named index. */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  const fields = error as { code?: string; constraint?: string; message?: string } | null;
  if (fields?.code !== '23505') return false;
  return fields.constraint === indexName || String(fields.message).includes(indexName);
}

export const TRANSFER_KEY_INDEX = 'ledger_transfers_key_uq';
export const TRANSFER_REVERSES_INDEX = 'ledger_transfers_reverses_uq';
export const HOLD_KEY_INDEX = 'ledger_holds_key_uq';

export function findTransferByKey(
  db: Executor,
  merchantId: string,
  key: string,
): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findTransferReversing(
  db: Executor,
  merchantId: string,
  reversedKey: string,
): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('reverses_key', '=', reversedKey)
    .executeTakeFirst();
}

/**
 * Marks a bet key as rolled back before its debit arrived: the row takes the key in the same
 * unique index as transfers, so a late debit with that key fails there, even one racing this.
 * Returns false when the key is already taken (the debit got there first).
 */
export async function insertVoidMarker(
  db: Executor,
  marker: { id: string; merchantId: string; key: string; currency: string; reference: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('ledger_transfers')
    .values({
      id: marker.id,
      merchant_id: marker.merchantId,
      idempotency_key: marker.key,
      code: 'void',
      reference: marker.reference,
      debit_account_id: null,
      credit_account_id: null,
      currency: marker.currency,
      amount_minor: 0n,
      debit_balance_after_minor: null,
      credit_balance_after_minor: null,
      reverses_key: null,
    })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findPlayerAccounts(db: Executor, memberId: string, currency: string): Promise<AccountRow[]> {
  return db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_id', '=', memberId)
    .where('currency', '=', currency)
    .execute();
}

/** The cash and bonus accounts of many members in one currency, in one read (one array parameter). */
export function findPlayerAccountsOf(
  db: Executor,
  memberIds: readonly string[],
  currency: string,
): Promise<AccountRow[]> {
  return db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where(sql<boolean>`owner_id = any(${sql.val([...memberIds])}::text[])`)
    .where('currency', '=', currency)
    .execute();
}

/**
 * Accounts locked in one statement, in id order as lockAccounts locks them: those named by id and
 * every account of the named members in a currency, read as they are locked (a batch of grants
 * resolves and locks a thousand members' wallets at once).
 */
export async function lockAccountsWithMembersOf(
  trx: Executor,
  input: { accountIds: readonly string[]; memberIds: readonly string[]; currency: string },
): Promise<AccountRow[]> {
  const result = await sql<AccountRow>`
    select * from ledger_accounts
      where id = any(${sql.val([...input.accountIds])}::text[])
        or (owner_id = any(${sql.val([...input.memberIds])}::text[]) and currency = ${input.currency})
      order by id for no key update`.execute(trx);
  return result.rows;
}

/** The cash accounts of several members in one currency (the player index: owner, kind, currency). */
export function findCashAccounts(
  db: Executor,
  merchantId: string,
  memberIds: readonly string[],
  currency: string,
): Promise<Pick<AccountRow, 'owner_id' | 'balance_minor'>[]> {
  return db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance_minor'])
    .where('owner_id', 'in', memberIds)
    .where('kind', '=', 'player_cash')
    .where('currency', '=', currency)
    .where('merchant_id', '=', merchantId)
    .execute();
}

export function findHouseAccounts(
  db: Executor,
  merchantId: string,
  purpose: string,
  currency: string,
): Promise<AccountRow[]> {
  return db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'house')
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .orderBy('shard')
    .execute();
}

export type NewAccount = {
  id: string;
  merchantId: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
  purpose: string | null;
  shard: number;
  currency: string;
};

/** Creates accounts that do not exist yet; concurrent creators agree through the unique indexes. */
export async function insertAccounts(db: Executor, accounts: NewAccount[]): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insertInto('ledger_accounts')
    .values(
      accounts.map((account) => ({
        id: account.id,
        merchant_id: account.merchantId,
        kind: account.kind,
        owner_id: account.ownerId,
        purpose: account.purpose,
        shard: account.shard,
        currency: account.currency,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Many members' cash and bonus accounts created where missing, in one statement of array
 * parameters (a batch of grants names a thousand members); as insertAccounts, concurrent creators
 * agree through the unique indexes.
 */
export async function insertPlayerAccountsOf(
  db: Executor,
  input: {
    merchantId: string;
    currency: string;
    accounts: readonly { id: string; ownerId: string; kind: 'player_cash' | 'player_bonus' }[];
  },
): Promise<void> {
  if (input.accounts.length === 0) return;
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, purpose, shard, currency)
    select a.id, ${input.merchantId}, a.kind, a.owner_id, null, 0, ${input.currency}
      from unnest(${sql.val(input.accounts.map((account) => account.id))}::text[],
                  ${sql.val(input.accounts.map((account) => account.kind))}::text[],
                  ${sql.val(input.accounts.map((account) => account.ownerId))}::text[]) as a(id, kind, owner_id)
    on conflict do nothing`.execute(db);
}

export function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export type TransferPageQuery = {
  accountIds: string[];
  codes: string[] | null;
  fromDate: Date | null;
  toDate: Date | null;
  limit: number;
  offset: number;
};

/**
 * The sum of transfers of one code out of (`debit`) or into (`credit`) an account since a moment:
 * what a member staked, or had returned, in a period.
 */
export async function sumAccountTransfers(
  db: Executor,
  query: { accountId: string; side: 'debit' | 'credit'; codes: string[]; since: Date | null },
): Promise<bigint> {
  let base = db
    .selectFrom('ledger_transfers')
    .where(query.side === 'debit' ? 'debit_account_id' : 'credit_account_id', '=', query.accountId)
    .where('code', 'in', query.codes);
  if (query.since) base = base.where('created_at', '>=', query.since);
  const row = await base
    .select((select) =>
      select.fn.coalesce(select.fn.sum<string | number | bigint>('amount_minor'), select.lit(0)).as('total'),
    )
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** Transfers touching any of the accounts, newest first, with the total count for paging. */
export async function findTransfersPage(
  db: Executor,
  query: TransferPageQuery,
): Promise<{ rows: TransferRow[]; total: number }> {
  let base = db
    .selectFrom('ledger_transfers')
    .where((where) =>
      where.or([
        where('debit_account_id', 'in', query.accountIds),
        where('credit_account_id', 'in', query.accountIds),
      ]),
    );
  if (query.codes) base = base.where('code', 'in', query.codes);
  if (query.fromDate) base = base.where('created_at', '>=', query.fromDate);
  if (query.toDate) base = base.where('created_at', '<', query.toDate);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((select) => select.fn.countAll<string | number | bigint>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** What a member has on hold (withdrawals waiting for a decision), in one currency. */
export async function sumHeldForMember(
  db: Executor,
  input: { merchantId: string; memberId: string; currency: string },
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_holds')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', '=', input.memberId)
    .where('currency', '=', input.currency)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export function findHoldByKey(db: Executor, merchantId: string, key: string): Promise<HoldRow | undefined> {
  return db
    .selectFrom('ledger_holds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertHold(
  db: Executor,
  hold: {
    id: string;
    merchantId: string;
    key: string;
    memberId: string;
    currency: string;
    amountMinor: bigint;
    reference: string | null;
    holdTransferId: string;
  },
): Promise<HoldRow> {
  return db
    .insertInto('ledger_holds')
    .values({
      id: hold.id,
      merchant_id: hold.merchantId,
      idempotency_key: hold.key,
      member_id: hold.memberId,
      currency: hold.currency,
      amount_minor: hold.amountMinor,
      reference: hold.reference,
      hold_transfer_id: hold.holdTransferId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves a hold out of 'held'; undefined when it was not held any more (someone else settled it). */
export function settleHold(
  db: Executor,
  id: string,
  status: 'released' | 'captured',
  settleTransferId: string,
): Promise<HoldRow | undefined> {
  return db
    .updateTable('ledger_holds')
    .set({ status, settle_transfer_id: settleTransferId, settled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirst();
}

/** Locks a hold row for the rest of the transaction, so that release and capture take turns. */
export function lockHold(db: Executor, id: string): Promise<HoldRow | undefined> {
  return db.selectFrom('ledger_holds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The balance an account had just before a moment: the balance after its last earlier transfer. */
export async function findBalanceBefore(db: Executor, accountId: string, before: Date): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select(['debit_account_id', 'debit_balance_after_minor', 'credit_balance_after_minor'])
    .where((where) =>
      where.or([where('debit_account_id', '=', accountId), where('credit_account_id', '=', accountId)]),
    )
    .where('created_at', '<', before)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0n;
  const after =
    row.debit_account_id === accountId ? row.debit_balance_after_minor : row.credit_balance_after_minor;
  return BigInt(after ?? 0);
}

/** Money into and out of an account per calendar day of a time zone, over [from, to). */
export async function sumDailyMovements(
  db: Executor,
  query: { accountId: string; timeZone: string; from: Date; to: Date },
): Promise<{ day: string; creditsMinor: bigint; debitsMinor: bigint }[]> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select([
      sql<string>`to_char(created_at at time zone ${query.timeZone}, 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(sum(case when credit_account_id = ${query.accountId} then amount_minor else 0 end), 0)`.as(
        'credits',
      ),
      sql<string>`coalesce(sum(case when debit_account_id = ${query.accountId} then amount_minor else 0 end), 0)`.as(
        'debits',
      ),
    ])
    .where((where) =>
      where.or([
        where('debit_account_id', '=', query.accountId),
        where('credit_account_id', '=', query.accountId),
      ]),
    )
    .where('created_at', '>=', query.from)
    .where('created_at', '<', query.to)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    creditsMinor: BigInt(row.credits),
    debitsMinor: BigInt(row.debits),
  }));
}
