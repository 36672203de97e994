import type { BetStatus } from '../../../components/bets/bet-record-parts';
import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

/** A page of the team records; the server answers at most 100. */
export const teamRecordPageSize = 20;

export type TeamBets = ApiValue<'/wps/agent/bets', 'get'>;
export type TeamBetLine = TeamBets['list'][number];
export type TeamBetDetail = ApiValue<'/wps/agent/bets/{id}', 'get'>;

export const TEAM_TRANSACTION_KINDS = ['deposit', 'withdrawal', 'transfer', 'adjustment'] as const;
export type TeamTransactionKind = (typeof TEAM_TRANSACTION_KINDS)[number];
export type TeamTransactions = ApiValue<'/wps/agent/transactions', 'get'>;
export type TeamTransactionLine = TeamTransactions['list'][number];

/** What the agent narrowed the team's bets to; null where every choice is kept. */
export type TeamBetFilter = {
  range: DayRange;
  scope: 'direct' | 'all';
  /** A downline's whole account name. */
  account: string;
  status: BetStatus | null;
  gameType: string | null;
  vendorId: string | null;
  pageNo: number;
};

/** GET /wps/agent/bets: one page of the team's bets with the totals of the whole filter. */
export function fetchTeamBets(filter: TeamBetFilter, language: LanguageCode, signal?: AbortSignal) {
  const account = filter.account.trim();
  return api.get('/wps/agent/bets', {
    params: {
      query: {
        language,
        from: filter.range.from,
        to: filter.range.to,
        scope: filter.scope,
        ...(account ? { account } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.gameType ? { gameType: filter.gameType } : {}),
        ...(filter.vendorId ? { vendorId: filter.vendorId } : {}),
        pageNo: filter.pageNo,
        pageSize: teamRecordPageSize,
      },
    },
    signal,
  });
}

/** GET /wps/agent/bets/{id}: one bet of the team. */
export function fetchTeamBet(id: string, language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/bets/{id}', { params: { path: { id }, query: { language } }, signal });
}

export type TeamTransactionFilter = {
  kind: TeamTransactionKind;
  range: DayRange;
  account: string;
  pageNo: number;
};

/** GET /wps/agent/transactions: one page of the downlines' transactions of a kind, with totals. */
export function fetchTeamTransactions(
  filter: TeamTransactionFilter,
  language: LanguageCode,
  signal?: AbortSignal,
) {
  const account = filter.account.trim();
  return api.get('/wps/agent/transactions', {
    params: {
      query: {
        language,
        kind: filter.kind,
        from: filter.range.from,
        to: filter.range.to,
        ...(account ? { account } : {}),
        pageNo: filter.pageNo,
        pageSize: teamRecordPageSize,
      },
    },
    signal,
  });
}

/** The vendors and game types the records' filters offer (the same for a team as for a member). */
export function fetchTeamBetFilterChoices(signal?: AbortSignal) {
  return api.get('/wps/member/bets/filters', { signal });
}
