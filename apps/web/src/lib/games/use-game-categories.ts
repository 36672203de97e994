import { useQuery } from '@tanstack/react-query';
import { gameTypeLinks } from '../game-routes';
import { useLanguage } from '../i18n/i18n';
import { vendorLanesQuery } from './catalogue-api';
import {
  type CategoryVisibility,
  categoryVisibilityOf,
  type GameCategoryLink,
  shownCategoryLinks,
} from './game-categories';

/**
 * The game types the shell links to (header, side menu, footer), as the server lists them (spec
 * §2: the top navigation is built from the server's categories, and a category shows only when it
 * has vendors with games, as the lobby's rows and chips do), each with its vendors for the header's
 * dropdowns. Empty until the lanes have loaded.
 */
export function useGameCategoryLinks(): GameCategoryLink[] {
  const lanes = useQuery(vendorLanesQuery(useLanguage()));
  return shownCategoryLinks(gameTypeLinks, lanes.data);
}

/** Whether a category's own page has anything to show (a hidden one answers as not found). */
export function useCategoryVisibility(category: string): CategoryVisibility {
  const lanes = useQuery(vendorLanesQuery(useLanguage()));
  return categoryVisibilityOf(lanes.data, category);
}
