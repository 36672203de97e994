import { Fish, Sparkles, Tv } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import type { GameTypeLink } from '../game-routes';
import type { VendorLane } from './catalogue-api';
import { categoryVisibilityOf, shownCategoriesOf, shownCategoryLinks } from './game-categories';

const lane = (gameCategory: string, vendors: string[]): VendorLane => {
  const cards = vendors.map((vassalage) => ({ vassalage, accountTypeName: `${vassalage} Gaming` }));
  return { title: gameCategory, gameCategory, cards, vendors: cards, gameClassify: [] };
};

const links: GameTypeLink[] = [
  { key: 'LIVE', path: '/live', icon: Tv },
  { key: 'RNG', path: '/rng', icon: Sparkles },
  { key: 'FISH', path: '/fish', icon: Fish },
];

describe('which game categories the site lists', () => {
  it('lists only the categories the server has a lane with vendors for, in the shell’s order', () => {
    const lanes = [lane('RNG', ['LAKAN']), lane('LIVE', ['SAMPAGUITA', 'LAKAN']), lane('FISH', [])];
    const shown = shownCategoryLinks(links, lanes);
    expect(shown.map((link) => link.key)).toEqual(['LIVE', 'RNG']);
    expect(shown[0]?.vendors.map((vendor) => vendor.vassalage)).toEqual(['SAMPAGUITA', 'LAKAN']);
  });

  it('lists none before the lanes arrive', () => {
    expect(shownCategoryLinks(links, undefined)).toEqual([]);
    expect(shownCategoriesOf(undefined)).toEqual([]);
  });

  it('gives the lobby every category with games in the server’s order, also those the shell has no page for', () => {
    const lanes = [
      lane('INHOUSE', ['INHOUSE']),
      lane('COCKFIGHT', ['SABONG']),
      lane('FISH', []),
      lane('RNG', ['LAKAN']),
    ];
    expect(shownCategoriesOf(lanes)).toEqual(['INHOUSE', 'COCKFIGHT', 'RNG']);
  });

  it('hides a category page without games, and cannot tell before the lanes arrive', () => {
    const lanes = [lane('RNG', ['LAKAN']), lane('FISH', [])];
    expect(categoryVisibilityOf(lanes, 'RNG')).toBe('shown');
    expect(categoryVisibilityOf(lanes, 'FISH')).toBe('hidden');
    expect(categoryVisibilityOf(lanes, 'ESPORTS')).toBe('hidden');
    expect(categoryVisibilityOf([], 'RNG')).toBe('hidden');
    expect(categoryVisibilityOf(undefined, 'RNG')).toBe('unknown');
  });
});
