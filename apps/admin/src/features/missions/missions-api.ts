import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// Missions' and leaderboards' back-office calls (docs/missions.md "Back office"), typed by the
// server's OpenAPI document.

/** A mission as the back office lists it. */
export type MissionRow = ValueOf<'/bo/missions'>['list'][number];
/** A leaderboard with its prizes. */
export type LeaderboardRow = ValueOf<'/bo/leaderboards'>['list'][number];
/** What an early close paid. */
export type CloseResult = ValueOf<'/bo/leaderboards/{id}/close', 'post'>;
/** The rewards paid over some days, per mission and leaderboard. */
export type RewardsReport = ValueOf<'/bo/missions/report'>;

const KEY = ['bo', 'missions'] as const;

export function useMissions(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'missions', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/missions', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

export function useLeaderboards(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'leaderboards', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/leaderboards', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

/** Closes a leaderboard's running period now and pays its prizes (audited on the server). */
export function useCloseLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(backOffice.POST('/bo/leaderboards/{id}/close', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRewardsReport(input: {
  merchantId: string;
  range: {
    preset?: 'today' | 'yesterday' | 'past7Days' | 'past30Days' | 'thisMonth' | 'lastMonth';
    from?: string;
    to?: string;
  };
  isReady: boolean;
}) {
  return useQuery({
    queryKey: [...KEY, 'report', input.merchantId, input.range],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/missions/report', {
          params: { query: { merchantId: input.merchantId, ...input.range } },
        }),
      ),
    enabled: input.merchantId !== '' && input.isReady,
  });
}
