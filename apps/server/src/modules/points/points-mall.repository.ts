import { sql, type Transaction } from 'kysely';
import type {
  Database,
  PointGoodsStatus,
  PointRecordType,
  PointRedeemStatus,
  PointRequirementKind,
} from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import type { PointRecordRow } from './points-ledger.repository.ts';

/** The points mall's SQL: goods, redeems, and the pages of records members and operators read. */

export type PointGoodsRow = Row<'point_goods'>;
export type PointRedeemRow = Row<'point_redeems'>;
/** A redeem in the operators' queue, with its member's account. */
export type RedeemQueueRow = PointRedeemRow & { account: string };

export type Page = { limit: number; offset: number };

export function insertGoods(db: Executor, row: NewRow<'point_goods'>): Promise<PointGoodsRow> {
  return db.insertInto('point_goods').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateGoods(
  db: Executor,
  id: string,
  changes: Partial<NewRow<'point_goods'>>,
): Promise<PointGoodsRow | undefined> {
  return db.updateTable('point_goods').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export function findGoods(db: Executor, id: string): Promise<PointGoodsRow | undefined> {
  return db.selectFrom('point_goods').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockGoods(trx: Transaction<Database>, id: string): Promise<PointGoodsRow | undefined> {
  return trx.selectFrom('point_goods').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A page of a merchant's goods in their order (sort, then oldest first), and how many match. */
export async function findGoodsPage(
  db: Executor,
  input: { merchantIds: readonly string[] | null; status: PointGoodsStatus | null },
  page: Page,
): Promise<{ rows: PointGoodsRow[]; total: number }> {
  let query = db.selectFrom('point_goods');
  if (input.merchantIds !== null) {
    if (input.merchantIds.length === 0) return { rows: [], total: 0 };
    query = query.where('merchant_id', 'in', input.merchantIds);
  }
  if (input.status !== null) query = query.where('status', '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('sort')
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Units of the goods the member holds in redeems still processing or approved. */
export async function countHeldUnits(trx: Executor, goodsId: string, memberId: string): Promise<number> {
  const row = await trx
    .selectFrom('point_redeems')
    .select(sql<string>`coalesce(sum(quantity), 0)`.as('units'))
    .where('goods_id', '=', goodsId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['processing', 'approved'])
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

/**
 * What the member deposited (credited) since a moment, or the valid bet of their bet record's
 * merchant days from a day on: the goods' amount requirement.
 */
export async function sumRequirementFigure(
  trx: Executor,
  input: { memberId: string; kind: PointRequirementKind; since: Date; fromDay: string },
): Promise<bigint> {
  if (input.kind === 'deposit') {
    const row = await trx
      .selectFrom('deposits')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
      .where('member_id', '=', input.memberId)
      .where('status', '=', 'credited')
      .where('credited_at', '>=', input.since)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }
  const row = await trx
    .selectFrom('member_bet_days')
    .select(sql<string>`coalesce(sum(valid_bet_minor), 0)`.as('total'))
    .where('member_id', '=', input.memberId)
    .where('day', '>=', input.fromDay)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** The next reference number's sequence value. */
export async function nextReferenceNumber(trx: Executor): Promise<bigint> {
  const result = await sql<{ value: bigint }>`select nextval('point_redeem_reference_seq') as value`.execute(
    trx,
  );
  const row = result.rows[0];
  if (!row) throw new Error('nextval answered no row');
  return BigInt(row.value);
}

export function insertRedeem(trx: Executor, row: NewRow<'point_redeems'>): Promise<PointRedeemRow> {
  return trx.insertInto('point_redeems').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findRedeem(db: Executor, id: string): Promise<PointRedeemRow | undefined> {
  return db.selectFrom('point_redeems').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Decides a redeem still processing, in the caller's transaction; undefined when it was decided
 * before (the guarded update is what makes a decision once, however many arrive together).
 */
export function decideRedeemIn(
  trx: Transaction<Database>,
  id: string,
  changes: {
    status: Exclude<PointRedeemStatus, 'processing'>;
    remark: string | null;
    operatorId: string;
    operatorName: string;
    decidedAt: Date;
  },
): Promise<PointRedeemRow | undefined> {
  return trx
    .updateTable('point_redeems')
    .set({
      status: changes.status,
      remark: changes.remark,
      operator_id: changes.operatorId,
      operator_name: changes.operatorName,
      decided_at: changes.decidedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

export async function setRedeemBonus(trx: Executor, id: string, bonusId: string): Promise<void> {
  await trx.updateTable('point_redeems').set({ bonus_id: bonusId }).where('id', '=', id).execute();
}

/** Gives units back to goods with a stock (unlimited goods have none to give back to). */
export async function returnStock(trx: Executor, goodsId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('point_goods')
    .set({ stock: sql`stock + ${quantity}` })
    .where('id', '=', goodsId)
    .where('stock', 'is not', null)
    .execute();
}

/** A member's redeems, newest first. */
export async function findMemberRedeemsPage(
  db: Executor,
  input: { memberId: string; status: PointRedeemStatus | null },
  page: Page,
): Promise<{ rows: PointRedeemRow[]; total: number }> {
  let query = db.selectFrom('point_redeems').where('member_id', '=', input.memberId);
  if (input.status !== null) query = query.where('status', '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('applied_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The operators' queue: redeems by status, of the merchants in scope, optionally of one account;
 * those processing oldest first (the order they wait in), decided ones newest first.
 */
export async function findRedeemQueuePage(
  db: Executor,
  input: {
    merchantIds: readonly string[] | null;
    status: PointRedeemStatus | null;
    accountKey: string | null;
    reference: string | null;
  },
  page: Page,
): Promise<{ rows: RedeemQueueRow[]; total: number }> {
  if (input.merchantIds !== null && input.merchantIds.length === 0) return { rows: [], total: 0 };
  let query = db.selectFrom('point_redeems').innerJoin('members', 'members.id', 'point_redeems.member_id');
  if (input.merchantIds !== null) query = query.where('point_redeems.merchant_id', 'in', input.merchantIds);
  if (input.status !== null) query = query.where('point_redeems.status', '=', input.status);
  if (input.accountKey !== null) query = query.where('members.account_key', '=', input.accountKey);
  if (input.reference !== null) query = query.where('point_redeems.reference', '=', input.reference);
  const direction = input.status === 'processing' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    query
      .selectAll('point_redeems')
      .select('members.account')
      .orderBy('point_redeems.applied_at', direction)
      .orderBy('point_redeems.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One redeem as the queue shows it, with its member's account. */
export function findRedeemQueueRow(db: Executor, id: string): Promise<RedeemQueueRow | undefined> {
  return db
    .selectFrom('point_redeems')
    .innerJoin('members', 'members.id', 'point_redeems.member_id')
    .selectAll('point_redeems')
    .select('members.account')
    .where('point_redeems.id', '=', id)
    .executeTakeFirst();
}

/** A member's point records, newest first, of one type or all. */
export async function findRecordsPage(
  db: Executor,
  input: { memberId: string; type: PointRecordType | null },
  page: Page,
): Promise<{ rows: PointRecordRow[]; total: number }> {
  let query = db.selectFrom('point_records').where('member_id', '=', input.memberId);
  if (input.type !== null) query = query.where('type', '=', input.type);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findMemberMerchantId(db: Executor, memberId: string): Promise<string | undefined> {
  return (await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirst())
    ?.merchant_id;
}

export async function findGoodsMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('point_goods').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

export async function findRedeemMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('point_redeems').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}
