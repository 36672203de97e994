import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'bonus',
  'transfer',
  'commission',
  'adjustment',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_PAGE_SIZE = 20;

export type TransactionLine = {
  id: string;
  code: string;
  reference: string | null;
  wallet: 'cash' | 'bonus';
  /** Signed: negative when money went out. */
  amount: string;
  balanceAfter: string;
  createdAt: string;
};

export type CreditReportDay = {
  date: string;
  opening: string;
  credits: string;
  debits: string;
  closing: string;
};
export type CreditReport = { list: CreditReportDay[]; totals: Omit<CreditReportDay, 'date'> };

export function fetchTransactions(
  input: { type: TransactionType | null; range: DayRange; page: number },
  language: LanguageCode,
): Promise<{ list: TransactionLine[]; totalPages: number; total: number }> {
  return requestApi('/wps/member/transactions', {
    query: {
      language,
      ...(input.type ? { type: input.type } : {}),
      from: input.range.from,
      to: input.range.to,
      page: String(input.page),
      pageSize: String(TRANSACTION_PAGE_SIZE),
    },
  });
}

export function fetchCreditReport(range: DayRange, language: LanguageCode): Promise<CreditReport> {
  return requestApi('/wps/member/creditReport', { query: { language, from: range.from, to: range.to } });
}

export type ProfitLine = { gameType: string; rounds: number; stake: string; win: string; profit: string };
export type PersonalProfit = { list: ProfitLine[]; totals: Omit<ProfitLine, 'gameType'> };

export function fetchPersonalProfit(range: DayRange, language: LanguageCode): Promise<PersonalProfit> {
  return requestApi('/wps/member/personalProfit', { query: { language, from: range.from, to: range.to } });
}
