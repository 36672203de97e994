import { useQuery } from '@tanstack/react-query';
import { callBackOffice, toQueryString } from '../../lib/back-office-api.ts';

export type DashboardDay = {
  day: string;
  registrations: number;
  activePlayers: number;
  deposits: number;
  depositAmount: string;
  firstDeposits: number;
  withdrawalAmount: string;
  netDeposits: string;
  betAmount: string;
  /** Gross gaming revenue: bets less wins. */
  ggr: string;
  rounds: number;
};

export type Dashboard = {
  today: string;
  onlinePlayers: number;
  days: DashboardDay[];
  queues: {
    withdrawalsInReview: number;
    withdrawalsInReviewAmount: string;
    bankDepositsInReview: number;
    bankDepositsInReviewAmount: string;
  };
};

/** The dashboard's figures, refreshed every minute while the page is open. */
export function useDashboard(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'dashboard', merchantId],
    queryFn: () => callBackOffice<Dashboard>(`/bo/dashboard${toQueryString({ merchantId })}`),
    refetchInterval: 60_000,
  });
}
