// Basic strategy for our rules (6 decks, dealer stands on soft 17, double after split, no
// surrender), from the standard charts; insurance is always declined. The simulation plays it to
// confirm the game's reference return.

import { rankOf } from '../fairness/cards.ts';
import {
  type BlackjackAction,
  type BlackjackState,
  computeHandTotal,
  listBlackjackActions,
  valueOfBlackjackCard,
} from './blackjack.ts';

/** The dealer's up card as 2 … 11 (ace 11). */
function upValue(state: BlackjackState): number {
  const value = valueOfBlackjackCard(state.dealer[0]!);
  return value === 1 ? 11 : value;
}

function shouldSplit(pairValue: number, up: number): boolean {
  switch (pairValue) {
    case 1:
    case 8:
      return true;
    case 9:
      return up !== 7 && up !== 10 && up !== 11;
    case 7:
    case 2:
    case 3:
      return up <= 7;
    case 6:
      return up <= 6;
    case 4:
      return up === 5 || up === 6;
    default:
      return false;
  }
}

export function chooseBasicStrategyAction(state: BlackjackState): BlackjackAction {
  const allowed = listBlackjackActions(state);
  if (allowed.includes('decline-insurance')) return 'decline-insurance';
  const hand = state.hands[state.activeHand]!;
  const up = upValue(state);
  const canDouble = allowed.includes('double');
  if (allowed.includes('split') && shouldSplit(valueOfBlackjackCard(hand.cards[0]!), up)) return 'split';
  const { total, isSoft } = computeHandTotal(hand.cards);
  if (isSoft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (up >= 3 && up <= 6) return canDouble ? 'double' : 'stand';
      return up <= 8 ? 'stand' : 'hit';
    }
    const doubleFrom = total === 17 ? 3 : total >= 15 ? 4 : 5;
    return canDouble && up >= doubleFrom && up <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return canDouble && up <= 10 ? 'double' : 'hit';
  if (total === 10) return canDouble && up <= 9 ? 'double' : 'hit';
  if (total === 9) return canDouble && up >= 3 && up <= 6 ? 'double' : 'hit';
  return 'hit';
}

/** Whether two cards make a pair by rank, for the tests. */
export function isPair(cards: readonly number[]): boolean {
  return cards.length === 2 && rankOf(cards[0]!) === rankOf(cards[1]!);
}
