import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The member's rebate calls (docs/loyalty.md "Rebates", its Wire table), typed by the server's
// OpenAPI document.

/**
 * What accrued since the member's last rebate, by game type (`basisAmount` the valid bet or the
 * theoretical loss, `rate` percent text), the total, the least a claim takes, and when the claim
 * interval ends (`nextClaimAt`, null: a claim may be made now).
 */
export type RebateAccrued = ApiValue<'/wps/rebate/accrued', 'get'>;
export type RebateLine = RebateAccrued['lines'][number];
export type RebateBasis = RebateAccrued['basis'];

/** A claim paid: its amount, in the bonus wallet as the bonus `bonusId`. */
export type RebateClaim = ApiValue<'/wps/rebate/claim', 'post'>;

/** The member's rebates paid, newest first: `day` the closed day of a daily one, null for a claim. */
export type RebateHistory = ApiValue<'/wps/rebate/history', 'get'>;
export type RebatePayout = RebateHistory['list'][number];

/** Every rebate query's key starts so; a claim reloads them all. */
export const REBATE_KEY = ['member-rebate'] as const;

/** A page of the member's rebates. */
export const REBATE_PAGE_SIZE = 10;

export function fetchRebateAccrued(language: LanguageCode, signal?: AbortSignal): Promise<RebateAccrued> {
  return api.get('/wps/rebate/accrued', { params: { query: { language } }, signal });
}

export function claimRebate(language: LanguageCode): Promise<RebateClaim> {
  return api.post('/wps/rebate/claim', { params: { query: { language } } });
}

export function fetchRebateHistory(
  page: number,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<RebateHistory> {
  return api.get('/wps/rebate/history', {
    params: { query: { language, page, pageSize: REBATE_PAGE_SIZE } },
    signal,
  });
}
