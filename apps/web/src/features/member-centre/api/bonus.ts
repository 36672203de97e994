import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

export const BONUS_PAGE_SIZE = 20;

/**
 * The bonus wallet's balance and one page of its movements (the amount signed, negative when money
 * went out), and what a withdrawal still waits for: deposits times the merchant's multiplier, and
 * what was wagered.
 */
export type BonusDetails = ApiValue<'/wps/member/bonus/details', 'get'>;
export type BonusMovement = BonusDetails['list'][number];
export type Turnover = NonNullable<BonusDetails['turnover']>;

export function fetchBonusDetails(
  input: { range: DayRange; page: number },
  language: LanguageCode,
): Promise<BonusDetails> {
  return api.get('/wps/member/bonus/details', {
    params: {
      query: {
        language,
        from: input.range.from,
        to: input.range.to,
        page: input.page,
        pageSize: BONUS_PAGE_SIZE,
      },
    },
  });
}
