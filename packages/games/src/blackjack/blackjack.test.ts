import { describe, expect, it } from 'vitest';
import { createRoundRng, type RoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { parseState, serializeState } from '../state-json.ts';
import { readGameVectors, seedsOf } from '../testing/game-vectors.ts';
import { SIMULATION_TIMEOUT_MS, simulateReturn } from '../testing/statistics.ts';
import { chooseBasicStrategyAction, isPair } from './basic-strategy.ts';
import {
  applyBlackjackAction,
  BLACKJACK_RTP_PERCENT,
  type BlackjackAction,
  type BlackjackState,
  computeBlackjackExtraStakeMinor,
  computeBlackjackHandsMostMinor,
  computeHandTotal,
  findBlackjackActionRefusal,
  listBlackjackActions,
  playBlackjack,
  startBlackjack,
  viewBlackjack,
} from './blackjack.ts';

// Cards by rank (spades): ace 0, two 1, … ten 9, jack 10, queen 11, king 12.
const [ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const KING = 12;

/** A random source whose shuffle leaves the shoe as given: the deal then reads these cards in order. */
function stackedRng(cards: number[]): RoundRng {
  const rest = Array.from({ length: 312 }, (_, card) => card).filter((_, index) => index >= cards.length);
  const order = [...cards, ...rest];
  return {
    int: () => 0,
    float: () => 0,
    shuffle<T>(items: T[]): T[] {
      items.splice(0, items.length, ...(order as T[]));
      return items;
    },
    bytesRead: () => 0,
  };
}

function playOut(state: BlackjackState): BlackjackState {
  let current = state;
  while (current.phase !== 'settled')
    current = applyBlackjackAction(current, chooseBasicStrategyAction(current));
  return current;
}

describe('blackjack', () => {
  it('reaches the outcomes computed independently from GAMES.md, splits, doubles and insurance included', () => {
    for (const vector of readGameVectors('blackjack')) {
      const state = playBlackjack(
        { stakeMinor: BigInt(vector.stakeMinor as string), actions: vector.actions as BlackjackAction[] },
        createRoundRng(seedsOf(vector)),
      );
      expect(state.phase).toBe('settled');
      expect(state.hands.map((hand) => hand.cards)).toEqual(vector.hands);
      expect(state.dealer).toEqual(vector.dealer);
      expect(state.hands.map((hand) => String(hand.payoutMinor))).toEqual(vector.handPayoutsMinor);
      expect(state.insurancePayoutMinor).toBe(BigInt(vector.insurancePayoutMinor as string));
      expect(state.payoutMinor).toBe(BigInt(vector.payoutMinor as string));
    }
  });

  it('deals player, dealer, player, hole card, then draws in the order the hands act', () => {
    // Player 8 8, dealer 6 up and 10 in the hole; the split hands draw 3 then 2 (and each then stands), dealer draws 5.
    let state = startBlackjack(
      { stakeMinor: 100n },
      stackedRng([EIGHT, SIX, EIGHT + 13, TEN, THREE, TWO, FIVE]),
    );
    expect(state.hands[0]!.cards).toEqual([EIGHT, EIGHT + 13]);
    expect(state.dealer).toEqual([SIX, TEN]);
    state = applyBlackjackAction(state, 'split');
    expect(state.hands.map((hand) => hand.cards)).toEqual([[EIGHT, THREE], [EIGHT + 13]]);
    state = applyBlackjackAction(state, 'stand');
    expect(state.hands[1]!.cards).toEqual([EIGHT + 13, TWO]);
    state = applyBlackjackAction(state, 'stand');
    expect(state.dealer).toEqual([SIX, TEN, FIVE]);
    expect(state.phase).toBe('settled');
    // Dealer 21 beats 11 and 10.
    expect(state.payoutMinor).toBe(0n);
    expect(state.totalStakeMinor).toBe(200n);
  });

  it('pays a blackjack 3:2, and pushes it against a dealer blackjack', () => {
    const won = startBlackjack({ stakeMinor: 100n }, stackedRng([ACE, NINE, KING, SEVEN]));
    expect(won.phase).toBe('settled');
    expect(won.payoutMinor).toBe(250n);
    const pushed = applyBlackjackAction(
      startBlackjack({ stakeMinor: 100n }, stackedRng([ACE, ACE + 13, KING, KING + 13])),
      'decline-insurance',
    );
    expect(pushed.payoutMinor).toBe(100n);
  });

  it('offers insurance under an ace, which pays 2:1 when the dealer has blackjack', () => {
    const state = startBlackjack({ stakeMinor: 100n }, stackedRng([NINE, ACE, SEVEN, KING]));
    expect(listBlackjackActions(state)).toEqual(['insure', 'decline-insurance']);
    const insured = applyBlackjackAction(state, 'insure');
    expect(insured.phase).toBe('settled');
    expect(insured.insuranceStakeMinor).toBe(50n);
    expect(insured.insurancePayoutMinor).toBe(150n);
    expect(insured.payoutMinor).toBe(150n);
    expect(insured.totalStakeMinor).toBe(150n);
    const lost = applyBlackjackAction(
      startBlackjack({ stakeMinor: 100n }, stackedRng([NINE, ACE, SEVEN, FIVE, TWO])),
      'insure',
    );
    expect(lost.phase).toBe('player');
    expect(lost.insuranceStakeMinor).toBe(50n);
  });

  it('peeks under a ten: a dealer blackjack ends the round before the player acts', () => {
    const state = startBlackjack({ stakeMinor: 100n }, stackedRng([NINE, KING, SEVEN, ACE]));
    expect(state.phase).toBe('settled');
    expect(state.payoutMinor).toBe(0n);
  });

  it('stands on soft 17', () => {
    // Player 10 + 9 stands; dealer ace + 6 is soft 17 and stands.
    const state = applyBlackjackAction(
      applyBlackjackAction(
        startBlackjack({ stakeMinor: 100n }, stackedRng([TEN, ACE, NINE, SIX, FIVE])),
        'decline-insurance',
      ),
      'stand',
    );
    expect(state.dealer).toEqual([ACE, SIX]);
    expect(state.payoutMinor).toBe(200n);
  });

  it('doubles on any two cards, after a split too, for one card and twice the stake', () => {
    let state = startBlackjack(
      { stakeMinor: 100n },
      stackedRng([FIVE, SIX, FIVE + 13, TEN, SIX + 13, TEN + 13, FOUR, KING, SEVEN + 13]),
    );
    state = applyBlackjackAction(state, 'split');
    expect(listBlackjackActions(state)).toContain('double');
    state = applyBlackjackAction(state, 'double');
    expect(state.hands[0]).toMatchObject({
      cards: [FIVE, SIX + 13, TEN + 13],
      stakeMinor: 200n,
      isDoubled: true,
    });
    state = applyBlackjackAction(state, 'double');
    expect(state.hands[1]).toMatchObject({
      cards: [FIVE + 13, FOUR, KING],
      stakeMinor: 200n,
      isDoubled: true,
    });
    // Hands of 21 and 19 against the dealer's 16, who draws a seven and busts.
    expect(state.dealer).toEqual([SIX, TEN, SEVEN + 13]);
    expect(state.payoutMinor).toBe(800n);
  });

  it('gives split aces one card each, with no further action, and no blackjack for 21', () => {
    let state = startBlackjack(
      { stakeMinor: 100n },
      stackedRng([ACE, SEVEN, ACE + 13, TEN, KING, ACE + 26, EIGHT]),
    );
    state = applyBlackjackAction(state, 'split');
    expect(state.phase).toBe('settled');
    expect(state.hands.map((hand) => hand.cards)).toEqual([
      [ACE, KING],
      [ACE + 13, ACE + 26],
    ]);
    // 21 (not a blackjack) wins 1:1 against 17; soft 12 loses.
    expect(state.hands.map((hand) => hand.payoutMinor)).toEqual([200n, 0n]);
  });

  it('splits up to four hands and no more', () => {
    let state = startBlackjack(
      { stakeMinor: 100n },
      stackedRng([
        EIGHT,
        SIX,
        EIGHT + 13,
        TEN,
        EIGHT + 26,
        EIGHT + 39,
        EIGHT + 52,
        TWO,
        THREE,
        FOUR,
        FIVE,
        SIX + 13,
        SEVEN,
      ]),
    );
    state = applyBlackjackAction(state, 'split');
    state = applyBlackjackAction(state, 'split');
    state = applyBlackjackAction(state, 'split');
    expect(state.hands).toHaveLength(4);
    expect(isPair(state.hands[0]!.cards)).toBe(true);
    expect(listBlackjackActions(state)).not.toContain('split');
    expect(() => applyBlackjackAction(state, 'split')).toThrow(GameError);
  });

  it('knows the extra stake and the hands’ most of every double, split and insurance the engine takes', () => {
    const staked = (state: BlackjackState) =>
      state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor);
    let checked = 0;
    for (let nonce = 0; nonce < 3000; nonce += 1) {
      let state = startBlackjack(
        { stakeMinor: 1000n },
        createRoundRng({ serverSeed: 'a'.repeat(64), clientSeed: 'money', nonce }),
      );
      while (state.phase !== 'settled') {
        for (const action of listBlackjackActions(state)) {
          if (action !== 'double' && action !== 'split' && action !== 'insure') continue;
          const next = applyBlackjackAction(state, action);
          expect(computeBlackjackExtraStakeMinor(state, action)).toBe(staked(next) - staked(state));
          if (action !== 'insure') {
            // The server's figure (house-games assertActionWithinMaxWin) from the state after the action.
            const handsMost = next.hands.reduce((sum, hand) => sum + 2n * hand.stakeMinor, 0n);
            expect(computeBlackjackHandsMostMinor(state, action)).toBe(handsMost);
          }
          checked += 1;
        }
        state = applyBlackjackAction(state, chooseBasicStrategyAction(state));
      }
    }
    // Enough doubles, splits and insurances that each kind was met many times.
    expect(checked).toBeGreaterThan(1000);
  });

  it('refuses a double or split the balance cannot cover or after which the hands could pass the maximum win', () => {
    // Player 8 8 against a dealer 6: double and split both take another 10.00 (1000 minor).
    const state = startBlackjack({ stakeMinor: 1000n }, stackedRng([EIGHT, SIX, EIGHT + 13, TEN]));
    expect(listBlackjackActions(state)).toEqual(['hit', 'stand', 'double', 'split']);
    const plenty = { balanceMinor: 1000n, maxWinMinor: 4000n };
    expect(findBlackjackActionRefusal(state, 'double', plenty)).toBeNull();
    expect(findBlackjackActionRefusal(state, 'split', plenty)).toBeNull();
    expect(findBlackjackActionRefusal(state, 'double', { ...plenty, balanceMinor: 999n })).toBe('funds');
    expect(findBlackjackActionRefusal(state, 'split', { ...plenty, maxWinMinor: 3999n })).toBe('max-win');
    expect(findBlackjackActionRefusal(state, 'hit', { balanceMinor: 0n, maxWinMinor: 0n })).toBeNull();
    // The client reads the view off the wire, where the stakes are {"$bigint"} until parsed.
    const view = parseState<BlackjackState>(serializeState(viewBlackjack(state)));
    expect(findBlackjackActionRefusal(view, 'double', { ...plenty, balanceMinor: 999n })).toBe('funds');
  });

  it('moves only along its edges', () => {
    const state = startBlackjack({ stakeMinor: 100n }, stackedRng([TEN, FIVE, SIX, TEN, TWO]));
    expect(listBlackjackActions(state)).toEqual(['hit', 'stand', 'double']);
    expect(() => applyBlackjackAction(state, 'insure')).toThrow(GameError);
    const hit = applyBlackjackAction(state, 'hit');
    expect(listBlackjackActions(hit)).toEqual(['hit', 'stand']);
    const settled = playOut(hit);
    expect(listBlackjackActions(settled)).toEqual([]);
    expect(() => applyBlackjackAction(settled, 'stand')).toThrow(GameError);
    expect(() => startBlackjack({ stakeMinor: 0n }, stackedRng([]))).toThrow(GameError);
  });

  it('hides the hole card and the shoe until the round is settled, and resumes from stored state', () => {
    // Player 10 + 6 against the dealer's 9 up and 8 in the hole: the player still acts.
    const state = startBlackjack({ stakeMinor: 100n }, stackedRng([TEN, NINE, SIX, EIGHT, FIVE]));
    expect(state.phase).toBe('player');
    const view = viewBlackjack(state);
    expect(view.dealer).toEqual([NINE, null]);
    expect('shoe' in view).toBe(false);
    const settled = applyBlackjackAction(state, 'stand');
    expect(viewBlackjack(settled).dealer).toEqual([NINE, EIGHT]);
    const restored = parseState<BlackjackState>(serializeState(state));
    expect(restored).toEqual(state);
    expect(playOut(restored)).toEqual(playOut(state));
    expect(computeHandTotal([ACE, SIX])).toEqual({ total: 17, isSoft: true });
    expect(computeHandTotal([ACE, SIX, TEN])).toEqual({ total: 17, isSoft: false });
  });

  it(
    `returns about ${BLACKJACK_RTP_PERCENT} % with basic strategy over 100,000 fixed-seed rounds (99.9 % interval)`,
    () => {
      // Blackjack's return per initial stake: each round counts its net result (doubles, splits
      // and insurance included) against the one initial stake.
      const summary = simulateReturn(100_000, 'blackjack-simulation', (rng) => {
        const state = playOut(startBlackjack({ stakeMinor: 100n }, rng));
        return { stakeMinor: 100n, payoutMinor: 100n + state.payoutMinor - state.totalStakeMinor };
      });
      expect(Math.abs(summary.returnToPlayer - BLACKJACK_RTP_PERCENT / 100)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
