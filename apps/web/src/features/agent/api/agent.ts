import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/** Spec §9: announcements page 8 at a time. */
export const agentAnnouncementPageSize = 8;
/** The downline list's page; the server answers at most 100. */
export const downlinePageSize = 20;

/**
 * GET /wps/system/announcements for the agent centre, newest first: the server picks the audience
 * from the session (an agent reads those for everyone and for agents), so no execution is asked for.
 */
export function fetchAgentAnnouncements(
  input: { language: LanguageCode; pageNo: number },
  signal?: AbortSignal,
) {
  return api.get('/wps/system/announcements', {
    params: {
      query: {
        types: 'B,PL,PR,H',
        platform: 'W',
        order: 'newest',
        pageNo: input.pageNo,
        pageSize: agentAnnouncementPageSize,
        language: input.language,
      },
    },
    signal,
  });
}

/** A downline as GET /wps/agent/downlines lists it (the account comes masked from the server). */
export type Downline = ApiValue<'/wps/agent/downlines', 'get'>['list'][number];

export type DownlineQuery = {
  /** Whose downlines: the caller when left out; must be in the caller's team. */
  parentId?: string;
  scope: 'direct' | 'all';
  search: string;
  pageNo: number;
};

/** GET /wps/agent/downlines: one page of the direct or all downlines of a member of my team. */
export function fetchDownlines(query: DownlineQuery, language: LanguageCode, signal?: AbortSignal) {
  const search = query.search.trim();
  return api.get('/wps/agent/downlines', {
    params: {
      query: {
        ...(query.parentId ? { parentId: query.parentId } : {}),
        scope: query.scope,
        ...(search ? { search } : {}),
        pageNo: query.pageNo,
        pageSize: downlinePageSize,
        language,
      },
    },
    signal,
  });
}

/** GET /wps/agent/upline-chain: the members from me (first) down to `memberId` (last). */
export async function fetchUplineChain(memberId: string, language: LanguageCode, signal?: AbortSignal) {
  const { list } = await api.get('/wps/agent/upline-chain', {
    params: { query: { memberId, language } },
    signal,
  });
  return list;
}
