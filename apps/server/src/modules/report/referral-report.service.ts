import { sql } from 'kysely';
import type { ServiceDeps } from '../../platform/db/service-deps.ts';
import type { DayRange } from './date-range.ts';
import { findMerchantsInScope } from './report.repository.ts';
import type { ReportRequest, ReportService } from './report.service.ts';

const DAY_MS = 86_400_000;

/** One merchant day of the referral programme's cost, amounts in minor units. */
export type ReferralReportRow = {
  day: string;
  merchantId: string;
  merchantCode: string;
  /** Friends who joined with a member's code that day. */
  referrals: number;
  /** Rewards paid that day (by the job, or approved after review), and their sums by kind. */
  paid: number;
  cashMinor: bigint;
  bonusMinor: bigint;
  /** Rewards written that day that wait for review, and their sum. */
  held: number;
  heldMinor: bigint;
  /** Rewards rejected that day. */
  rejected: number;
};

export type ReferralReportService = ReturnType<typeof createReferralReportService>;

/**
 * The referral programme's cost report (docs/referrals.md "Back office"): per merchant day, in the
 * merchant's time zone, the friends who joined, the rewards paid in cash and as bonuses (what the
 * programme cost), those waiting for review and those rejected.
 */
export function createReferralReportService(
  deps: ServiceDeps<{ resolveRange: ReportService['resolveRange'] }>,
) {
  const { db } = deps;

  return {
    async report(input: ReportRequest): Promise<{ range: DayRange; list: ReferralReportRow[] }> {
      const merchants = await findMerchantsInScope(db, input.scope);
      const range = deps.resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
      if (merchants.length === 0) return { range, list: [] };
      const lower = new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS);
      const upper = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS);
      const ids = merchants.map((merchant) => merchant.id);
      const result = await sql<{
        day: string;
        merchant_id: string;
        merchant_code: string;
        referrals: string;
        paid: string;
        cash: string;
        bonus: string;
        held: string;
        held_sum: string;
        rejected: string;
      }>`
        with events as (
          select r.merchant_id, r.created_at as at, 'referral' as what, 0::bigint as amount, null as kind
            from referrals r
            where r.merchant_id = any(${sql.val(ids)}::text[]) and r.created_at >= ${lower} and r.created_at < ${upper}
          union all
          select w.merchant_id, w.paid_at, 'paid', w.amount_minor, w.reward_kind from referral_rewards w
            where w.merchant_id = any(${sql.val(ids)}::text[]) and w.status = 'paid'
              and w.paid_at >= ${lower} and w.paid_at < ${upper}
          union all
          select w.merchant_id, w.created_at, 'held', w.amount_minor, w.reward_kind from referral_rewards w
            where w.merchant_id = any(${sql.val(ids)}::text[]) and w.status = 'held'
              and w.created_at >= ${lower} and w.created_at < ${upper}
          union all
          select w.merchant_id, w.decided_at, 'rejected', w.amount_minor, w.reward_kind from referral_rewards w
            where w.merchant_id = any(${sql.val(ids)}::text[]) and w.status = 'rejected'
              and w.decided_at >= ${lower} and w.decided_at < ${upper}
        ),
        days as (
          select (e.at at time zone m.time_zone)::date::text as day, m.id as merchant_id, m.code as merchant_code,
            e.what, e.amount, e.kind
          from events e join merchants m on m.id = e.merchant_id
        )
        select day, merchant_id, merchant_code,
          count(*) filter (where what = 'referral')::text as referrals,
          count(*) filter (where what = 'paid')::text as paid,
          coalesce(sum(amount) filter (where what = 'paid' and kind = 'cash'), 0)::text as cash,
          coalesce(sum(amount) filter (where what = 'paid' and kind = 'bonus'), 0)::text as bonus,
          count(*) filter (where what = 'held')::text as held,
          coalesce(sum(amount) filter (where what = 'held'), 0)::text as held_sum,
          count(*) filter (where what = 'rejected')::text as rejected
        from days
        where day >= ${range.from} and day <= ${range.to}
        group by day, merchant_id, merchant_code
        order by day desc, merchant_code`.execute(db);
      return {
        range,
        list: result.rows.map((row) => ({
          day: row.day,
          merchantId: row.merchant_id,
          merchantCode: row.merchant_code,
          referrals: Number(row.referrals),
          paid: Number(row.paid),
          cashMinor: BigInt(row.cash),
          bonusMinor: BigInt(row.bonus),
          held: Number(row.held),
          heldMinor: BigInt(row.held_sum),
          rejected: Number(row.rejected),
        })),
      };
    },
  };
}
