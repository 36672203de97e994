import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, PointRecordType } from '../../db/schema.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';

/**
 * The points ledger's SQL: each member's balance and owed points (member_points) and one record
 * per change (point_records). Every change runs under the member's row lock, so that changes of
 * one member take turns and each reads the balance the one before left.
 */

export type PointRecordRow = Row<'point_records'>;

/** A member's points; a member without a row has none. */
export type PointsBalance = { balance: bigint; owed: bigint };

/**
 * Locks the member's points row (making it when missing) in the caller's transaction and answers
 * what it holds. Every change of a member's points takes this lock first.
 */
export async function lockPointsIn(
  trx: Transaction<Database>,
  input: { merchantId: string; memberId: string; now: Date },
): Promise<PointsBalance> {
  await trx
    .insertInto('member_points')
    .values({ member_id: input.memberId, merchant_id: input.merchantId, updated_at: input.now })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('member_points')
    .select(['balance', 'owed'])
    .where('member_id', '=', input.memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { balance: row.balance, owed: row.owed };
}

export async function findPointsBalance(db: Executor, memberId: string): Promise<PointsBalance> {
  const row = await db
    .selectFrom('member_points')
    .select(['balance', 'owed'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? { balance: row.balance, owed: row.owed } : { balance: 0n, owed: 0n };
}

/** A balance and what is owed as one signed figure: the balance, or minus what is owed. */
export function netOf(points: PointsBalance): bigint {
  return points.balance - points.owed;
}

/** The balance and owed points of a net figure (one of them is always 0). */
export function pointsOfNet(net: bigint): PointsBalance {
  return net >= 0n ? { balance: net, owed: 0n } : { balance: 0n, owed: -net };
}

/**
 * Records one change of a member whose points the caller has locked (lockPointsIn), from what
 * that lock read: a credit pays what is owed first, a debit takes what the balance holds and owes
 * the rest. The record's points are the balance's own change; `detail` gains what went to or came
 * from owed.
 */
export async function changePointsIn(
  trx: Transaction<Database>,
  input: {
    merchantId: string;
    memberId: string;
    before: PointsBalance;
    type: PointRecordType;
    delta: bigint;
    key: string;
    detail: Record<string, string>;
    remark: string | null;
    now: Date;
  },
): Promise<{ record: PointRecordRow; after: PointsBalance }> {
  const after = pointsOfNet(netOf(input.before) + input.delta);
  const owedPaid = input.before.owed - after.owed;
  const detail = { ...input.detail };
  if (owedPaid > 0n) detail.owedPaid = owedPaid.toString();
  if (owedPaid < 0n) detail.owedAdded = (-owedPaid).toString();
  const record = await trx
    .insertInto('point_records')
    .values({
      id: uuidv7(),
      merchant_id: input.merchantId,
      member_id: input.memberId,
      type: input.type,
      points: after.balance - input.before.balance,
      balance: after.balance,
      detail: JSON.stringify(detail),
      remark: input.remark,
      key: input.key,
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('member_points')
    .set({ balance: after.balance, owed: after.owed, updated_at: input.now })
    .where('member_id', '=', input.memberId)
    .execute();
  return { record, after };
}

/** One change of many members' points, applied in one statement (the earning job's). */
export type PointsDelta = {
  memberId: string;
  type: PointRecordType;
  delta: bigint;
  key: string;
  detail: Record<string, string>;
};

/**
 * Applies many changes at once, in the caller's transaction: the members' rows are made where
 * missing and locked in id order, then one statement writes every record (each member's in the
 * order given, with the balance after each) and every member's new balance and owed points.
 */
export async function applyDeltasIn(
  trx: Transaction<Database>,
  merchantId: string,
  deltas: readonly PointsDelta[],
  now: Date,
): Promise<void> {
  if (deltas.length === 0) return;
  const memberIds = [...new Set(deltas.map((delta) => delta.memberId))].sort();
  const column = <T>(pick: (delta: PointsDelta) => T) => sql.val(deltas.map(pick));
  await sql`
    insert into member_points (member_id, merchant_id, updated_at)
    select id, ${merchantId}, ${now}::timestamptz from unnest(${sql.val(memberIds)}::text[]) as t(id)
    on conflict (member_id) do nothing`.execute(trx);
  await sql`
    select member_id from member_points where member_id = any(${sql.val(memberIds)}::text[])
    order by member_id for update`.execute(trx);
  await sql`
    with d as (
      select * from unnest(${sql.val(deltas.map(() => uuidv7()))}::text[], ${column((delta) => delta.memberId)}::text[],
        ${column((delta) => delta.type)}::text[], ${column((delta) => delta.delta.toString())}::bigint[],
        ${column((delta) => delta.key)}::text[], ${column((delta) => JSON.stringify(delta.detail))}::text[])
        with ordinality as t(id, member_id, type, delta, key, detail, ord)
    ),
    p as (
      select member_id, balance - owed as net from member_points where member_id = any(${sql.val(memberIds)}::text[])
    ),
    seq as (
      select d.*, p.net + sum(d.delta) over (partition by d.member_id order by d.ord) as net_after
      from d join p on p.member_id = d.member_id
    ),
    owed as (
      select seq.*, greatest(delta - net_after, 0) as owed_before, greatest(-net_after, 0) as owed_after from seq
    ),
    records as (
      insert into point_records (id, merchant_id, member_id, type, points, balance, detail, key, created_at)
      select id, ${merchantId}, member_id, type,
        greatest(net_after, 0) - greatest(net_after - delta, 0),
        greatest(net_after, 0),
        detail::jsonb || jsonb_strip_nulls(jsonb_build_object(
          'owedPaid', nullif(greatest(owed_before - owed_after, 0), 0)::text,
          'owedAdded', nullif(greatest(owed_after - owed_before, 0), 0)::text)),
        key, ${now}::timestamptz
      from owed
      returning 1
    ),
    totals as (select member_id, sum(delta) as total from d group by member_id)
    update member_points m
      set balance = greatest(p.net + t.total, 0), owed = greatest(-(p.net + t.total), 0), updated_at = ${now}::timestamptz
      from totals t join p on p.member_id = t.member_id
      where m.member_id = t.member_id`.execute(trx);
}
