import type { MerchantService, ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { MissionMerchant, ReadMissionMerchant } from '../modules/mission/mission.service.ts';

/** The merchant as missions and leaderboards read it: zone, currency, language and the highest multiplier. */
export function missionMerchantOf(merchant: ResolvedMerchant): MissionMerchant {
  return {
    id: merchant.id,
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    defaultLanguage: merchant.defaultLanguage,
    maxMultiplier: merchant.settings.promotions.maxMultiplier,
  };
}

/** Reads a merchant for missions' job and members' pages. */
export function createMissionMerchantReader(
  merchants: Pick<MerchantService, 'findById'>,
): ReadMissionMerchant {
  return async (merchantId) => {
    const merchant = await merchants.findById(merchantId);
    return merchant ? missionMerchantOf(merchant) : null;
  };
}
