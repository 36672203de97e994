import { requestApi } from '../../../lib/api/api-client';
import { requestSealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode, SocialProvider } from '../../../lib/api/system-types';
import type { LoginResult } from './auth';

/** Asks for the provider's sign-in address; the page then goes there. */
export function startSocialLogin(
  input: { provider: SocialProvider; returnTo: string; affiliateCode?: string },
  language: LanguageCode,
): Promise<{ url: string }> {
  return requestApi<{ url: string }>('/wps/session/social/start', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Trades the one-time ticket the provider's callback handed the page for a session (sealed). */
export function exchangeSocialTicket(ticket: string, language: LanguageCode): Promise<LoginResult> {
  return requestSealedApi<LoginResult>('/wps/session/login/social', {
    method: 'POST',
    query: { language },
    body: { ticket },
  });
}
