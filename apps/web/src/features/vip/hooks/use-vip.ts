import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { fetchVipMe, fetchVipProgramme, VIP_KEY } from '../api/vip';

/** The programme changes only when an operator edits it: read it again after a few minutes. */
const PROGRAMME_STALE_MS = 5 * 60_000;

/** The merchant's VIP programme, for visitors too. */
export function useVipProgramme() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...VIP_KEY, 'programme', language],
    queryFn: ({ signal }) => fetchVipProgramme(language, signal),
    staleTime: PROGRAMME_STALE_MS,
  });
}

/** The member's own level and progress; nothing is asked without a session. */
export function useVipMe() {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...VIP_KEY, 'me', language, token],
    queryFn: ({ signal }) => fetchVipMe(language, signal),
    enabled: token !== null,
  });
}
