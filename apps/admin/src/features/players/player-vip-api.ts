import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../lib/api-client.ts';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { announceSessionEnded, readSessionToken } from '../../lib/session.ts';

// A player's VIP level in the back office (docs/loyalty.md "VIP", "Back office"), declared here by
// the document until the server's OpenAPI document carries these calls.

/** A level of the merchant, as the player page names and offers it. */
export type MerchantVipLevel = { id: string; rank: number; label: string; names: Record<string, string> };

/** The level a player holds, as the members' list tells it. */
export type HeldVipLevel = {
  memberId: string;
  rank: number;
  label: string;
  names: Record<string, string>;
  reachedAt: string;
  guaranteedUntil: string;
  projection: 'keep' | 'rise' | 'fall' | null;
  projectedRank: number | null;
  projectedAt: string | null;
};

type MembersPage = { list: HeldVipLevel[]; total: number; totalPages: number };

/** The members' list's largest page. */
const MEMBERS_PAGE_SIZE_MAX = 100;
/**
 * How many pages of members whose account contains the player's are read at most: an account is
 * searched by part, so a short one may match many members, but the player's own row comes first
 * in practice; past this many pages the panel says it could not tell rather than "no level".
 */
const MEMBER_PAGES_MAX = 10;

/** A query string of the filled-in values only. */
function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A /bo call's value; a refusal throws a BackOfficeError with the server's code and value. */
async function answerOf<Value>(path: string, method: 'GET' | 'PUT', body?: unknown): Promise<Value> {
  const answer = await requestEnvelope<Value>(path, {
    method,
    token: readSessionToken(),
    ...(body === undefined ? {} : { body }),
  });
  if (answer.success) return answer.value;
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

const vipKey = (playerId: string) => ['bo', 'player', playerId, 'vip'] as const;

/** The merchant's levels, lowest rank first, for the level picker and the projection's words. */
export function useMerchantVipLevels(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'vip', 'levels', merchantId],
    queryFn: () => answerOf<{ list: MerchantVipLevel[] }>(withQuery('/bo/vip/levels', { merchantId }), 'GET'),
    select: (value) => [...value.list].sort((a, b) => a.rank - b.rank),
    enabled: merchantId !== '',
  });
}

/**
 * The level the player holds (null: none), found in the members' list by the player's account
 * and recognised by their id.
 */
export function usePlayerVipLevel(player: { id: string; account: string; merchantId: string }) {
  return useQuery({
    queryKey: vipKey(player.id),
    queryFn: async (): Promise<HeldVipLevel | null> => {
      for (let page = 1; page <= MEMBER_PAGES_MAX; page += 1) {
        const found = await answerOf<MembersPage>(
          withQuery('/bo/vip/members', {
            merchantId: player.merchantId,
            account: player.account,
            page,
            pageSize: MEMBERS_PAGE_SIZE_MAX,
          }),
          'GET',
        );
        const row = found.list.find((member) => member.memberId === player.id);
        if (row) return row;
        if (page >= found.totalPages) return null;
      }
      throw new BackOfficeError(
        'TOO_MANY_MATCHES',
        'Too many members share this account name to find the level here: look the player up in Loyalty → VIP members.',
      );
    },
  });
}

/**
 * Sets the player's level (a rank; its guarantee starts now, and no gift is paid) or removes it
 * (null), with the reason the audit log keeps.
 */
export function useSetPlayerVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { playerId: string; rank: number | null; reason: string }) =>
      answerOf<unknown>(`/bo/players/${encodeURIComponent(input.playerId)}/vip`, 'PUT', {
        rank: input.rank,
        reason: input.reason,
      }),
    onSuccess: (_value, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vipKey(input.playerId) }),
        queryClient.invalidateQueries({ queryKey: ['bo', 'vip'] }),
      ]),
  });
}

/** Sets or clears the player's birthday (its month brings the level's birthday gift), with a reason. */
export function useSetPlayerBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { playerId: string; birthday: string | null; reason: string }) =>
      answerOf<{ birthday: string | null }>(
        `/bo/players/${encodeURIComponent(input.playerId)}/birthday`,
        'PUT',
        {
          birthday: input.birthday,
          reason: input.reason,
        },
      ),
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: ['bo', 'player', input.playerId] }),
  });
}
