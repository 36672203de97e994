// Blackjack (GAMES.md): a fresh 6-deck shoe per round, dealt player, dealer, player, dealer's hole
// card, then each draw in the order the hands act. The dealer stands on soft 17 and peeks for
// blackjack under an ace or a ten-value card; blackjack pays 3:2; insurance (half the stake) pays
// 2:1 and is offered under an ace; the player may double on any two cards, also after a split,
// and split a pair (two cards of the same rank) up to four hands; split aces get one card each
// and cannot be split again or doubled; 21 after a split is not a blackjack; no surrender. A hand
// that reaches 21 stands by itself.
//
// The round is a state machine, insurance → player → settled, moved only by the actions
// listBlackjackActions allows. The state is plain data (serialise it with state-json.ts) so that
// an open round resumes after a restart; it holds the shuffled shoe, which the player must not
// see: send viewBlackjack() instead.

import { rankOf, shuffleShoe } from '../fairness/cards.ts';
import type { RoundRng } from '../fairness/round-rng.ts';
import { assertInvariant, assertStake, GameError } from '../game-error.ts';

export const BLACKJACK_DECKS = 6;
export const BLACKJACK_HANDS_MAX = 4;
/** The reference return with basic strategy for these rules; confirmed by simulation, not derived. */
export const BLACKJACK_RTP_PERCENT = 99.5;

export type BlackjackAction = 'insure' | 'decline-insurance' | 'hit' | 'stand' | 'double' | 'split';
export type BlackjackPhase = 'insurance' | 'player' | 'settled';

export type BlackjackHand = {
  cards: number[];
  stakeMinor: bigint;
  isDoubled: boolean;
  isSplitAces: boolean;
  isFromSplit: boolean;
  isDone: boolean;
  /** Set at settlement: what the wallet credits for this hand. */
  payoutMinor: bigint | null;
};

export type BlackjackState = {
  game: 'blackjack';
  stakeMinor: bigint;
  /** The shuffled shoe; secret until the round is settled. */
  shoe: number[];
  nextCard: number;
  /** Up card, hole card, then the dealer's draws. */
  dealer: number[];
  hands: BlackjackHand[];
  activeHand: number;
  insurance: 'not-offered' | 'pending' | 'taken' | 'declined';
  insuranceStakeMinor: bigint;
  insurancePayoutMinor: bigint;
  phase: BlackjackPhase;
  /** Every action taken, in order, so that a verifier can replay the round. */
  actions: BlackjackAction[];
  /** At settlement: all stakes (initial, doubles, splits, insurance) and everything credited. */
  totalStakeMinor: bigint;
  payoutMinor: bigint;
};

export type BlackjackView = Omit<BlackjackState, 'shoe' | 'dealer'> & { dealer: Array<number | null> };

/** Ace 1 (or 11), two to ten at face value, pictures 10. */
export function valueOfBlackjackCard(card: number): number {
  return Math.min(rankOf(card) + 1, 10);
}

export type HandTotal = { total: number; isSoft: boolean };

export function computeHandTotal(cards: readonly number[]): HandTotal {
  let total = 0;
  let hasAce = false;
  for (const card of cards) {
    const value = valueOfBlackjackCard(card);
    total += value;
    if (value === 1) hasAce = true;
  }
  if (hasAce && total + 10 <= 21) return { total: total + 10, isSoft: true };
  return { total, isSoft: false };
}

export function isBlackjack(cards: readonly number[]): boolean {
  return cards.length === 2 && computeHandTotal(cards).total === 21;
}

function drawCard(state: BlackjackState): number {
  const card = state.shoe[state.nextCard];
  assertInvariant(card !== undefined, 'a blackjack shoe never runs out within one round');
  state.nextCard += 1;
  return card;
}

function createHand(
  cards: number[],
  stakeMinor: bigint,
  isFromSplit: boolean,
  isSplitAces: boolean,
): BlackjackHand {
  return { cards, stakeMinor, isDoubled: false, isSplitAces, isFromSplit, isDone: false, payoutMinor: null };
}

