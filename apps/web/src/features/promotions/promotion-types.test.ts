import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import { isPromotionTab, promotionTabWords, promotionTypes, tabsOf } from './promotion-types';

describe('the promotion tabs', () => {
  it('shows "all" and only the types that have promotions, in the spec’s order', () => {
    expect(tabsOf(['NEWBIE', 'SLOTS', 'DEPOSIT', 'SLOTS'])).toEqual(['ALL', 'SLOTS', 'DEPOSIT', 'NEWBIE']);
  });

  it('shows "all" alone when there are no promotions', () => {
    expect(tabsOf([])).toEqual(['ALL']);
  });

  it('knows every tab of the spec and nothing else', () => {
    expect(promotionTypes).toHaveLength(14);
    expect(isPromotionTab('GAME')).toBe(true);
    expect(isPromotionTab('ALL')).toBe(true);
    expect(isPromotionTab('game')).toBe(false);
    expect(isPromotionTab('toString')).toBe(false);
    expect(isPromotionTab(null)).toBe(false);
  });

  it('names every tab in both languages, each differently', () => {
    for (const locale of [en, ty]) {
      const names = Object.values(promotionTabWords).map((word) => locale.pages.promotionTypes[word]);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
