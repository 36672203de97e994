import { type ApiValue, api } from '../api/api-client';
import type { LanguageCode } from '../api/system-types';

// The member's bonuses on the wire (docs/promotions.md "Wire (player)"), typed by the server's
// OpenAPI document: My promotions lists them, a bonus card gives one up.

export type BonusList = ApiValue<'/wps/member/bonuses', 'get'>;
export type BonusView = BonusList['list'][number];
export type BonusStatus = BonusView['status'];

/** The member's bonuses, a page at a time. */
export const BONUS_PAGE_SIZE = 10;

/** The member's bonuses (My promotions, the bonus details page and the withdraw page read them). */
export const BONUSES_KEY = ['memberBonuses'] as const;

/** GET /wps/member/bonuses: the member's open (waiting, active) or ended bonuses, and the bonus wallet. */
export function fetchBonuses(
  input: { status: 'open' | 'ended'; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<BonusList> {
  return api.get('/wps/member/bonuses', {
    params: { query: { status: input.status, page: input.page, pageSize: BONUS_PAGE_SIZE, language } },
    signal,
  });
}

/** POST /wps/member/bonuses/{id}/cancel: gives the bonus up, with what its wallet holds. */
export function cancelBonus(id: string, language: LanguageCode): Promise<BonusView> {
  return api.post('/wps/member/bonuses/{id}/cancel', { params: { path: { id }, query: { language } } });
}
