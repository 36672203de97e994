import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client';
import type { LanguageCode } from '../api/system-types';
import { useLanguage } from '../i18n/i18n';
import { useAuthStore } from '../session/auth-store';

/**
 * The member's responsible-gaming answer (limits, reality check, break and whether a deposit is
 * taken now), kept per member: the member centre's page and every deposit button read the same
 * entry, so a limit set on the page shows on the buttons at once.
 */
export const responsibleGamingQuery = (language: LanguageCode, memberId: string | null) =>
  queryOptions({
    queryKey: ['responsible-gaming', memberId],
    queryFn: ({ signal }) =>
      api.get('/wps/member/responsibleGaming', { params: { query: { language } }, signal }),
  });

export type DepositGate = {
  isLogin: boolean;
  isTrial: boolean;
  /** The server's word, once it has answered. */
  canDeposit: boolean | undefined;
  /** The server could not be asked. */
  isError: boolean;
};

/**
 * Whether the site offers a deposit now: to members only (visitors log in first, trial accounts
 * cannot pay), never while the server refuses deposits (a break, a self-exclusion, a deposit
 * limit used up). Undefined until the server has said, so that a refused member never sees a
 * button flash; when it cannot be asked, the deposit page stays reachable and says itself what
 * is wrong.
 */
export function isDepositOffered(gate: DepositGate): boolean | undefined {
  if (!gate.isLogin || gate.isTrial) return false;
  if (gate.canDeposit !== undefined) return gate.canDeposit;
  return gate.isError ? true : undefined;
}

/** isDepositOffered for the member of this session: undefined while the server is being asked. */
export function useDepositOffer(): boolean | undefined {
  const language = useLanguage();
  const isLogin = useAuthStore((state) => state.isLogin);
  const isTrial = useAuthStore((state) => state.isTrial);
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const query = useQuery({ ...responsibleGamingQuery(language, memberId), enabled: isLogin && !isTrial });
  return isDepositOffered({ isLogin, isTrial, canDeposit: query.data?.canDeposit, isError: query.isError });
}

/** The one switch of every deposit button and prompt (header, menus, chips, first-deposit prompt). */
export function useCanDeposit(): boolean {
  return useDepositOffer() === true;
}
