import { queryOptions } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/** GET /wps/v2/wallets/balance (T): money as decimal strings with two digits. */
export type WalletBalance = {
  balance: string;
  bonusBalance: string;
  /** Cash plus money held at transfer-wallet vendors, in one-wallet mode. */
  total?: string;
  currency: string;
  currencySymbol: string;
};

/** The member's balance; the token is in the key so that another login never sees this one's. */
export const walletBalanceQuery = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: ({ signal }) =>
      requestApi<WalletBalance>('/wps/v2/wallets/balance', { query: { language }, signal }),
    enabled: token !== null,
    // Socket pushes keep it fresh; a refetch is the refresh button's or a focus's business.
    staleTime: 60_000,
  });
