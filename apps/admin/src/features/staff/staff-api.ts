import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type Operator = ValueOf<'/bo/staff'>['list'][number];

export type RoleOption = ValueOf<'/bo/roles'>['list'][number];

export type StaffFilter = { merchantId: string; search: string; page: number };

export const STAFF_PAGE_SIZE = 25;
const STAFF_KEY = ['bo', 'staff'] as const;

export function useStaff(filter: StaffFilter) {
  return useQuery({
    queryKey: [...STAFF_KEY, filter],
    queryFn: () =>
      unwrap(backOffice.GET('/bo/staff', { params: { query: { ...filter, pageSize: STAFF_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions(merchantId: string) {
  return useQuery({
    queryKey: ['bo', 'roles', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/roles', { params: { query: { merchantId } } })),
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
  useStaffChange((input: BodyOf<'/bo/staff'>) => unwrap(backOffice.POST('/bo/staff', { body: input })));

export const useChangeRole = () =>
  useStaffChange((input: { id: string; roleId: string }) =>
    unwrap(
      backOffice.PUT('/bo/staff/{id}/role', {
        params: { path: { id: input.id } },
        body: { roleId: input.roleId },
      }),
    ),
  );

export type StaffAction = 'lock' | 'unlock' | 'totp/reset' | 'sessions/end' | 'password/reset';

export const useStaffAction = () =>
  useStaffChange((input: { id: string; action: StaffAction }) =>
    unwrap(backOffice.POST(`/bo/staff/{id}/${input.action}`, { params: { path: { id: input.id } } })),
  );
