import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import {
  applyBlackjackAction,
  BLACKJACK_HANDS_MAX,
  type BlackjackState,
  computeHandTotal,
  listBlackjackActions,
  startBlackjack,
} from './blackjack.ts';

describe('blackjack, whatever the player does', () => {
  it('deals every card from the shoe in order, once, and settles within its stakes', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.array(fc.nat({ max: 5 }), { minLength: 30, maxLength: 30 }),
        (nonce, choices) => {
          let state: BlackjackState = startBlackjack(
            { stakeMinor: 1000n },
            createRoundRng({ serverSeed: '6'.repeat(64), clientSeed: 'property', nonce }),
          );
          for (const choice of choices) {
            const allowed = listBlackjackActions(state);
            if (allowed.length === 0) break;
            state = applyBlackjackAction(state, allowed[choice % allowed.length]!);
          }
          expect(state.phase).toBe('settled');
          expect(state.hands.length).toBeLessThanOrEqual(BLACKJACK_HANDS_MAX);
          // The cards in play are exactly the shoe's first cards, dealt once each.
          const inPlay = [...state.hands.flatMap((hand) => hand.cards), ...state.dealer].sort(
            (a, b) => a - b,
          );
          expect(inPlay).toEqual(state.shoe.slice(0, state.nextCard).sort((a, b) => a - b));
          for (const hand of state.hands) {
            expect(hand.payoutMinor).not.toBeNull();
            expect(hand.payoutMinor! <= (hand.stakeMinor * 5n) / 2n).toBe(true);
            if (computeHandTotal(hand.cards).total > 21) expect(hand.payoutMinor).toBe(0n);
          }
          expect(state.totalStakeMinor).toBe(
            state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
