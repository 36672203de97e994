import type { GameItem } from './catalogue-api';

/**
 * The name a tile shows, once: the server's name in the player's language (the server falls back to
 * the other language where a game has only one), else the other names the list carries.
 */
export function gameTitleOf(game: Pick<GameItem, 'gameName' | 'displayName' | 'nodeName'>): string {
  return [game.gameName, game.displayName, game.nodeName].find((name) => name.trim() !== '')?.trim() ?? '';
}

/**
 * A vendor's display name for a tile's text mark, or null where the site does not know it (a vendor
 * no longer listed): the vendor's code is never shown to a player.
 */
export function vendorNameOf(names: ReadonlyMap<string, string>, vassalage: string): string | null {
  const name = names.get(vassalage)?.trim();
  return name ? name : null;
}
