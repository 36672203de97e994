import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString } from '../../lib/back-office-api.ts';

export type Role = {
  id: string;
  merchantId: string | null;
  name: string;
  builtin: boolean;
  permissions: string[];
};

const ROLES_KEY = ['bo', 'roles'] as const;

export function useRoles(merchantId: string) {
  return useQuery({
    queryKey: [...ROLES_KEY, merchantId],
    queryFn: () =>
      callBackOffice<{ list: Role[]; permissions: string[] }>(`/bo/roles${toQueryString({ merchantId })}`),
  });
}

function useRoleChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

export type RoleInput = { name: string; permissions: string[] };

export const useSaveRole = () =>
  useRoleChange((input: RoleInput & { id: string | null; merchantId?: string }) =>
    input.id === null
      ? callBackOffice<Role>('/bo/roles', {
          method: 'POST',
          body: {
            name: input.name,
            permissions: input.permissions,
            ...(input.merchantId ? { merchantId: input.merchantId } : {}),
          },
        })
      : callBackOffice<Role>(`/bo/roles/${input.id}`, {
          method: 'PUT',
          body: { name: input.name, permissions: input.permissions },
        }),
  );

export const useDeleteRole = () =>
  useRoleChange((id: string) => callBackOffice<object>(`/bo/roles/${id}`, { method: 'DELETE' }));
