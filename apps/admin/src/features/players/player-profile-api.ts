import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// A player's profile fields in the back office (docs/security.md "Profile"), typed by the server's
// OpenAPI document.

/** The player's values with, per field, its register rule and whether it is locked. */
export type PlayerProfile = ValueOf<'/bo/players/{id}/profile'>;
export type PlayerProfileBody = BodyOf<'/bo/players/{id}/profile', 'put'>;

const profileKey = (playerId: string) => ['bo', 'player', playerId, 'profile'] as const;

export function usePlayerProfile(playerId: string) {
  return useQuery({
    queryKey: profileKey(playerId),
    queryFn: () => unwrap(backOffice.GET('/bo/players/{id}/profile', { params: { path: { id: playerId } } })),
  });
}

/**
 * Saves the fields the body names, locked ones too; a new email address or mobile number needs no
 * code. The player page reloads, so that its facts and profile changes show the change.
 */
export function useSavePlayerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { playerId: string; body: PlayerProfileBody }) =>
      unwrap(
        backOffice.PUT('/bo/players/{id}/profile', {
          params: { path: { id: input.playerId } },
          body: input.body,
        }),
      ),
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: ['bo', 'player', input.playerId] }),
  });
}
