import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isOwnGameClient, useBalanceHold } from './balance-hold';

/** Messages the game frame may send to the page (API.md "Socket events"). */
type GameFrameMessage = { type: 'panalo:close' } | { type: 'panalo:balance' };

function isGameFrameMessage(data: unknown): data is GameFrameMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'panalo:close' || type === 'panalo:balance';
}

function refreshBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
}

/** The game just played leads the member's recent games: the home row and the lists' RECENT tab. */
function refreshRecentGames(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['lobby', 'recent'] });
  void queryClient.invalidateQueries({ queryKey: ['lobby', 'recent-list'] });
}

/**
 * Listens to the game frame at url: its balance message refreshes the header balance, its close
 * message calls onClose; the balance and the recent games are refreshed when the game closes (spec §2
 * /seamless), as the page under a desktop's game popup stays mounted and would not ask again. While
 * our own game is open the balance waits for its word before showing a round's result (balance-hold.ts).
 */
export function useGameFrameMessages(url: string | null, onClose: () => void): void {
  const queryClient = useQueryClient();
  // The latest onClose, so that a new function from each render does not re-run the effect.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!url) return;
    const frameOrigin = new URL(url, window.location.href).origin;
    const { holdFrom, release } = useBalanceHold.getState();
    const holdsBalance = isOwnGameClient(url, window.location.href);
    if (holdsBalance) holdFrom(Date.now());
    const receive = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || !isGameFrameMessage(event.data)) return;
      if (event.data.type === 'panalo:close') {
        onCloseRef.current();
        return;
      }
      // The result is on the game's screen: what came before may show, what comes next waits.
      if (holdsBalance) holdFrom(Date.now());
      refreshBalance(queryClient);
    };
    window.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
      if (holdsBalance) release();
      refreshBalance(queryClient);
      refreshRecentGames(queryClient);
    };
  }, [url, queryClient]);
}
