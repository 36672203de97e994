import type { GameItem } from './catalogue-api';

/** Favourite toggles: one per second (the server's throttle, API.md), the leading call wins. */
export const favoriteToggleIntervalMs = 1_000;

export type FavoriteChange = { kind: 'add' | 'remove'; game: GameItem };

/**
 * What a tap on a game's heart does: nothing within a second of the last toggle (leading call),
 * remove when it is a favourite, else add (adding is skipped when already favoured, spec §4).
 */
export function decideFavoriteToggle(
  favorites: readonly GameItem[],
  game: GameItem,
  lastToggleAtMs: number,
  nowMs: number,
): FavoriteChange | null {
  if (nowMs - lastToggleAtMs < favoriteToggleIntervalMs) return null;
  const isFavorite = favorites.some((favorite) => favorite.nodeId === game.nodeId);
  return { kind: isFavorite ? 'remove' : 'add', game };
}

/** The favourites list with a change applied at once (optimistic), newest first like the server's. */
export function applyFavoriteChange(favorites: readonly GameItem[], change: FavoriteChange): GameItem[] {
  const others = favorites.filter((favorite) => favorite.nodeId !== change.game.nodeId);
  return change.kind === 'add' ? [change.game, ...others] : others;
}

/** The change that undoes one the server refused. */
export function revertFavoriteChange(favorites: readonly GameItem[], change: FavoriteChange): GameItem[] {
  return applyFavoriteChange(favorites, {
    kind: change.kind === 'add' ? 'remove' : 'add',
    game: change.game,
  });
}
