import type { ContractOffer, ContractParty } from './api/contracts';

/** Whether an offer waits for my answer (to me) rather than for the other side's (from me). */
export const isOfferToMe = (offer: Pick<ContractOffer, 'canAccept' | 'canReject'>) =>
  offer.canAccept || offer.canReject;

/**
 * The other side of an offer as I see it: who sent it to me, or whom I sent it to; null is the
 * platform. An offer moves between an upline (or the platform) and its downline, and I am one of them.
 */
export function counterpartOf(
  offer: Pick<ContractOffer, 'fromSide' | 'upline' | 'downline' | 'canAccept' | 'canReject'>,
): ContractParty | null {
  const sender = offer.fromSide === 'downline' ? offer.downline : offer.upline;
  const receiver = offer.fromSide === 'downline' ? offer.upline : offer.downline;
  return isOfferToMe(offer) ? sender : receiver;
}
