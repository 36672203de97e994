import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, PayoutAccountsTable, WithdrawalStatus, WithdrawalsTable } from '../../db/schema.ts';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function findPayoutAccounts(db: Executor, memberId: string): Promise<PayoutAccountRow[]> {
  return db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export function findPayoutAccount(db: Executor, id: string): Promise<PayoutAccountRow | undefined> {
  return db.selectFrom('payout_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPayoutAccount(db: Executor, row: Insertable<PayoutAccountsTable>): Promise<void> {
  await db.insertInto('payout_accounts').values(row).execute();
}

export async function removePayoutAccount(
  db: Executor,
  memberId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('payout_accounts')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertWithdrawal(db: Executor, row: Insertable<WithdrawalsTable>): Promise<void> {
  await db.insertInto('withdrawals').values(row).execute();
}

export function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a withdrawal on only from the states given; answers the row when it moved. */
export function moveWithdrawal(
  db: Executor,
  id: string,
  from: readonly WithdrawalStatus[],
  changes: Partial<Omit<WithdrawalRow, 'id' | 'created_at'>>,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export async function findWithdrawalsPage(
  db: Executor,
  input: {
    memberId?: string;
    merchantIds?: readonly string[] | null;
    statuses?: readonly WithdrawalStatus[];
    page: number;
    pageSize: number;
  },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  let query = db.selectFrom('withdrawals');
  if (input.memberId) query = query.where('member_id', '=', input.memberId);
  if (input.merchantIds) query = query.where('merchant_id', 'in', [...input.merchantIds]);
  if (input.statuses && input.statuses.length > 0) query = query.where('status', 'in', [...input.statuses]);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function countOpenWithdrawals(db: Executor, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', 'in', ['review', 'paying'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** When the member's last withdrawal was paid; turnover counts from there. */
export async function findLastPaidAt(db: Executor, memberId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<Date | null>`max(paid_at)`.as('last'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

/** Deposits credited to a member since a moment (all time when null). */
export async function sumCreditedDeposits(
  db: Executor,
  memberId: string,
  since: Date | null,
): Promise<bigint> {
  let query = db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited');
  if (since) query = query.where('credited_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}
