import type { BetStatus } from '../../../components/bets/bet-record-parts';
import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

export const BET_PAGE_SIZE = 20;

export type Bets = ApiValue<'/wps/member/bets', 'get'>;
export type BetLine = Bets['list'][number];
export type BetDetail = ApiValue<'/wps/member/bets/{id}', 'get'>;
export type BetFilterChoices = ApiValue<'/wps/member/bets/filters', 'get'>;

/** What the member narrowed the records to; null where they kept every choice. */
export type BetFilter = {
  range: DayRange;
  status: BetStatus | null;
  gameType: string | null;
  vendorId: string | null;
  page: number;
};

export function fetchBets(filter: BetFilter, language: LanguageCode): Promise<Bets> {
  return api.get('/wps/member/bets', {
    params: {
      query: {
        language,
        from: filter.range.from,
        to: filter.range.to,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.gameType ? { gameType: filter.gameType } : {}),
        ...(filter.vendorId ? { vendorId: filter.vendorId } : {}),
        page: filter.page,
        pageSize: BET_PAGE_SIZE,
      },
    },
  });
}

export function fetchBet(id: string, language: LanguageCode): Promise<BetDetail> {
  return api.get('/wps/member/bets/{id}', { params: { path: { id }, query: { language } } });
}

export function fetchBetFilterChoices(): Promise<BetFilterChoices> {
  return api.get('/wps/member/bets/filters', {});
}
