import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import { type DayRange, daysOf } from './date-range.ts';
import { createReportCache } from './report-cache.ts';
import {
  countTeamMembers,
  findGameTypeFigures,
  findMemberFigures,
  findRollupState,
  sumFirstDeposits,
  sumTeamBetsByDay,
  sumTeamMoneyByDay,
  type TeamScope,
} from './team-report.repository.ts';

/** The longest page of team P&L by member one call answers. */
export const TEAM_PNL_PAGE_SIZE_MAX = 100;

/**
 * The most members an export of the team's P&L by member holds (a file of every row, for the back
 * office); a longer list is refused rather than cut short, so that a file is never partial.
 */
export const TEAM_PNL_EXPORT_ROWS_MAX = 100_000;

/**
 * Team reports kept per (agent, member, range, page) for at most this long, and only while the
 * merchant's team rollups have not been rebuilt since (their generation): the figures are a minute
 * old at most either way, and the top agent's reports sum a whole merchant.
 */
export const TEAM_REPORT_CACHE_TTL_MS = 60_000;
/** At most this many answers are kept (per process); the least recently used go first. */
export const TEAM_REPORT_CACHE_ENTRIES = 500;

export type BetFigures = { betCount: number; stakeMinor: bigint; validBetMinor: bigint; winMinor: bigint };

export type TeamOverviewDay = {
  day: string;
  validBetMinor: bigint;
  /** The team's result: what it won less what it staked (negative when the house won). */
  profitLossMinor: bigint;
  depositMinor: bigint;
  withdrawalMinor: bigint;
};

export type TeamOverview = {
  teamSize: number;
  newMembers: number;
  activeMembers: number;
  firstDeposits: { count: number; amountMinor: bigint };
  deposits: { count: number; amountMinor: bigint };
  withdrawals: { count: number; amountMinor: bigint };
  validBetMinor: bigint;
  profitLossMinor: bigint;
  days: TeamOverviewDay[];
  /**
   * Up to when the betting figures are complete: now when the minute job has summed every
   * settlement, else the newest settlement it has summed; null before its first pass.
   */
  asOf: Date | null;
};

export type MemberFigures = BetFigures & {
  memberId: string;
  account: string;
  type: number;
  /** How far below the agent the member is now; null once moved out of the team. */
  level: number | null;
};

export type GameTypeFigures = BetFigures & { gameType: string };

export type MemberPage = { list: MemberFigures[]; total: number; totals: BetFigures };

const ZERO: BetFigures = { betCount: 0, stakeMinor: 0n, validBetMinor: 0n, winMinor: 0n };

function figuresOf(row: {
  bet_count: number;
  stake_minor: string;
  valid_bet_minor: string;
  win_minor: string;
}): BetFigures {
  return {
    betCount: row.bet_count,
    stakeMinor: BigInt(row.stake_minor),
    validBetMinor: BigInt(row.valid_bet_minor),
    winMinor: BigInt(row.win_minor),
  };
}

export type TeamReportService = ReturnType<typeof createTeamReportService>;

/**
 * An agent's team reports: the overview of the agent centre's first page and the team's profit
 * and loss by member and by game type. The caller (the route) has checked that the agent is one;
 * every member id named here is checked to be below the agent.
 */
