import { describe, expect, it } from 'vitest';
import {
  COLOURS,
  type ColourGameBet,
  computeColourGameReturn,
  playColourGame,
} from '../colour-game/colour-game.ts';
import { createRoundRng } from '../fairness/round-rng.ts';
import {
  FISH_PRAWN_CRAB_SYMBOLS,
  type FishPrawnCrabBet,
  playFishPrawnCrab,
} from '../fish-prawn-crab/fish-prawn-crab.ts';
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
import {
  computeMatchingDiceReturn,
  computeMatchingPayoutMinor,
  MATCHING_DICE_RTP_PERCENT,
} from './matching-dice.ts';

describe('the colour game and fish-prawn-crab', () => {
  it('reach the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('colourGame')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<ColourGameBet>(bet),
      );
      const outcome = playColourGame(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.dice).toEqual(vector.dice);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
    for (const vector of readGameVectors('fishPrawnCrab')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<FishPrawnCrabBet>(bet),
      );
      const outcome = playFishPrawnCrab(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.dice).toEqual(vector.dice);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
  });

  it('pay 1:1, 2:1 and 3:1 for one, two and three matches, stake included', () => {
    expect([0, 1, 2, 3].map((matches) => computeMatchingPayoutMinor(100n, matches))).toEqual([
      0n,
      200n,
      300n,
      400n,
    ]);
  });

  it('refuse an unknown face, no bet, or more bets than faces', () => {
    const rng = createRoundRng({ serverSeed: 'f'.repeat(64), clientSeed: 'perya', nonce: 0 });
    expect(() => playColourGame([{ face: 'purple' as 'red', stakeMinor: 1n }], rng)).toThrow(GameError);
    expect(() => playFishPrawnCrab([{ face: 'red' as 'fish', stakeMinor: 1n }], rng)).toThrow(GameError);
    expect(() => playColourGame([], rng)).toThrow(GameError);
    expect(() =>
      playColourGame(
        Array.from({ length: 7 }, () => ({ face: 'red' as const, stakeMinor: 1n })),
        rng,
      ),
    ).toThrow(GameError);
  });

  it('return exactly 199/216 on a face, by enumerating the 216 throws', () => {
    expect(isRatioEqual(computeMatchingDiceReturn(), createRatio(199, 216))).toBe(true);
    expect(ratioToPercent(computeColourGameReturn())).toBe(MATCHING_DICE_RTP_PERCENT);
  });

  it(
    'return the exact figure over 100,000 fixed-seed rounds, within the 99.9 % interval',
    () => {
      const exact = ratioToNumber(computeMatchingDiceReturn());
      const colours = simulateReturn(100_000, 'colour-simulation', (rng, round) =>
        playColourGame([{ face: COLOURS[round % 6]!, stakeMinor: 100n }], rng),
      );
      expect(Math.abs(colours.returnToPlayer - exact)).toBeLessThan(colours.halfWidth);
      const symbols = simulateReturn(100_000, 'baucua-simulation', (rng, round) =>
        playFishPrawnCrab([{ face: FISH_PRAWN_CRAB_SYMBOLS[round % 6]!, stakeMinor: 100n }], rng),
      );
      expect(Math.abs(symbols.returnToPlayer - exact)).toBeLessThan(symbols.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'show each face equally often (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(6, 40_000, 'colour-chi-square', (rng, tally) => {
        for (const face of playColourGame([{ face: 'red', stakeMinor: 1n }], rng).dice)
          tally[COLOURS.indexOf(face)]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 5)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
