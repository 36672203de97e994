import { type Kysely, sql } from 'kysely';
import type { Database, DepositStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';

export type PaymentMethodRow = Row<'payment_methods'>;
export type DepositRow = Row<'deposits'>;

export function findMethods(db: Kysely<Database>, merchantId: string): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function findAllMethods(db: Kysely<Database>): Promise<PaymentMethodRow[]> {
  return db.selectFrom('payment_methods').selectAll().orderBy('merchant_id').orderBy('sort_order').execute();
}

export function findMethodById(db: Kysely<Database>, id: string): Promise<PaymentMethodRow | undefined> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertMethod(db: Kysely<Database>, row: NewRow<'payment_methods'>): Promise<void> {
  await db.insertInto('payment_methods').values(row).execute();
}

export async function insertDeposit(db: Kysely<Database>, row: NewRow<'deposits'>): Promise<void> {
  await db.insertInto('deposits').values(row).execute();
}

export function findDeposit(db: Executor, id: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a deposit on only from the states given; answers the row when it moved. */
export function moveDeposit(
  db: Executor,
  id: string,
  from: readonly DepositStatus[],
  changes: Partial<Omit<DepositRow, 'id' | 'created_at'>>,
): Promise<DepositRow | undefined> {
  return db
    .updateTable('deposits')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export async function setDepositOrder(
  db: Kysely<Database>,
  id: string,
  order: { gatewayOrderId: string; payUrl: string },
): Promise<void> {
  await db
    .updateTable('deposits')
    .set({ gateway_order_id: order.gatewayOrderId, pay_url: order.payUrl, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function findMemberDeposits(
  db: Kysely<Database>,
  input: { memberId: string; status?: DepositStatus; from?: Date; to?: Date; page: number; pageSize: number },
): Promise<{ rows: DepositRow[]; total: number }> {
  let query = db.selectFrom('deposits').where('member_id', '=', input.memberId);
  if (input.status) query = query.where('status', '=', input.status);
  if (input.from) query = query.where('created_at', '>=', input.from);
  if (input.to) query = query.where('created_at', '<', input.to);
  return findNewestFirstPage(query, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
}

/**
 * What a member has deposited since `since`, through one method when `methodId` names it, counting
 * deposits still under way.
 */
export async function sumMemberDepositsSince(
  db: Kysely<Database>,
  input: { memberId: string; methodId?: string; since: Date },
): Promise<bigint> {
  let query = db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('member_id', '=', input.memberId)
    .where('status', 'in', ['pending', 'review', 'credited'])
    .where('created_at', '>=', input.since);
  if (input.methodId !== undefined) query = query.where('method_id', '=', input.methodId);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function insertCallback(
  db: Kysely<Database>,
  row: { id: string; methodId: string; depositId: string | null; body: string; outcome: string },
): Promise<void> {
  await db
    .insertInto('payment_callbacks')
    .values({
      id: row.id,
      method_id: row.methodId,
      deposit_id: row.depositId,
      body: row.body,
      outcome: row.outcome,
    })
    .execute();
}

/** Deposits of some merchants (all when null) in one status, newest first, for the review queue. */
export async function findDepositsPage(
  db: Kysely<Database>,
  input: { merchantIds: readonly string[] | null; status: DepositStatus; page: number; pageSize: number },
): Promise<{ rows: DepositRow[]; total: number }> {
  let query = db.selectFrom('deposits').where('status', '=', input.status);
  if (input.merchantIds) query = query.where('merchant_id', 'in', [...input.merchantIds]);
  return findNewestFirstPage(query, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
}
