import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type PaymentMethod = {
  id: string;
  code: string;
  kind: 'gateway' | 'bank_transfer';
  name: string;
  minAmount: string;
  maxAmount: string;
  dailyMaxAmount: string | null;
  bankAccount: { bankName: string; accountName: string; accountNumber: string } | null;
};

export type DepositStatus = 'pending' | 'review' | 'credited' | 'failed' | 'rejected';

export type Deposit = {
  id: string;
  methodId: string;
  amount: string;
  currency: string;
  status: DepositStatus;
  payUrl: string | null;
  reference: string | null;
  failureReason: string | null;
  createdAt: string;
  creditedAt: string | null;
};

export const DEPOSIT_HISTORY_PAGE_SIZE = 5;

export function fetchPaymentMethods(language: LanguageCode): Promise<{ list: PaymentMethod[] }> {
  return requestApi('/wps/payment/methods', { query: { language } });
}

export function startDeposit(
  input: { methodId: string; amount: string },
  language: LanguageCode,
): Promise<{ deposit: Deposit; payUrl: string }> {
  return requestApi('/wps/payment/deposits', { method: 'POST', query: { language }, body: input });
}

export function fetchDeposit(id: string, language: LanguageCode): Promise<Deposit> {
  return requestApi(`/wps/payment/deposits/${encodeURIComponent(id)}`, { query: { language } });
}

export function fetchDeposits(
  page: number,
  language: LanguageCode,
): Promise<{ list: Deposit[]; totalPages: number }> {
  return requestApi('/wps/payment/deposits', {
    query: { language, page, pageSize: DEPOSIT_HISTORY_PAGE_SIZE },
  });
}

/** A bank transfer for review: the amount, the player's transfer reference and a receipt photo. */
export function submitBankDeposit(
  input: { methodId: string; amount: string; reference: string; receipt: File },
  language: LanguageCode,
): Promise<Deposit> {
  const form = new FormData();
  form.set('methodId', input.methodId);
  form.set('amount', input.amount);
  form.set('reference', input.reference);
  // The file goes last: the server reads the fields that come before it.
  form.set('receipt', input.receipt, input.receipt.name);
  return requestApi('/wps/payment/deposits/bank', { method: 'POST', query: { language }, body: form });
}
