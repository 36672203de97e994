import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DayRange } from './date-range.ts';

/**
 * The SQL of an agent's team reports (issue #16 agentTeamOverview, palStatementsAgentCopy). "The
 * team" of agent A is every member below A in member_tree (depth > 0), never A itself. Betting
 * figures follow the upline at settlement, as team_bet_days does: a bet counts for A when its
 * upline_id is A or a member below A. Money movements and sign-ups have no upline of their own and
 * follow the tree as it is now.
 */

/** The first moment of `from` and the first moment after `to`, in the time zone, as SQL. */
function momentsOf(range: DayRange, timeZone: string) {
  return {
    start: sql`(${range.from}::date::timestamp at time zone ${timeZone})`,
    end: sql`((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

export type TeamMemberCounts = { team_size: number; new_members: number; active_members: number };

/** Everyone below the agent now, those who registered in the range, and those who had bets settle. */
export async function countTeamMembers(
  db: Executor,
  agentId: string,
  range: DayRange,
  timeZone: string,
): Promise<TeamMemberCounts> {
  const { start, end } = momentsOf(range, timeZone);
  const result = await sql<TeamMemberCounts>`
    select
      (select count(*)::int from member_tree t where t.ancestor_id = ${agentId} and t.depth > 0)
        as team_size,
      (select count(*)::int from member_tree t join members m on m.id = t.descendant_id
        where t.ancestor_id = ${agentId} and t.depth > 0
          and m.created_at >= ${start} and m.created_at < ${end}) as new_members,
      (select count(*)::int from (
        select distinct r.member_id
        from member_tree t join member_bet_days r on r.upline_id = t.descendant_id
        where t.ancestor_id = ${agentId} and r.day between ${range.from}::date and ${range.to}::date
          and r.bet_count > 0) active) as active_members`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The team counts query answered no row');
  return row;
}

export type MoneyDayRow = {
  day: string;
  deposit_count: number;
  deposit_minor: string;
  withdrawal_count: number;
  withdrawal_minor: string;
};

/**
 * The team's credited deposits (by credit time) and paid withdrawals (by payout time) per day of
 * the range in the time zone; days with neither are left out.
 */
export async function sumTeamMoneyByDay(
  db: Executor,
  agentId: string,
  range: DayRange,
  timeZone: string,
): Promise<MoneyDayRow[]> {
  const { start, end } = momentsOf(range, timeZone);
  const result = await sql<MoneyDayRow>`
    with moves as (
      select (d.credited_at at time zone ${timeZone})::date as day, d.amount_minor, 1 as deposit
      from member_tree t join deposits d on d.member_id = t.descendant_id
      where t.ancestor_id = ${agentId} and t.depth > 0 and d.status = 'credited'
        and d.credited_at >= ${start} and d.credited_at < ${end}
      union all
      select (w.paid_at at time zone ${timeZone})::date, w.amount_minor, 0
      from member_tree t join withdrawals w on w.member_id = t.descendant_id
      where t.ancestor_id = ${agentId} and t.depth > 0 and w.status = 'paid'
        and w.paid_at >= ${start} and w.paid_at < ${end}
    )
    select day::text as day,
      count(*) filter (where deposit = 1)::int as deposit_count,
      coalesce(sum(amount_minor) filter (where deposit = 1), 0)::text as deposit_minor,
      count(*) filter (where deposit = 0)::int as withdrawal_count,
      coalesce(sum(amount_minor) filter (where deposit = 0), 0)::text as withdrawal_minor
    from moves group by day order by day`.execute(db);
  return result.rows;
}

/**
 * The team's members whose first credited deposit ever was credited in the range: how many, and
 * what those first deposits came to.
 */
export async function sumFirstDeposits(
  db: Executor,
  agentId: string,
  range: DayRange,
  timeZone: string,
): Promise<{ count: number; amount_minor: string }> {
  const { start, end } = momentsOf(range, timeZone);
  const result = await sql<{ count: number; amount_minor: string }>`
    select count(*)::int as count, coalesce(sum(d.amount_minor), 0)::text as amount_minor
    from member_tree t join deposits d on d.member_id = t.descendant_id
    where t.ancestor_id = ${agentId} and t.depth > 0 and d.status = 'credited'
      and d.credited_at >= ${start} and d.credited_at < ${end}
      and not exists (
        select 1 from deposits e
        where e.member_id = d.member_id and e.status = 'credited'
          and (e.credited_at < d.credited_at or (e.credited_at = d.credited_at and e.id < d.id)))`.execute(
    db,
  );
  return result.rows[0] ?? { count: 0, amount_minor: '0' };
}

export type BetDayRow = {
  day: string;
  bet_count: number;
  stake_minor: string;
  valid_bet_minor: string;
  win_minor: string;
};

/** The team's betting figures per day of the range, from the team rollups (team_bet_days). */
export async function sumTeamBetsByDay(db: Executor, agentId: string, range: DayRange): Promise<BetDayRow[]> {
  const result = await sql<BetDayRow>`
    select day::text as day, sum(bet_count)::int as bet_count, sum(stake_minor)::text as stake_minor,
      sum(valid_bet_minor)::text as valid_bet_minor, sum(win_minor)::text as win_minor
    from team_bet_days
    where agent_id = ${agentId} and day between ${range.from}::date and ${range.to}::date
    group by day order by day`.execute(db);
  return result.rows;
}

/**
 * How current the team rollups of the agent's merchant are: the minute job's watermark (the newest
 * settlement it has summed), whether any member rollup changed after it (a pass still to come),
 * and the generation (how many times the rollups have been rebuilt; '0' before the first pass).
 * The watermark went through a JavaScript Date, whole milliseconds, while changed_at keeps
 * microseconds: a change within the watermark's millisecond was summed. The newest change is
 * max(changed_at), one step down member_bet_days' (merchant_id, changed_at) index; an `exists`
 * over the rows after the watermark was planned as a scan of the whole table.
 */
export async function findRollupState(
  db: Executor,
  agentId: string,
): Promise<{ watermark: Date | null; pending: boolean; generation: string }> {
  const result = await sql<{ watermark: Date | null; pending: boolean; generation: string | null }>`
    select w.changed_at as watermark, w.generation::text as generation,
      coalesce(
        (select max(r.changed_at) from member_bet_days r where r.merchant_id = a.merchant_id)
          >= coalesce(w.changed_at + interval '1 millisecond', '-infinity'::timestamptz),
        false) as pending
    from members a
    left join team_rollup_watermarks w on w.merchant_id = a.merchant_id
    where a.id = ${agentId}`.execute(db);
  const row = result.rows[0];
  return {
    watermark: row?.watermark ? new Date(row.watermark) : null,
    pending: row?.pending ?? false,
    generation: row?.generation ?? '0',
  };
}

/** The bets a report counts: the agent's team, or within it one member and that member's team. */
export type TeamScope = { agentId: string; memberId: string | null };

/**
 * Member rollup rows counted for the scope, as `r`, joined to member_tree `t` on the upline. For a
 * member: the bets of its own (settled under an upline in the agent's team) and of its team.
 */
function scopedBetDays(scope: TeamScope, range: DayRange) {
  const member =
    scope.memberId === null
      ? sql`true`
      : sql`(r.member_id = ${scope.memberId} or exists (
          select 1 from member_tree x
          where x.ancestor_id = ${scope.memberId} and x.descendant_id = r.upline_id))`;
  return sql`
    member_tree t join member_bet_days r on r.upline_id = t.descendant_id
    where t.ancestor_id = ${scope.agentId} and r.day between ${range.from}::date and ${range.to}::date
      and r.bet_count > 0 and ${member}`;
}

export type MemberFigureRow = {
  member_id: string;
  account: string;
  type: number;
  /** Below the agent now; null for a member moved out of the team since its bets. */
  depth: number | null;
  bet_count: number;
  stake_minor: string;
  valid_bet_minor: string;
  win_minor: string;
  total: number;
  total_bet_count: number;
  total_stake_minor: string;
  total_valid_bet_minor: string;
  total_win_minor: string;
};

/**
 * A page of the scope's members with bets settled in the range and their figures, with the count
 * and sums of the whole list on every row: one query. Ordered by the house's result ascending (the
 * members who won most from the house first), then by member id.
 */
export async function findMemberFigures(
  db: Executor,
  scope: TeamScope,
  range: DayRange,
  page: { limit: number; offset: number },
): Promise<MemberFigureRow[]> {
  const result = await sql<MemberFigureRow>`
    with figures as (
      select r.member_id, sum(r.bet_count)::int as bet_count, sum(r.stake_minor) as stake_minor,
        sum(r.valid_bet_minor) as valid_bet_minor, sum(r.win_minor) as win_minor
      from ${scopedBetDays(scope, range)}
      group by r.member_id
    ), ranked as (
      select f.*, count(*) over () as total, sum(f.bet_count) over () as total_bet_count,
        sum(f.stake_minor) over () as total_stake_minor,
        sum(f.valid_bet_minor) over () as total_valid_bet_minor,
        sum(f.win_minor) over () as total_win_minor
      from figures f
      order by f.stake_minor - f.win_minor, f.member_id
      limit ${page.limit} offset ${page.offset}
    )
    select ranked.member_id, m.account, m.type, d.depth, ranked.bet_count,
      ranked.stake_minor::text as stake_minor, ranked.valid_bet_minor::text as valid_bet_minor,
      ranked.win_minor::text as win_minor, ranked.total::int as total,
      ranked.total_bet_count::int as total_bet_count,
      ranked.total_stake_minor::text as total_stake_minor,
      ranked.total_valid_bet_minor::text as total_valid_bet_minor,
      ranked.total_win_minor::text as total_win_minor
    from ranked
    join members m on m.id = ranked.member_id
    left join member_tree d on d.ancestor_id = ${scope.agentId} and d.descendant_id = ranked.member_id
    order by ranked.stake_minor - ranked.win_minor, ranked.member_id`.execute(db);
  return result.rows;
}

export type GameTypeFigureRow = {
  game_type: string;
  bet_count: number;
  stake_minor: string;
  valid_bet_minor: string;
  win_minor: string;
};

/**
 * The scope's figures per game type over the range: from the team rollups for the agent's whole
 * team, from the member rollups for one member and its team.
 */
export async function findGameTypeFigures(
  db: Executor,
  scope: TeamScope,
  range: DayRange,
): Promise<GameTypeFigureRow[]> {
  const result =
    scope.memberId === null
      ? await sql<GameTypeFigureRow>`
          select game_type, sum(bet_count)::int as bet_count, sum(stake_minor)::text as stake_minor,
            sum(valid_bet_minor)::text as valid_bet_minor, sum(win_minor)::text as win_minor
          from team_bet_days
          where agent_id = ${scope.agentId} and day between ${range.from}::date and ${range.to}::date
          group by game_type having sum(bet_count) > 0 order by game_type`.execute(db)
      : await sql<GameTypeFigureRow>`
          select r.game_type, sum(r.bet_count)::int as bet_count, sum(r.stake_minor)::text as stake_minor,
            sum(r.valid_bet_minor)::text as valid_bet_minor, sum(r.win_minor)::text as win_minor
          from ${scopedBetDays(scope, range)}
          group by r.game_type order by r.game_type`.execute(db);
  return result.rows;
}
