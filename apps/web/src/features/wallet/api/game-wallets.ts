import { queryOptions } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

/**
 * The wallets of transfer-mode vendors: vendors that keep the player's money in their own system,
 * so the player moves it between our main wallet and theirs (spec §3 "isSingle", §7).
 */
export type GameWalletStatus = 'OK' | 'UNAVAILABLE' | 'MAINTENANCE';

export type GameWallet = {
  /** The vendor's code on the wire. */
  vassalage: string;
  name: string;
  /** Null when the vendor did not answer in time. */
  balance: string | null;
  status: GameWalletStatus;
};

/** GET /wps/v2/wallets/merchant (T). */
export type MerchantWallets = {
  /** The merchant moves money into a game on launch and back on recall: one wallet to the player. */
  isSingle: boolean;
  currencySymbol: string;
  mainWallet: string;
  vendors: GameWallet[];
};

/** "MAIN" or a vendor's vassalage; exactly one side of a transfer is MAIN. */
export type WalletSide = 'MAIN' | (string & {});

export type WalletTransferInput = { from: WalletSide; to: WalletSide; amount: string; requestId: string };

/** POST /wps/v2/wallets/transfer (T). PENDING: the vendor has not confirmed yet; a job settles it. */
export type WalletTransferResult = {
  transferId: string;
  status: 'DONE' | 'PENDING';
  mainWallet: string;
  vendor: { vassalage: string; balance: string | null };
};

/** The member's main and game wallets; the token is in the key so another login never sees them. */
export const merchantWalletsQuery = (language: LanguageCode, token: string | null, isEnabled = true) =>
  queryOptions({
    queryKey: ['wallet', 'merchant', token, language],
    queryFn: ({ signal }) =>
      requestApi<MerchantWallets>('/wps/v2/wallets/merchant', { query: { language }, signal }),
    enabled: token !== null && isEnabled,
    // Vendors are asked live on every call (up to ~2 s), so the menu does not ask again on each visit.
    staleTime: 30_000,
  });

export function transferBetweenWallets(
  input: WalletTransferInput,
  language: LanguageCode,
): Promise<WalletTransferResult> {
  return requestApi('/wps/v2/wallets/transfer', { method: 'POST', query: { language }, body: input });
}

/** Moves every game wallet's money back to the main wallet; answers the wallets afterwards. */
export function recallToMainWallet(requestId: string, language: LanguageCode): Promise<MerchantWallets> {
  return requestApi('/wps/v2/wallets/recall', { method: 'POST', query: { language }, body: { requestId } });
}
