import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { createRatio, isRatioEqual, ratioToNumber, ratioToPercent } from '../maths/ratio.ts';
import { readGameVectors, seedsOf } from '../testing/game-vectors.ts';
import {
  computeChiSquare,
  computeChiSquarePValue,
  countDraws,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '../testing/statistics.ts';
import { readVectors } from '../testing/vectors.ts';
import {
  CLASSIC_SLOT_RTP_PERCENT,
  CLASSIC_STRIPS,
  computeClassicLineMultiplier,
  computeClassicSlotReturn,
  playClassicSlot,
} from './classic-slot.ts';

type SlotReturns = { slotReturns: Record<'classic' | 'video', { numerator: string; denominator: string }> };

describe('classic slot 3×3', () => {
  it('reaches the outcomes computed independently from GAMES.md and the strips', () => {
    for (const vector of readGameVectors('classicSlot')) {
      const outcome = playClassicSlot(
        { lineStakeMinor: BigInt(vector.lineStakeMinor as string) },
        createRoundRng(seedsOf(vector)),
      );
      expect(outcome.stops).toEqual(vector.stops);
      expect(outcome.payoutMinor).toBe(BigInt(vector.payoutMinor as string));
    }
  });

  it('shows stop, stop + 1 and stop + 2 on each reel, wrapping, and pays the five lines', () => {
    const rng = createRoundRng({ serverSeed: '4'.repeat(64), clientSeed: 'classic', nonce: 0 });
    const outcome = playClassicSlot({ lineStakeMinor: 10n }, rng);
    outcome.window.forEach((column, reel) => {
      const strip = CLASSIC_STRIPS[reel]!;
      expect(column).toEqual([0, 1, 2].map((row) => strip[(outcome.stops[reel]! + row) % strip.length]));
    });
    expect(outcome.stakeMinor).toBe(50n);
  });

  it('pays three of a kind and cherries from the left, per the paytable', () => {
    expect(computeClassicLineMultiplier(['seven', 'seven', 'seven'])).toBe(200n);
    expect(computeClassicLineMultiplier(['bar', 'bar', 'bar'])).toBe(60n);
    expect(computeClassicLineMultiplier(['bell', 'bell', 'bell'])).toBe(30n);
    expect(computeClassicLineMultiplier(['plum', 'plum', 'plum'])).toBe(20n);
    expect(computeClassicLineMultiplier(['orange', 'orange', 'orange'])).toBe(15n);
    expect(computeClassicLineMultiplier(['lemon', 'lemon', 'lemon'])).toBe(12n);
    expect(computeClassicLineMultiplier(['cherry', 'cherry', 'cherry'])).toBe(10n);
    expect(computeClassicLineMultiplier(['cherry', 'cherry', 'bell'])).toBe(5n);
    expect(computeClassicLineMultiplier(['cherry', 'bell', 'cherry'])).toBe(2n);
    expect(computeClassicLineMultiplier(['bell', 'cherry', 'cherry'])).toBe(0n);
    expect(computeClassicLineMultiplier(['seven', 'seven', 'bar'])).toBe(0n);
    expect(() =>
      playClassicSlot(
        { lineStakeMinor: 0n },
        createRoundRng({ serverSeed: '4'.repeat(64), clientSeed: 'c', nonce: 0 }),
      ),
    ).toThrow(GameError);
  });

  it('returns exactly its stated figure, 96.0 % ± 0.1, by enumerating every stop combination', () => {
    const exact = computeClassicSlotReturn();
    expect(ratioToPercent(exact)).toBe(CLASSIC_SLOT_RTP_PERCENT);
    expect(Math.abs(ratioToNumber(exact) - 0.96)).toBeLessThanOrEqual(0.001);
    const independent = readVectors<SlotReturns>('games.json').slotReturns.classic;
    expect(
      isRatioEqual(exact, createRatio(BigInt(independent.numerator), BigInt(independent.denominator))),
    ).toBe(true);
  });

  it(
    'returns the exact figure over 100,000 fixed-seed spins, within the 99.9 % interval',
    () => {
      const summary = simulateReturn(100_000, 'classic-simulation', (rng) =>
        playClassicSlot({ lineStakeMinor: 20n }, rng),
      );
      expect(Math.abs(summary.returnToPlayer - ratioToNumber(computeClassicSlotReturn()))).toBeLessThan(
        summary.halfWidth,
      );
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'stops each reel on each position equally often (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(CLASSIC_STRIPS[0]!.length, 30_000, 'classic-chi-square', (rng, tally) => {
        tally[playClassicSlot({ lineStakeMinor: 1n }, rng).stops[0]!]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), CLASSIC_STRIPS[0]!.length - 1)).toBeGreaterThan(
        0.001,
      );
    },
    SIMULATION_TIMEOUT_MS,
  );
});
