import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString } from '../../lib/back-office-api.ts';

export type PlayerRow = {
  id: string;
  merchantId: string;
  account: string;
  type: number;
  status: 'active' | 'locked' | string;
  realName: string | null;
  mobile: string | null;
  registerIp: string | null;
  lastLoginAt: string | null;
  createdAt: string;
};
export type SearchField = 'account' | 'mobile' | 'ip' | 'realName';

export type PlayerPage = {
  currency: string;
  balances: { cash: string; bonus: string };
  profile: PlayerRow & {
    nickname: string | null;
    email: string | null;
    emailVerified: boolean;
    mobileVerified: boolean;
    birthday: string | null;
    totpEnabled: boolean;
    mustChangePassword: boolean;
    registerMethod: string | null;
    referralCode: string;
  };
  sessions: {
    id: string;
    method: string;
    ip: string | null;
    userAgent: string | null;
    createdAt: string;
    lastSeenAt: string;
    endedAt: string | null;
    endReason: string | null;
    isLive: boolean;
  }[];
  logins: {
    id: string;
    method: string;
    ip: string;
    country: string | null;
    userAgent: string | null;
    at: string;
  }[];
};
export type LedgerLine = {
  id: string;
  code: string;
  reference: string | null;
  wallet: string;
  amount: string;
  balanceAfter: string;
  createdAt: string;
};
export type OutboxMessage = {
  id: string;
  channel: 'sms' | 'email';
  destination: string;
  purpose: string;
  subject: string | null;
  body: string;
  provider: string;
  status: string;
  error: string | null;
  createdAt: string;
};

export const PLAYERS_PAGE_SIZE = 25;

export function usePlayers(filter: { merchantId: string; field: SearchField; text: string; page: number }) {
  return useQuery({
    queryKey: ['bo', 'players', filter],
    queryFn: () =>
      callBackOffice<{ list: PlayerRow[]; total: number; totalPages: number }>(
        `/bo/players${toQueryString({ ...filter, pageSize: PLAYERS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(id: string | null) {
  return useQuery({
    queryKey: ['bo', 'player', id],
    queryFn: () => callBackOffice<PlayerPage>(`/bo/players/${id}`),
    enabled: id !== null,
  });
}

export function useLedger(id: string | null) {
  return useQuery({
    queryKey: ['bo', 'player', id, 'ledger'],
    queryFn: () =>
      callBackOffice<{ list: LedgerLine[]; total: number }>(`/bo/players/${id}/ledger?pageSize=20`),
    enabled: id !== null,
  });
}

export type PlayerAction = 'lock' | 'unlock' | 'sessions/end' | 'password/reset';

export function usePlayerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: PlayerAction }) =>
      callBackOffice<{ endedSessions: number; temporaryPassword?: string }>(
        `/bo/players/${input.id}/${input.action}`,
        {
          method: 'POST',
          body: {},
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bo'] }),
  });
}

export function useOutbox(filter: { merchantId: string; destination: string; page: number }) {
  return useQuery({
    queryKey: ['bo', 'outbox', filter],
    queryFn: () =>
      callBackOffice<{ list: OutboxMessage[]; total: number; totalPages: number }>(
        `/bo/outbox${toQueryString({ ...filter, pageSize: PLAYERS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}
