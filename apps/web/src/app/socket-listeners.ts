import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { REWARD_KEY } from '../features/member-centre/reward-centre/api/reward';
import { MISSIONS_KEY } from '../features/missions/api/missions';
import { VIP_KEY } from '../features/vip/api/vip';
import { type VipPush, vipToastOf } from '../features/vip/vip-words';
import { type BalancePush, useBalanceStore } from '../features/wallet/hooks/balance-store';
import { useConnectionNotices } from '../lib/api/connection-notices';
import { BADGES_KEY } from '../lib/api/member-badges';
import { i18n, useLanguageStore } from '../lib/i18n/i18n';
import { useAuthStore } from '../lib/session/auth-store';

/**
 * Opens the member's socket and answers its events (API.md "Socket events"); gives back what closes
 * it. Loaded with the socket client, after the first paint and for members only (use-socket.ts).
 */
export function connectSocket(token: string, queryClient: QueryClient): () => void {
  const socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token } });
  socket.on('connect_error', (error) => {
    // NOT_LOGGED_IN means the token is no longer valid; stop retrying with it.
    if (error.message === 'NOT_LOGGED_IN') socket.disconnect();
  });
  // Every committed change of the member's cash: the header shows it.
  socket.on('balance', (payload: BalancePush) => useBalanceStore.getState().receivePush(payload));
  // A new inbox message: the unread count (public state) and the messages page refresh.
  socket.on('message', () => {
    void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
    void queryClient.invalidateQueries({ queryKey: ['member-messages'] });
    void queryClient.invalidateQueries({ queryKey: [...BADGES_KEY] });
  });
  // A notice of the marquee was published, changed, removed, or began or ended by its schedule: the
  // marquee (public state) and the notice modal's texts (announcements) reload in the page's language.
  socket.on('notice', () => {
    void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
    void queryClient.invalidateQueries({ queryKey: ['announcements'] });
  });
  // The member's VIP level changed: the header's label (public state) and the VIP page follow, and
  // a toast says so.
  socket.on('vip', (payload: VipPush) => {
    void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
    void queryClient.invalidateQueries({ queryKey: [...VIP_KEY] });
    const words = vipToastOf(
      payload,
      i18n.getFixedT(null, 'translation'),
      useLanguageStore.getState().language,
    );
    useConnectionNotices.getState().report('info', words);
  });
  // Tickets issued to the member, or a red-envelope drop of theirs opening or ending: the reward
  // centre's tables, drops and history reload (nothing reloads while the centre is not open).
  socket.on('reward', () => {
    void queryClient.invalidateQueries({ queryKey: [...REWARD_KEY] });
    void queryClient.invalidateQueries({ queryKey: [...BADGES_KEY] });
  });
  // A mission of the member became claimable (docs/missions.md "Live progress"): the missions'
  // summary and the member centre's badges reload.
  socket.on('mission', () => {
    void queryClient.invalidateQueries({ queryKey: [...MISSIONS_KEY, 'summary'] });
    void queryClient.invalidateQueries({ queryKey: [...BADGES_KEY] });
  });
  socket.on('kick', () => {
    socket.disconnect();
    useAuthStore.getState().clearSession();
    useConnectionNotices.getState().report('sessionEnded');
  });
  return () => socket.disconnect();
}
