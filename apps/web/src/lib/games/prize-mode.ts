import type { VendorLane } from './catalogue-api';

/** The spec's prize modes (§3); players see each by its name (`pages.prizeModes`), never its code. */
export const prizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];

const lotteryCategories = new Set(['LOTT', 'ELOTT']);
const elottProviders = new Set(['TCG_LOTTO_VN', 'LOTT']);

/** Spec §4: ELOTT if a lottery lane has a TCG_LOTTO_VN or LOTT provider card, else LOTT. */
export function lotteryPrizeMode(lanes: readonly VendorLane[]): PrizeMode {
  const hasElottProvider = lanes.some(
    (lane) =>
      lotteryCategories.has(lane.gameCategory) &&
      lane.cards.some((card) => elottProviders.has(card.vassalage)),
  );
  return hasElottProvider ? 'ELOTT' : 'LOTT';
}
