import { sql, type Transaction } from 'kysely';
import type { Database, RebateBasis, RebateMode, RebatePayoutStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type RebatePayoutRow = Row<'rebate_payouts'>;

/** Trial accounts (member type 4) play with free money: rebates never consider them. */
const TRIAL_MEMBER_TYPE = 4;

/** Every merchant's id (the daily job looks at each). */
export async function findMerchantIds(executor: Executor): Promise<string[]> {
  const rows = await executor.selectFrom('merchants').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The merchant days from `from` to `to` the daily job has paid in full. */
export async function findDoneDays(
  executor: Executor,
  input: { merchantId: string; from: string; to: string },
): Promise<Set<string>> {
  const rows = await executor
    .selectFrom('rebate_runs')
    .select('day')
    .where('merchant_id', '=', input.merchantId)
    .where('status', '=', 'done')
    .where('day', '>=', input.from)
    .where('day', '<=', input.to)
    .execute();
  return new Set(rows.map((row) => row.day));
}

/** The latest merchant day paid in full, if any: automatic rebates have covered every bet up to its end. */
export async function findLastDoneDay(executor: Executor, merchantId: string): Promise<string | null> {
  const row = await executor
    .selectFrom('rebate_runs')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return row?.day ?? null;
}

/** Records that a merchant day's run has begun (a run already recorded stays as it is). */
export async function startRun(
  executor: Executor,
  input: { merchantId: string; day: string; now: Date },
): Promise<void> {
  await executor
    .insertInto('rebate_runs')
    .values({ merchant_id: input.merchantId, day: input.day, status: 'open', started_at: input.now })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'day']).doNothing())
    .execute();
}

/** Marks a merchant day paid in full. */
export async function finishRun(
  executor: Executor,
  input: { merchantId: string; day: string; now: Date },
): Promise<void> {
  await executor
    .updateTable('rebate_runs')
    .set({ status: 'done', finished_at: input.now })
    .where('merchant_id', '=', input.merchantId)
    .where('day', '=', input.day)
    .where('status', '=', 'open')
    .execute();
}

/** A member's rebate of one closed day, as the set-based read computes it. */
export type AutoCandidate = {
  memberId: string;
  amountMinor: bigint;
  /** The lines by game type as the payout stores them (JSON text of RebateLine by type), passed through. */
  linesJson: string;
};

/**
 * Every member's rebate of one closed merchant day, in one statement (ordered by member): the
 * basis per game type (the day's valid bet from the member rollups, or for theoretical loss the
 * bet record's rounds of the day with each round's game's edge, else the type's edge, else 0),
 * the rate per type (the member's level's, else the merchant's, else 0), each line floored to
 * minor units, the member's sum at least the minimum. Left out: trial accounts, members with a
 * payout of the day already, and members whose manual claim covered any of the day (switching
 * modes never pays a bet twice).
 */
export async function findAutoCandidates(
  executor: Executor,
  input: {
    merchantId: string;
    day: string;
    dayStart: Date;
    basis: RebateBasis;
    ratesBp: Readonly<Record<string, number>>;
    houseEdgesBp: Readonly<Record<string, number>>;
    minimumMinor: bigint;
  },
): Promise<AutoCandidate[]> {
  const bets =
    input.basis === 'validBet'
      ? sql`
        select d.member_id, d.game_type, sum(d.valid_bet_minor)::bigint as basis
          from member_bet_days d
          where d.merchant_id = ${input.merchantId} and d.day = ${input.day}::date and d.valid_bet_minor > 0
          group by d.member_id, d.game_type`
      : sql`
        select r.member_id, r.game_type,
            floor(sum(r.valid_bet_minor::numeric * coalesce(g.house_edge_bp, e.edge_bp, 0)) / 10000)::bigint as basis
          from game_rounds r
          left join games g on g.id = r.game_id
          left join (select key as game_type, value::integer as edge_bp
                       from jsonb_each_text(${JSON.stringify(input.houseEdgesBp)}::jsonb)) e
            on e.game_type = r.game_type
          where r.merchant_id = ${input.merchantId} and r.settled_day = ${input.day}::date
            and r.valid_bet_minor > 0
          group by r.member_id, r.game_type`;
  const result = await sql<{ member_id: string; amount_minor: string; lines: string }>`
    with bets as (${bets}),
    rated as (
      select b.member_id, b.game_type, b.basis,
          coalesce((l.rebate_rates ->> b.game_type)::integer, rates.rate_bp, 0) as rate_bp
        from bets b
        left join member_vip v on v.member_id = b.member_id
        left join vip_levels l on l.id = v.level_id
        left join (select key as game_type, value::integer as rate_bp
                     from jsonb_each_text(${JSON.stringify(input.ratesBp)}::jsonb)) rates
          on rates.game_type = b.game_type
        where b.basis > 0
    ),
    lines as (
      select member_id, game_type, basis, rate_bp, (basis * rate_bp / 10000)::bigint as amount from rated
    )
    select l.member_id, sum(l.amount)::text as amount_minor,
        jsonb_object_agg(l.game_type, jsonb_build_object(
          'basis', l.basis::text, 'rateBp', l.rate_bp, 'amount', l.amount::text))::text as lines
      from lines l
      join members m on m.id = l.member_id and m.type <> ${TRIAL_MEMBER_TYPE}
      where not exists (select 1 from rebate_payouts p where p.member_id = l.member_id and p.day = ${input.day}::date)
        and not exists (select 1 from rebate_payouts p where p.member_id = l.member_id
                          and p.mode = 'manual' and p.covered_to > ${input.dayStart})
      group by l.member_id
      having sum(l.amount) >= ${input.minimumMinor}::bigint
      order by l.member_id`.execute(executor);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    amountMinor: BigInt(row.amount_minor),
    linesJson: row.lines,
  }));
}

