import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isPushShown, useBalanceHold } from '../../../lib/games/balance-hold';
import { useLanguage } from '../../../lib/i18n/i18n';
import { BALANCE_HIGHLIGHT_MS } from '../../../lib/money';
import { useAuthStore } from '../../../lib/session/auth-store';
import { walletBalanceQuery } from '../api/wallet-balance';
import { shownBalance } from '../balance-total';
import { useBalanceStore } from './balance-store';

/**
 * The balance to show: the fetched one, or a socket push when that is newer and no game of ours is
 * still drawing the round it follows (lib/games/balance-hold.ts). `isHighlighted` is true for a
 * moment after each push that shows.
 */
export function useWalletBalance() {
  const token = useAuthStore((state) => state.token);
  const query = useQuery(walletBalanceQuery(useLanguage(), token));
  const receivedPush = useBalanceStore((state) => state.lastPush);
  const heldFromMs = useBalanceHold((state) => state.heldFromMs);
  const lastPush = receivedPush && isPushShown(receivedPush.receivedAtMs, heldFromMs) ? receivedPush : null;
  const [isHighlighted, setHighlighted] = useState(false);

  const pushedAtMs = lastPush?.receivedAtMs;
  useEffect(() => {
    if (pushedAtMs === undefined) return;
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), BALANCE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [pushedAtMs]);

  const isPushNewer = lastPush !== null && lastPush.receivedAtMs > query.dataUpdatedAt;
  const shown = isPushNewer ? lastPush : query.data;
  return {
    balance: shown ? shownBalance(shown.balance, query.data) : null,
    currencySymbol: shown?.currencySymbol ?? query.data?.currencySymbol ?? '₱',
    isFetching: query.isFetching,
    isError: query.isError && !shown,
    isHighlighted,
    refresh: () => void query.refetch(),
  };
}
