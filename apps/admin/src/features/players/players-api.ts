import type { paths } from '@panalo/api-types/openapi.d.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type PlayerRow = ValueOf<'/bo/players'>['list'][number];
export type SearchField = NonNullable<PlayerFilter['field']>;
type PlayerFilter = NonNullable<paths['/bo/players']['get']['parameters']['query']>;

export type LedgerLine = ValueOf<'/bo/players/{id}/ledger'>['list'][number];

export const PLAYERS_PAGE_SIZE = 25;

export function usePlayers(filter: { merchantId: string; field: SearchField; text: string; page: number }) {
  return useQuery({
    queryKey: ['bo', 'players', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/players', { params: { query: { ...filter, pageSize: PLAYERS_PAGE_SIZE } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(id: string | null) {
  return useQuery({
    queryKey: ['bo', 'player', id],
    queryFn: () => unwrap(backOffice.GET('/bo/players/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

export function useLedger(id: string | null) {
  return useQuery({
    queryKey: ['bo', 'player', id, 'ledger'],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/players/{id}/ledger', {
          params: { path: { id: id ?? '' }, query: { pageSize: 20 } },
        }),
      ),
    enabled: id !== null,
  });
}

export type PlayerAction = 'lock' | 'unlock' | 'sessions/end' | 'password/reset';

export function usePlayerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: PlayerAction }) =>
      unwrap(backOffice.POST(`/bo/players/{id}/${input.action}`, { params: { path: { id: input.id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bo'] }),
  });
}

export type AdjustmentDirection = 'credit' | 'debit';

/**
 * A manual change of a player's cash balance. The request id is made once per confirmed
 * adjustment, so that a retry after a lost answer adds nothing a second time.
 */
export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: string;
      direction: AdjustmentDirection;
      amount: string;
      reason: string;
      requestId: string;
    }) =>
      unwrap(
        backOffice.POST('/bo/players/{id}/adjustments', {
          params: { path: { id: input.id } },
          body: {
            direction: input.direction,
            amount: input.amount,
            reason: input.reason,
            requestId: input.requestId,
          },
        }),
      ),
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: ['bo', 'player', input.id] }),
  });
}

export function useOutbox(filter: { merchantId: string; destination: string; page: number }) {
  return useQuery({
    queryKey: ['bo', 'outbox', filter],
    queryFn: () =>
      unwrap(backOffice.GET('/bo/outbox', { params: { query: { ...filter, pageSize: PLAYERS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}
