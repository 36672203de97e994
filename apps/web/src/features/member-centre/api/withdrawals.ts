import { type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

export type WithdrawalOverview = ApiValue<'/wps/payment/withdrawals/overview', 'get'>;

export type PayoutAccount = WithdrawalOverview['accounts'][number];

/** `confirmation` is the member's word once paid out (spec §4); null before. */
export type Withdrawal = ApiValue<'/wps/payment/withdrawals', 'get'>['list'][number];

export type WithdrawalStatus = Withdrawal['status'];

export type WithdrawalConfirmation = NonNullable<Withdrawal['confirmation']>;
/** Bounds the server keeps too: a phone screenshot, and a short note. */
export const PROOF_BYTES_MAX = 5 * 1024 * 1024;
export const CASE_NOTE_LENGTH_MAX = 300;

export const WITHDRAWAL_HISTORY_PAGE_SIZE = 5;
export const E_WALLETS = ['GCASH', 'MAYA'] as const;

export function fetchWithdrawalOverview(language: LanguageCode): Promise<WithdrawalOverview> {
  return api.get('/wps/payment/withdrawals/overview', { params: { query: { language } } });
}

export function fetchPayoutAccounts(language: LanguageCode) {
  return api.get('/wps/member/payoutAccounts', { params: { query: { language } } });
}

export function bindPayoutAccount(
  input: { kind: 'bank' | 'ewallet'; provider: string; accountName: string; accountNumber: string },
  language: LanguageCode,
) {
  return api.post('/wps/member/payoutAccounts', { params: { query: { language } }, body: input });
}

export function removePayoutAccount(id: string, language: LanguageCode) {
  return api.delete('/wps/member/payoutAccounts/{id}', { params: { path: { id }, query: { language } } });
}

/** Sealed: it carries passwords. */
export function setPaymentPassword(
  input: { currentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/paymentPassword', { params: { query: { language } }, body: input });
}

/**
 * Sealed: it carries the payment password. `forfeitBonus` gives up the active bonus, which the server
 * asks for (409 CONFLICT BONUS_ACTIVE) while the bonus wallet holds money.
 */
export function requestWithdrawal(
  input: { payoutAccountId: string; amount: string; paymentPassword: string; forfeitBonus?: boolean },
  language: LanguageCode,
): Promise<Withdrawal> {
  return sealedApi.post('/wps/payment/withdrawals', { params: { query: { language } }, body: input });
}

export function fetchWithdrawals(page: number, language: LanguageCode) {
  return api.get('/wps/payment/withdrawals', {
    params: { query: { language, page, pageSize: WITHDRAWAL_HISTORY_PAGE_SIZE } },
  });
}

/** The money arrived: all of it, or part so far (the total received up to now). */
export function confirmWithdrawal(
  id: string,
  input: { outcome: 'fully_paid' } | { outcome: 'received'; receivedAmount: string },
  language: LanguageCode,
): Promise<Withdrawal> {
  return api.post('/wps/payment/withdrawals/{id}/confirmation', {
    params: { path: { id }, query: { language } },
    body: input,
  });
}

/** The money did not arrive: a screenshot as proof and an optional note open a case. */
export function reportWithdrawalNotReceived(
  id: string,
  input: { proof: File; note: string },
  language: LanguageCode,
): Promise<Withdrawal> {
  const form = new FormData();
  if (input.note) form.set('note', input.note);
  // The file goes last: the server reads the fields that come before it.
  form.set('proof', input.proof, input.proof.name);
  // The document types the form by its fields; the client sends the FormData as it is.
  return api.post('/wps/payment/withdrawals/{id}/notReceived', {
    params: { path: { id }, query: { language } },
    body: form as never,
  });
}

/** The member's direct upline, for transferUpline. */
export function fetchUpline(language: LanguageCode) {
  return api.get('/wps/member/upline', { params: { query: { language } } });
}

/** Cash to someone in the agent's tree, or to one's upline (sealed: it carries the payment password). */
export function transferCash(
  input: {
    direction: 'downline' | 'upline';
    account?: string;
    amount: string;
    paymentPassword: string;
    requestId: string;
  },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/transfers', { params: { query: { language } }, body: input });
}
