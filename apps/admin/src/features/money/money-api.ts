import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString } from '../../lib/back-office-api.ts';
import { readSessionToken } from '../../lib/session.ts';

export type WithdrawalStatus = 'review' | 'paying' | 'paid' | 'rejected' | 'failed';

export type QueuedWithdrawal = {
  id: string;
  merchantId: string;
  memberId: string;
  memberAccount: string;
  amount: string;
  currency: string;
  status: WithdrawalStatus;
  payoutAccount: { kind: string; provider: string; accountName: string; accountNumber: string };
  reason: string | null;
  reviewedBy: string | null;
  createdAt: string;
  paidAt: string | null;
  /** The player's word once paid out (spec §4). */
  confirmation: WithdrawalConfirmation | null;
  receivedAmount: string | null;
  caseStatus: 'open' | 'resolved' | null;
  caseNote: string | null;
  hasProof: boolean;
  caseResolution: string | null;
  caseResolvedBy: string | null;
};

export type WithdrawalConfirmation = 'awaiting' | 'received' | 'not_received' | 'auto_received';
/** A queue view: withdrawals in one status, or the open not-received cases. */
export type WithdrawalView = WithdrawalStatus | 'cases';

export type PayoutMethod = { id: string; merchantId: string; code: string; name: string };

export const WITHDRAWAL_PAGE_SIZE = 20;

export function useWithdrawals(filter: { merchantId: string; view: WithdrawalView; page: number }) {
  return useQuery({
    queryKey: ['bo', 'withdrawals', filter],
    queryFn: () =>
      callBackOffice<{ list: QueuedWithdrawal[]; total: number; totalPages: number }>(
        `/bo/finance/withdrawals${toQueryString({
          merchantId: filter.merchantId,
          ...(filter.view === 'cases' ? { caseStatus: 'open' } : { status: filter.view }),
          page: filter.page,
          pageSize: WITHDRAWAL_PAGE_SIZE,
        })}`,
      ),
    placeholderData: keepPreviousData,
    // The queue fills while the operator looks at it.
    refetchInterval: 20_000,
  });
}

export function usePayoutMethods() {
  return useQuery({
    queryKey: ['bo', 'payout-methods'],
    queryFn: () => callBackOffice<{ list: PayoutMethod[] }>('/bo/finance/payout-methods'),
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
      const { kind, ...body } = decision;
      return callBackOffice<QueuedWithdrawal>(`/bo/finance/withdrawals/${encodeURIComponent(id)}/${kind}`, {
        method: 'POST',
        body,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo', 'withdrawals'] }),
  });
}

/** Closes a not-received case with what the operator found or did. */
export function useResolveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) =>
      callBackOffice<QueuedWithdrawal>(`/bo/finance/withdrawals/${encodeURIComponent(id)}/case/resolve`, {
        method: 'POST',
        body: { resolution },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo', 'withdrawals'] }),
  });
}

export type DepositStatus = 'pending' | 'review' | 'credited' | 'failed' | 'rejected';

export type QueuedDeposit = {
  id: string;
  merchantId: string;
  memberId: string;
  memberAccount: string;
  methodName: string;
  amount: string;
  currency: string;
  status: DepositStatus;
  reference: string | null;
  hasReceipt: boolean;
  reason: string | null;
  reviewedBy: string | null;
  createdAt: string;
  creditedAt: string | null;
};

export function useDeposits(filter: { merchantId: string; status: DepositStatus; page: number }) {
  return useQuery({
    queryKey: ['bo', 'deposits', filter],
    queryFn: () =>
      callBackOffice<{ list: QueuedDeposit[]; total: number; totalPages: number }>(
        `/bo/finance/deposits${toQueryString({
          merchantId: filter.merchantId,
          status: filter.status,
          page: filter.page,
          pageSize: WITHDRAWAL_PAGE_SIZE,
        })}`,
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
    }) => {
      const { kind, ...body } = decision;
      return callBackOffice<QueuedDeposit>(`/bo/finance/deposits/${encodeURIComponent(id)}/${kind}`, {
        method: 'POST',
        ...(kind === 'reject' ? { body } : {}),
      });
    },
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
