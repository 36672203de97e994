import { useQuery } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

/** The signed-in operator as GET /bo/auth/me describes them. */
export type Profile = ValueOf<'/bo/auth/me'>;
/** One permission a role grants ('staff.write'). */
export type Permission = Profile['permissions'][number];

export const PROFILE_QUERY_KEY = ['bo', 'profile'] as const;

export function useProfile(token: string | null) {
  return useQuery({
    queryKey: [...PROFILE_QUERY_KEY, token],
    queryFn: () => unwrap(backOffice.GET('/bo/auth/me')),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
