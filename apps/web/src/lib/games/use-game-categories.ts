import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
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

/**
 * Whether a category's own page has anything to show. A category without games is listed nowhere,
 * so its address leads home, as an unknown one would; the page shows nothing on the way.
 */
export function useCategoryPage(category: string): CategoryVisibility {
  const lanes = useQuery(vendorLanesQuery(useLanguage()));
  const visibility = categoryVisibilityOf(lanes.data, category);
  const navigate = useNavigate();
  useEffect(() => {
    if (visibility === 'hidden') void navigate('/', { replace: true });
  }, [visibility, navigate]);
  return visibility;
}
