import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackOfficeError, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// A player's VIP level in the back office (docs/loyalty.md "VIP", "Back office"), typed by the
// server's OpenAPI document.

/** A level of the merchant, as the player page names and offers it. */
export type MerchantVipLevel = ValueOf<'/bo/vip/levels'>['list'][number];

/** The level a player holds, as the members' list tells it. */
export type HeldVipLevel = ValueOf<'/bo/vip/members'>['list'][number];

/** The members' list's largest page. */
const MEMBERS_PAGE_SIZE_MAX = 100;
/**
 * How many pages of members whose account contains the player's are read at most: an account is
 * searched by part, so a short one may match many members; past this many pages the panel says it
 * could not tell rather than "no level".
 */
const MEMBER_PAGES_MAX = 10;

const vipKey = (playerId: string) => ['bo', 'player', playerId, 'vip'] as const;

/** The merchant's levels, lowest rank first, for the level picker and the projection's words. */
export function useMerchantVipLevels(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'vip', 'levels', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/vip/levels', { params: { query: { merchantId } } })),
    select: (value) => [...value.list].sort((a, b) => a.rank - b.rank),
    enabled: merchantId !== '',
  });
}

/**
 * The level the player holds (null: none), found in the members' list by the player's account
 * and recognised by their id: the back office has no call of its own for one player's level.
 */
export function usePlayerVipLevel(player: { id: string; account: string; merchantId: string }) {
  return useQuery({
    queryKey: vipKey(player.id),
    queryFn: async (): Promise<HeldVipLevel | null> => {
      for (let page = 1; page <= MEMBER_PAGES_MAX; page += 1) {
        const found = await unwrap(
          backOffice.GET('/bo/vip/members', {
            params: {
              query: {
                merchantId: player.merchantId,
                account: player.account,
                page,
                pageSize: MEMBERS_PAGE_SIZE_MAX,
              },
            },
          }),
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
      unwrap(
        backOffice.PUT('/bo/players/{id}/vip', {
          params: { path: { id: input.playerId } },
          body: { rank: input.rank, reason: input.reason },
        }),
      ),
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
      unwrap(
        backOffice.PUT('/bo/players/{id}/birthday', {
          params: { path: { id: input.playerId } },
          body: { birthday: input.birthday, reason: input.reason },
        }),
      ),
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: ['bo', 'player', input.playerId] }),
  });
}
