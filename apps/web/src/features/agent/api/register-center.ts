import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/** GET /wps/agent/invitation-links: my code, my links and what each link brought. */
export type InvitationLinks = ApiValue<'/wps/agent/invitation-links', 'get'>;
export type InvitationLink = InvitationLinks['list'][number];
export type InvitationKind = InvitationLink['kind'];

export const invitationLinksKey = (language: LanguageCode) => ['agentInvitationLinks', language] as const;

export function fetchInvitationLinks(language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/invitation-links', { params: { query: { language } }, signal });
}

/** POST /wps/agent/invitation-links (LIMIT_REACHED past the number an agent may hold). */
export function createInvitationLink(input: { kind: InvitationKind; label: string }, language: LanguageCode) {
  return api.post('/wps/agent/invitation-links', { params: { query: { language } }, body: input });
}

/** POST /wps/agent/invitation-links/{id}/disable: the link's code signs no one up any more. */
export function disableInvitationLink(id: string, language: LanguageCode) {
  return api.post('/wps/agent/invitation-links/{id}/disable', {
    params: { path: { id }, query: { language } },
  });
}

/**
 * POST /wps/agent/downlines: a player (or a sub-agent) under me; the server sends them a one-time
 * password by SMS and never answers it.
 */
export function registerDownline(
  input: { account: string; mobile: string; countryDialingCode: string; kind: InvitationKind },
  language: LanguageCode,
) {
  return api.post('/wps/agent/downlines', { params: { query: { language } }, body: input });
}

/** POST /wps/agent/downlines/{id}/one-time-password: a new one-time password by SMS (the old stops working). */
export function resendOneTimePassword(id: string, language: LanguageCode) {
  return api.post('/wps/agent/downlines/{id}/one-time-password', {
    params: { path: { id }, query: { language } },
  });
}
