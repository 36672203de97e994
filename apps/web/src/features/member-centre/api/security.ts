import { requestApi } from '../../../lib/api/api-client';
import { requestSealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

export type IconChoices = { icon: string; url: string; choices: { icon: string; url: string }[] };

export type LoginHistory = {
  list: { time: string; ip: string; country: string | null; device: string | null; method: string }[];
  totalPages: number;
};

export const LOGIN_HISTORY_PAGE_SIZE = 10;

export function fetchIcons(language: LanguageCode): Promise<IconChoices> {
  return requestApi<IconChoices>('/wps/member/info/icon', { query: { language } });
}

export function chooseIcon(icon: string, language: LanguageCode): Promise<{ icon: string; url: string }> {
  return requestApi('/wps/member/info/icon', { method: 'PUT', query: { language }, body: { icon } });
}

export function fetchLoginHistory(page: number, language: LanguageCode): Promise<LoginHistory> {
  return requestApi<LoginHistory>('/wps/member/logins', {
    query: { language, page, pageSize: LOGIN_HISTORY_PAGE_SIZE },
  });
}

export function startTotpSetup(language: LanguageCode): Promise<{ secret: string; otpauthUrl: string }> {
  return requestApi('/wps/member/totp/setup', { method: 'POST', query: { language } });
}

/** Turns the authenticator on or off with a current code (sealed). */
export function confirmTotp(
  action: 'enable' | 'disable',
  code: string,
  language: LanguageCode,
): Promise<unknown> {
  return requestSealedApi(`/wps/member/totp/${action}`, {
    method: 'POST',
    query: { language },
    body: { code },
  });
}
