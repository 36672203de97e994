import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, PointRecordType } from '../../db/schema.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';
import { present } from '../../platform/errors/invariant.ts';

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
 * missing and locked in id order (one statement each), each member's changes are applied to what
 * the lock read, in the order given (a credit pays what is owed first, as changePointsIn does),
 * and one statement writes every record, one more every member's new balance and owed points.
 */
export async function applyDeltasIn(
  trx: Transaction<Database>,
  merchantId: string,
  deltas: readonly PointsDelta[],
  now: Date,
): Promise<void> {
  if (deltas.length === 0) return;
  const memberIds = [...new Set(deltas.map((delta) => delta.memberId))].sort();
  await sql`
    insert into member_points (member_id, merchant_id, updated_at)
    select id, ${merchantId}, ${now}::timestamptz from unnest(${sql.val(memberIds)}::text[]) as t(id)
    on conflict (member_id) do nothing`.execute(trx);
  const locked = await sql<{ member_id: string; balance: bigint; owed: bigint }>`
    select member_id, balance, owed from member_points where member_id = any(${sql.val(memberIds)}::text[])
    order by member_id for update`.execute(trx);
  const nets = new Map(
    locked.rows.map((row) => [
      row.member_id,
      netOf({ balance: BigInt(row.balance), owed: BigInt(row.owed) }),
    ]),
  );
  const records = deltas.map((delta) => {
    const netBefore = present(nets.get(delta.memberId), `member ${delta.memberId}'s points are locked`);
    const netAfter = netBefore + delta.delta;
    nets.set(delta.memberId, netAfter);
    const before = pointsOfNet(netBefore);
    const after = pointsOfNet(netAfter);
    const detail = { ...delta.detail };
    if (before.owed > after.owed) detail.owedPaid = (before.owed - after.owed).toString();
    if (after.owed > before.owed) detail.owedAdded = (after.owed - before.owed).toString();
    return { ...delta, points: after.balance - before.balance, balance: after.balance, detail };
  });
  const column = <T>(pick: (record: (typeof records)[number]) => T) => sql.val(records.map(pick));
  await sql`
    insert into point_records (id, merchant_id, member_id, type, points, balance, detail, key, created_at)
    select t.id, ${merchantId}, t.member_id, t.type, t.points, t.balance, t.detail::jsonb, t.key, ${now}::timestamptz
    from unnest(${sql.val(records.map(() => uuidv7()))}::text[], ${column((record) => record.memberId)}::text[],
      ${column((record) => record.type)}::text[], ${column((record) => record.points.toString())}::bigint[],
      ${column((record) => record.balance.toString())}::bigint[], ${column((record) => JSON.stringify(record.detail))}::text[],
      ${column((record) => record.key)}::text[]) as t(id, member_id, type, points, balance, detail, key)`.execute(
    trx,
  );
  const finals = memberIds.map((memberId) =>
    pointsOfNet(present(nets.get(memberId), `member ${memberId}'s points are locked`)),
  );
  await sql`
    update member_points m set balance = u.balance, owed = u.owed, updated_at = ${now}::timestamptz
    from unnest(${sql.val(memberIds)}::text[], ${sql.val(finals.map((final) => final.balance.toString()))}::bigint[],
      ${sql.val(finals.map((final) => final.owed.toString()))}::bigint[]) as u(member_id, balance, owed)
    where m.member_id = u.member_id`.execute(trx);
}
