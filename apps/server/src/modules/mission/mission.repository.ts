import { sql, type Transaction } from 'kysely';
import type { Database, LeaderboardMetric } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * Missions' and leaderboards' SQL (docs/missions.md). Progress is read from the bet rollups
 * (member_bet_days, by member and day), credited deposits and logins (by member and time) and the
 * member's rounds (by member and game): each an index range of one member, so a summary costs a
 * handful of short reads whatever the size of the merchant.
 */

/** A member's settled bets per merchant day and game type over some days. */
export type BetDay = { day: string; gameType: string; betCount: number; validBetMinor: bigint };

export async function findBetDays(
  db: Executor,
  memberId: string,
  range: { from: string; to: string },
): Promise<BetDay[]> {
  const result = await sql<{ day: string; game_type: string; bet_count: number; valid_bet_minor: bigint }>`
    select day::text as day, game_type, sum(bet_count)::int as bet_count, sum(valid_bet_minor)::bigint as valid_bet_minor
    from member_bet_days
    where member_id = ${memberId} and day between ${range.from}::date and ${range.to}::date
    group by day, game_type`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    gameType: row.game_type,
    betCount: Number(row.bet_count),
    validBetMinor: BigInt(row.valid_bet_minor),
  }));
}

/** The sum of a member's deposits credited in [from, to). */
export async function sumCreditedDeposits(
  db: Executor,
  memberId: string,
  from: Date,
  to: Date,
): Promise<bigint> {
  const result = await sql<{ total: bigint | null }>`
    select sum(amount_minor)::bigint as total from deposits
    where member_id = ${memberId} and credited_at >= ${from}::timestamptz and credited_at < ${to}::timestamptz
      and status = 'credited'`.execute(db);
  return BigInt(result.rows[0]?.total ?? 0);
}

/** The merchant days (yyyy-MM-dd) of a time zone on which a member logged in, in [from, to). */
export async function findLoginDays(
  db: Executor,
  memberId: string,
  timeZone: string,
  from: Date,
  to: Date,
): Promise<string[]> {
  const result = await sql<{ day: string }>`
    select distinct (created_at at time zone ${timeZone})::date::text as day from member_logins
    where member_id = ${memberId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    order by day`.execute(db);
  return result.rows.map((row) => row.day);
}

/**
 * How many games a member played for the first time in [from, to): games with a round opened in
 * the window and none opened before it (every round counts, whatever its stake or outcome).
 */
