import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString } from '../../lib/back-office-api.ts';

export type Operator = {
  id: string;
  merchantId: string | null;
  username: string;
  displayName: string;
  roleId: string;
  roleName: string;
  status: 'active' | 'locked';
  totpEnabled: boolean;
  mustChangePassword: boolean;
  failedLoginCount: number;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  liveSessions: number;
  createdAt: string;
};

export type RoleOption = { id: string; merchantId: string | null; name: string; builtin: boolean };

export type StaffFilter = { merchantId: string; search: string; page: number };

export const STAFF_PAGE_SIZE = 25;
const STAFF_KEY = ['bo', 'staff'] as const;

export function useStaff(filter: StaffFilter) {
  return useQuery({
    queryKey: [...STAFF_KEY, filter],
    queryFn: () =>
      callBackOffice<{ list: Operator[]; total: number; totalPages: number }>(
        `/bo/staff${toQueryString({ ...filter, pageSize: STAFF_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'roles', merchantId],
    queryFn: () => callBackOffice<{ list: RoleOption[] }>(`/bo/roles${toQueryString({ merchantId })}`),
    select: (value) => value.list,
  });
}

/** A staff change; on success the list is read again. */
function useStaffChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export const useCreateOperator = () =>
  useStaffChange((input: { merchantId?: string; username: string; displayName: string; roleId: string }) =>
    callBackOffice<{ operator: Operator; temporaryPassword: string }>('/bo/staff', {
      method: 'POST',
      body: input,
    }),
  );

export const useChangeRole = () =>
  useStaffChange((input: { id: string; roleId: string }) =>
    callBackOffice<Operator>(`/bo/staff/${input.id}/role`, { method: 'PUT', body: { roleId: input.roleId } }),
  );

export type StaffAction = 'lock' | 'unlock' | 'totp/reset' | 'sessions/end' | 'password/reset';

export const useStaffAction = () =>
  useStaffChange((input: { id: string; action: StaffAction }) =>
    callBackOffice<Partial<Operator> & { temporaryPassword?: string; endedSessions?: number }>(
      `/bo/staff/${input.id}/${input.action}`,
      { method: 'POST', body: {} },
    ),
  );
