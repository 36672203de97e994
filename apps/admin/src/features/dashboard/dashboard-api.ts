import { useQuery } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

/** Per day: money as strings; `ggr` is gross gaming revenue, bets less wins. */
export type Dashboard = ValueOf<'/bo/dashboard'>;
export type DashboardDay = Dashboard['days'][number];

/** The dashboard's figures, refreshed every minute while the page is open. */
export function useDashboard(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'dashboard', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/dashboard', { params: { query: { merchantId } } })),
    refetchInterval: 60_000,
  });
}
