import { useQuery } from '@tanstack/react-query';
import { callBackOffice } from '../../lib/back-office-api.ts';

/** The signed-in operator as GET /bo/auth/me describes them. */
export type Profile = {
  operator: {
    id: string;
    username: string;
    displayName: string;
    merchantId: string | null;
    roleId: string;
    roleName: string;
  };
  merchants: { id: string; code: string; name: string }[];
  permissions: string[];
  passwordChangeRequired: boolean;
  idleMinutes: number;
  expiresAt: string;
};

export const PROFILE_QUERY_KEY = ['bo', 'profile'] as const;

export function useProfile(token: string | null) {
  return useQuery({
    queryKey: [...PROFILE_QUERY_KEY, token],
    queryFn: () => callBackOffice<Profile>('/bo/auth/me'),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
