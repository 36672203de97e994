import { type ResolvedMerchant, readSwitches } from '../modules/merchant/merchant.service.ts';
import type { ReferralMerchant } from '../modules/referral/referral.service.ts';

/**
 * A merchant as the referral programme reads it (docs/referrals.md): its currency and language,
 * the whitelabel switch REFERRAL, and the promotions' highest multiplier a bonus stays under.
 */
export function referralMerchantOf(merchant: ResolvedMerchant): ReferralMerchant {
  return {
    id: merchant.id,
    currency: merchant.currency,
    defaultLanguage: merchant.defaultLanguage,
    isEnabled: readSwitches(merchant.settings.whitelabel, ['REFERRAL']).REFERRAL,
    maxMultiplier: merchant.settings.promotions.maxMultiplier,
  };
}
