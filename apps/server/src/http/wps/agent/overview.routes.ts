import { Type } from 'typebox';
import { isAgentTypeCode } from '../../../modules/agent/agent.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { ImportStatusService } from '../../../modules/report/import-status.service.ts';
import {
  TEAM_PNL_PAGE_SIZE_MAX,
  type TeamReportService,
} from '../../../modules/report/team-report.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { ImportingVendors, importingOut } from '../../import-status.ts';
import { requireMerchantMember } from '../../member-session.ts';
import {
  FigureFields,
  figuresView,
  GameTypeFiguresView,
  ReportRangeFields,
  reportRangeOf,
  TeamOverviewView,
  teamOverviewView,
} from '../../team-report-views.ts';
import { Nullable } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { maskAccount } from './team.routes.ts';

export type AgentOverviewRoutesDeps = {
  members: MemberService;
  teamReports: TeamReportService;
  importStatus: ImportStatusService;
  now: () => Date;
};

const TAGS = ['agent'];
const PAGE_SIZE_DEFAULT = 50;
const PAGE_NUMBER_MAX = 10_000;

const OverviewQuery = Type.Object({ ...MerchantLanguageQuery.properties, ...ReportRangeFields });

/** The overview with the transfer vendors whose bets may not all be counted yet. */
const Overview = Type.Object({ ...TeamOverviewView.properties, importing: ImportingVendors });

const ProfitLossQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  by: Defaulted(
    Type.Unsafe<'member' | 'gameType'>({ type: 'string', enum: ['member', 'gameType'], default: 'member' }),
  ),
  /** Narrows to one member below the caller and that member's own team. */
  memberId: Type.Optional(Id),
  ...ReportRangeFields,
  pageNo: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })),
  pageSize: Defaulted(
    Type.Integer({ minimum: 1, maximum: TEAM_PNL_PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  ),
});

const MemberRow = Type.Object({
  memberId: Type.String(),
  /** Masked: the first two and last two characters, stars between. */
  account: Type.String(),
  type: Type.Integer(),
  /** How far below the caller the member is now; null once moved out of the team since. */
  level: Nullable(Type.Integer()),
  ...FigureFields,
});

const ProfitLoss = Type.Object({
  by: Type.String(),
  /** by=member: one row a member; by=gameType: one row a game type. */
  members: Type.Array(MemberRow),
  gameTypes: Type.Array(GameTypeFiguresView),
  /** by=member: how many members the whole list has; by=gameType: how many game types. */
  total: Type.Integer(),
  totals: Type.Object(FigureFields),
  from: Type.String(),
  to: Type.String(),
  /** Transfer vendors whose bets may not all be counted yet. */
  importing: ImportingVendors,
});

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
      const range = reportRangeOf(request.query, merchant.timeZone, deps.now());
      const [overview, importing] = await Promise.all([
        teamReports.overview({
          merchantId: merchant.id,
          agentId: member.id,
          timeZone: merchant.timeZone,
          range,
        }),
        deps.importStatus.importing([merchant.id]),
      ]);
      return ok({ ...teamOverviewView(overview, range), importing: importingOut(importing) });
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
      const range = reportRangeOf(query, merchant.timeZone, deps.now());
      const memberId = query.memberId ?? null;
      // Read live beside the cached figures: a feed can fall behind within a cached answer's minute.
      const importing = importingOut(await deps.importStatus.importing([merchant.id]));
      if (query.by === 'gameType') {
        const found = await teamReports.profitLossByGameType({ agentId: member.id, memberId, range });
        return ok({
          by: query.by,
          members: [],
          gameTypes: found.list.map((row) => ({ gameType: row.gameType, ...figuresView(row) })),
          total: found.list.length,
          totals: figuresView(found.totals),
          from: range.from,
          to: range.to,
          importing,
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
          ...figuresView(row),
        })),
        gameTypes: [],
        total: page.total,
        totals: figuresView(page.totals),
        from: range.from,
        to: range.to,
        importing,
      });
    },
  );
}
