import type { LocalizedText, PromotionKind } from '../../db/schema.ts';
import type { ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { DayRange } from './date-range.ts';
import { findPromotionDays, type PromotionDayRow, sumPromotionDays } from './promotion-report.repository.ts';
import { findMerchantsInScope, type ReportWindow } from './report.repository.ts';
import type { ReportRequest, ReportService } from './report.service.ts';

export const PROMOTION_REPORT_PAGE_SIZE_DEFAULT = 50;
export const PROMOTION_REPORT_PAGE_SIZE_MAX = 200;
export const PROMOTION_REPORT_PAGE_MAX = 10_000;
/** The most rows a file holds; a larger report is refused (LIMIT_REACHED), never cut short. */
export const PROMOTION_REPORT_FILE_ROWS_MAX = 100_000;

const DAY_MS = 86_400_000;
const NO_MONEY = { granted: '0', cash: '0', converted: '0', forfeited: '0', grants: '0' };

/** What bonuses and promotions moved, in minor units, and how many grants paid money. */
export type PromotionFigures = {
  /** Bonuses activated: the bonus wallet credited from the house. */
  grantedMinor: bigint;
  /** Cash paid by promotions (cashback paid as cash). */
  cashMinor: bigint;
  /** Bonus money that became cash once its wagering was met. */
  convertedMinor: bigint;
  /** Bonus money that went back to the house: expired, cancelled, over the conversion cap, swept. */
  forfeitedMinor: bigint;
  /** What promotions took off net gaming revenue: granted + cash − forfeited. */
  ngrEffectMinor: bigint;
  /** Activations and cash payments. */
  grants: number;
};

export type PromotionReportRow = PromotionFigures & {
  day: string;
  merchantId: string;
  merchantCode: string;
  /** Null: money of no promotion (bonuses granted by hand, leftover winnings swept). */
  promotionId: string | null;
  title: LocalizedText | null;
  kind: PromotionKind | null;
};

function figuresOf(row: {
  granted: string;
  cash: string;
  converted: string;
  forfeited: string;
  grants: string;
}): PromotionFigures {
  const grantedMinor = BigInt(row.granted);
  const cashMinor = BigInt(row.cash);
  const forfeitedMinor = BigInt(row.forfeited);
  return {
    grantedMinor,
    cashMinor,
    convertedMinor: BigInt(row.converted),
    forfeitedMinor,
    ngrEffectMinor: grantedMinor + cashMinor - forfeitedMinor,
    grants: Number(row.grants),
  };
}

function reportRowOf(row: PromotionDayRow): PromotionReportRow {
  return {
    day: row.day,
    merchantId: row.merchantId,
    merchantCode: row.merchantCode,
    promotionId: row.promotionId,
    title: row.title,
    kind: row.kind,
    ...figuresOf(row),
  };
}

export type PromotionReportService = ReturnType<typeof createPromotionReportService>;

/**
 * The promotions report (docs/promotions.md "Wire (back office)"): per merchant day and promotion,
 * with the money of no promotion (manual grants, swept winnings) as one line, what bonuses and
 * promotions granted, paid in cash, converted and forfeited, and their effect on NGR, from the
 * ledger; days in each merchant's time zone, read as the other reports read them.
 */
export function createPromotionReportService(
  deps: ServiceDeps<{ resolveRange: ReportService['resolveRange'] }>,
) {
  const { db } = deps;

  async function windowOf(input: ReportRequest): Promise<{ range: DayRange; window: ReportWindow }> {
    const merchants = await findMerchantsInScope(db, input.scope);
    const range = deps.resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
    const window: ReportWindow = {
      ids: merchants.map((merchant) => merchant.id),
      range,
      lower: new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS),
      upper: new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS),
    };
    return { range, window };
  }

  return {
    /** A page of the rows, with how many there are and the sums of all of them. */
    async page(input: ReportRequest & { page: number; pageSize: number }) {
      const { range, window } = await windowOf(input);
      if (window.ids.length === 0) {
        return { range, list: [], total: 0, totals: figuresOf(NO_MONEY) };
      }
      const [rows, sums] = await Promise.all([
        findPromotionDays(db, window, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
        sumPromotionDays(db, window),
      ]);
      return { range, list: rows.map(reportRowOf), total: Number(sums.rows), totals: figuresOf(sums) };
    },

    /** Every row, for a file: at most PROMOTION_REPORT_FILE_ROWS_MAX (LIMIT_REACHED beyond). */
    async all(input: ReportRequest): Promise<{ range: DayRange; list: PromotionReportRow[] }> {
      const { range, window } = await windowOf(input);
      if (window.ids.length === 0) return { range, list: [] };
      const rows = await findPromotionDays(db, window, {
        limit: PROMOTION_REPORT_FILE_ROWS_MAX + 1,
        offset: 0,
      });
      if (rows.length > PROMOTION_REPORT_FILE_ROWS_MAX) {
        throw new AppError('LIMIT_REACHED', { value: { max: PROMOTION_REPORT_FILE_ROWS_MAX } });
      }
      return { range, list: rows.map(reportRowOf) };
    },
  };
}
