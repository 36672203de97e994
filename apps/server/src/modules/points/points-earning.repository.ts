import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The earning job's SQL (docs/loyalty.md "Points"): the members whose bet rollups changed since
 * the merchant's watermark, what each changed (member, day, game type) now earns against what it
 * earned before (point_earnings), and credited deposits not yet earned on. Set-based: a batch of
 * members is a handful of statements, whatever its size.
 */

export type EarnWatermark = { betsChangedAt: Date | null; depositsCreditedAt: Date | null };

/** A rule of one game type as the statement takes it: points for each whole per_minor of valid bet. */
export type GameTypeRule = { gameType: string; perMinor: bigint; points: number };

/** What a changed (member, day, game type) earns or gives back now: delta ≠ 0. */
export type EarningChange = {
  memberId: string;
  day: string;
  gameType: string;
  validBetMinor: bigint;
  delta: bigint;
  revision: number;
};

export async function readWatermark(db: Executor, merchantId: string): Promise<EarnWatermark> {
  const row = await db
    .selectFrom('point_earn_watermarks')
    .select(['bets_changed_at', 'deposits_credited_at'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return {
    betsChangedAt: row?.bets_changed_at ?? null,
    depositsCreditedAt: row?.deposits_credited_at ?? null,
  };
}

/** Moves a watermark forward (never back). */
export async function writeWatermark(
  db: Executor,
  merchantId: string,
  which: 'bets_changed_at' | 'deposits_credited_at',
  at: Date,
): Promise<void> {
  await sql`
    insert into point_earn_watermarks (merchant_id, ${sql.ref(which)}) values (${merchantId}, ${at})
    on conflict (merchant_id) do update
      set ${sql.ref(which)} = greatest(point_earn_watermarks.${sql.ref(which)}, excluded.${sql.ref(which)})`.execute(
    db,
  );
}

/** Every merchant's id. */
export async function findMerchantIds(db: Executor): Promise<string[]> {
  return (await db.selectFrom('merchants').select('id').orderBy('id').execute()).map((row) => row.id);
}

/**
 * The members of a merchant whose bet rollups changed after `since` (every member with any when
 * null), and the newest change seen; uses member_bet_days' (merchant_id, changed_at) index.
 */
export async function findChangedMembers(
  db: Executor,
  merchantId: string,
  since: Date | null,
): Promise<{ memberIds: string[]; newestChangeAt: Date | null }> {
  const result = await sql<{ member_id: string; newest: Date }>`
    select member_id, max(changed_at) as newest from member_bet_days
    where merchant_id = ${merchantId} and ${since === null ? sql`true` : sql`changed_at > ${since}::timestamptz`}
    group by member_id
    order by member_id`.execute(db);
  let newest: Date | null = null;
  for (const row of result.rows) {
    const at = new Date(row.newest);
    if (newest === null || at > newest) newest = at;
  }
  return { memberIds: result.rows.map((row) => row.member_id), newestChangeAt: newest };
}

/** Takes the merchant's earning lock: two runs of the job earn one merchant's batches in turns. */
export async function lockMerchantEarning(trx: Transaction<Database>, merchantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`points-earn:${merchantId}`}, 0))`.execute(trx);
}

/**
 * For the batch's members, every (day, game type) whose rollups changed after `since`: the day's
 * valid bet now (over all its upline rows) against what it earned on before. Valid bet that grew
 * earns the rule's points on the day's whole valid bet (× the member's level multiplier), less what
 * the day already earned, never less than nothing; valid bet that fell gives back the points in
 * proportion (what was earned × the valid bet left ÷ the valid bet earned on), so that a rule or a
 * level that changed since never claws back by itself. The earnings are written and the changes
 * answered (delta ≠ 0), each with the revision its record is keyed by. The caller holds the
 * merchant's earning lock.
 */
export async function earnChangedDaysIn(
  trx: Transaction<Database>,
  input: {
    merchantId: string;
    memberIds: readonly string[];
    since: Date | null;
    rules: readonly GameTypeRule[];
    now: Date;
  },
): Promise<EarningChange[]> {
  const result = await sql<{
    member_id: string;
    day: string;
    game_type: string;
    valid_bet_minor: bigint;
    delta: bigint;
    revision: number;
  }>`
    with rules as (
      select * from unnest(${sql.val(input.rules.map((rule) => rule.gameType))}::text[],
        ${sql.val(input.rules.map((rule) => rule.perMinor.toString()))}::bigint[],
        ${sql.val(input.rules.map((rule) => rule.points))}::bigint[]) as t(game_type, per_minor, points)
    ),
    changed as (
      select distinct member_id, day, game_type from member_bet_days
      where member_id = any(${sql.val(input.memberIds)}::text[]) and merchant_id = ${input.merchantId}
        and ${input.since === null ? sql`true` : sql`changed_at > ${input.since}::timestamptz`}
    ),
    sums as (
      select c.member_id, c.day, c.game_type, sum(d.valid_bet_minor)::bigint as valid_bet_minor
      from changed c
      join member_bet_days d on d.member_id = c.member_id and d.day = c.day and d.game_type = c.game_type
      group by c.member_id, c.day, c.game_type
    ),
    computed as (
      select s.member_id, s.day, s.game_type, s.valid_bet_minor, e.valid_bet_minor as earned_on,
        coalesce(e.points, 0) as given, coalesce(e.revision, 0) as revision,
        case
          when s.valid_bet_minor > coalesce(e.valid_bet_minor, 0) then greatest(0,
            coalesce(floor(floor(s.valid_bet_minor::numeric / r.per_minor) * r.points
              * coalesce(l.points_multiplier_bp, 10000) / 10000), 0)::bigint - coalesce(e.points, 0))
          when s.valid_bet_minor < e.valid_bet_minor then
            floor(e.points::numeric * s.valid_bet_minor / e.valid_bet_minor)::bigint - e.points
          else 0
        end as delta
      from sums s
      left join point_earnings e on e.member_id = s.member_id and e.day = s.day and e.game_type = s.game_type
      left join rules r on r.game_type = s.game_type
      left join member_vip v on v.member_id = s.member_id
      left join vip_levels l on l.id = v.level_id
    ),
    written as (
      insert into point_earnings as e (member_id, day, game_type, merchant_id, valid_bet_minor, points,
        revision, updated_at)
      select member_id, day, game_type, ${input.merchantId}, valid_bet_minor, given + delta, revision + 1,
        ${input.now}::timestamptz
      from computed
      where valid_bet_minor <> coalesce(earned_on, 0) and (earned_on is not null or delta <> 0)
      on conflict (member_id, day, game_type) do update
        set valid_bet_minor = excluded.valid_bet_minor, points = excluded.points, revision = excluded.revision,
          updated_at = excluded.updated_at
      returning member_id, day, game_type, revision
    )
    select c.member_id, c.day::text as day, c.game_type, c.valid_bet_minor, c.delta, w.revision
    from computed c
    join written w on w.member_id = c.member_id and w.day = c.day and w.game_type = c.game_type
    where c.delta <> 0
    order by c.member_id, c.day, c.game_type`.execute(trx);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    day: row.day,
    gameType: row.game_type,
    validBetMinor: BigInt(row.valid_bet_minor),
    delta: BigInt(row.delta),
    revision: Number(row.revision),
  }));
}

/** A credited deposit not yet earned on, with its member's level multiplier. */
export type UnearnedDeposit = {
  id: string;
  memberId: string;
  amountMinor: bigint;
  creditedAt: Date;
  multiplierBp: number;
};

/**
 * A page of the merchant's deposits credited after `since` (all when null), in the order they
 * were credited after the `after` cursor, leaving out those a record was already written for.
 */
export async function findUnearnedDeposits(
  db: Executor,
  input: {
    merchantId: string;
    since: Date | null;
    after: { creditedAt: Date; id: string } | null;
    limit: number;
  },
): Promise<UnearnedDeposit[]> {
  const result = await sql<{
    id: string;
    member_id: string;
    amount_minor: bigint;
    credited_at: Date;
    multiplier_bp: number | null;
  }>`
    select d.id, d.member_id, d.amount_minor, d.credited_at, l.points_multiplier_bp as multiplier_bp
    from deposits d
    left join member_vip v on v.member_id = d.member_id
    left join vip_levels l on l.id = v.level_id
    where d.merchant_id = ${input.merchantId} and d.status = 'credited'
      and ${input.since === null ? sql`true` : sql`d.credited_at > ${input.since}::timestamptz`}
      and ${
        input.after === null
          ? sql`true`
          : sql`(d.credited_at, d.id) > (${input.after.creditedAt}::timestamptz, ${input.after.id})`
      }
      and not exists (select 1 from point_records r where r.key = 'deposit:' || d.id)
    order by d.credited_at, d.id
    limit ${input.limit}`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    amountMinor: BigInt(row.amount_minor),
    creditedAt: new Date(row.credited_at),
    multiplierBp: row.multiplier_bp ?? 10_000,
  }));
}

/** The deposit keys of a batch that a record already holds (read under the merchant's lock). */
export async function findEarnedDepositKeys(trx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await trx.selectFrom('point_records').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((row) => row.key));
}
