import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import { basisPointsOfRate } from '../db/loyalty-rules.ts';
import { type ResolvedMerchant, readSwitches } from '../modules/merchant/merchant.service.ts';
import type { RebatePolicy } from '../modules/rebate/rebate-rules.ts';
import { assertInvariant } from '../platform/errors/invariant.ts';

/** Percent texts by game type ("0.50") as basis points (50). */
function basisPointsByType(rates: Readonly<Record<string, string>>): Record<string, number> {
  return Object.fromEntries(Object.entries(rates).map(([type, rate]) => [type, basisPointsOfRate(rate)]));
}

/**
 * What a merchant's rebates run under (docs/loyalty.md "Rebates"): manual claims while the
 * whitelabel switch MANPLAYREB3 is on, the daily job's payments while it is off, and the settings'
 * `rebate` section in minor units and basis points.
 */
export function rebatePolicyOf(merchant: ResolvedMerchant): RebatePolicy {
  const { rebate, whitelabel, promotions } = merchant.settings;
  const { MANPLAYREB3 } = readSwitches(whitelabel, ['MANPLAYREB3']);
  return {
    merchantId: merchant.id,
    timeZone: merchant.timeZone,
    currency: merchant.currency,
    defaultLanguage: merchant.defaultLanguage,
    mode: MANPLAYREB3 ? 'manual' : 'auto',
    basis: rebate.basis,
    ratesBp: basisPointsByType(rebate.rates),
    houseEdgesBp: basisPointsByType(rebate.houseEdges),
    // The bonus engine grants no wagering above the merchant's highest multiplier: a rebate's is
    // held to it, so that lowering that highest never stops rebates from being paid.
    multiplier: Math.min(rebate.multiplier, promotions.maxMultiplier),
    expiryDays: rebate.expiryDays,
    claimIntervalMinutes: rebate.claimIntervalMinutes,
    minimumMinor: parseAmountOrThrow(rebate.minimumAmount),
  };
}

/** The rebate service's policy reader, from the merchants as they are now. */
export function createRebatePolicyReader(merchants: {
  findById(merchantId: string): Promise<ResolvedMerchant | null>;
}) {
  return async (merchantId: string): Promise<RebatePolicy> => {
    const merchant = await merchants.findById(merchantId);
    assertInvariant(merchant !== null, 'rebates belong to a merchant that exists');
    return rebatePolicyOf(merchant);
  };
}
