import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The SQL of the team rollups: team_bet_days rebuilt from member_bet_days (written with each
 * settlement by the bet record) and member_tree. An agent's row of a day and game type sums every
 * member_bet_days row whose upline at settlement is the agent or any member below it; the
 * upline's own ancestors come from member_tree as it is when the day is rebuilt.
 */

export type ChangedDay = { merchantId: string; day: string };

/** The merchants with member rollups, and the job's watermark of each (null before its first run). */
export async function findWatermarks(
  db: Executor,
): Promise<{ merchantId: string; changedAt: Date | null }[]> {
  const result = await sql<{ merchant_id: string; changed_at: Date | null }>`
    select merchants.id as merchant_id, w.changed_at
    from merchants left join team_rollup_watermarks w on w.merchant_id = merchants.id
    order by merchants.id`.execute(db);
  return result.rows.map((row) => ({ merchantId: row.merchant_id, changedAt: row.changed_at }));
}

/**
 * The days of a merchant whose member rollups changed after `since` (all of them when null), and
 * the newest change seen; uses member_bet_days' (merchant_id, changed_at) index.
 */
export async function findChangedDays(
  db: Executor,
  merchantId: string,
  since: Date | null,
): Promise<{ days: string[]; newestChangeAt: Date | null }> {
  const result = await sql<{ day: string; newest: Date }>`
    select day::text as day, max(changed_at) as newest
    from member_bet_days
    where merchant_id = ${merchantId} and ${since === null ? sql`true` : sql`changed_at > ${since}::timestamptz`}
    group by day
    order by day`.execute(db);
  const newest = result.rows.reduce<Date | null>(
    (latest, row) => (latest === null || new Date(row.newest) > latest ? new Date(row.newest) : latest),
    null,
  );
  return { days: result.rows.map((row) => row.day), newestChangeAt: newest };
}

/**
 * Rebuilds one merchant's team rows of the given days (every day when `days` is null): the rows
 * are deleted and summed again from member_bet_days, in the caller's transaction.
 */
export async function rebuildTeamDays(
  trx: Executor,
  merchantId: string,
  days: readonly string[] | null,
  rebuiltAt: Date,
): Promise<number> {
  if (days !== null && days.length === 0) return 0;
  const dayFilter = (column: string) =>
    days === null ? sql`true` : sql`${sql.ref(column)} = any(${sql.val(days)}::date[])`;
  await sql`delete from team_bet_days where merchant_id = ${merchantId} and ${dayFilter('day')}`.execute(trx);
  const inserted = await sql`
    insert into team_bet_days (merchant_id, agent_id, day, game_type, member_count, bet_count,
      stake_minor, valid_bet_minor, win_minor, rebuilt_at)
    select ${merchantId}, t.ancestor_id, r.day, r.game_type,
      count(distinct r.member_id)::int, sum(r.bet_count)::int, sum(r.stake_minor)::bigint,
      sum(r.valid_bet_minor)::bigint, sum(r.win_minor)::bigint, ${rebuiltAt}::timestamptz
    from member_bet_days r
    join member_tree t on t.descendant_id = r.upline_id
    where r.merchant_id = ${merchantId} and r.upline_id <> '' and ${dayFilter('r.day')}
    group by t.ancestor_id, r.day, r.game_type`.execute(trx);
  return Number(inserted.numAffectedRows ?? 0n);
}

/** Takes the merchant's rollup lock, so that the minute job and a full rebuild never interleave. */
export async function lockMerchantRollups(trx: Executor, merchantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`team_bet_days:${merchantId}`}, 0))`.execute(trx);
}

export async function readWatermark(trx: Executor, merchantId: string): Promise<Date | null> {
  const result = await sql<{ changed_at: Date }>`
    select changed_at from team_rollup_watermarks where merchant_id = ${merchantId}`.execute(trx);
  return result.rows[0] ? new Date(result.rows[0].changed_at) : null;
}

/**
 * Moves the merchant's watermark forward to `changedAt` (never back) and, when `rebuilt`, counts
 * one more rebuild in its generation (reports cached under the previous generation go stale).
 */
export async function writeWatermark(
  trx: Executor,
  merchantId: string,
  changedAt: Date,
  rebuilt: boolean,
): Promise<void> {
  await sql`
    insert into team_rollup_watermarks (merchant_id, changed_at, generation)
    values (${merchantId}, ${changedAt}, ${rebuilt ? 1 : 0})
    on conflict (merchant_id) do update
      set changed_at = greatest(team_rollup_watermarks.changed_at, excluded.changed_at),
        generation = team_rollup_watermarks.generation + excluded.generation`.execute(trx);
}

/** Counts one more rebuild of the merchant's team rollups, when it has a watermark. */
export async function bumpGeneration(trx: Executor, merchantId: string): Promise<void> {
  await sql`
    update team_rollup_watermarks set generation = generation + 1
    where merchant_id = ${merchantId}`.execute(trx);
}

/** Every day of the merchant with member rollups or team rollups. */
export async function findAllDays(db: Executor, merchantId: string): Promise<string[]> {
  const result = await sql<{ day: string }>`
    select day::text as day from member_bet_days where merchant_id = ${merchantId}
    union
    select day::text from team_bet_days where merchant_id = ${merchantId}
    order by day`.execute(db);
  return result.rows.map((row) => row.day);
}

/** The newest change of the merchant's member rollups (null when it has none). */
export async function findNewestChange(db: Executor, merchantId: string): Promise<Date | null> {
  const result = await sql<{ newest: Date | null }>`
    select max(changed_at) as newest from member_bet_days where merchant_id = ${merchantId}`.execute(db);
  const newest = result.rows[0]?.newest;
  return newest ? new Date(newest) : null;
}
