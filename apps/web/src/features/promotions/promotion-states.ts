import type { PromotionKind, PromotionReason, PromotionState } from './api/promotions';

/**
 * What the member may do about a promotion in its state (docs/promotions.md "The member's state of
 * a promotion"): join, claim or apply (again, after a rejection), claim a raffle's prize (in the
 * raffle's own list of prizes), log in first (a visitor, shown the offer as members see it), or
 * nothing.
 */
export type PromotionAction =
  | { kind: 'join' }
  | { kind: 'claim' }
  | { kind: 'claimPrize' }
  | { kind: 'apply'; isAgain: boolean }
  | { kind: 'login'; offer: 'join' | 'claim' | 'apply' }
  | { kind: 'none' };

const offers = { JOIN: 'join', CLAIM: 'claim', APPLY: 'apply' } as const;

function isOffer(state: PromotionState): state is keyof typeof offers {
  return Object.hasOwn(offers, state);
}

/**
 * The action a state offers. An application promotion may take another application where the
 * detail's `mayApplyAgain` says so (after a first rejection, or after a grant where the promotion
 * grants more than once); a list's card does not know it and leads to the details. A raffle's
 * CLAIM is a prize the member won, claimed prize by prize in the details; any other CLAIM (a newbie
 * bonus, an app-download bonus once the member has the installed app on record) is one claim call.
 */
export function actionOf(
  state: PromotionState,
  viewer: { isMember: boolean; mayApplyAgain?: boolean; kind?: PromotionKind },
): PromotionAction {
  if (state === 'CLAIM' && viewer.kind === 'raffle') {
    return viewer.isMember ? { kind: 'claimPrize' } : { kind: 'none' };
  }
  if (isOffer(state)) {
    const offer = offers[state];
    if (!viewer.isMember) return { kind: 'login', offer };
    return offer === 'apply' ? { kind: 'apply', isAgain: false } : { kind: offer };
  }
  if (viewer.isMember && viewer.mayApplyAgain === true) return { kind: 'apply', isAgain: true };
  return { kind: 'none' };
}

/**
 * The lines (keys of the locales' `promotions`) under a promotion's details saying where the member
 * stands: the state's own line, then why, when the server gives a reason (a joined member who
 * turned promotions off, a grant that will wait for the running bonus, a promotion for others). An
 * open offer speaks through its button, and a visitor's reason (LOGIN) through the login button; a
 * raffle's prize to claim is said, since its Claim buttons are in the raffle's list of prizes.
 */
export function standingLinesOf(input: {
  state: PromotionState;
  kind: PromotionKind;
  reason: PromotionReason | null;
  bonusStatus: string | null;
}): string[] {
  const { state, kind, reason } = input;
  const lines: string[] = [];
  const stateLine = stateLineOf(state, kind, input.bonusStatus);
  if (stateLine) lines.push(stateLine);
  if (reason && reason !== 'LOGIN') lines.push(`promotions.reason.${reason}`);
  return lines;
}

function stateLineOf(state: PromotionState, kind: PromotionKind, bonusStatus: string | null): string | null {
  switch (state) {
    case 'COMING_SOON':
      return 'promotions.stateLine.comingSoon';
    case 'CLOSE':
      return 'promotions.stateLine.closed';
    case 'JOINED':
      if (kind === 'raffle') return 'promotions.stateLine.joinedRaffle';
      return kind === 'cashback'
        ? 'promotions.stateLine.joinedCashback'
        : 'promotions.stateLine.joinedDeposit';
    case 'CLAIM':
      return kind === 'raffle' ? 'promotions.stateLine.prizeToClaim' : null;
    case 'CLAIMED':
      return 'promotions.stateLine.claimed';
    case 'APPLYING':
      return 'promotions.stateLine.applying';
    case 'REJECTED':
      return 'promotions.stateLine.rejected';
    case 'ISSUED':
      return 'promotions.stateLine.issued';
    case 'PROCESS':
      return bonusStatus === 'waiting'
        ? 'promotions.stateLine.bonusWaiting'
        : 'promotions.stateLine.bonusActive';
    default:
      return null;
  }
}
