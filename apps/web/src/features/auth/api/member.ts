import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { MemberInfo } from '../../../lib/session/auth-store';

/** GET /wps/member/info (T). */
export function fetchMemberInfo(language: LanguageCode): Promise<MemberInfo> {
  return requestApi<MemberInfo>('/wps/member/info', { query: { language } });
}

/** DELETE /wps/session/logout (T). */
export function logOut(language: LanguageCode): Promise<unknown> {
  return requestApi<unknown>('/wps/session/logout', { method: 'DELETE', query: { language } });
}
