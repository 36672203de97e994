import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import { POINT_BET_TYPES } from '../db/loyalty-rules.ts';
import type { MerchantService, ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { PointsMerchant, PointsPolicy, ReadPointsMerchant } from '../modules/points/points-policy.ts';

/** The merchant's `points` settings as the points mall reads them, amounts in minor units. */
export function pointsPolicyOf(merchant: ResolvedMerchant): PointsPolicy {
  const { points, promotions } = merchant.settings;
  const ruleOf = (rule: { per: string; points: number }) => ({
    perMinor: parseAmountOrThrow(rule.per),
    points: rule.points,
  });
  return {
    earn: Object.fromEntries(
      POINT_BET_TYPES.flatMap((type) => {
        const rule = points.earn[type];
        return rule ? [[type, ruleOf(rule)]] : [];
      }),
    ),
    deposit: points.deposit === null ? null : ruleOf(points.deposit),
    exchange: points.exchange
      .map((row) => ({ from: row.from, amountMinor: parseAmountOrThrow(row.amount) }))
      .sort((left, right) => left.from - right.from),
    // Held to the merchant's highest multiplier, which the bonus engine grants within (both are
    // at least 1, so a conversion always asks for its amount's wagering at least once).
    convertMultiplier: Math.min(points.convertMultiplier, promotions.maxMultiplier),
    convertExpiryDays: points.convertExpiryDays,
    minConvertPoints: points.minConvertPoints,
  };
}

/** The points mall's view of a merchant. */
export function pointsMerchantOf(merchant: ResolvedMerchant): PointsMerchant {
  return {
    id: merchant.id,
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    defaultLanguage: merchant.defaultLanguage,
    policy: pointsPolicyOf(merchant),
  };
}

/** Reads a merchant for the points mall's job and operators' decisions (no request to read it from). */
export function createPointsMerchantReader(merchants: Pick<MerchantService, 'findById'>): ReadPointsMerchant {
  return async (merchantId) => {
    const merchant = await merchants.findById(merchantId);
    return merchant ? pointsMerchantOf(merchant) : null;
  };
}