/**
 * Members' rows locked, in one statement in id order, as the bonus engine locks them (`no key
 * update`, which bets do not wait on): a day's payment, a claim and a grant of one member take
 * turns. Answers the merchant of each member found.
 */
export async function lockMembers(
  trx: Transaction<Database>,
  memberIds: readonly string[],
): Promise<Map<string, string>> {
  const result = await sql<{ id: string; merchant_id: string }>`
    select id, merchant_id from members where id = any(${sql.val([...memberIds])}::text[])
      order by id for no key update`.execute(trx);
  return new Map(result.rows.map((row) => [row.id, row.merchant_id]));
}

/**
 * Which of these members a closed day's automatic payment must leave alone, read under their
 * locks: paid (or recorded) for the day already, or covered by a manual claim into the day.
 */
export async function findCoveredMembers(
  executor: Executor,
  input: { memberIds: readonly string[]; day: string; dayStart: Date },
): Promise<Set<string>> {
  if (input.memberIds.length === 0) return new Set();
  const result = await sql<{ member_id: string }>`
    select distinct member_id from rebate_payouts
      where member_id = any(${sql.val([...input.memberIds])}::text[])
        and (day = ${input.day}::date or (mode = 'manual' and covered_to > ${input.dayStart}))`.execute(
    executor,
  );
  return new Set(result.rows.map((row) => row.member_id));
}

/**
 * Payouts in one statement of array parameters (a day's batch writes a thousand, with the grants
 * in the same transaction).
 */
export async function insertPayouts(
  executor: Executor,
  rows: readonly NewRow<'rebate_payouts'>[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: NewRow<'rebate_payouts'>) => T) => sql.val(rows.map(pick));
  const time = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
  await sql`
    insert into rebate_payouts (id, merchant_id, member_id, mode, day, covered_from, covered_to, basis,
      amount_minor, lines, status, skip_reason, bonus_id, created_at)
    select * from unnest(
      ${column((row) => row.id)}::text[], ${column((row) => row.merchant_id)}::text[],
      ${column((row) => row.member_id)}::text[], ${column((row) => row.mode)}::text[],
      ${column((row) => row.day)}::date[], ${column((row) => time(row.covered_from))}::timestamptz[],
      ${column((row) => time(row.covered_to))}::timestamptz[], ${column((row) => row.basis)}::text[],
      ${column((row) => String(row.amount_minor))}::bigint[], ${column((row) => row.lines)}::jsonb[],
      ${column((row) => row.status)}::text[], ${column((row) => row.skip_reason ?? null)}::text[],
      ${column((row) => row.bonus_id ?? null)}::text[], ${column((row) => time(row.created_at))}::timestamptz[])`.execute(
    executor,
  );
}

/** What a member's rebates so far tell a claim: how far they cover, and the last claim and payment. */
export async function findMemberRebateState(
  executor: Executor,
  memberId: string,
): Promise<{ coveredTo: Date | null; lastClaimAt: Date | null; lastPaidAt: Date | null }> {
  const result = await sql<{
    covered_to: Date | null;
    last_claim_at: Date | null;
    last_paid_at: Date | null;
  }>`
    select
      (select max(covered_to) from rebate_payouts where member_id = ${memberId}) as covered_to,
      (select max(created_at) from rebate_payouts where member_id = ${memberId} and mode = 'manual') as last_claim_at,
      (select max(created_at) from rebate_payouts where member_id = ${memberId} and status = 'paid') as last_paid_at`.execute(
    executor,
  );
  const row = result.rows[0];
  return {
    coveredTo: row?.covered_to ?? null,
    lastClaimAt: row?.last_claim_at ?? null,
    lastPaidAt: row?.last_paid_at ?? null,
  };
}

