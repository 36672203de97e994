import { type ApiValue, api } from '../../../lib/api/api-client';
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

export type Transactions = ApiValue<'/wps/member/transactions', 'get'>;
/** `amount` is signed: negative when money went out. */
export type TransactionLine = Transactions['list'][number];

export type CreditReport = ApiValue<'/wps/member/creditReport', 'get'>;
export type CreditReportDay = CreditReport['list'][number];

export function fetchTransactions(
  input: { type: TransactionType | null; range: DayRange; page: number },
  language: LanguageCode,
): Promise<Transactions> {
  return api.get('/wps/member/transactions', {
    params: {
      query: {
        language,
        ...(input.type ? { type: input.type } : {}),
        from: input.range.from,
        to: input.range.to,
        page: input.page,
        pageSize: TRANSACTION_PAGE_SIZE,
      },
    },
  });
}

export function fetchCreditReport(range: DayRange, language: LanguageCode): Promise<CreditReport> {
  return api.get('/wps/member/creditReport', {
    params: { query: { language, from: range.from, to: range.to } },
  });
}

export type PersonalProfit = ApiValue<'/wps/member/personalProfit', 'get'>;
export type ProfitLine = PersonalProfit['list'][number];

export function fetchPersonalProfit(range: DayRange, language: LanguageCode): Promise<PersonalProfit> {
  return api.get('/wps/member/personalProfit', {
    params: { query: { language, from: range.from, to: range.to } },
  });
}
