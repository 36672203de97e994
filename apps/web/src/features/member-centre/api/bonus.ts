import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

export const BONUS_PAGE_SIZE = 20;

/** One movement of the bonus wallet; the amount is signed, negative when money went out. */
export type BonusMovement = {
  id: string;
  code: string;
  reference: string | null;
  amount: string;
  balanceAfter: string;
  createdAt: string;
};

/** What a withdrawal still waits for: deposits times the merchant's multiplier, and what was wagered. */
export type Turnover = { required: string; wagered: string; left: string };

export type BonusDetails = {
  balance: string;
  list: BonusMovement[];
  totalPages: number;
  total: number;
  turnover: Turnover | null;
};

export function fetchBonusDetails(
  input: { range: DayRange; page: number },
  language: LanguageCode,
): Promise<BonusDetails> {
  return requestApi('/wps/member/bonus/details', {
    query: {
      language,
      from: input.range.from,
      to: input.range.to,
      page: String(input.page),
      pageSize: String(BONUS_PAGE_SIZE),
    },
  });
}
