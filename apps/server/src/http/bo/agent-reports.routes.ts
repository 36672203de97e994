import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AgentService, AgentType, TeamFigures } from '../../modules/agent/agent.service.ts';
import type { DayRange } from '../../modules/report/date-range.ts';
import type { ImportStatusService } from '../../modules/report/import-status.service.ts';
import {
  type BetFigures,
  TEAM_PNL_PAGE_SIZE_MAX,
  type TeamReportService,
} from '../../modules/report/team-report.service.ts';
import { present } from '../../platform/errors/invariant.ts';
import { type CsvValue, csvFileName, sendCsv } from '../../platform/http/csv.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { AgentReportExports } from '../../workflows/agent-report-export.ts';
import { ImportingVendors, importingOut } from '../import-status.ts';
import {
  FigureFields,
  figuresView,
  GameTypeFiguresView,
  ReportRangeFields,
  reportRangeOf,
  TeamOverviewView,
  teamOverviewView,
} from '../team-report-views.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, Id, IdParams, MerchantIdField, PageQueryFields } from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute } from './scoped-route.ts';

export type AgentReportsRoutesDeps = {
  agents: AgentService;
  teamReports: TeamReportService;
  exports: AgentReportExports;
  importStatus: ImportStatusService;
  now: () => Date;
};

