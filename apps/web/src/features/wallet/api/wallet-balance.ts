import { queryOptions } from '@tanstack/react-query';
import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/**
 * GET /wps/v2/wallets/balance (T): money as decimal strings with two digits; `total` is cash plus
 * money held at transfer-wallet vendors, in one-wallet mode.
 */
export type WalletBalance = ApiValue<'/wps/v2/wallets/balance', 'get'>;

/** The member's balance; the token is in the key so that another login never sees this one's. */
export const walletBalanceQuery = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: ({ signal }) => api.get('/wps/v2/wallets/balance', { params: { query: { language } }, signal }),
    enabled: token !== null,
    // Socket pushes keep it fresh; a refetch is the refresh button's or a focus's business.
    staleTime: 60_000,
  });
