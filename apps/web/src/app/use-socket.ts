import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type BalancePush, useBalanceStore } from '../features/wallet/hooks/balance-store';
import { useConnectionNotices } from '../lib/api/connection-notices';
import { useAuthStore } from '../lib/session/auth-store';

/**
 * Spec §2: the socket listener runs for logged-in users only. The client library is loaded on
 * demand so visitors never download it. `kick` (API.md) ends the session here too.
 */
export function useSocket(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let isCancelled = false;
    let disconnect: (() => void) | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (isCancelled) return;
      const socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token } });
      socket.on('connect_error', (error) => {
        // NOT_LOGGED_IN means the token is no longer valid; stop retrying with it.
        if (error.message === 'NOT_LOGGED_IN') socket.disconnect();
      });
      // Every committed change of the member's cash (API.md "Socket events"): the header shows it.
      socket.on('balance', (payload: BalancePush) => useBalanceStore.getState().receivePush(payload));
      // A new inbox message: the unread count (public state) and the messages page refresh.
      socket.on('message', () => {
        void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
        void queryClient.invalidateQueries({ queryKey: ['member-messages'] });
      });
      socket.on('kick', () => {
        socket.disconnect();
        useAuthStore.getState().clearSession();
        useConnectionNotices.getState().report('sessionEnded');
      });
      disconnect = () => socket.disconnect();
    });
    return () => {
      isCancelled = true;
      disconnect?.();
    };
  }, [token, queryClient]);
}
