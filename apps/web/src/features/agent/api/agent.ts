import { api, requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/** Spec §9: announcements page 8 at a time. */
export const agentAnnouncementPageSize = 8;
/** The downline list's page; the server answers at most 100. */
export const downlinePageSize = 20;

/**
 * GET /wps/system/announcements for the agent centre: the server picks the audience from the
 * session (an agent reads those for everyone and for agents), so no execution is asked for.
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
        pageNo: input.pageNo,
        pageSize: agentAnnouncementPageSize,
        language: input.language,
      },
    },
    signal,
  });
}

/** A downline as GET /wps/agent/downlines lists it (the account comes masked from the server). */
export type Downline = {
  id: string;
  account: string;
  /** Member type: 0 player; 1, 2, 41, 42 agent types (spec §9). */
  type: number;
  /** Depth below the caller: 1 for a direct downline. */
  level: number;
  lastLoginAt: string | null;
  status: string;
  /** Every member below this one, at any depth. */
  teamSize: number;
  registeredAt: string;
};

export type DownlineQuery = {
  /** Whose downlines: the caller when left out; must be in the caller's team. */
  parentId?: string;
  scope: 'direct' | 'all';
  search: string;
  pageNo: number;
};

// The team calls are typed here by hand from their design (issue #16, "Team tree"): they come
// from the generated API types once the routes are in the OpenAPI document.

/** GET /wps/agent/downlines: one page of the direct or all downlines of a member of my team. */
export function fetchDownlines(
  query: DownlineQuery,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<{ list: Downline[]; total: number }> {
  return requestApi('/wps/agent/downlines', {
    query: {
      parentId: query.parentId,
      scope: query.scope,
      search: query.search.trim(),
      pageNo: query.pageNo,
      pageSize: downlinePageSize,
      language,
    },
    signal,
  });
}

/** One member of the chain from me down to a downline, for the breadcrumb. */
export type ChainMember = { id: string; account: string; type: number };

/** GET /wps/agent/upline-chain: the members from me (first) down to `memberId` (last). */
export async function fetchUplineChain(
  memberId: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<ChainMember[]> {
  const value = await requestApi<{ list: ChainMember[] }>('/wps/agent/upline-chain', {
    query: { memberId, language },
    signal,
  });
  return value.list;
}