export async function countNewGames(db: Executor, memberId: string, from: Date, to: Date): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(distinct r.game_id)::int as count from game_rounds r
    where r.member_id = ${memberId} and r.opened_at >= ${from}::timestamptz and r.opened_at < ${to}::timestamptz
      and not exists (select 1 from game_rounds b
        where b.member_id = r.member_id and b.game_id = r.game_id and b.opened_at < ${from}::timestamptz)`.execute(
    db,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** The (mission, period start) pairs a member has claimed among some periods. */
export async function findClaimedKeys(
  db: Executor,
  memberId: string,
  periodStarts: readonly string[],
): Promise<Set<string>> {
  if (periodStarts.length === 0) return new Set();
  const rows = await db
    .selectFrom('mission_claims')
    .select(['mission_id', sql<string>`period_start::text`.as('period_start')])
    .where('member_id', '=', memberId)
    .where(sql<boolean>`period_start = any(${sql.val(periodStarts)}::date[])`)
    .execute();
  return new Set(rows.map((row) => `${row.mission_id}:${row.period_start}`));
}

/** A ranked member of a leaderboard period. */
export type RankedRow = { rank: number; memberId: string; account: string; figure: bigint };

/** What a leaderboard ranks by over a period. */
export type RankingInput = {
  merchantId: string;
  metric: LeaderboardMetric;
  gameType: string | null;
  /** The merchant days counted (valid bet). */
  days: { from: string; to: string };
  /** The instants counted (mission score: claims made in the window). */
  from: Date;
  to: Date;
  /** Members promotions may reach at this moment are ranked; the others are left out. */
  now: Date;
};

/** The figures of every ranked member, as a CTE selecting (member_id, account, figure, reached_at). */
function figuresOf(input: RankingInput) {
  // A member promotions may not reach (docs/promotions.md "Who may have one") is not ranked at all:
  // the members after them move up, and no prize is held for them.
  const marketable = sql`m.type <> 4 and m.status = 'active' and not m.promotions_opt_out
    and not exists (select 1 from play_settings p where p.member_id = m.id and p.exclusion_ends_at > ${input.now}::timestamptz)`;
  if (input.metric === 'validBet') {
    return sql`
      select d.member_id, m.account, sum(d.valid_bet_minor)::bigint as figure
      from member_bet_days d join members m on m.id = d.member_id
      where d.merchant_id = ${input.merchantId} and d.day between ${input.days.from}::date and ${input.days.to}::date
        and ${input.gameType === null ? sql`true` : sql`d.game_type = ${input.gameType}`}
        and ${marketable}
      group by d.member_id, m.account
      having sum(d.valid_bet_minor) > 0`;
  }
  return sql`
    select c.member_id, m.account, count(*)::bigint as figure
    from mission_claims c join members m on m.id = c.member_id
    where c.merchant_id = ${input.merchantId} and c.created_at >= ${input.from}::timestamptz
      and c.created_at < ${input.to}::timestamptz and ${marketable}
    group by c.member_id, m.account`;
}

/**
 * The top `top` ranks of a period and the ranks within `around` of a member's (ties: the lower
 * member id first, docs/missions.md "Ties"), with the number of members ranked.
 */
export async function readRanking(
  db: Executor,
  input: RankingInput & { top: number; memberId: string | null; around: number },
): Promise<{ rows: RankedRow[]; ranked: number; mine: RankedRow | null }> {
  const result = await sql<{
    rank: number;
    member_id: string;
    account: string;
    figure: bigint;
    ranked: number;
  }>`
    with figures as (${figuresOf(input)}),
    ranked as (
      select member_id, account, figure, row_number() over (order by figure desc, member_id) as rank,
        count(*) over () as ranked
      from figures
    ),
    mine as (select rank from ranked where member_id = ${input.memberId})
    select rank::int as rank, member_id, account, figure, ranked::int as ranked from ranked
    where rank <= ${input.top}
      or rank between (select rank from mine) - ${input.around} and (select rank from mine) + ${input.around}
    order by rank`.execute(db);
  const rows = result.rows.map((row) => ({
    rank: Number(row.rank),
    memberId: row.member_id,
    account: row.account,
    figure: BigInt(row.figure),
  }));
  return {
    rows,
    ranked: Number(result.rows[0]?.ranked ?? 0),
    mine: rows.find((row) => row.memberId === input.memberId) ?? null,
  };
}

/** Takes a leaderboard's closing lock: a job and an operator's close of one period take turns. */
export async function lockLeaderboard(trx: Transaction<Database>, leaderboardId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`leaderboard-close:${leaderboardId}`}, 0))`.execute(
    trx,
  );
}

/** The merchant's prize tables by id (the reward centre's), with their names; active or not. */
export async function findPrizeTables(
  db: Executor,
  merchantId: string,
  tableIds: readonly string[],
): Promise<Map<string, { active: boolean; names: { TY?: string; EN?: string } }>> {
  if (tableIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_prize_tables')
    .select(['id', 'active', 'names'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...tableIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        active: row.active,
        names: (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as {
          TY?: string;
          EN?: string;
        },
      },
    ]),
  );
}

/**
 * The days a mission's tickets of a table last: the reward centre's active `mission` rule of that
 * table (the longest, should there be several); null when it has none.
 */
export async function findMissionTicketDays(
  db: Executor,
  merchantId: string,
  tableId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('reward_ticket_rules')
    .select((eb) => eb.fn.max('expires_in_days').as('days'))
    .where('merchant_id', '=', merchantId)
    .where('table_id', '=', tableId)
    .where('trigger', '=', 'mission')
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.days === null || row?.days === undefined ? null : Number(row.days);
}
