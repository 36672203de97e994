import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BONUSES_KEY } from '../../../lib/bonus/bonuses';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  fetchGoods,
  fetchPointRecords,
  fetchPointsBalance,
  fetchPointsConfig,
  fetchRedeems,
  type PointRecordType,
  type RedeemStatus,
} from '../api/points';

/** Every points query starts with this key, so that a redeem or a conversion reloads them all. */
export const POINTS_KEY = ['points'] as const;

/**
 * Who looks at the mall: a visitor (goods, rules and rates, and a login prompt), a trial player
 * (the same, asked to register), or a member with a session. The token is in every member query's
 * key, so that another login never sees this one's points.
 */
export function usePointsViewer() {
  const token = useAuthStore((state) => state.token);
  const isTrial = useAuthStore((state) => state.isTrial);
  const hasPaymentPassword = useAuthStore((state) => state.member?.hasPaymentPassword ?? null);
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const viewer: 'visitor' | 'trial' | 'member' = token === null ? 'visitor' : isTrial ? 'trial' : 'member';
  return { viewer, isMember: viewer === 'member', token, hasPaymentPassword, language, symbol };
}

export function usePointsBalance() {
  const { isMember, token, language } = usePointsViewer();
  return useQuery({
    queryKey: [...POINTS_KEY, 'balance', token, language],
    queryFn: ({ signal }) => fetchPointsBalance(language, signal),
    enabled: isMember,
  });
}

export function usePointsConfig() {
  const { token, language } = usePointsViewer();
  return useQuery({
    // The multiplier is the member's own: a login changes it.
    queryKey: [...POINTS_KEY, 'config', token, language],
    queryFn: ({ signal }) => fetchPointsConfig(language, signal),
    staleTime: 60_000,
  });
}

export function useGoods(page: number) {
  const { token, language } = usePointsViewer();
  return useQuery({
    queryKey: [...POINTS_KEY, 'goods', page, token, language],
    queryFn: ({ signal }) => fetchGoods(page, language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRedeems(status: RedeemStatus | null, page: number) {
  const { isMember, token, language } = usePointsViewer();
  return useQuery({
    queryKey: [...POINTS_KEY, 'redeems', status, page, token, language],
    queryFn: ({ signal }) => fetchRedeems({ status, page }, language, signal),
    enabled: isMember,
    placeholderData: keepPreviousData,
  });
}

export function usePointRecords(type: PointRecordType | null, page: number) {
  const { isMember, token, language } = usePointsViewer();
  return useQuery({
    queryKey: [...POINTS_KEY, 'records', type, page, token, language],
    queryFn: ({ signal }) => fetchPointRecords({ type, page }, language, signal),
    enabled: isMember,
    placeholderData: keepPreviousData,
  });
}

/**
 * After a redeem, the points, the goods' stock and the records load again; after a conversion the
 * bonus wallet too: the header's wallet balance (which carries it), the member's bonuses and what a
 * withdrawal may take.
 */
export function useRefreshAfterSpending() {
  const queryClient = useQueryClient();
  return (spent: 'redeem' | 'convert') => {
    const keys: (readonly unknown[])[] = [POINTS_KEY];
    if (spent === 'convert') {
      keys.push(['wallet', 'balance'], BONUSES_KEY, ['bonus-details'], ['withdrawal-overview']);
    }
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}
