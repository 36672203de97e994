import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The earning job's SQL (docs/loyalty.md "Points"): the (member, day, game type) keys whose bet
 * rollups changed since the merchant's watermark, each key's valid bet now and what it earned before
 * (point_earnings), and credited deposits not yet earned on. Set-based: a batch of keys is a
 * handful of statements, whatever its size.
 */

export type EarnWatermark = { betsChangedAt: Date | null; depositsCreditedAt: Date | null };

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

/** A (member, merchant day, game type) of the bet record. */
export type BetDayKey = { memberId: string; day: string; gameType: string };

/**
 * The (member, day, game type) keys of a merchant whose bet rollups changed after `since` (every
 * key when null), in member order, and the newest change seen: one read of member_bet_days'
 * (merchant_id, changed_at) index, whatever the number of members.
 */
export async function findChangedKeys(
  db: Executor,
  merchantId: string,
  since: Date | null,
): Promise<{ keys: BetDayKey[]; newestChangeAt: Date | null }> {
  const result = await sql<{ member_id: string; day: string; game_type: string; newest: Date }>`
    select member_id, day::text as day, game_type, max(changed_at) as newest from member_bet_days
    where merchant_id = ${merchantId} and ${since === null ? sql`true` : sql`changed_at > ${since}::timestamptz`}
    group by member_id, day, game_type
    order by member_id, day, game_type`.execute(db);
  let newest: Date | null = null;
  for (const row of result.rows) {
    const at = new Date(row.newest);
    if (newest === null || at > newest) newest = at;
  }
  return {
    keys: result.rows.map((row) => ({ memberId: row.member_id, day: row.day, gameType: row.game_type })),
    newestChangeAt: newest,
  };
}

/** Takes the merchant's earning lock: two runs of the job earn one merchant's batches in turns. */
export async function lockMerchantEarning(trx: Transaction<Database>, merchantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`points-earn:${merchantId}`}, 0))`.execute(trx);
}

/** What a changed (member, day, game type) stands at: its valid bet now and what it earned before. */
export type BetDayFacts = BetDayKey & {
  validBetMinor: bigint;
  /** Null: the day earned nothing yet. */
  earned: { validBetMinor: bigint; points: bigint; revision: number } | null;
  /** The member's level's points multiplier; null: no level. */
  multiplierBp: number | null;
};

/**
 * The facts of a batch of keys, read under the caller's lock: the day's valid bet over all its
 * upline rows, what it earned on and gave before, and the member's level multiplier. Each is a
 * lookup by key (scalar subqueries, which the planner never turns into scans of whole tables).
 */
export async function readBetDayFactsIn(
  trx: Transaction<Database>,
  keys: readonly BetDayKey[],
): Promise<BetDayFacts[]> {
  const result = await sql<{
    member_id: string;
    day: string;
    game_type: string;
    valid_bet_minor: bigint;
    earned_on: bigint | null;
    given: bigint | null;
    revision: number | null;
    multiplier_bp: number | null;
  }>`
    with keys as (
      select * from unnest(${sql.val(keys.map((key) => key.memberId))}::text[],
        ${sql.val(keys.map((key) => key.day))}::text[],
        ${sql.val(keys.map((key) => key.gameType))}::text[]) as k(member_id, day, game_type)
    ),
    facts as (
      select k.member_id, k.day, k.game_type,
        coalesce((select sum(d.valid_bet_minor) from member_bet_days d
          where d.member_id = k.member_id and d.day = k.day::date and d.game_type = k.game_type), 0)::bigint
          as valid_bet_minor,
        (select e from point_earnings e
          where e.member_id = k.member_id and e.day = k.day::date and e.game_type = k.game_type) as earning,
        (select l.points_multiplier_bp from member_vip v join vip_levels l on l.id = v.level_id
          where v.member_id = k.member_id) as multiplier_bp
      from keys k
    )
    select member_id, day, game_type, valid_bet_minor, (earning).valid_bet_minor as earned_on,
      (earning).points as given, (earning).revision as revision, multiplier_bp
    from facts`.execute(trx);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    day: row.day,
    gameType: row.game_type,
    validBetMinor: BigInt(row.valid_bet_minor),
    earned:
      row.earned_on === null
        ? null
        : {
            validBetMinor: BigInt(row.earned_on),
            points: BigInt(row.given ?? 0),
            revision: Number(row.revision),
          },
    multiplierBp: row.multiplier_bp === null ? null : Number(row.multiplier_bp),
  }));
}

/** What a (member, day, game type) has now earned in all, on what valid bet, at which revision. */
export type EarningRow = BetDayKey & { validBetMinor: bigint; points: bigint; revision: number };

/** Writes the batch's earnings (one statement), in the caller's transaction. */
export async function writeEarningsIn(
  trx: Transaction<Database>,
  merchantId: string,
  rows: readonly EarningRow[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: EarningRow) => T) => sql.val(rows.map(pick));
  await sql`
    insert into point_earnings (member_id, day, game_type, merchant_id, valid_bet_minor, points, revision,
      updated_at)
    select t.member_id, t.day::date, t.game_type, ${merchantId}, t.valid_bet_minor, t.points, t.revision,
      ${now}::timestamptz
    from unnest(${column((row) => row.memberId)}::text[], ${column((row) => row.day)}::text[],
      ${column((row) => row.gameType)}::text[], ${column((row) => row.validBetMinor.toString())}::bigint[],
      ${column((row) => row.points.toString())}::bigint[], ${column((row) => row.revision)}::int[])
      as t(member_id, day, game_type, valid_bet_minor, points, revision)
    on conflict (member_id, day, game_type) do update
      set valid_bet_minor = excluded.valid_bet_minor, points = excluded.points, revision = excluded.revision,
        updated_at = excluded.updated_at`.execute(trx);
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
  const result = await sql<{ key: string }>`
    select key from point_records where key = any(${sql.val(keys)}::text[])`.execute(trx);
  return new Set(result.rows.map((row) => row.key));
}
