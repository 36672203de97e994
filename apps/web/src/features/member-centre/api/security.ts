import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

export type IconChoices = ApiValue<'/wps/member/info/icon', 'get'>;

export type LoginHistory = ApiValue<'/wps/member/logins', 'get'>;

export const LOGIN_HISTORY_PAGE_SIZE = 10;

export function fetchIcons(language: LanguageCode): Promise<IconChoices> {
  return api.get('/wps/member/info/icon', { params: { query: { language } } });
}

export type AvatarIcon = ApiBody<'/wps/member/info/icon', 'put'>['icon'];

export function chooseIcon(icon: AvatarIcon, language: LanguageCode) {
  return api.put('/wps/member/info/icon', { params: { query: { language } }, body: { icon } });
}

export function fetchLoginHistory(page: number, language: LanguageCode): Promise<LoginHistory> {
  return api.get('/wps/member/logins', {
    params: { query: { language, page, pageSize: LOGIN_HISTORY_PAGE_SIZE } },
  });
}

export function startTotpSetup(language: LanguageCode) {
  return api.post('/wps/member/totp/setup', { params: { query: { language } } });
}

/** Turns the authenticator on or off with a current code (sealed). */
export function confirmTotp(
  action: 'enable' | 'disable',
  code: string,
  language: LanguageCode,
): Promise<unknown> {
  return sealedApi.post(`/wps/member/totp/${action}`, { params: { query: { language } }, body: { code } });
}

/** Whether the member opted out of promotions (docs/promotions.md "isMarketable"). */
export function fetchPromotionsOptOut(language: LanguageCode): Promise<{ optOut: boolean }> {
  return api.get('/wps/member/promotions/optOut', { params: { query: { language } } });
}

export function savePromotionsOptOut(optOut: boolean, language: LanguageCode): Promise<{ optOut: boolean }> {
  return api.put('/wps/member/promotions/optOut', { params: { query: { language } }, body: { optOut } });
}
