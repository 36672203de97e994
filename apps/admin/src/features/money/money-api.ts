import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { readSessionToken } from '../../lib/session.ts';

export type QueuedWithdrawal = ValueOf<'/bo/finance/withdrawals'>['list'][number];
export type WithdrawalStatus = QueuedWithdrawal['status'];

/** The player's word once paid out (spec §4). */
export type WithdrawalConfirmation = NonNullable<QueuedWithdrawal['confirmation']>;
/** A queue view: withdrawals in one status, or the open not-received cases. */
export type WithdrawalView = WithdrawalStatus | 'cases';

export type PayoutMethod = ValueOf<'/bo/finance/payout-methods'>['list'][number];

export const WITHDRAWAL_PAGE_SIZE = 20;

export function useWithdrawals(filter: { merchantId: string; view: WithdrawalView; page: number }) {
  return useQuery({
    queryKey: ['bo', 'withdrawals', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/finance/withdrawals', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.view === 'cases' ? { caseStatus: 'open' } : { status: filter.view }),
              page: filter.page,
              pageSize: WITHDRAWAL_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    // The queue fills while the operator looks at it.
    refetchInterval: 20_000,
  });
}

export function usePayoutMethods() {
  return useQuery({
    queryKey: ['bo', 'payout-methods'],
    queryFn: () => unwrap(backOffice.GET('/bo/finance/payout-methods')),
  });
}

export type WithdrawalDecision =
  | { kind: 'payout'; methodId: string }
  | { kind: 'paid'; reason?: string }
  | { kind: 'reject'; reason: string };

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: WithdrawalDecision }) => {
      const path = { id };
      switch (decision.kind) {
        case 'payout':
          return unwrap(
            backOffice.POST('/bo/finance/withdrawals/{id}/payout', {
              params: { path },
              body: { methodId: decision.methodId },
            }),
          );
        case 'paid':
          return unwrap(
            backOffice.POST('/bo/finance/withdrawals/{id}/paid', {
              params: { path },
              body: decision.reason === undefined ? {} : { reason: decision.reason },
            }),
          );
        case 'reject':
          return unwrap(
            backOffice.POST('/bo/finance/withdrawals/{id}/reject', {
              params: { path },
              body: { reason: decision.reason },
            }),
          );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo', 'withdrawals'] }),
  });
}

/** Closes a not-received case with what the operator found or did. */
export function useResolveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) =>
      unwrap(
        backOffice.POST('/bo/finance/withdrawals/{id}/case/resolve', {
          params: { path: { id } },
          body: { resolution },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo', 'withdrawals'] }),
  });
}

export type QueuedDeposit = ValueOf<'/bo/finance/deposits'>['list'][number];
export type DepositStatus = QueuedDeposit['status'];

export function useDeposits(filter: { merchantId: string; status: DepositStatus; page: number }) {
  return useQuery({
    queryKey: ['bo', 'deposits', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/finance/deposits', {
          params: {
            query: {
              merchantId: filter.merchantId,
              status: filter.status,
              page: filter.page,
              pageSize: WITHDRAWAL_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
}

export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
    }: {
      id: string;
      decision: { kind: 'approve' } | { kind: 'reject'; reason: string };
    }) =>
      unwrap(
        decision.kind === 'approve'
          ? backOffice.POST('/bo/finance/deposits/{id}/approve', { params: { path: { id } } })
          : backOffice.POST('/bo/finance/deposits/{id}/reject', {
              params: { path: { id } },
              body: { reason: decision.reason },
            }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo', 'deposits'] }),
  });
}

/**
 * A private payment photo (a deposit's receipt, a withdrawal's proof of non-receipt), fetched with
 * the operator's token (it is never public) as an object URL; null loads nothing.
 */
export function usePaymentPhoto(path: string | null) {
  return useQuery({
    queryKey: ['bo', 'payment-photo', path],
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const token = readSessionToken();
      const response = await fetch(path ?? '', {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`The photo could not be loaded (${response.status}).`);
      return URL.createObjectURL(await response.blob());
    },
  });
}

export const receiptPath = (depositId: string) =>
  `/bo/finance/deposits/${encodeURIComponent(depositId)}/receipt`;
export const proofPath = (withdrawalId: string) =>
  `/bo/finance/withdrawals/${encodeURIComponent(withdrawalId)}/proof`;
