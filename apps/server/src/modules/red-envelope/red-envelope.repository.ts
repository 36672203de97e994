import { sql } from 'kysely';
import type { RedEnvelopeAnnounced } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type RedEnvelopeDropRow = Row<'red_envelope_drops'>;

/** A drop's figures the lists show beside it: envelopes opened, what they paid, what is left. */
export type DropCounts = { opened: number; paidMinor: bigint };

/** An opened envelope as the back office lists it: with the member's account. */
export type OpenedEnvelopeRow = {
  envelope_index: number;
  amount_minor: bigint;
  member_id: string;
  account: string;
  opened_at: Date;
};

export function findDrop(db: Executor, id: string): Promise<RedEnvelopeDropRow | undefined> {
  return db.selectFrom('red_envelope_drops').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks a drop's row: an operator's edit or cancel and the opening's check take turns on it. */
export function lockDrop(trx: Executor, id: string): Promise<RedEnvelopeDropRow | undefined> {
  return trx.selectFrom('red_envelope_drops').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findDropMerchant(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('red_envelope_drops')
    .select('merchant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merchant_id;
}

export async function insertDrop(
  trx: Executor,
  row: NewRow<'red_envelope_drops'>,
): Promise<RedEnvelopeDropRow> {
  return trx.insertInto('red_envelope_drops').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateDrop(
  trx: Executor,
  id: string,
  changes: Partial<Omit<NewRow<'red_envelope_drops'>, 'id' | 'merchant_id'>>,
): Promise<RedEnvelopeDropRow> {
  return trx
    .updateTable('red_envelope_drops')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes a drop's envelopes, in handing-out order, replacing any it had (none opened). */
export async function replaceEnvelopes(
  trx: Executor,
  dropId: string,
  amounts: readonly bigint[],
): Promise<void> {
  await trx.deleteFrom('red_envelopes').where('drop_id', '=', dropId).execute();
  // Several statements for a large drop, each within the parameters a statement may carry.
  const CHUNK = 5000;
  for (let start = 0; start < amounts.length; start += CHUNK) {
    await trx
      .insertInto('red_envelopes')
      .values(
        amounts.slice(start, start + CHUNK).map((amount, offset) => ({
          drop_id: dropId,
          envelope_index: start + offset,
          amount_minor: amount,
        })),
      )
      .execute();
  }
}

/** Whether any envelope of the drop has been opened. */
export async function anyOpened(db: Executor, dropId: string): Promise<boolean> {
  const row = await db
    .selectFrom('red_envelopes')
    .select('envelope_index')
    .where('drop_id', '=', dropId)
    .where('member_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What red_envelopes_open answered for one claimant (migration 0168). */
export type EnvelopeClaimAnswer = {
  member_id: string;
  status: 'opened' | 'already' | 'taken' | 'no_account';
  envelope_index: number | null;
  amount_minor: bigint | null;
  balance_after_minor: bigint | null;
  left_after: number;
};

/**
 * Claimants of one drop, in order, each given the lowest envelope left and paid it from the house
 * account to their cash account, in one statement (red_envelopes_open, migration 0168). A claimant
 * with no cash account yet is answered `no_account` and nothing is written for them.
 */
export async function openEnvelopes(
  db: Executor,
  input: {
    dropId: string;
    now: Date;
    merchantId: string;
    currency: string;
    reference: string;
    houseAccountId: string;
    claims: readonly { memberId: string; transferId: string }[];
  },
): Promise<EnvelopeClaimAnswer[]> {
  const { claims } = input;
  const result = await sql<EnvelopeClaimAnswer>`
    select member_id, status, envelope_index, amount_minor, balance_after_minor, left_after
    from red_envelopes_open(${input.dropId}::text, ${input.now}::timestamptz, ${input.merchantId}::text,
      ${input.currency}::text, ${input.reference}::text, ${input.houseAccountId}::text,
      ${sql.val(claims.map((claim) => claim.memberId))}::text[],
      ${sql.val(claims.map((claim) => claim.transferId))}::text[])`.execute(db);
  return result.rows;
}

/** Envelopes not yet opened, per drop. */
export async function countLeft(db: Executor, dropIds: readonly string[]): Promise<Map<string, number>> {
  if (dropIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('red_envelopes')
    .select((eb) => ['drop_id', eb.fn.countAll<string>().as('left')])
    .where('drop_id', 'in', dropIds)
    .where('member_id', 'is', null)
    .groupBy('drop_id')
    .execute();
  return new Map(rows.map((row) => [row.drop_id, Number(row.left)]));
}

/** Envelopes opened and what they paid, per drop. */
export async function countOpened(
  db: Executor,
  dropIds: readonly string[],
): Promise<Map<string, DropCounts>> {
  if (dropIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('red_envelopes')
    .select((eb) => [
      'drop_id',
      eb.fn.countAll<string>().as('opened'),
      eb.fn.sum<string>('amount_minor').as('paid'),
    ])
    .where('drop_id', 'in', dropIds)
    .where('member_id', 'is not', null)
    .groupBy('drop_id')
    .execute();
  return new Map(
    rows.map((row) => [row.drop_id, { opened: Number(row.opened), paidMinor: BigInt(row.paid ?? 0) }]),
  );
}

/** The member's envelopes among these drops. */
export function findMine(db: Executor, memberId: string, dropIds: readonly string[]) {
  if (dropIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('red_envelopes')
    .select(['drop_id', 'envelope_index', 'amount_minor', 'opened_at'])
    .where('member_id', '=', memberId)
    .where('drop_id', 'in', dropIds)
    .execute();
}

/** The members who hold an envelope of a drop. */
export async function findHolders(db: Executor, dropId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('red_envelopes')
    .select('member_id')
    .where('drop_id', '=', dropId)
    .where('member_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id]));
}

/** A drop's amounts in handing-out order. */
export async function findAmounts(db: Executor, dropId: string): Promise<bigint[]> {
  const rows = await db
    .selectFrom('red_envelopes')
    .select('amount_minor')
    .where('drop_id', '=', dropId)
    .orderBy('envelope_index')
    .execute();
  return rows.map((row) => BigInt(row.amount_minor));
}

/**
 * A merchant's scheduled drops a member may see: starting within `ahead`, open, or ended within
 * `behind`, soonest first.
 */
export function findVisibleDrops(
  db: Executor,
  input: { merchantId: string; now: Date; aheadMs: number; behindMs: number; limit: number },
): Promise<RedEnvelopeDropRow[]> {
  return db
    .selectFrom('red_envelope_drops')
    .selectAll()
    .where('merchant_id', '=', input.merchantId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '<=', new Date(input.now.getTime() + input.aheadMs))
    .where('ends_at', '>', new Date(input.now.getTime() - input.behindMs))
    .orderBy('starts_at')
    .limit(input.limit)
    .execute();
}

/** A page of drops for the back office, latest start first. */
export async function findDropsPage(
  db: Executor,
  input: { scope: readonly string[] | null; page: number; pageSize: number },
): Promise<{ rows: RedEnvelopeDropRow[]; total: number }> {
  let query = db.selectFrom('red_envelope_drops');
  if (input.scope !== null) {
    if (input.scope.length === 0) return { rows: [], total: 0 };
    query = query.where('merchant_id', 'in', input.scope);
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A page of a drop's opened envelopes, in the order they were opened. */
export async function findOpenedPage(
  db: Executor,
  input: { dropId: string; page: number; pageSize: number },
): Promise<{ rows: OpenedEnvelopeRow[]; total: number }> {
  const base = db
    .selectFrom('red_envelopes')
    .where('red_envelopes.drop_id', '=', input.dropId)
    .where('red_envelopes.member_id', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('members', 'members.id', 'red_envelopes.member_id')
      .select([
        'red_envelopes.envelope_index',
        'red_envelopes.amount_minor',
        'red_envelopes.opened_at',
        'members.id as member_id',
        'members.account',
      ])
      .orderBy('red_envelopes.envelope_index')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      envelope_index: row.envelope_index,
      amount_minor: BigInt(row.amount_minor),
      member_id: row.member_id,
      account: row.account,
      opened_at: row.opened_at as Date,
    })),
    total: Number(count.total),
  };
}

/**
 * Marks the drops whose opening or end has come and not been told yet, once across nodes: each row
 * moves on in one guarded statement, and only the run that moved it tells the members.
 */
export async function markAnnouncements(
  db: Executor,
  now: Date,
): Promise<(RedEnvelopeDropRow & { previous: RedEnvelopeAnnounced })[]> {
  const result = await sql<RedEnvelopeDropRow & { previous: RedEnvelopeAnnounced }>`
    update red_envelope_drops d
    set announced = case when d.ends_at <= ${now} then 'ended' else 'open' end
    from (select id, announced as previous from red_envelope_drops
          where status = 'scheduled' and starts_at <= ${now} and announced <> 'ended'
            and (announced = 'none' or ends_at <= ${now})
          for update skip locked) due
    where d.id = due.id
    returning d.*, due.previous`.execute(db);
  return result.rows;
}

/**
 * Takes, once across nodes, up to `limit` scheduled drops that have ended and not given back what
 * no one opened: each is marked in the statement that picks it (released_minor 0 until
 * setReleased), so that a run overlapping on another node skips it.
 */
export async function markReleasing(
  trx: Executor,
  input: { now: Date; limit: number },
): Promise<Pick<RedEnvelopeDropRow, 'id' | 'merchant_id' | 'budget_day'>[]> {
  const result = await sql<Pick<RedEnvelopeDropRow, 'id' | 'merchant_id' | 'budget_day'>>`
    update red_envelope_drops d set released_at = ${input.now}, released_minor = 0
    from (select id from red_envelope_drops
          where status = 'scheduled' and released_at is null and ends_at <= ${input.now}
          order by ends_at
          limit ${input.limit}
          for update skip locked) due
    where d.id = due.id and d.released_at is null
    returning d.id, d.merchant_id, d.budget_day`.execute(trx);
  return result.rows;
}

/**
 * Closes a drop's envelopes no one opened and answers what they hold. A claim opening one right
 * now is waited for (its row is locked): once it commits, its envelope is no longer unopened and
 * is not counted; one that rolls back leaves its envelope to be closed. No claim takes a closed one.
 */
export async function closeUnopened(trx: Executor, dropId: string): Promise<bigint> {
  const result = await sql<{ amount_minor: bigint }>`
    update red_envelopes set closed = true
    where drop_id = ${dropId} and member_id is null and not closed
    returning amount_minor`.execute(trx);
  return result.rows.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n);
}

/** Records what a drop gave back to its day's budget. */
export async function setReleased(trx: Executor, dropId: string, releasedMinor: bigint): Promise<void> {
  await trx
    .updateTable('red_envelope_drops')
    .set({ released_minor: releasedMinor })
    .where('id', '=', dropId)
    .execute();
}

/** The member's VIP rank (0: none) and their latest credited deposit, for a drop's audience. */
export async function readAudienceFacts(
  db: Executor,
  memberId: string,
): Promise<{ vipRank: number; lastDepositAt: Date | null }> {
  const [vip, deposit] = await Promise.all([
    db.selectFrom('member_vip').select('rank').where('member_id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.max('credited_at').as('last'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'credited')
      .executeTakeFirst(),
  ]);
  return { vipRank: vip?.rank ?? 0, lastDepositAt: (deposit?.last as Date | null | undefined) ?? null };
}

/** The members of a restricted audience (VIP rank from n, or a deposit credited since a moment). */
export async function findAudienceMembers(
  db: Executor,
  drop: Pick<RedEnvelopeDropRow, 'merchant_id' | 'audience' | 'vip_rank' | 'deposit_days'>,
  now: Date,
): Promise<string[]> {
  if (drop.audience === 'vip') {
    const rows = await db
      .selectFrom('member_vip')
      .select('member_id')
      .where('merchant_id', '=', drop.merchant_id)
      .where('rank', '>=', drop.vip_rank ?? 1)
      .execute();
    return rows.map((row) => row.member_id);
  }
  if (drop.audience === 'depositors') {
    const since = new Date(now.getTime() - (drop.deposit_days ?? 1) * 86_400_000);
    const rows = await db
      .selectFrom('deposits')
      .select('member_id')
      .distinct()
      .where('merchant_id', '=', drop.merchant_id)
      .where('status', '=', 'credited')
      .where('credited_at', '>=', since)
      .execute();
    return rows.map((row) => row.member_id);
  }
  return [];
}

/** What drops cost per merchant day of their start, for the cost report. */
export async function sumCostByDay(
  db: Executor,
  input: { scope: readonly string[] | null; from: Date; to: Date },
) {
  let query = db
    .selectFrom('red_envelope_drops as d')
    .leftJoin('red_envelopes as e', (join) =>
      join.onRef('e.drop_id', '=', 'd.id').on('e.member_id', 'is not', null),
    )
    .where('d.status', '=', 'scheduled')
    .where('d.starts_at', '>=', input.from)
    .where('d.starts_at', '<', input.to);
  if (input.scope !== null) {
    if (input.scope.length === 0) return [];
    query = query.where('d.merchant_id', 'in', input.scope);
  }
  return query
    .select((eb) => [
      'd.id',
      'd.merchant_id',
      'd.titles',
      'd.starts_at',
      'd.ends_at',
      'd.total_minor',
      'd.envelope_count',
      eb.fn.count<string>('e.envelope_index').as('opened'),
      eb.fn.sum<string>('e.amount_minor').as('paid'),
      eb.fn.count<string>(sql`distinct e.member_id`).as('members'),
    ])
    .groupBy(['d.id'])
    .orderBy('d.starts_at', 'desc')
    .execute();
}
