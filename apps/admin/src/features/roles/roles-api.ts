import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type Role = ValueOf<'/bo/roles'>['list'][number];
/** One permission a role grants ('staff.write'). */
export type Permission = Role['permissions'][number];

const ROLES_KEY = ['bo', 'roles'] as const;

export function useRoles(merchantId: string) {
  return useQuery({
    queryKey: [...ROLES_KEY, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/roles', { params: { query: { merchantId } } })),
  });
}

function useRoleChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

export type RoleInput = BodyOf<'/bo/roles/{id}', 'put'>;

export const useSaveRole = () =>
  useRoleChange((input: RoleInput & { id: string | null; merchantId?: string }) =>
    unwrap(
      input.id === null
        ? backOffice.POST('/bo/roles', {
            body: {
              name: input.name,
              permissions: input.permissions,
              ...(input.merchantId ? { merchantId: input.merchantId } : {}),
            },
          })
        : backOffice.PUT('/bo/roles/{id}', {
            params: { path: { id: input.id } },
            body: { name: input.name, permissions: input.permissions },
          }),
    ),
  );

export const useDeleteRole = () =>
  useRoleChange((id: string) => unwrap(backOffice.DELETE('/bo/roles/{id}', { params: { path: { id } } })));
