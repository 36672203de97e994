import { useQueries, useQuery } from '@tanstack/react-query';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { type ContractOffer, contractFlagsQuery, contractsKey, fetchMyContracts } from '../api/contracts';
import { CONTRACT_KINDS, contractKinds } from '../contract-kinds';
import { type CurrentTerms, isOfferToMe } from '../contract-offers';

/** An offer waiting for my answer, with my own contract of its kind (to warn what accepting ends). */
export type WaitingOffer = { offer: ContractOffer; current: CurrentTerms };

/**
 * The offers waiting for this agent's answer across the kinds it may hold (switch on and flag set):
 * the same queries as the contract pages, so an answer given on either shows on both.
 */
export function useWaitingOffers(): { offers: WaitingOffer[]; isLoaded: boolean } {
  const language = useLanguage();
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const whitelabel = usePermission().data?.whitelabel;
  const flags = useQuery(contractFlagsQuery(memberId, language));
  const kinds = CONTRACT_KINDS.filter(
    (kind) =>
      isSwitchEnabled(whitelabel, contractKinds[kind].switchId) &&
      flags.data?.[contractKinds[kind].flag] === true,
  );
  const answers = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: contractsKey(kind, language),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMyContracts(kind, language, signal),
    })),
  });
  const offers = answers.flatMap((answer) =>
    (answer.data?.offers ?? [])
      .filter((offer) => offer.status === 'pending' && isOfferToMe(offer))
      .map((offer) => ({ offer, current: answer.data?.mine ?? null })),
  );
  return {
    offers,
    isLoaded: flags.isSuccess && answers.every((answer) => answer.isSuccess),
  };
}