export function createTeamReportService(deps: ServiceDeps) {
  const { db } = deps;
  const now = clockOf(deps);
  const cacheOptions = { maxEntries: TEAM_REPORT_CACHE_ENTRIES, ttlMs: TEAM_REPORT_CACHE_TTL_MS, now };
  const overviews = createReportCache<{ figures: Omit<TeamOverview, 'asOf'>; computedAt: Date }>(
    cacheOptions,
  );
  const memberPages = createReportCache<MemberPage>(cacheOptions);

  /** FORBIDDEN unless `memberId` is below `agentId` (the agent itself is not its own team). */
  async function requireBelow(agentId: string, memberId: string) {
    const found = await db
      .selectFrom('member_tree')
      .select('depth')
      .where('ancestor_id', '=', agentId)
      .where('descendant_id', '=', memberId)
      .where('depth', '>', 0)
      .executeTakeFirst();
    if (!found) throw new AppError('FORBIDDEN');
  }

  async function computeOverview(
    agentId: string,
    range: DayRange,
    timeZone: string,
  ): Promise<Omit<TeamOverview, 'asOf'>> {
    const [counts, money, first, bets] = await Promise.all([
      countTeamMembers(db, agentId, range, timeZone),
      sumTeamMoneyByDay(db, agentId, range, timeZone),
      sumFirstDeposits(db, agentId, range, timeZone),
      sumTeamBetsByDay(db, agentId, range),
    ]);
    const moneyByDay = new Map(money.map((row) => [row.day, row]));
    const betsByDay = new Map(bets.map((row) => [row.day, figuresOf(row)]));
    const days = daysOf(range).map((day) => {
      const bet = betsByDay.get(day) ?? ZERO;
      const moved = moneyByDay.get(day);
      return {
        day,
        validBetMinor: bet.validBetMinor,
        profitLossMinor: bet.winMinor - bet.stakeMinor,
        depositMinor: BigInt(moved?.deposit_minor ?? 0),
        withdrawalMinor: BigInt(moved?.withdrawal_minor ?? 0),
      };
    });
    const sum = (pick: (day: TeamOverviewDay) => bigint) =>
      days.reduce((total, day) => total + pick(day), 0n);
    return {
      teamSize: counts.team_size,
      newMembers: counts.new_members,
      activeMembers: counts.active_members,
      firstDeposits: { count: first.count, amountMinor: BigInt(first.amount_minor) },
      deposits: {
        count: money.reduce((total, row) => total + row.deposit_count, 0),
        amountMinor: sum((day) => day.depositMinor),
      },
      withdrawals: {
        count: money.reduce((total, row) => total + row.withdrawal_count, 0),
        amountMinor: sum((day) => day.withdrawalMinor),
      },
      validBetMinor: sum((day) => day.validBetMinor),
      profitLossMinor: sum((day) => day.profitLossMinor),
      days,
    };
  }

  async function computeMemberPage(input: {
    agentId: string;
    memberId: string | null;
    range: DayRange;
    page: number;
    pageSize: number;
  }): Promise<MemberPage> {
    const scope: TeamScope = { agentId: input.agentId, memberId: input.memberId };
    const rows = await findMemberFigures(db, scope, input.range, {
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    const first = rows[0];
    return {
      list: rows.map((row) => ({
        ...figuresOf(row),
        memberId: row.member_id,
        account: row.account,
        type: row.type,
        level: row.depth,
      })),
      total: first?.total ?? 0,
      totals: first
        ? figuresOf({
            bet_count: first.total_bet_count,
            stake_minor: first.total_stake_minor,
            valid_bet_minor: first.total_valid_bet_minor,
            win_minor: first.total_win_minor,
          })
        : ZERO,
    };
  }

  return {
    async overview(input: {
      merchantId: string;
      agentId: string;
      timeZone: string;
      range: DayRange;
    }): Promise<TeamOverview> {
      const { agentId, range, timeZone } = input;
      const rollups = await findRollupState(db, agentId);
      const key = JSON.stringify([input.merchantId, agentId, range.from, range.to, timeZone]);
      const cached = await overviews.get(key, rollups.generation, async () => ({
        figures: await computeOverview(agentId, range, timeZone),
        computedAt: now(),
      }));
      // Complete up to when they were read, or only up to the watermark while a pass is to come.
      return { ...cached.figures, asOf: rollups.pending ? rollups.watermark : cached.computedAt };
    },

    /**
     * A page of the team's members with bets settled in the range (or, with `memberId`, of that
     * member and its team), the members who won most from the house first, and the whole list's
     * count and sums.
     */
    async profitLossByMember(input: {
      agentId: string;
      memberId: string | null;
      range: DayRange;
      page: number;
      pageSize: number;
    }): Promise<MemberPage> {
      assertInvariant(input.pageSize <= TEAM_PNL_PAGE_SIZE_MAX, 'team P&L page size within its limit');
      if (input.memberId !== null) await requireBelow(input.agentId, input.memberId);
      const rollups = await findRollupState(db, input.agentId);
      const { agentId, memberId, range, page, pageSize } = input;
      const key = JSON.stringify([agentId, memberId, range.from, range.to, page, pageSize]);
      return memberPages.get(key, rollups.generation, () => computeMemberPage(input));
    },

    /**
     * The whole list of profitLossByMember in its order, for a file: read afresh (not cached), at
     * most TEAM_PNL_EXPORT_ROWS_MAX members; LIMIT_REACHED (with the list's length) when longer.
     */
    async allProfitLossByMember(input: {
      agentId: string;
      memberId: string | null;
      range: DayRange;
    }): Promise<MemberPage> {
      if (input.memberId !== null) await requireBelow(input.agentId, input.memberId);
      const all = await computeMemberPage({ ...input, page: 1, pageSize: TEAM_PNL_EXPORT_ROWS_MAX });
      if (all.total > TEAM_PNL_EXPORT_ROWS_MAX) {
        throw new AppError('LIMIT_REACHED', { value: { max: TEAM_PNL_EXPORT_ROWS_MAX, total: all.total } });
      }
      return all;
    },

    /** The team's (or one member's and its team's) figures per game type over the range. */
    async profitLossByGameType(input: {
      agentId: string;
      memberId: string | null;
      range: DayRange;
    }): Promise<{ list: GameTypeFigures[]; totals: BetFigures }> {
      if (input.memberId !== null) await requireBelow(input.agentId, input.memberId);
      const rows = await findGameTypeFigures(
        db,
        { agentId: input.agentId, memberId: input.memberId },
        input.range,
      );
      const list = rows.map((row) => ({ ...figuresOf(row), gameType: row.game_type }));
      const totals = list.reduce<BetFigures>(
        (total, row) => ({
          betCount: total.betCount + row.betCount,
          stakeMinor: total.stakeMinor + row.stakeMinor,
          validBetMinor: total.validBetMinor + row.validBetMinor,
          winMinor: total.winMinor + row.winMinor,
        }),
        ZERO,
      );
      return { list, totals };
    },
  };
}
