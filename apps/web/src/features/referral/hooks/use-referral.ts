import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import {
  fetchReferralFriends,
  fetchReferralMe,
  fetchReferralProgramme,
  fetchReferralRewards,
  REFERRAL_KEY,
} from '../api/referral';

/** The rules change only when an operator edits them: read them again after a few minutes. */
const PROGRAMME_STALE_MS = 5 * 60_000;

/** The programme's rules, for visitors too. */
export function useReferralProgramme() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...REFERRAL_KEY, 'rules', language],
    queryFn: ({ signal }) => fetchReferralProgramme(language, signal),
    staleTime: PROGRAMME_STALE_MS,
  });
}

/** The member's code, link and sums; nothing is asked without a session. */
export function useReferralMe() {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...REFERRAL_KEY, 'me', language, token],
    queryFn: ({ signal }) => fetchReferralMe(language, signal),
    enabled: token !== null,
  });
}

export function useReferralFriends(page: number) {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...REFERRAL_KEY, 'friends', language, token, page],
    queryFn: ({ signal }) => fetchReferralFriends(language, page, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReferralRewards(page: number) {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...REFERRAL_KEY, 'rewards', language, token, page],
    queryFn: ({ signal }) => fetchReferralRewards(language, page, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
