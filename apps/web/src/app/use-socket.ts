import { useEffect } from 'react';

/**
 * Spec §2: the socket listener runs for logged-in users only. The client library is loaded on
 * demand so visitors never download it; the event handlers arrive with the accounts work.
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
      disconnect = () => socket.disconnect();
    });
    return () => {
      isCancelled = true;
      disconnect?.();
    };
  }, [token]);
}
