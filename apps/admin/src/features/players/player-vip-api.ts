import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// A player's VIP level in the back office (docs/loyalty.md "VIP", "Back office"), typed by the
// server's OpenAPI document.

/** A level of the merchant, as the player page names and offers it. */
export type MerchantVipLevel = ValueOf<'/bo/vip/levels'>['list'][number];

/** The level a player holds, as the members' list tells it. */
export type HeldVipLevel = ValueOf<'/bo/vip/members'>['list'][number];

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

/** The level the player holds (null: none), read from the members' list by the player's id. */
export function usePlayerVipLevel(player: { id: string; merchantId: string }) {
  return useQuery({
    queryKey: vipKey(player.id),
    queryFn: async (): Promise<HeldVipLevel | null> => {
      const found = await unwrap(
        backOffice.GET('/bo/vip/members', {
          params: { query: { merchantId: player.merchantId, memberId: player.id, pageSize: 1 } },
        }),
      );
      return found.list[0] ?? null;
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
