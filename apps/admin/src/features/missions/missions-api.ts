import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

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
/** What a mission's form saves (a new one also names its merchant). */
export type MissionBody = BodyOf<'/bo/missions/{id}', 'put'>;
/** What a leaderboard's form saves. */
export type LeaderboardBody = BodyOf<'/bo/leaderboards/{id}', 'put'>;
/** A prize table a ticket reward may give tickets of (the reward centre's). */
export type PrizeTableChoice = ValueOf<'/bo/rewards/tables'>['list'][number];

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

/** Creates a mission (no id) or changes it; audited on the server. */
export function useSaveMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: MissionBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/missions/{id}', { params: { path: { id: input.id } }, body: input.body })
          : backOffice.POST('/bo/missions', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Creates a leaderboard (no id) or changes it; audited on the server. */
export function useSaveLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; merchantId: string; body: LeaderboardBody }) =>
      unwrap(
        input.id
          ? backOffice.PUT('/bo/leaderboards/{id}', { params: { path: { id: input.id } }, body: input.body })
          : backOffice.POST('/bo/leaderboards', { body: { ...input.body, merchantId: input.merchantId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * The merchant's prize tables, for a ticket reward's choice (the reward centre's list; an operator
 * who may not read it sees none and cannot choose tickets).
 */
export function usePrizeTableChoices(merchantId: string, isWanted: boolean) {
  return useQuery({
    queryKey: [...KEY, 'prize-tables', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/rewards/tables', { params: { query: { merchantId } } })),
    enabled: merchantId !== '' && isWanted,
    retry: false,
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
