import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, type TProperties, Type } from 'typebox';
import type { ImportStatusService } from '../../modules/report/import-status.service.ts';
import { OVERDUE_VENDOR_ROUNDS_MAX } from '../../modules/report/overdue-vendor-rounds.repository.ts';
import {
  GAME_REPORT_GROUPS,
  type GameReportGroup,
  type ReportService,
  TOP_GAMES_MAX,
} from '../../modules/report/report.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { MerchantImportingVendors, merchantImportingOut } from '../import-status.ts';
import { StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, ReportRangeQuery } from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute } from './scoped-route.ts';

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
const GamesQuery = Type.Object({
  ...ReportRangeQuery.properties,
  groupBy: Type.Optional(StringOf(GAME_REPORT_GROUPS)),
});

/**
 * A report's options: reports.read for the merchants in scope, answering the range and its rows;
 * a report that reads the bet record (`readsBets`) also answers `importing`, the transfer-wallet
 * vendors whose bets may not all be imported yet.
 */
function reportRoute<Query extends typeof ReportRangeQuery, Row extends TProperties>(
  summary: string,
  querystring: Query,
  row: Row,
  options: { readsBets?: boolean } = {},
) {
  return {
    ...merchantScopedRoute('reports.read'),
    schema: {
      tags: ['back office: reports'],
      summary,
      querystring,
      response: {
        200: Envelope(
          Type.Object({
            range: Type.Object({ from: Type.String(), to: Type.String() }),
            rows: Type.Array(Type.Object(row)),
            ...(options.readsBets ? { importing: MerchantImportingVendors } : {}),
          }),
        ),
        ...BO_ERROR_RESPONSES,
      },
    },
  };
}

/** The merchants and days a report covers, as the request names them. */
async function reportRangeOf(request: FastifyRequest, query: Static<typeof ReportRangeQuery>) {
  const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
  return { scope, preset: query.preset, from: query.from, to: query.to };
}

/** Reports: a range of days (a preset or from/to) and rows per day; charts and CSV are the client's. */
export function registerReportsRoutes(
  app: TypedApp,
  deps: { reports: ReportService; importStatus: ImportStatusService },
): void {
  /** The transfer vendors behind among the merchants a report covers. */
  const importingIn = async (scope: readonly string[] | null) =>
    merchantImportingOut(await deps.importStatus.importing(scope));

  app.get(
    '/bo/reports/player-activity',
    reportRoute('Daily registrations, sign-ins and active players by merchant', ReportRangeQuery, {
      day: Type.String(),
      merchantId: Type.String(),
      merchantCode: Type.String(),
      registrations: Type.Integer(),
      logins: Type.Integer(),
      activePlayers: Type.Integer(),
    }),
    async (request) => ok(await deps.reports.playerActivity(await reportRangeOf(request, request.query))),
  );

  app.get(
    '/bo/reports/money',
    reportRoute(
      'Daily deposits, first deposits, withdrawals paid and net deposits, GGR, bonuses paid, NGR (GGR less bonuses) and agent pay by merchant',
      ReportRangeQuery,
      {
        day: Type.String(),
        merchantId: Type.String(),
        merchantCode: Type.String(),
        deposits: Type.Integer(),
        depositAmount: Money,
        firstDeposits: Type.Integer(),
        firstDepositAmount: Money,
        withdrawals: Type.Integer(),
        withdrawalAmount: Money,
        netDeposits: Money,
        ggr: Money,
        /** Rewards paid to players by the house (bonuses, cashback, prizes), net of bonuses forfeited. */
        bonuses: Money,
        /** GGR less bonuses; per day and merchant only, as bonuses belong to no one game. */
        ngr: Money,
        /** Agents' salary and dividends: beside NGR, not taken from it. */
        agentPay: Money,
      },
      { readsBets: true },
    ),
    async (request) => {
      const asked = await reportRangeOf(request, request.query);
      const [report, importing] = await Promise.all([deps.reports.money(asked), importingIn(asked.scope)]);
      return ok({
        range: report.range,
        importing,
        rows: report.rows.map((row) => ({
          day: row.day,
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          deposits: row.deposits,
          depositAmount: formatAmount(row.depositsMinor),
          firstDeposits: row.firstDeposits,
          firstDepositAmount: formatAmount(row.firstDepositsMinor),
          withdrawals: row.withdrawals,
          withdrawalAmount: formatAmount(row.withdrawalsMinor),
          netDeposits: formatAmount(row.netMinor),
          ggr: formatAmount(row.ggrMinor),
          bonuses: formatAmount(row.bonusesMinor),
          ngr: formatAmount(row.ngrMinor),
          agentPay: formatAmount(row.agentPayMinor),
        })),
      });
    },
  );

  app.get(
    '/bo/reports/games',
    reportRoute(
      `Bets, wins, GGR (bets less wins), rounds and players from settled rounds, by day (default), game type, vendor, or the top ${TOP_GAMES_MAX} games`,
      GamesQuery,
      {
        merchantId: Type.String(),
        merchantCode: Type.String(),
        day: Type.Optional(Type.String()),
        gameType: Type.Optional(Type.String()),
        vassalage: Type.Optional(Type.String()),
        vendorName: Type.Optional(Type.String()),
        nodeId: Type.Optional(Type.String()),
        gameName: Type.Optional(Type.String()),
        bets: Money,
        wins: Money,
        ggr: Money,
        rounds: Type.Integer(),
        players: Type.Integer(),
      },
      { readsBets: true },
    ),
    async (request) => {
      const { query } = request;
      const asked = await reportRangeOf(request, query);
      const [report, importing] = await Promise.all([
        deps.reports.games({ ...asked, groupBy: (query.groupBy ?? 'day') as GameReportGroup }),
        importingIn(asked.scope),
      ]);
      return ok({
        range: report.range,
        importing,
        rows: report.rows.map(({ betsMinor, winsMinor, ggrMinor, ...row }) => ({
          ...row,
          bets: formatAmount(betsMinor),
          wins: formatAmount(winsMinor),
          ggr: formatAmount(ggrMinor),
        })),
      });
    },
  );

  app.get(
    '/bo/reports/overdue-vendor-rounds',
    reportRoute(
      `Vendors' rounds opened on the range's days and still without a credit past the merchant's hours (vendorRounds.overdueHours, 24 by default), the oldest first, at most ${OVERDUE_VENDOR_ROUNDS_MAX}`,
      ReportRangeQuery,
      {
        day: Type.String(),
        merchantId: Type.String(),
        merchantCode: Type.String(),
        openedAt: Type.String({ format: 'date-time' }),
        vendorName: Type.String(),
        vendorRoundId: Type.String(),
        gameCode: Type.String(),
        account: Type.String(),
        stake: Money,
        hoursOpen: Type.Integer(),
      },
    ),
    async (request) => {
      const report = await deps.reports.overdueVendorRounds(await reportRangeOf(request, request.query));
      return ok({
        range: report.range,
        rows: report.rows.map((row) => ({
          day: row.day,
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          openedAt: row.openedAt.toISOString(),
          vendorName: row.vendorName,
          vendorRoundId: row.vendorRoundId,
          gameCode: row.gameCode,
          account: row.account,
          stake: formatAmount(row.stakeMinor),
          hoursOpen: row.hoursOpen,
        })),
      });
    },
  );
}
