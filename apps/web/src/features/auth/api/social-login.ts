import { type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode, SocialProvider } from '../../../lib/api/system-types';

/** Asks for the provider's sign-in address; the page then goes there. */
export function startSocialLogin(
  input: { provider: SocialProvider; returnTo: string; affiliateCode?: string },
  language: LanguageCode,
): Promise<ApiValue<'/wps/session/social/start', 'post'>> {
  return api.post('/wps/session/social/start', { params: { query: { language } }, body: input });
}

/**
 * Trades the one-time ticket the provider's callback handed the page for a session (sealed); the
 * answer says whether the sign-in made the account.
 */
export function exchangeSocialTicket(
  ticket: string,
  language: LanguageCode,
): Promise<ApiValue<'/wps/session/login/social', 'post'>> {
  return sealedApi.post('/wps/session/login/social', { params: { query: { language } }, body: { ticket } });
}
