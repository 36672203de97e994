import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { PromotionDetail } from './promotions';

// A raffle's calls (docs/promotions.md "Wire (player)"): its every ticket, for the verifier, and
// the claim of a prize won.

/** A raffle as the detail shows it: how tickets come, the prizes, the commitment, the draw. */
export type RaffleView = NonNullable<PromotionDetail['raffle']>;
export type RafflePrizeTier = RaffleView['prizes'][number];
export type RaffleWinner = RaffleView['winners'][number];
/** A prize the member won, to claim by `claimBy`. */
export type RafflePrize = RaffleView['myPrizes'][number];

/** Every ticket id of a raffle, ascending: the draw's input. */
export type RaffleTickets = ApiValue<'/wps/promotion/raffle/tickets', 'get'>;

/** GET /wps/promotion/raffle/tickets: every ticket of a raffle (T optional), for the verifier. */
export function fetchRaffleTickets(
  id: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<RaffleTickets> {
  return api.get('/wps/promotion/raffle/tickets', { params: { query: { id, language } }, signal });
}

/**
 * POST /wps/promotion/raffle/claim: claims a prize the member won (`id` is the prize's). A prize
 * paid as a bonus needs the terms accepted; one paid as cash ignores them.
 */
export function claimRafflePrize(
  input: { id: string; acceptTerms: boolean },
  language: LanguageCode,
): Promise<PromotionDetail> {
  return api.post('/wps/promotion/raffle/claim', { params: { query: { language } }, body: input });
}
