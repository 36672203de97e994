import { api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { MemberInfo } from '../../../lib/session/auth-store';

/** GET /wps/member/info (T). */
export function fetchMemberInfo(language: LanguageCode): Promise<MemberInfo> {
  return api.get('/wps/member/info', { params: { query: { language } } });
}

/** DELETE /wps/session/logout (T). */
export function logOut(language: LanguageCode): Promise<unknown> {
  return api.delete('/wps/session/logout', { params: { query: { language } } });
}
