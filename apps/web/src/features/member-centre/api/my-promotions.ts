import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/** The promotions the member took part in (docs/promotions.md "Wire (player)"). */
export type MyPromotions = ApiValue<'/wps/promotion/mine', 'get'>;
export type MyPromotion = MyPromotions['list'][number];

/** A raffle as its details show it to the member: their tickets and prizes among the rest. */
export type MyRaffle = NonNullable<ApiValue<'/wps/promotion/detail', 'get'>['raffle']>;

/** The member's own entries, a page at a time. */
export const MY_PROMOTIONS_PAGE_SIZE = 10;

/** GET /wps/promotion/mine: the promotions the member took part in, newest first. */
export function fetchMyPromotions(
  page: number,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<MyPromotions> {
  return api.get('/wps/promotion/mine', {
    params: { query: { page, pageSize: MY_PROMOTIONS_PAGE_SIZE, language } },
    signal,
  });
}

/**
 * GET /wps/promotion/detail, for a raffle the member joined: its `raffle` (their tickets and
 * prizes), which the list of entries does not carry.
 */
export async function fetchMyRaffle(
  promotionId: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<MyRaffle | null> {
  const detail = await api.get('/wps/promotion/detail', {
    params: { query: { id: promotionId, language } },
    signal,
  });
  return detail.raffle;
}
