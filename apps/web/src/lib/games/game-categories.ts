import type { GameTypeLink } from '../game-routes';
import type { VendorCard, VendorLane } from './catalogue-api';

export type GameCategoryLink = GameTypeLink & { vendors: VendorCard[] };

/**
 * Whether a category is shown: the server lists a category's lane only while an enabled vendor has
 * visible games in it (spec §2), so a category without a lane is hidden everywhere. Until the
 * lanes arrive, or when they could not be read, the site cannot tell.
 */
export type CategoryVisibility = 'shown' | 'hidden' | 'unknown';

/** The categories that have games, in the server's order (the lobby's chips and rows). */
export function shownCategoriesOf(lanes: readonly VendorLane[] | undefined): string[] {
  return (lanes ?? []).filter((lane) => lane.cards.length > 0).map((lane) => lane.gameCategory);
}

export function categoryVisibilityOf(
  lanes: readonly VendorLane[] | undefined,
  category: string,
): CategoryVisibility {
  if (lanes === undefined) return 'unknown';
  return shownCategoriesOf(lanes).includes(category) ? 'shown' : 'hidden';
}

/** The shell's links of the categories the lanes show, in the shell's order, each with its vendors. */
export function shownCategoryLinks(
  links: readonly GameTypeLink[],
  lanes: readonly VendorLane[] | undefined,
): GameCategoryLink[] {
  const shown = new Set(shownCategoriesOf(lanes));
  return links
    .filter((link) => shown.has(link.key))
    .map((link) => ({
      ...link,
      vendors: lanes?.find((lane) => lane.gameCategory === link.key)?.cards ?? [],
    }));
}
