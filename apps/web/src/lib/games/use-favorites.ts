import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionNotices } from '../api/connection-notices';
import { useLanguage } from '../i18n/i18n';
import { useModalStore } from '../modal-store';
import { useAuthStore } from '../session/auth-store';
import { addFavorite, favoritesQuery, type GameItem, removeFavorite } from './catalogue-api';
import { applyFavoriteChange, decideFavoriteToggle, revertFavoriteChange } from './favorite-toggle';

type FavoritesValue = { content: GameItem[]; pageNum: number; totalPages: number };

// One throttle for the whole page: the server counts toggles per member, not per tile.
let lastToggleAtMs = Number.NEGATIVE_INFINITY;

/**
 * The member's favourites (held as a list of games, spec §3) and the heart's toggle: optimistic,
 * at most one per second, rolled back with a message when the server refuses. A visitor's heart
 * opens the login popup.
 */
export function useFavorites() {
  const { t } = useTranslation();
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const openModal = useModalStore((state) => state.openModal);
  const queryClient = useQueryClient();
  const options = favoritesQuery(language, token);
  const query = useQuery(options);
  const favorites = token ? (query.data?.content ?? []) : [];
  const favoriteIds = useMemo(() => new Set(favorites.map((game) => game.nodeId)), [favorites]);

  const toggle = useCallback(
    async (game: GameItem) => {
      if (!token) {
        openModal('loginPopupModal');
        return;
      }
      const key = favoritesQuery(language, token).queryKey;
      const read = () => queryClient.getQueryData<FavoritesValue>(key);
      const write = (content: GameItem[]) =>
        queryClient.setQueryData<FavoritesValue>(key, (value) => ({
          pageNum: value?.pageNum ?? 1,
          totalPages: value?.totalPages ?? 1,
          content,
        }));
      const change = decideFavoriteToggle(read()?.content ?? [], game, lastToggleAtMs, Date.now());
      if (!change) return;
      lastToggleAtMs = Date.now();
      await queryClient.cancelQueries({ queryKey: key });
      write(applyFavoriteChange(read()?.content ?? [], change));
      try {
        if (change.kind === 'add') await addFavorite(game);
        else await removeFavorite(game.nodeId);
      } catch {
        write(revertFavoriteChange(read()?.content ?? [], change));
        useConnectionNotices.getState().report('info', t('lobby.favoriteFailed'));
      }
    },
    [language, openModal, queryClient, t, token],
  );

  return {
    favorites,
    query,
    isFavorite: (nodeId: string) => favoriteIds.has(nodeId),
    toggle,
  };
}