/**
 * A member's basis per game type over settlement times from `from` (included) to `to` (excluded):
 * valid bet, or valid bet × each round's game's edge (else the type's, else 0), floored per type.
 * Served by game_rounds (member_id, settled_at).
 */
export async function sumMemberBasis(
  executor: Executor,
  input: {
    memberId: string;
    from: Date;
    to: Date;
    basis: RebateBasis;
    houseEdgesBp: Readonly<Record<string, number>>;
  },
): Promise<Map<string, bigint>> {
  const result = await sql<{ game_type: string; basis: string }>`
    select r.game_type,
        (case when ${input.basis} = 'validBet' then sum(r.valid_bet_minor)
          else floor(sum(r.valid_bet_minor::numeric * coalesce(g.house_edge_bp, e.edge_bp, 0)) / 10000)
        end)::text as basis
      from game_rounds r
      left join games g on g.id = r.game_id
      left join (select key as game_type, value::integer as edge_bp
                   from jsonb_each_text(${JSON.stringify(input.houseEdgesBp)}::jsonb)) e
        on e.game_type = r.game_type
      where r.member_id = ${input.memberId} and r.settled_at >= ${input.from} and r.settled_at < ${input.to}
        and r.valid_bet_minor > 0
      group by r.game_type`.execute(executor);
  return new Map(result.rows.map((row) => [row.game_type, BigInt(row.basis)]));
}

/** A page of a member's rebates paid, newest first. */
export async function findMemberPayoutsPage(
  executor: Executor,
  input: { memberId: string; limit: number; offset: number },
): Promise<{ rows: RebatePayoutRow[]; total: number }> {
  const base = executor
    .selectFrom('rebate_payouts')
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'paid');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type PayoutFilter = {
  /** null: every merchant (a platform owner's view). */
  merchantIds: readonly string[] | null;
  /** The first and last merchant day (each merchant's own zone) of the payouts' times. */
  from: string;
  to: string;
  /** The member's whole account name, lower case (`members.account_key`). */
  accountKey?: string;
  mode?: RebateMode;
  status?: RebatePayoutStatus;
};

export type PayoutWithAccount = RebatePayoutRow & { account: string };

/**
 * A page of payouts (newest first) with the filter's totals: payouts paid and their sum, and
 * those recorded unpaid. The range is read in each merchant's own days, through the
 * (merchant, created_at) index.
 */
export async function findPayoutsPage(
  executor: Executor,
  filter: PayoutFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PayoutWithAccount[]; total: number; paid: number; paidMinor: bigint; skipped: number }> {
  let filtered = executor
    .selectFrom('rebate_payouts as p')
    .innerJoin('merchants as mc', 'mc.id', 'p.merchant_id')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .where(sql<boolean>`p.created_at >= (${filter.from}::date::timestamp at time zone mc.time_zone)`)
    .where(sql<boolean>`p.created_at < ((${filter.to}::date + 1)::timestamp at time zone mc.time_zone)`);
  if (filter.merchantIds) filtered = filtered.where('p.merchant_id', 'in', [...filter.merchantIds, '']);
  if (filter.accountKey !== undefined) filtered = filtered.where('m.account_key', '=', filter.accountKey);
  if (filter.mode) filtered = filtered.where('p.mode', '=', filter.mode);
  if (filter.status) filtered = filtered.where('p.status', '=', filter.status);
  const [rows, totals] = await Promise.all([
    filtered
      .selectAll('p')
      .select('m.account as account')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where p.status = 'paid')`.as('paid'),
        sql<string>`coalesce(sum(p.amount_minor) filter (where p.status = 'paid'), 0)`.as('paid_minor'),
        sql<string>`count(*) filter (where p.status = 'skipped')`.as('skipped'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(totals.total),
    paid: Number(totals.paid),
    paidMinor: BigInt(totals.paid_minor),
    skipped: Number(totals.skipped),
  };
}

/** A member's rebates paid per merchant day of payment, from `from` (included) to `to` (excluded). */
export async function sumPaidByDay(
  executor: Executor,
  input: { memberId: string; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; amountMinor: bigint }[]> {
  const result = await sql<{ day: string; amount_minor: string }>`
    select (created_at at time zone ${input.timeZone})::date::text as day, sum(amount_minor)::text as amount_minor
      from rebate_payouts
      where member_id = ${input.memberId} and status = 'paid'
        and created_at >= ${input.from} and created_at < ${input.to}
      group by 1
      order by 1`.execute(executor);
  return result.rows.map((row) => ({ day: row.day, amountMinor: BigInt(row.amount_minor) }));
}
