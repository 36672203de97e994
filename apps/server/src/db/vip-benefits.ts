import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * What a member's VIP level gives them beyond its gifts (docs/loyalty.md "VIP"), one read for
 * every area that applies a benefit: rebates (rates per game type), the points mall (the
 * multiplier) and withdrawals (the day's limits). Null: the member holds no level.
 */
export type VipBenefits = {
  levelId: string;
  rank: number;
  label: string;
  /** Basis points per game type (50 = 0.50 %); a type not named takes the merchant's rate. */
  rebateRatesBp: Record<string, number>;
  withdrawCountDay: number | null;
  withdrawAmountDayMinor: bigint | null;
  /** Points earned × this / 10,000. */
  pointsMultiplierBp: number;
};

export async function readVipBenefits(
  executor: Kysely<Database> | Transaction<Database>,
  memberId: string,
): Promise<VipBenefits | null> {
  const row = await executor
    .selectFrom('member_vip')
    .innerJoin('vip_levels', 'vip_levels.id', 'member_vip.level_id')
    .select([
      'vip_levels.id',
      'vip_levels.rank',
      'vip_levels.label',
      'vip_levels.rebate_rates',
      'vip_levels.withdraw_count_day',
      'vip_levels.withdraw_amount_day_minor',
      'vip_levels.points_multiplier_bp',
    ])
    .where('member_vip.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    levelId: row.id,
    rank: row.rank,
    label: row.label,
    rebateRatesBp: row.rebate_rates,
    withdrawCountDay: row.withdraw_count_day,
    withdrawAmountDayMinor:
      row.withdraw_amount_day_minor === null ? null : BigInt(row.withdraw_amount_day_minor),
    pointsMultiplierBp: row.points_multiplier_bp,
  };
}
