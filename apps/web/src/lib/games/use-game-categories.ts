import { useQuery } from '@tanstack/react-query';
import { type GameTypeLink, gameTypeLinks } from '../game-routes';
import { useLanguage } from '../i18n/i18n';
import { type VendorCard, vendorLanesQuery } from './catalogue-api';

export type GameCategoryLink = GameTypeLink & { vendors: VendorCard[] };

/**
 * The game types the shell links to, as the server lists them (spec §2: the top navigation is
 * built from the server's categories, and a category shows only when it has vendors), each with
 * its vendors for the header's dropdowns. Empty until the lanes have loaded.
 */
export function useGameCategoryLinks(): GameCategoryLink[] {
  const lanes = useQuery(vendorLanesQuery(useLanguage()));
  const links: GameCategoryLink[] = [];
  for (const link of gameTypeLinks) {
    const lane = lanes.data?.find((entry) => entry.gameCategory === link.key);
    if (lane) links.push({ ...link, vendors: lane.cards });
  }
  return links;
}
