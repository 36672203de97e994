import { describe, expect, it } from 'vitest';
import { rankOf, shuffleShoe, suitOf } from '../fairness/cards.ts';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { createRatio, isRatioEqual, ratioToNumber, ratioToPercent } from '../maths/ratio.ts';
import { readGameVectors, seedsOf, withBigIntStake } from '../testing/game-vectors.ts';
import {
  computeChiSquare,
  computeChiSquarePValue,
  countDraws,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '../testing/statistics.ts';
import { readVectors } from '../testing/vectors.ts';
import {
  BACCARAT_BET_KINDS,
  BACCARAT_RTP_PERCENT,
  type BaccaratBet,
  computeBaccaratPayoutMinor,
  computeBaccaratProbabilities,
  computeBaccaratReturns,
  dealBaccarat,
  doesBankerDraw,
  playBaccarat,
} from './baccarat.ts';

// Cards by rank: 0 = ace … 9 = ten, 12 = king (of spades).
const ACE = 0;
const TEN = 9;

describe('baccarat', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('baccarat')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<BaccaratBet>(bet),
      );
      const outcome = playBaccarat(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.player).toEqual(vector.player);
      expect(outcome.banker).toEqual(vector.banker);
      expect(outcome.playerTotal).toBe(vector.playerTotal);
      expect(outcome.bankerTotal).toBe(vector.bankerTotal);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
  });

  it('deals player, banker, player, banker, then the third cards, by the tableau', () => {
    // Player 2 + 3 = 5 draws a 4 (9); banker 10 + 4 = 4 draws on a third card of 4: takes the 7 (1).
    const shoe = [1, TEN, 2, 3, 3, 6, 8];
    expect(dealBaccarat(shoe)).toEqual({
      player: [1, 2, 3],
      banker: [TEN, 3, 6],
      playerTotal: 9,
      bankerTotal: 1,
    });
    // A natural stops both sides.
    expect(dealBaccarat([7, ACE, TEN, ACE, 5, 5])).toEqual({
      player: [7, TEN],
      banker: [ACE, ACE],
      playerTotal: 8,
      bankerTotal: 2,
    });
    // Player stands on 6; banker 5 draws.
    expect(dealBaccarat([5, 4, TEN, TEN, 2]).banker).toEqual([4, TEN, 2]);
    expect(doesBankerDraw(3, 8)).toBe(false);
    expect(doesBankerDraw(3, 9)).toBe(true);
    expect(doesBankerDraw(6, null)).toBe(false);
    expect(doesBankerDraw(6, 7)).toBe(true);
  });

  it('pays each bet its paytable, stake included, and pushes player and banker on a tie', () => {
    const hands = { player: [0, 13], banker: [1, 2] };
    const pay = (kind: BaccaratBet['kind'], winner: 'player' | 'banker' | 'tie') =>
      computeBaccaratPayoutMinor({ kind, stakeMinor: 1001n }, hands, winner);
    expect(pay('player', 'player')).toBe(2002n);
    expect(pay('player', 'tie')).toBe(1001n);
    expect(pay('player', 'banker')).toBe(0n);
    expect(pay('banker', 'banker')).toBe(1001n + 950n);
    expect(pay('banker', 'tie')).toBe(1001n);
    expect(pay('tie', 'tie')).toBe(9009n);
    expect(pay('tie', 'player')).toBe(0n);
    expect(pay('player-pair', 'banker')).toBe(12_012n);
    expect(pay('banker-pair', 'banker')).toBe(0n);
  });

  it('refuses unknown bets and repeated lists', () => {
    const rng = createRoundRng({ serverSeed: '2'.repeat(64), clientSeed: 'baccarat', nonce: 0 });
    expect(() => playBaccarat([{ kind: 'dragon' as 'tie', stakeMinor: 1n }], rng)).toThrow(GameError);
    expect(() => playBaccarat([], rng)).toThrow(GameError);
  });

  it('returns exactly its stated figures, by enumerating the 8-deck shoe', () => {
    const probabilities = computeBaccaratProbabilities();
    expect(ratioToNumber(probabilities.banker)).toBeCloseTo(0.458597, 6);
    expect(ratioToNumber(probabilities.player)).toBeCloseTo(0.446247, 6);
    expect(ratioToNumber(probabilities.tie)).toBeCloseTo(0.095156, 6);
    const independent = readVectors<{
      baccaratChances: Record<'player' | 'banker' | 'tie', { numerator: string; denominator: string }>;
    }>('games.json').baccaratChances;
    for (const kind of ['player', 'banker', 'tie'] as const) {
      const { numerator, denominator } = independent[kind];
      expect(
        isRatioEqual(probabilities[kind], createRatio(BigInt(numerator), BigInt(denominator))),
        kind,
      ).toBe(true);
    }
    const returns = computeBaccaratReturns(probabilities);
    for (const kind of BACCARAT_BET_KINDS)
      expect(ratioToPercent(returns[kind]), kind).toBe(BACCARAT_RTP_PERCENT[kind]);
  });

  it(
    'returns the exact figures over 100,000 fixed-seed hands, within the 99.9 % interval',
    () => {
      const returns = computeBaccaratReturns();
      const kinds = ['banker', 'player'] as const;
      const summary = simulateReturn(100_000, 'baccarat-simulation', (rng, round) =>
        playBaccarat([{ kind: kinds[round % 2]!, stakeMinor: 100_000n }], rng),
      );
      const exact = (ratioToNumber(returns.banker) + ratioToNumber(returns.player)) / 2;
      expect(Math.abs(summary.returnToPlayer - exact)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'deals each card of the deck equally often at the head of a shoe (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(52, 20_000, 'baccarat-chi-square', (rng, tally) => {
        const shoe = shuffleShoe(rng, 8);
        for (const card of shoe.slice(0, 6)) tally[card % 52]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 51)).toBeGreaterThan(0.001);
      expect([rankOf(51), suitOf(51)]).toEqual([12, 'diamonds']);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
