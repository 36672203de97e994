import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type AffiliateState = ApiValue<'/wps/agent/affiliate/application', 'get'>;
export type AffiliateApplication = NonNullable<AffiliateState['application']>;
export type AffiliateChannel = AffiliateApplication['channel'];
export type AffiliateForm = ApiBody<'/wps/agent/affiliate/application', 'post'>;

/** Limits the server holds the form to (its schema), so that the page says so before sending. */
export const CONTACT_LENGTH_MAX = 100;
export const MESSAGE_LENGTH_MAX = 500;
export const AUDIENCE_MAX = 100_000_000;

export function fetchAffiliateState(language: LanguageCode): Promise<AffiliateState> {
  return api.get('/wps/agent/affiliate/application', { params: { query: { language } } });
}

export function applyAsAffiliate(form: AffiliateForm, language: LanguageCode): Promise<AffiliateApplication> {
  return api.post('/wps/agent/affiliate/application', { params: { query: { language } }, body: form });
}