export function startBlackjack(bet: { stakeMinor: bigint }, rng: RoundRng): BlackjackState {
  assertStake(bet.stakeMinor);
  const shoe = shuffleShoe(rng, BLACKJACK_DECKS);
  const state: BlackjackState = {
    game: 'blackjack',
    stakeMinor: bet.stakeMinor,
    shoe,
    nextCard: 4,
    dealer: [shoe[1]!, shoe[3]!],
    hands: [createHand([shoe[0]!, shoe[2]!], bet.stakeMinor, false, false)],
    activeHand: 0,
    insurance: 'not-offered',
    insuranceStakeMinor: 0n,
    insurancePayoutMinor: 0n,
    phase: 'insurance',
    actions: [],
    totalStakeMinor: 0n,
    payoutMinor: 0n,
  };
  if (rankOf(shoe[1]!) === 0) {
    state.insurance = 'pending';
    return state;
  }
  return peekAndBegin(state);
}

/** After insurance: the dealer peeks under an ace or ten; a blackjack on either side ends the round. */
function peekAndBegin(state: BlackjackState): BlackjackState {
  const hand = state.hands[0]!;
  if (isBlackjack(state.dealer) || isBlackjack(hand.cards)) {
    hand.isDone = true;
    return settle(state);
  }
  state.phase = 'player';
  return state;
}

export function listBlackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insure', 'decline-insurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.activeHand]!;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2 && !hand.isSplitAces) {
    actions.push('double');
    if (rankOf(hand.cards[0]!) === rankOf(hand.cards[1]!) && state.hands.length < BLACKJACK_HANDS_MAX) {
      actions.push('split');
    }
  }
  return actions;
}

export function applyBlackjackAction(current: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!listBlackjackActions(current).includes(action)) {
    throw new GameError('INVALID_ACTION', `cannot ${action} now`, { phase: current.phase, action });
  }
  const state = copyState(current);
  state.actions.push(action);
  switch (action) {
    case 'insure':
      state.insurance = 'taken';
      state.insuranceStakeMinor = state.stakeMinor / 2n;
      return peekAndBegin(state);
    case 'decline-insurance':
      state.insurance = 'declined';
      return peekAndBegin(state);
    case 'hit': {
      const hand = state.hands[state.activeHand]!;
      hand.cards.push(drawCard(state));
      if (computeHandTotal(hand.cards).total >= 21) hand.isDone = true;
      return advance(state);
    }
    case 'stand':
      state.hands[state.activeHand]!.isDone = true;
      return advance(state);
    case 'double': {
      const hand = state.hands[state.activeHand]!;
      hand.stakeMinor *= 2n;
      hand.isDoubled = true;
      hand.cards.push(drawCard(state));
      hand.isDone = true;
      return advance(state);
    }
    case 'split': {
      const hand = state.hands[state.activeHand]!;
      const isAces = rankOf(hand.cards[0]!) === 0;
      const second = hand.cards.pop()!;
      hand.isFromSplit = true;
      hand.isSplitAces = isAces;
      state.hands.splice(state.activeHand + 1, 0, createHand([second], state.stakeMinor, true, isAces));
      dealSecondCard(state, hand);
      return advance(state);
    }
  }
}

/** A copy that the action may change; the shoe is never changed after the deal, so it is shared. */
function copyState(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    actions: [...state.actions],
  };
}

/** A split hand gets its second card when it starts to act; split aces then stand. */
function dealSecondCard(state: BlackjackState, hand: BlackjackHand): void {
  hand.cards.push(drawCard(state));
  if (hand.isSplitAces || computeHandTotal(hand.cards).total === 21) hand.isDone = true;
}

/** Moves to the next hand that still acts, dealing split hands their second card, or ends the round. */
function advance(state: BlackjackState): BlackjackState {
  for (;;) {
    const hand = state.hands[state.activeHand]!;
    if (!hand.isDone) return state;
    if (state.activeHand + 1 >= state.hands.length) break;
    state.activeHand += 1;
    const next = state.hands[state.activeHand]!;
    if (next.cards.length === 1) dealSecondCard(state, next);
  }
  const isAnyHandLive = state.hands.some((hand) => computeHandTotal(hand.cards).total <= 21);
  if (isAnyHandLive) {
    // The dealer stands on every 17, soft 17 included.
    while (computeHandTotal(state.dealer).total < 17) state.dealer.push(drawCard(state));
  }
  return settle(state);
}