const TAGS = ['back office: agents'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 50;
/** How the summary of every CSV route ends: what the file is, and that its download is audited. */
const CSV_SUMMARY_SUFFIX = ' (CSV file, UTF-8 with a byte order mark; every download audited)';

const ReportQuery = Type.Object(ReportRangeFields);

const OneMemberField = {
  /** Narrows to one member below the agent and that member's own team. */
  memberId: Type.Optional(Id),
};

const MemberPnlQuery = Type.Object({
  ...ReportRangeFields,
  ...OneMemberField,
  ...PageQueryFields(TEAM_PNL_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const GameTypePnlQuery = Type.Object({ ...ReportRangeFields, ...OneMemberField });

const TreeFileQuery = Type.Object({
  scope: Type.Optional(StringOf(['direct', 'all'])),
  search: Type.Optional(Type.String({ maxLength: 64 })),
  ...ReportRangeFields,
});

const AgentsFileQuery = Type.Object({
  merchantId: MerchantIdField,
  search: Type.Optional(Type.String({ maxLength: 64 })),
});

const MemberPnlRow = Type.Object({
  memberId: Type.String(),
  /** The whole account name: operators see members as they are. */
  account: Type.String(),
  type: Type.Integer(),
  /** How far below the agent the member is now; null once moved out of the team since. */
  level: Nullable(Type.Integer()),
  ...FigureFields,
});

/** An agent's overview as the agent's own answers it, with the vendors still being imported. */
const Overview = Type.Object({ ...TeamOverviewView.properties, importing: ImportingVendors });

const MemberPnlPage = Type.Object({
  list: Type.Array(MemberPnlRow),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  /** The sums of the whole list, every page. */
  totals: Type.Object(FigureFields),
  from: Type.String(),
  to: Type.String(),
  /** Transfer vendors whose bets may not all be counted yet. */
  importing: ImportingVendors,
});

const GameTypePnl = Type.Object({
  list: Type.Array(GameTypeFiguresView),
  totals: Type.Object(FigureFields),
  from: Type.String(),
  to: Type.String(),
  /** Transfer vendors whose bets may not all be counted yet. */
  importing: ImportingVendors,
});

const FIGURE_HEADINGS = ['Bets', 'Stake', 'Valid bet', 'Payout', 'P&L'];

/** A report's figures as CSV cells, in FIGURE_HEADINGS' order: money as decimal strings. */
function figureCells(figures: BetFigures): CsvValue[] {
  const view = figuresView(figures);
  return [view.betCount, view.stake, view.validBet, view.payout, view.profitLoss];
}

/** A team's figures as the tree shows them: bets, stake, valid bet, payout and the house's GGR. */
function teamFigureCells(figures: TeamFigures | null): CsvValue[] {
  if (!figures) return [null, null, null, null, null];
  return [
    figures.betCount,
    formatAmount(figures.stakeMinor),
    formatAmount(figures.validBetMinor),
    formatAmount(figures.winMinor),
    formatAmount(figures.stakeMinor - figures.winMinor),
  ];
}

/** A member type as operators read it: Player, or the merchant's name of the agent type with its number. */
function typeNameOf(types: readonly AgentType[], type: number): string {
  if (type === 0) return 'Player';
  const found = types.find((candidate) => candidate.type === type);
  return found ? `${found.names.EN ?? found.names.TY ?? ''} (${type})` : String(type);
}

const isoOf = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Any agent's own reports in the back office, as the agent sees them in its centre (the same
 * service and figures, whole account names instead of masked ones): the team overview, the P&L by
 * member and by game type, and CSV files of those, of the agent's downlines and of the agents list.
 * Reading is players.read; a member of another merchant is NOT_FOUND; every file is audited.
 */
export function registerAgentReportsRoutes(app: TypedApp, deps: AgentReportsRoutesDeps): void {
  const { agents, teamReports, exports } = deps;
  const memberRoute = resourceRoute('players.read', agents.findMerchantOf);

  /** The member a route names (checked by resourceRoute), its merchant's time zone and the days asked for. */
  async function subjectOf(request: FastifyRequest & { params: { id: string } }, query: object) {
    const member = present(await agents.findMember(request.params.id), 'the checked member exists');
    const timeZone = await agents.timeZoneOf(member.merchant_id);
    return { member, timeZone, range: reportRangeOf(query, timeZone, deps.now()) };
  }

  /** The merchant's transfer vendors whose bets may not all be counted yet, as the agent is told. */
  const importingOf = async (merchantId: string) =>
    importingOut(await deps.importStatus.importing([merchantId]));

  const fileName = (account: string, report: string, range: DayRange) =>
    csvFileName(['agent', account, report, range.from, range.to]);

  app.get(
    '/bo/agents/:id/overview',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary:
          "An agent's team overview as the agent sees it: size, new and active members, first deposits, deposits, withdrawals, valid bet, P&L and a daily series",
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: Envelope(Overview), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member, timeZone, range } = await subjectOf(request, request.query);
      const [overview, importing] = await Promise.all([
        teamReports.overview({ merchantId: member.merchant_id, agentId: member.id, timeZone, range }),
        importingOf(member.merchant_id),
      ]);
      return ok({ ...teamOverviewView(overview, range), importing });
    },
  );

  app.get(
    '/bo/agents/:id/profit-loss/members',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary:
          "A page of an agent's team P&L by member, in the agent's order (those who won most from the house first)",
        params: IdParams,
        querystring: MemberPnlQuery,
        response: { 200: Envelope(MemberPnlPage), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const { member, range } = await subjectOf(request, query);
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const [page, importing] = await Promise.all([
        teamReports.profitLossByMember({
          agentId: member.id,
          memberId: query.memberId ?? null,
          range,
          page: query.page ?? 1,
          pageSize,
        }),
        importingOf(member.merchant_id),
      ]);
      return ok({
        list: page.list.map((row) => ({
          memberId: row.memberId,
          account: row.account,
          type: row.type,
          level: row.level,
          ...figuresView(row),
        })),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
        totals: figuresView(page.totals),
        from: range.from,
        to: range.to,
        importing,
      });
    },
  );

  app.get(
    '/bo/agents/:id/profit-loss/game-types',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary: "An agent's team P&L by game type, as the agent sees it",
        params: IdParams,
        querystring: GameTypePnlQuery,
        response: { 200: Envelope(GameTypePnl), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member, range } = await subjectOf(request, request.query);
      const [found, importing] = await Promise.all([
        teamReports.profitLossByGameType({
          agentId: member.id,
          memberId: request.query.memberId ?? null,
          range,
        }),
        importingOf(member.merchant_id),
      ]);
      return ok({
        list: found.list.map((row) => ({ gameType: row.gameType, ...figuresView(row) })),
        totals: figuresView(found.totals),
        from: range.from,
        to: range.to,
        importing,
      });
    },
  );

  app.get(
    '/bo/agents/:id/overview.csv',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary: `An agent's team overview, day by day${CSV_SUMMARY_SUFFIX}`,
        params: IdParams,
        querystring: ReportQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { member, timeZone, range } = await subjectOf(request, request.query);
      const { actor } = await readOperator(request);
      const overview = await exports.overview(actor, {
        merchantId: member.merchant_id,
        agentId: member.id,
        timeZone,
        range,
      });
      return sendCsv(reply, {
        name: fileName(member.account, 'overview', range),
        header: ['Day', 'Valid bet', 'Team P&L', 'Deposits', 'Withdrawals'],
        rows: teamOverviewView(overview, range).days.map((day) => [
          day.day,
          day.validBet,
          day.profitLoss,
          day.deposits,
          day.withdrawals,
        ]),
      });
    },
  );

  app.get(
    '/bo/agents/:id/profit-loss/members.csv',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary: `Every member of an agent's team P&L by member, in the agent's order, at most 100,000 (LIMIT_REACHED beyond)${CSV_SUMMARY_SUFFIX}`,
        params: IdParams,
        querystring: GameTypePnlQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { member, range } = await subjectOf(request, request.query);
      const { actor } = await readOperator(request);
      const all = await exports.profitLossByMember(actor, {
        merchantId: member.merchant_id,
        agentId: member.id,
        memberId: request.query.memberId ?? null,
        range,
      });
      const types = await agents.listAgentTypes(member.merchant_id);
      return sendCsv(reply, {
        name: fileName(member.account, 'pnl-by-member', range),
        header: ['Account', 'Member ID', 'Type', 'Level', ...FIGURE_HEADINGS],
        rows: all.list.map((row) => [
          row.account,
          row.memberId,
          typeNameOf(types, row.type),
          row.level,
          ...figureCells(row),
        ]),
      });
    },
  );

  app.get(
    '/bo/agents/:id/profit-loss/game-types.csv',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary: `An agent's team P&L by game type${CSV_SUMMARY_SUFFIX}`,
        params: IdParams,
        querystring: GameTypePnlQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { member, range } = await subjectOf(request, request.query);
      const { actor } = await readOperator(request);
      const found = await exports.profitLossByGameType(actor, {
        merchantId: member.merchant_id,
        agentId: member.id,
        memberId: request.query.memberId ?? null,
        range,
      });
      return sendCsv(reply, {
        name: fileName(member.account, 'pnl-by-game-type', range),
        header: ['Game type', ...FIGURE_HEADINGS],
        rows: found.list.map((row) => [row.gameType, ...figureCells(row)]),
      });
    },
  );

  app.get(
    '/bo/agents/:id/tree.csv',
    {
      ...memberRoute,
      schema: {
        tags: TAGS,
        summary: `Every downline of a member (direct or all), with each agent's team figures over a range of days, at most 100,000 (LIMIT_REACHED beyond)${CSV_SUMMARY_SUFFIX}`,
        params: IdParams,
        querystring: TreeFileQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const { member, range } = await subjectOf(request, query);
      const { actor } = await readOperator(request);
      const scope = query.scope ?? 'direct';
      const rows = await exports.downlines(actor, {
        merchantId: member.merchant_id,
        agentId: member.id,
        scope,
        search: query.search ?? '',
        range,
      });
      const types = await agents.listAgentTypes(member.merchant_id);
      return sendCsv(reply, {
        name: fileName(member.account, scope === 'all' ? 'all-downlines' : 'direct-downlines', range),
        header: [
          'Account',
          'Member ID',
          'Type',
          'Level',
          'Team size',
          'Status',
          'Last sign-in',
          'Registered',
          'Team bets',
          'Team stake',
          'Team valid bet',
          'Team payout',
          'Team GGR',
        ],
        rows: rows.map((row) => [
          row.account,
          row.id,
          typeNameOf(types, row.type),
          row.depth,
          row.team_size,
          row.status,
          isoOf(row.last_login_at),
          isoOf(row.created_at),
          ...teamFigureCells(row.figures),
        ]),
      });
    },
  );

  app.get(
    '/bo/agents.csv',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: `Every agent (or those whose account contains the search), by account, at most 100,000 (LIMIT_REACHED beyond)${CSV_SUMMARY_SUFFIX}`,
        querystring: AgentsFileQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { actor } = await readOperator(request);
      const merchantIds = await readMerchantScope(request);
      const rows = await exports.agents(actor, { merchantIds, search: request.query.search ?? '' });
      const typesOf = new Map<string, AgentType[]>();
      for (const merchantId of new Set(rows.map((row) => row.merchant_id))) {
        typesOf.set(merchantId, await agents.listAgentTypes(merchantId));
      }
      return sendCsv(reply, {
        name: csvFileName(['agents', merchantIds?.length === 1 ? (merchantIds[0] ?? 'all') : 'all']),
        header: [
          'Account',
          'Member ID',
          'Merchant ID',
          'Type',
          'Upline',
          'Invitation code',
          'Team size',
          'Status',
          'Since',
        ],
        rows: rows.map((row) => [
          row.account,
          row.id,
          row.merchant_id,
          typeNameOf(typesOf.get(row.merchant_id) ?? [], row.type),
          row.upline_account,
          row.affiliate_code,
          row.team_size,
          row.status,
          isoOf(row.created_at),
        ]),
      });
    },
  );
}
