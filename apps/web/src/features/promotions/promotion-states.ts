import type { StatusTone } from '../../components/ui/status-badge';
import type { PromotionKind, PromotionReason, PromotionState } from './api/promotions';

/**
 * What the member may do about a promotion in its state (docs/promotions.md "The member's state of
 * a promotion"): join, claim or apply (again, after a rejection), log in first (a visitor, shown
 * the offer as members see it), or nothing.
 */
export type PromotionAction =
  | { kind: 'join' }
  | { kind: 'claim' }
  | { kind: 'apply'; isAgain: boolean }
  | { kind: 'login'; offer: 'join' | 'claim' | 'apply' }
  | { kind: 'none' };

const offers = { JOIN: 'join', CLAIM: 'claim', APPLY: 'apply' } as const;

function isOffer(state: PromotionState): state is keyof typeof offers {
  return Object.hasOwn(offers, state);
}

/**
 * The action a state offers. A rejected application may be sent again (a new cycle); the server
 * refuses it when that was already done, and the member is told so by its answer.
 */
export function actionOf(state: PromotionState, viewer: { isMember: boolean }): PromotionAction {
  if (isOffer(state)) {
    const offer = offers[state];
    if (!viewer.isMember) return { kind: 'login', offer };
    return offer === 'apply' ? { kind: 'apply', isAgain: false } : { kind: offer };
  }
  if (state === 'REJECTED' && viewer.isMember) return { kind: 'apply', isAgain: true };
  return { kind: 'none' };
}

/** How each state reads at a glance: on its way, done, refused, open, or just so. */
export const stateTones: Record<PromotionState, StatusTone> = {
  COMING_SOON: 'waiting',
  CLOSE: 'neutral',
  JOIN: 'good',
  JOINED: 'good',
  CLAIM: 'good',
  CLAIMED: 'good',
  APPLY: 'good',
  APPLYING: 'waiting',
  REJECTED: 'bad',
  ISSUED: 'good',
  PROCESS: 'waiting',
  NONE: 'neutral',
};

/** A state's badge; NONE (details only, or not for this member) shows none on a card. */
export function hasBadge(state: PromotionState): boolean {
  return state !== 'NONE';
}

/** The words (a key of `promotions`) that tell the member where they stand. */
export type StateLine = { key: string };

/**
 * The line under a promotion's details saying where the member stands, or null where the action
 * speaks for itself (an open offer) and for an information-only promotion.
 */
export function stateLineOf(input: {
  state: PromotionState;
  kind: PromotionKind;
  reason: PromotionReason | null;
  bonusStatus: string | null;
}): StateLine | null {
  const { state, kind, reason } = input;
  switch (state) {
    case 'COMING_SOON':
      return { key: 'promotions.stateLine.comingSoon' };
    case 'CLOSE':
      return { key: 'promotions.stateLine.closed' };
    case 'JOINED':
      return {
        key:
          kind === 'cashback' ? 'promotions.stateLine.joinedCashback' : 'promotions.stateLine.joinedDeposit',
      };
    case 'CLAIMED':
      return { key: 'promotions.stateLine.claimed' };
    case 'APPLYING':
      return { key: 'promotions.stateLine.applying' };
    case 'REJECTED':
      return { key: 'promotions.stateLine.rejected' };
    case 'ISSUED':
      return { key: 'promotions.stateLine.issued' };
    case 'PROCESS':
      return {
        key:
          input.bonusStatus === 'waiting'
            ? 'promotions.stateLine.bonusWaiting'
            : 'promotions.stateLine.bonusActive',
      };
    case 'NONE':
      return reason ? { key: `promotions.reason.${reason}` } : null;
    default:
      return null;
  }
}
