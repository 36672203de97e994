import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Spec §2: the socket listener runs for logged-in users only. The client library and the answers to
 * its events (socket-listeners.ts) load on demand, so visitors never download them and a member's
 * first paint does not wait for them.
 */
export function useSocket(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let isCancelled = false;
    let disconnect: (() => void) | undefined;
    void import('./socket-listeners').then(({ connectSocket }) => {
      if (!isCancelled) disconnect = connectSocket(token, queryClient);
    });
    return () => {
      isCancelled = true;
      disconnect?.();
    };
  }, [token, queryClient]);
}
