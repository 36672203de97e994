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

/** My own contract of an offer's kind, as far as accepting new terms compares with it. */
export type CurrentTerms = { rateBp: number; period: string } | null;

/**
 * Why accepting new terms would end contracts I have given my downlines (docs/contracts.md
 * "Calls"): a rate below my current one ends those above it; a dividend of another period ends my
 * downlines' dividends, whose cycles would no longer line up with mine. Null when it ends none.
 */
export function acceptanceWarningOf(
  offer: Pick<ContractOffer, 'type' | 'kind' | 'rateBp' | 'period'>,
  current: CurrentTerms,
): { reason: 'lowerRate'; rateBp: number; currentRateBp: number } | { reason: 'otherPeriod' } | null {
  if (offer.type !== 'new' || current === null) return null;
  if (offer.rateBp !== null && offer.rateBp < current.rateBp) {
    return { reason: 'lowerRate', rateBp: offer.rateBp, currentRateBp: current.rateBp };
  }
  if (offer.kind === 'dividend' && offer.period !== null && offer.period !== current.period) {
    return { reason: 'otherPeriod' };
  }
  return null;
}

const CONFLICT_REASONS = [
  'pendingOffer',
  'noUplineContract',
  'aboveMaximum',
  'periodDiffers',
  'activeContract',
  'noContract',
  'uplineChanged',
] as const;
export type ContractConflict = (typeof CONFLICT_REASONS)[number] | 'expired' | 'answered';

/**
 * What a CONFLICT answer of a contract call means, from its value: a reason (an offer already
 * waits, the cap no longer holds, no contract to end …) or the status an offer has moved to since
 * the page was drawn (expired, or answered by then). Null for a value this app does not know.
 */
export function contractConflictOf(value: unknown): ContractConflict | null {
  if (typeof value !== 'object' || value === null) return null;
  const { reason, status } = value as { reason?: unknown; status?: unknown };
  const known = CONFLICT_REASONS.find((entry) => entry === reason);
  if (known) return known;
  if (status === 'expired') return 'expired';
  if (status === 'accepted' || status === 'rejected' || status === 'cancelled') return 'answered';
  return null;
}
