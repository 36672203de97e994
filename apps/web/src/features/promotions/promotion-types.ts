import type { PromotionTab, PromotionType } from './api/promotions';

/** The spec's promotion tabs in its order (spec §2 "Promotions"), each a promotion's `type`. */
export const promotionTypes = [
  'OTHERS',
  'SPORTS',
  'LIVE',
  'SLOTS',
  'CARD',
  'FISH',
  'LOTTO',
  'REBATE',
  'POINTS_MALL',
  'RANKING',
  'DEPOSIT',
  'APP_DOWNLOAD',
  'NEWBIE',
  'GAME',
] as const satisfies readonly PromotionType[];

/** The words of each tab (pages.promotionTypes in the locales). */
export const promotionTabWords = {
  ALL: 'all',
  OTHERS: 'others',
  SPORTS: 'sports',
  LIVE: 'live',
  SLOTS: 'slots',
  CARD: 'card',
  FISH: 'fish',
  LOTTO: 'lotto',
  REBATE: 'rebate',
  POINTS_MALL: 'pointsMall',
  RANKING: 'ranking',
  DEPOSIT: 'deposit',
  APP_DOWNLOAD: 'appDownload',
  NEWBIE: 'newbie',
  GAME: 'gamePromotions',
} as const satisfies Record<PromotionTab, string>;

export function isPromotionTab(value: string | null): value is PromotionTab {
  return value !== null && Object.hasOwn(promotionTabWords, value);
}

/** "All" first, then only the types that have promotions, in the spec's order. */
export function tabsOf(typesPresent: Iterable<PromotionType>): PromotionTab[] {
  const present = new Set(typesPresent);
  return ['ALL', ...promotionTypes.filter((type) => present.has(type))];
}
