import { useEffect } from 'react';
import { useConnectionNotices } from '../lib/api/connection-notices';
import { useAuthStore } from '../lib/session/auth-store';

/**
 * Spec §2: the socket listener runs for logged-in users only. The client library is loaded on
 * demand so visitors never download it. `kick` (API.md) ends the session here too.
 */
export function useSocket(token: string | null): void {
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
  }, [token]);
}
