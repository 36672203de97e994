import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type Deposit = ApiValue<'/wps/payment/deposits/{id}', 'get'>;

export type DepositStatus = Deposit['status'];

export const DEPOSIT_HISTORY_PAGE_SIZE = 5;

export function startDeposit(input: { methodId: string; amount: string }, language: LanguageCode) {
  return api.post('/wps/payment/deposits', { params: { query: { language } }, body: input });
}

export function fetchDeposit(id: string, language: LanguageCode): Promise<Deposit> {
  return api.get('/wps/payment/deposits/{id}', { params: { path: { id }, query: { language } } });
}

export function fetchDeposits(page: number, language: LanguageCode) {
  return api.get('/wps/payment/deposits', {
    params: { query: { language, page, pageSize: DEPOSIT_HISTORY_PAGE_SIZE } },
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
  // The document types the form by its fields; the client sends the FormData as it is.
  return api.post('/wps/payment/deposits/bank', { params: { query: { language } }, body: form as never });
}
