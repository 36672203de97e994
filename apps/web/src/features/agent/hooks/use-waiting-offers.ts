import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { type ContractOffer, fetchWaitingOffers, waitingOffersKey } from '../api/contracts';
import type { CurrentTerms } from '../contract-offers';

/** An offer waiting for my answer, with my own contract of its kind (to warn what accepting ends). */
export type WaitingOffer = { offer: ContractOffer; current: CurrentTerms };

/**
 * The offers waiting for this agent's answer across the kinds switched on, in one call (asked for
 * agents only). Its key starts with CONTRACTS_KEY, so an answer given on a contract page, or a
 * rise of the unread count, reloads it.
 */
export function useWaitingOffers(): { offers: WaitingOffer[]; isLoaded: boolean } {
  const language = useLanguage();
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const isAgent = useAuthStore((state) => state.isAgent);
  const waiting = useQuery({
    queryKey: waitingOffersKey(memberId, language),
    queryFn: ({ signal }) => fetchWaitingOffers(language, signal),
    enabled: memberId !== null && isAgent,
    select: (value) => value.list.map(({ current, ...offer }) => ({ offer, current })),
  });
  return { offers: waiting.data ?? [], isLoaded: waiting.isSuccess };
}
