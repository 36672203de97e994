import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { isAgentTypeCode } from '../../../modules/agent/agent.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  DATE_PRESETS,
  type DatePreset,
  type DayRange,
  lengthOf,
  REPORT_DAYS_MAX,
  rangeOfPreset,
} from '../../../modules/report/date-range.ts';
import {
  type BetFigures,
  TEAM_PNL_PAGE_SIZE_MAX,
  type TeamReportService,
} from '../../../modules/report/team-report.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { DayRangeFields, MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { maskAccount } from './team.routes.ts';

export type AgentOverviewRoutesDeps = {
  members: MemberService;
  teamReports: TeamReportService;
  now: () => Date;
};

const TAGS = ['agent'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-50.00'] });
const PAGE_SIZE_DEFAULT = 50;
const PAGE_NUMBER_MAX = 10_000;

const RangeFields = {
  /** A date preset of spec §9 in the merchant's days; else `from` and `to` (the last 30 days when neither). */
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  ...DayRangeFields,
};

const OverviewQuery = Type.Object({ ...MerchantLanguageQuery.properties, ...RangeFields });

const CountAndAmount = Type.Object({ count: Type.Integer(), amount: Money });

const OverviewDay = Type.Object({
  day: Type.String(),
  validBet: Money,
  /** The team's result: win less stake, negative when the house won. */
  profitLoss: SignedMoney,
  deposits: Money,
  withdrawals: Money,
});

const Overview = Type.Object({
  /** Every member below the agent now, at any depth (the agent not counted). */
  teamSize: Type.Integer(),
  /** Team members who registered in the range. */
  newMembers: Type.Integer(),
  /** Team members with bets settled in the range. */
  activeMembers: Type.Integer(),
  /** Team members whose first credited deposit ever was credited in the range. */
  firstDeposits: CountAndAmount,
  /** Credited deposits of the team, by credit time. */
  deposits: CountAndAmount,
  /** Paid withdrawals of the team, by payout time. */
  withdrawals: CountAndAmount,
  validBet: Money,
  /** The team's result over the range: win less stake, negative when the house won. */
  teamProfitLoss: SignedMoney,
  /** Every day of the range, oldest first, for the chart. */
  days: Type.Array(OverviewDay),
  /**
   * Up to when the betting figures are complete (the team rollups are rebuilt every minute); null
   * before the first rebuild.
   */
  asOf: Nullable(Type.String({ format: 'date-time' })),
  /** The days the figures cover, in the merchant's time zone. */
  from: Type.String(),
  to: Type.String(),
});

const ProfitLossQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  by: Defaulted(
    Type.Unsafe<'member' | 'gameType'>({ type: 'string', enum: ['member', 'gameType'], default: 'member' }),
  ),
  /** Narrows to one member below the caller and that member's own team. */
  memberId: Type.Optional(Id),
  ...RangeFields,
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
  pageSize: Defaulted(
    Type.Integer({ minimum: 1, maximum: TEAM_PNL_PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  ),
});

const FigureFields = {
  betCount: Type.Integer(),
  validBet: Money,
  stake: Money,
  /** What the bets paid back. */
  payout: Money,
  /** Payout less stake: the members' result, negative when the house won. */
  profitLoss: SignedMoney,
};

const MemberRow = Type.Object({
  memberId: Type.String(),
  /** Masked: the first two and last two characters, stars between. */
  account: Type.String(),
  type: Type.Integer(),
  /** How far below the caller the member is now; null once moved out of the team since. */
  level: Nullable(Type.Integer()),
  ...FigureFields,
});

const GameTypeRow = Type.Object({
  /** The lobby's game type code; the client shows its translated name. */
  gameType: Type.String(),
  ...FigureFields,
});

const ProfitLoss = Type.Object({
  by: Type.String(),
  /** by=member: one row a member; by=gameType: one row a game type. */
  members: Type.Array(MemberRow),
  gameTypes: Type.Array(GameTypeRow),
  /** by=member: how many members the whole list has; by=gameType: how many game types. */
  total: Type.Integer(),
  totals: Type.Object(FigureFields),
  from: Type.String(),
  to: Type.String(),
});

function figuresOut(figures: BetFigures) {
  return {
    betCount: figures.betCount,
    validBet: formatAmount(figures.validBetMinor),
    stake: formatAmount(figures.stakeMinor),
    payout: formatAmount(figures.winMinor),
    profitLoss: formatAmount(figures.winMinor - figures.stakeMinor),
  };
}

/** The days a query asks for: its preset, else both its days, else the last 30 days. */
function rangeOf(
  query: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): DayRange {
  if (query.preset) return rangeOfPreset(query.preset, timeZone, now);
  if (!query.from && !query.to) return rangeOfPreset('past30Days', timeZone, now);
  if (
    !query.from ||
    !query.to ||
    query.from > query.to ||
    lengthOf({ from: query.from, to: query.to }) > REPORT_DAYS_MAX
  ) {
    throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
  }
  return { from: query.from, to: query.to };
}

/**
 * The agent's team overview (spec §2 agentTeamOverview) and the team's profit and loss by member
 * and by game type (palStatementsAgentCopy). Agent types only (NON_AGENT otherwise); a member id
 * must be below the caller (FORBIDDEN otherwise).
 */
export function registerAgentOverviewRoutes(app: TypedApp, deps: AgentOverviewRoutesDeps): void {
  const { members, teamReports } = deps;

  async function requireAgent(request: Parameters<typeof requireMerchantMember>[0]) {
    const found = await requireMerchantMember(request, members);
    if (!isAgentTypeCode(found.member.type)) throw new AppError('NON_AGENT');
    return found;
  }

  app.get(
    '/wps/agent/overview',
    {
      schema: {
        tags: TAGS,
        summary:
          "The agent's team over a range of days: size, new and active members, first deposits, deposits, withdrawals, valid bet, P&L and a daily series",
        querystring: OverviewQuery,
        response: { 200: Envelope(Overview), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request);
      const range = rangeOf(request.query, merchant.timeZone, deps.now());
      const overview = await teamReports.overview({
        merchantId: merchant.id,
        agentId: member.id,
        timeZone: merchant.timeZone,
        range,
      });
      const countAndAmount = (moved: { count: number; amountMinor: bigint }) => ({
        count: moved.count,
        amount: formatAmount(moved.amountMinor),
      });
      return ok({
        teamSize: overview.teamSize,
        newMembers: overview.newMembers,
        activeMembers: overview.activeMembers,
        firstDeposits: countAndAmount(overview.firstDeposits),
        deposits: countAndAmount(overview.deposits),
        withdrawals: countAndAmount(overview.withdrawals),
        validBet: formatAmount(overview.validBetMinor),
        teamProfitLoss: formatAmount(overview.profitLossMinor),
        days: overview.days.map((day) => ({
          day: day.day,
          validBet: formatAmount(day.validBetMinor),
          profitLoss: formatAmount(day.profitLossMinor),
          deposits: formatAmount(day.depositMinor),
          withdrawals: formatAmount(day.withdrawalMinor),
        })),
        asOf: overview.asOf?.toISOString() ?? null,
        from: range.from,
        to: range.to,
      });
    },
  );

  app.get(
    '/wps/agent/profit-loss',
    {
      schema: {
        tags: TAGS,
        summary:
          "The team's profit and loss over a range of days by member (those who won most from the house first) or by game type",
        querystring: ProfitLossQuery,
        response: { 200: Envelope(ProfitLoss), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireAgent(request);
      const { query } = request;
      const range = rangeOf(query, merchant.timeZone, deps.now());
      const memberId = query.memberId ?? null;
      if (query.by === 'gameType') {
        const found = await teamReports.profitLossByGameType({ agentId: member.id, memberId, range });
        return ok({
          by: query.by,
          members: [],
          gameTypes: found.list.map((row) => ({ gameType: row.gameType, ...figuresOut(row) })),
          total: found.list.length,
          totals: figuresOut(found.totals),
          from: range.from,
          to: range.to,
        });
      }
      const page = await teamReports.profitLossByMember({
        agentId: member.id,
        memberId,
        range,
        page: query.pageNo,
        pageSize: query.pageSize,
      });
      return ok({
        by: query.by,
        members: page.list.map((row) => ({
          memberId: row.memberId,
          account: maskAccount(row.account),
          type: row.type,
          level: row.level,
          ...figuresOut(row),
        })),
        gameTypes: [],
        total: page.total,
        totals: figuresOut(page.totals),
        from: range.from,
        to: range.to,
      });
    },
  );
}
