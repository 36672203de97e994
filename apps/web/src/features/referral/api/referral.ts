import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's referral calls (docs/referrals.md, its Wire table), typed by the server's OpenAPI document.

/** The programme's rules, for visitors too (403 FEATURE_DISABLED while the switch is off). */
export type ReferralProgramme = ApiValue<'/wps/referral/rules', 'get'>;
export type ReferralRule = ReferralProgramme['rules'][number];
/** The member's code, link (the merchant's own address) and sums. */
export type ReferralMe = ApiValue<'/wps/referral/me', 'get'>;
export type ReferralFriendsPage = ApiValue<'/wps/referral/friends', 'get'>;
export type ReferralFriend = ReferralFriendsPage['list'][number];
export type ReferralRewardsPage = ApiValue<'/wps/referral/rewards', 'get'>;
export type ReferralReward = ReferralRewardsPage['list'][number];

/** Every referral query's key starts so. */
export const REFERRAL_KEY = ['referral'] as const;
export const REFERRAL_PAGE_SIZE = 10;

export function fetchReferralProgramme(
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<ReferralProgramme> {
  return api.get('/wps/referral/rules', { params: { query: { language } }, signal });
}

export function fetchReferralMe(language: LanguageCode, signal?: AbortSignal): Promise<ReferralMe> {
  return api.get('/wps/referral/me', { params: { query: { language } }, signal });
}

export function fetchReferralFriends(
  language: LanguageCode,
  page: number,
  signal?: AbortSignal,
): Promise<ReferralFriendsPage> {
  return api.get('/wps/referral/friends', {
    params: { query: { language, page, pageSize: REFERRAL_PAGE_SIZE } },
    signal,
  });
}

export function fetchReferralRewards(
  language: LanguageCode,
  page: number,
  signal?: AbortSignal,
): Promise<ReferralRewardsPage> {
  return api.get('/wps/referral/rewards', {
    params: { query: { language, page, pageSize: REFERRAL_PAGE_SIZE } },
    signal,
  });
}
