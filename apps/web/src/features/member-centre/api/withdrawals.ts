import { requestApi } from '../../../lib/api/api-client';
import { requestSealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

export type PayoutAccount = {
  id: string;
  kind: 'bank' | 'ewallet';
  provider: string;
  accountName: string;
  accountNumberMasked: string;
};

export type WithdrawalOverview = {
  minAmount: string;
  maxAmount: string;
  balance: string;
  turnoverLeft: string;
  hasPaymentPassword: boolean;
  hasOpenWithdrawal: boolean;
  accounts: PayoutAccount[];
};

export type WithdrawalStatus = 'review' | 'paying' | 'paid' | 'rejected' | 'failed';

export type Withdrawal = {
  id: string;
  amount: string;
  currency: string;
  status: WithdrawalStatus;
  payoutAccount: PayoutAccount | null;
  reason: string | null;
  createdAt: string;
  paidAt: string | null;
  /** The member's word once paid out (spec §4); null before. */
  confirmation: WithdrawalConfirmation | null;
  receivedAmount: string | null;
  remainingAmount: string | null;
  autoReceiptAt: string | null;
  caseStatus: 'open' | 'resolved' | null;
  caseResolution: string | null;
};

export type WithdrawalConfirmation = 'awaiting' | 'received' | 'not_received' | 'auto_received';
/** Bounds the server keeps too: a phone screenshot, and a short note. */
export const PROOF_BYTES_MAX = 5 * 1024 * 1024;
export const CASE_NOTE_LENGTH_MAX = 300;

export const WITHDRAWAL_HISTORY_PAGE_SIZE = 5;
export const E_WALLETS = ['GCASH', 'MAYA'] as const;

export function fetchWithdrawalOverview(language: LanguageCode): Promise<WithdrawalOverview> {
  return requestApi('/wps/payment/withdrawals/overview', { query: { language } });
}

export function fetchPayoutAccounts(language: LanguageCode): Promise<{ list: PayoutAccount[] }> {
  return requestApi('/wps/member/payoutAccounts', { query: { language } });
}

export function bindPayoutAccount(
  input: { kind: 'bank' | 'ewallet'; provider: string; accountName: string; accountNumber: string },
  language: LanguageCode,
): Promise<PayoutAccount> {
  return requestApi('/wps/member/payoutAccounts', { method: 'POST', query: { language }, body: input });
}

export function removePayoutAccount(id: string, language: LanguageCode): Promise<unknown> {
  return requestApi(`/wps/member/payoutAccounts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { language },
  });
}

/** Sealed: it carries passwords. */
export function setPaymentPassword(
  input: { currentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string },
  language: LanguageCode,
): Promise<unknown> {
  return requestSealedApi('/wps/member/paymentPassword', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Sealed: it carries the payment password. */
export function requestWithdrawal(
  input: { payoutAccountId: string; amount: string; paymentPassword: string },
  language: LanguageCode,
): Promise<Withdrawal> {
  return requestSealedApi('/wps/payment/withdrawals', { method: 'POST', query: { language }, body: input });
}

export function fetchWithdrawals(
  page: number,
  language: LanguageCode,
): Promise<{ list: Withdrawal[]; totalPages: number }> {
  return requestApi('/wps/payment/withdrawals', {
    query: { language, page, pageSize: WITHDRAWAL_HISTORY_PAGE_SIZE },
  });
}

/** The money arrived: all of it, or part so far (the total received up to now). */
export function confirmWithdrawal(
  id: string,
  input: { outcome: 'fully_paid' } | { outcome: 'received'; receivedAmount: string },
  language: LanguageCode,
): Promise<Withdrawal> {
  return requestApi(`/wps/payment/withdrawals/${encodeURIComponent(id)}/confirmation`, {
    method: 'POST',
    query: { language },
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
  return requestApi(`/wps/payment/withdrawals/${encodeURIComponent(id)}/notReceived`, {
    method: 'POST',
    query: { language },
    body: form,
  });
}

/** The member's direct upline, for transferUpline. */
export function fetchUpline(language: LanguageCode): Promise<{ account: string | null; isAgent: boolean }> {
  return requestApi('/wps/member/upline', { query: { language } });
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
): Promise<{ balance: string; recipient: string; duplicate: boolean }> {
  return requestSealedApi('/wps/member/transfers', { method: 'POST', query: { language }, body: input });
}
