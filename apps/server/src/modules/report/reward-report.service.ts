import { sql } from 'kysely';
import type { LocalizedText } from '../../db/schema.ts';
import type { ServiceDeps } from '../../platform/db/service-deps.ts';
import type { DayRange } from './date-range.ts';
import { findMerchantsInScope } from './report.repository.ts';
import type { ReportRequest, ReportService } from './report.service.ts';

/** One merchant day of one prize table: its draws and the prizes they paid, amounts in minor units. */
export type RewardReportRow = {
  day: string;
  merchantId: string;
  merchantCode: string;
  tableId: string;
  kind: 'wheel' | 'egg';
  names: LocalizedText;
  draws: number;
  /** Draws that paid nothing ("try again"). */
  empty: number;
  cashMinor: bigint;
  bonusMinor: bigint;
  points: number;
};

export type RewardReportTotals = Pick<
  RewardReportRow,
  'draws' | 'empty' | 'cashMinor' | 'bonusMinor' | 'points'
>;

export type RewardReportService = ReturnType<typeof createRewardReportService>;

/**
 * The prize draws' cost report (docs/rewards.md "Back office"): per merchant day (the day each
 * draw spent its table's budget on) and prize table, the draws, those that paid nothing, and the
 * cash, bonuses and points paid, with the sums of the whole range.
 */
export function createRewardReportService(
  deps: ServiceDeps<{ resolveRange: ReportService['resolveRange'] }>,
) {
  const { db } = deps;

  return {
    async report(
      input: ReportRequest,
    ): Promise<{ range: DayRange; list: RewardReportRow[]; totals: RewardReportTotals }> {
      const merchants = await findMerchantsInScope(db, input.scope);
      const range = deps.resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
      const totals: RewardReportTotals = { draws: 0, empty: 0, cashMinor: 0n, bonusMinor: 0n, points: 0 };
      if (merchants.length === 0) return { range, list: [], totals };
      const ids = merchants.map((merchant) => merchant.id);
      const result = await sql<{
        day: string;
        merchant_id: string;
        merchant_code: string;
        table_id: string;
        kind: 'wheel' | 'egg';
        names: LocalizedText;
        draws: string;
        empty: string;
        cash: string;
        bonus: string;
        points: string;
      }>`
        select d.day::text as day, d.merchant_id, m.code as merchant_code, d.table_id, t.kind, t.names,
          count(*)::text as draws,
          count(*) filter (where d.prize_kind = 'none')::text as empty,
          coalesce(sum(d.amount_minor) filter (where d.prize_kind = 'cash'), 0)::text as cash,
          coalesce(sum(d.amount_minor) filter (where d.prize_kind = 'bonus'), 0)::text as bonus,
          coalesce(sum(d.points) filter (where d.prize_kind = 'points'), 0)::text as points
        from reward_draws d
          join merchants m on m.id = d.merchant_id
          join reward_prize_tables t on t.id = d.table_id
        where d.merchant_id = any(${sql.val(ids)}::text[]) and d.day >= ${range.from} and d.day <= ${range.to}
        group by d.day, d.merchant_id, m.code, d.table_id, t.kind, t.names
        order by d.day desc, m.code, d.table_id`.execute(db);
      const list = result.rows.map((row) => ({
        day: row.day,
        merchantId: row.merchant_id,
        merchantCode: row.merchant_code,
        tableId: row.table_id,
        kind: row.kind,
        names: typeof row.names === 'string' ? (JSON.parse(row.names) as LocalizedText) : row.names,
        draws: Number(row.draws),
        empty: Number(row.empty),
        cashMinor: BigInt(row.cash),
        bonusMinor: BigInt(row.bonus),
        points: Number(row.points),
      }));
      for (const row of list) {
        totals.draws += row.draws;
        totals.empty += row.empty;
        totals.cashMinor += row.cashMinor;
        totals.bonusMinor += row.bonusMinor;
        totals.points += row.points;
      }
      return { range, list, totals };
    },
  };
}
