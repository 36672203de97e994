import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LanguageCode } from '../../../lib/api/system-types';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import {
  type MerchantWallets,
  merchantWalletsQuery,
  recallToMainWallet,
  transferBetweenWallets,
} from '../api/game-wallets';

/**
 * The member's main and game wallets. Trial accounts have none (the server answers TRIAL_ACCOUNT).
 * `isAskedOnOpen`: the page asks again whenever it opens, since a game may have moved money since.
 */
export function useMerchantWallets({ isAskedOnOpen = false }: { isAskedOnOpen?: boolean } = {}) {
  const token = useAuthStore((state) => state.token);
  // Asked only once the member is known, so a trial account never asks at all.
  const isMember = useAuthStore((state) => state.member !== null && !state.isTrial);
  return useQuery({
    ...merchantWalletsQuery(useLanguage(), token, isMember),
    refetchOnMount: isAskedOnOpen ? 'always' : true,
  });
}

/** Whether the member centre lists "Game wallets": the merchant has at least one transfer-mode vendor. */
export function useHasGameWallets(): boolean {
  const { data } = useMerchantWallets();
  return (data?.vendors.length ?? 0) > 0;
}

/**
 * After money moved, the header's balance and the wallets are asked again: in single-wallet mode
 * the header's total includes the game wallets, and a pending move settles in the background.
 */
export function useRefreshWallets() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'merchant'] });
  }, [queryClient]);
}

/** A move of money whose answer shows the wallets as they now are; the header's balance is asked again. */
function useWalletMove<Input, Answer>(
  move: (input: Input, language: LanguageCode) => Promise<Answer>,
  walletsAfter: (answer: Answer, current: MerchantWallets | undefined) => MerchantWallets | undefined,
) {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => move(input, language),
    onSuccess: (answer) => {
      queryClient.setQueryData<MerchantWallets>(merchantWalletsQuery(language, token).queryKey, (current) =>
        walletsAfter(answer, current),
      );
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    },
  });
}

/** Moves money between the main wallet and one game wallet; the answer's balances show at once. */
export function useWalletTransfer() {
  return useWalletMove(
    transferBetweenWallets,
    (result, current) =>
      current && {
        ...current,
        mainWallet: result.mainWallet,
        vendors: current.vendors.map((vendor) =>
          vendor.vassalage === result.vendor.vassalage
            ? { ...vendor, balance: result.vendor.balance }
            : vendor,
        ),
      },
  );
}

/** Moves every game wallet's money back to the main wallet. */
export function useRecallToMainWallet() {
  return useWalletMove(recallToMainWallet, (wallets) => wallets);
}
