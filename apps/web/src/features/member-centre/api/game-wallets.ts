import type { paths } from '@panalo/api-types/openapi.d.ts';
import { queryOptions } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// Wire shapes from the server's OpenAPI document (packages/api-types), so a change of a route's
// schema that this page does not follow fails the type check.
/** The success value of an operation's 200 answer (the envelope's `value`). */
type OkValue<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': { value: infer Value } } } };
}
  ? Value
  : never;

/**
 * GET /wps/v2/wallets/merchant (T): the main wallet and one wallet per transfer-mode vendor, vendors
 * that keep the player's money in their own system (spec §3 "isSingle", §7). `isSingle`: games move
 * the money in on launch and it comes back on recall, so the player sees one wallet.
 */
export type MerchantWallets = OkValue<paths['/wps/v2/wallets/merchant']['get']>;

/** One vendor's wallet: `balance` is null when the vendor did not answer in time. */
export type GameWallet = MerchantWallets['vendors'][number];

/** POST /wps/v2/wallets/transfer (T): `from` and `to` are "MAIN" or a vendor's vassalage, one of them MAIN. */
export type WalletTransferInput =
  paths['/wps/v2/wallets/transfer']['post']['requestBody']['content']['application/json'];

/** PENDING: the vendor has not confirmed yet; a job settles it, nothing is lost or doubled. */
export type WalletTransferResult = OkValue<paths['/wps/v2/wallets/transfer']['post']>;

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