function settle(state: BlackjackState): BlackjackState {
  const dealerTotal = computeHandTotal(state.dealer).total;
  const dealerHasBlackjack = isBlackjack(state.dealer);
  for (const hand of state.hands) {
    const total = computeHandTotal(hand.cards).total;
    const hasBlackjack = !hand.isFromSplit && isBlackjack(hand.cards);
    let payout: bigint;
    if (hasBlackjack)
      payout = dealerHasBlackjack ? hand.stakeMinor : hand.stakeMinor + (hand.stakeMinor * 3n) / 2n;
    else if (dealerHasBlackjack || total > 21) payout = 0n;
    else if (dealerTotal > 21 || total > dealerTotal) payout = 2n * hand.stakeMinor;
    else payout = total === dealerTotal ? hand.stakeMinor : 0n;
    hand.payoutMinor = payout;
  }
  state.insurancePayoutMinor =
    state.insurance === 'taken' && dealerHasBlackjack ? 3n * state.insuranceStakeMinor : 0n;
  state.totalStakeMinor = state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor);
  state.payoutMinor = state.hands.reduce((sum, hand) => sum + hand.payoutMinor!, state.insurancePayoutMinor);
  state.phase = 'settled';
  return state;
}

/** What the player may see: the hole card and the shoe stay hidden until the round is settled. */
export function viewBlackjack(state: BlackjackState): BlackjackView {
  const { shoe: _shoe, dealer, ...visible } = state;
  const isSettled = state.phase === 'settled';
  return { ...visible, dealer: isSettled ? [...dealer] : [dealer[0]!, null] };
}

/** Plays a round from a list of actions, as the verifier replays it. */
export function playBlackjack(
  bet: { stakeMinor: bigint; actions: BlackjackAction[] },
  rng: RoundRng,
): BlackjackState {
  let state = startBlackjack(bet, rng);
  for (const action of bet.actions) state = applyBlackjackAction(state, action);
  return state;
}

/** Why the server would refuse an action the cards allow: the balance or the table's maximum win. */
export type BlackjackActionRefusal = 'funds' | 'max-win';

type BlackjackStakes = Pick<BlackjackState, 'stakeMinor' | 'hands' | 'activeHand'>;

/**
 * The money an action takes on top of what is staked: a double the active hand's stake again, a
 * split a new hand at the round's stake, insurance half the round's stake; the others nothing.
 */
export function computeBlackjackExtraStakeMinor(state: BlackjackStakes, action: BlackjackAction): bigint {
  switch (action) {
    case 'double':
      return state.hands[state.activeHand]!.stakeMinor;
    case 'split':
      return state.stakeMinor;
    case 'insure':
      return state.stakeMinor / 2n;
    default:
      return 0n;
  }
}

/**
 * The most the hands could pay after a double or split, each hand's stake paid 1:1 (a split hand's
 * 21 is no blackjack): the figure the server holds against the table's maximum win before it takes
 * the stake. Insurance adds no hand, and the deal was already checked with a natural's 3:2.
 */
export function computeBlackjackHandsMostMinor(state: BlackjackStakes, action: BlackjackAction): bigint {
  const staked = state.hands.reduce((sum, hand) => sum + hand.stakeMinor, 0n);
  const added =
    action === 'double' || action === 'split' ? computeBlackjackExtraStakeMinor(state, action) : 0n;
  return 2n * (staked + added);
}

/**
 * Whether the server would refuse an action the cards allow (listBlackjackActions) for money
 * reasons, so that a client can hide it and say why: the extra stake must be covered by the
 * balance, and a double or split must leave the hands within the maximum win.
 */
export function findBlackjackActionRefusal(
  state: BlackjackStakes,
  action: BlackjackAction,
  money: { balanceMinor: bigint; maxWinMinor: bigint },
): BlackjackActionRefusal | null {
  if (computeBlackjackExtraStakeMinor(state, action) > money.balanceMinor) return 'funds';
  if (
    (action === 'double' || action === 'split') &&
    computeBlackjackHandsMostMinor(state, action) > money.maxWinMinor
  )
    return 'max-win';
  return null;
}
