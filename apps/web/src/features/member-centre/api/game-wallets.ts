import { queryOptions } from '@tanstack/react-query';
import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/**
 * GET /wps/v2/wallets/merchant (T): the main wallet and one wallet per transfer-mode vendor, vendors
 * that keep the player's money in their own system (spec §3 "isSingle", §7). `isSingle`: games move
 * the money in on launch and it comes back on recall, so the player sees one wallet.
 */
export type MerchantWallets = ApiValue<'/wps/v2/wallets/merchant', 'get'>;

/** One vendor's wallet: `balance` is null when the vendor did not answer in time. */
export type GameWallet = MerchantWallets['vendors'][number];

/** POST /wps/v2/wallets/transfer (T): `from` and `to` are "MAIN" or a vendor's vassalage, one of them MAIN. */
export type WalletTransferInput = ApiBody<'/wps/v2/wallets/transfer', 'post'>;

/** PENDING: the vendor has not confirmed yet; a job settles it, nothing is lost or doubled. */
export type WalletTransferResult = ApiValue<'/wps/v2/wallets/transfer', 'post'>;

/** The member's main and game wallets; the token is in the key so another login never sees them. */
export const merchantWalletsQuery = (language: LanguageCode, token: string | null, isEnabled = true) =>
  queryOptions({
    queryKey: ['wallet', 'merchant', token, language],
    queryFn: ({ signal }) => api.get('/wps/v2/wallets/merchant', { params: { query: { language } }, signal }),
    enabled: token !== null && isEnabled,
    // Vendors are asked live on every call (up to ~2 s), so the menu does not ask again on each visit.
    staleTime: 30_000,
  });

export function transferBetweenWallets(
  input: WalletTransferInput,
  language: LanguageCode,
): Promise<WalletTransferResult> {
  return api.post('/wps/v2/wallets/transfer', { params: { query: { language } }, body: input });
}

/** Moves every game wallet's money back to the main wallet; answers the wallets afterwards. */
export function recallToMainWallet(requestId: string, language: LanguageCode): Promise<MerchantWallets> {
  return api.post('/wps/v2/wallets/recall', { params: { query: { language } }, body: { requestId } });
}
