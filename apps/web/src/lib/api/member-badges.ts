import { type ApiValue, api } from './api-client';

/**
 * The member centre's red badges (spec §2): tickets to draw and envelopes to open, missions to
 * claim, unread messages. A draw, an opened envelope, a claim, a read message and the socket's
 * `reward`, `mission` and `message` events reload it.
 */
export type MemberBadges = ApiValue<'/wps/member/badges', 'get'>;

export const BADGES_KEY = ['member-badges'] as const;

export function fetchMemberBadges(signal?: AbortSignal): Promise<MemberBadges> {
  return api.get('/wps/member/badges', { signal });
}
