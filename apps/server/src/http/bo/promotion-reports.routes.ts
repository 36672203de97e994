import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { DATE_PRESETS } from '../../modules/report/date-range.ts';
import {
  PROMOTION_REPORT_FILE_ROWS_MAX,
  PROMOTION_REPORT_PAGE_MAX,
  PROMOTION_REPORT_PAGE_SIZE_DEFAULT,
  PROMOTION_REPORT_PAGE_SIZE_MAX,
  type PromotionFigures,
  type PromotionReportService,
} from '../../modules/report/promotion-report.service.ts';
import { csvFileName, sendCsv } from '../../platform/http/csv.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, MerchantScopeQuery, PageQueryFields } from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute } from './scoped-route.ts';

const TAGS = ['back office: reports'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });

const RangeFields = {
  ...MerchantScopeQuery.properties,
  /** A preset of spec §9; ignored when both from and to are given. */
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
};
const ReportQuery = Type.Object({
  ...RangeFields,
  ...PageQueryFields(PROMOTION_REPORT_PAGE_SIZE_MAX, PROMOTION_REPORT_PAGE_MAX),
});
const FileQuery = Type.Object(RangeFields);

const FigureFields = {
  /** Bonuses activated: the bonus wallet credited from the house (ledger code bonus). */
  granted: Money,
  /** Cash paid by promotions (cashback). */
  cash: Money,
  /** Bonus money turned into cash once its wagering was met (bonus_convert). */
  converted: Money,
  /** Bonus money back to the house: expired, cancelled, over the conversion cap, swept (bonus_forfeit). */
  forfeited: Money,
  /** What promotions took off NGR: granted + cash − forfeited. */
  ngrEffect: Money,
  /** Activations and cash payments. */
  grants: Type.Integer(),
};

const ReportRow = Type.Object({
  day: Type.String(),
  merchantId: Type.String(),
  merchantCode: Type.String(),
  /** Null: the line of money of no promotion (bonuses granted by hand, leftover winnings swept). */
  promotionId: Nullable(Type.String()),
  /** The promotion's title per language. */
  title: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  kind: Nullable(Type.String()),
  ...FigureFields,
});

const ReportPage = Type.Object({
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  list: Type.Array(ReportRow),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  /** The sums of the whole report, every page. */
  totals: Type.Object(FigureFields),
});

function figuresView(figures: PromotionFigures) {
  return {
    granted: formatAmount(figures.grantedMinor),
    cash: formatAmount(figures.cashMinor),
    converted: formatAmount(figures.convertedMinor),
    forfeited: formatAmount(figures.forfeitedMinor),
    ngrEffect: formatAmount(figures.ngrEffectMinor),
    grants: figures.grants,
  };
}

/** The merchants and days a report covers, as the request names them. */
async function reportRangeOf(request: FastifyRequest, query: Static<typeof FileQuery>) {
  const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
  return { scope, preset: query.preset, from: query.from, to: query.to };
}

/** The line of money of no promotion, as a file names it. */
const NO_PROMOTION = 'Manual grants and swept winnings';

/**
 * The promotions report: per merchant day and promotion (money of no promotion as one line), the
 * bonuses granted, cash paid, converted and forfeited, their effect on NGR and the grants; a page
 * with the whole report's sums, or every row as a CSV file. reports.read, for the merchants in
 * scope.
 */
export function registerPromotionReportsRoutes(
  app: TypedApp,
  deps: { promotionReports: PromotionReportService },
) {
  const { promotionReports } = deps;

  app.get(
    '/bo/reports/promotions',
    {
      ...merchantScopedRoute('reports.read'),
      schema: {
        tags: TAGS,
        summary:
          "Per merchant day and promotion (manual grants and swept winnings as one line): bonuses granted, cash paid, converted, forfeited, the effect on NGR (granted + cash − forfeited) and grants, with the whole report's sums",
        querystring: ReportQuery,
        response: { 200: Envelope(ReportPage), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PROMOTION_REPORT_PAGE_SIZE_DEFAULT;
      const report = await promotionReports.page({
        ...(await reportRangeOf(request, query)),
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        range: report.range,
        list: report.list.map((row) => ({
          day: row.day,
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          promotionId: row.promotionId,
          title: row.title,
          kind: row.kind,
          ...figuresView(row),
        })),
        total: report.total,
        totalPages: Math.ceil(report.total / pageSize),
        totals: figuresView(report.totals),
      });
    },
  );

  app.get(
    '/bo/reports/promotions.csv',
    {
      ...merchantScopedRoute('reports.read'),
      schema: {
        tags: TAGS,
        summary: `The promotions report, every row, at most ${PROMOTION_REPORT_FILE_ROWS_MAX.toLocaleString('en')} (LIMIT_REACHED beyond) (CSV file, UTF-8 with a byte order mark)`,
        querystring: FileQuery,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const asked = await reportRangeOf(request, request.query);
      const report = await promotionReports.all(asked);
      const merchantPart = asked.scope?.length === 1 ? (asked.scope[0] ?? 'all') : 'all';
      return sendCsv(reply, {
        name: csvFileName(['promotions', merchantPart, report.range.from, report.range.to]),
        header: [
          'Day',
          'Merchant',
          'Promotion ID',
          'Promotion (TY)',
          'Promotion (EN)',
          'Kind',
          'Grants',
          'Bonuses granted',
          'Cash paid',
          'Converted',
          'Forfeited',
          'NGR effect',
        ],
        rows: report.list.map((row) => {
          const figures = figuresView(row);
          return [
            row.day,
            row.merchantCode,
            row.promotionId,
            row.title ? (row.title.TY ?? null) : NO_PROMOTION,
            row.title ? (row.title.EN ?? null) : NO_PROMOTION,
            row.kind,
            figures.grants,
            figures.granted,
            figures.cash,
            figures.converted,
            figures.forfeited,
            figures.ngrEffect,
          ];
        }),
      });
    },
  );
}
