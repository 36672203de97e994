import { queryOptions } from '@tanstack/react-query';
import { type ApiValue, api } from './api/api-client';
import type { LanguageCode } from './api/system-types';

export type PaymentMethod = ApiValue<'/wps/payment/methods', 'get'>['list'][number];

export function fetchPaymentMethods(language: LanguageCode) {
  return api.get('/wps/payment/methods', { params: { query: { language } } });
}

/**
 * The member's deposit methods: the deposit page offers them and a deposit bonus's rules name them,
 * so both read the same entry.
 */
export const paymentMethodsQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['payment-methods', language],
    queryFn: () => fetchPaymentMethods(language),
  });
