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
  capVideoWinMinor,
  computeVideoMaxPayoutMinor,
  computeVideoMaxRoundWin,
  computeVideoSlotReturn,
  computeVideoSpinMaxima,
  evaluateVideoLine,
  playVideoSlot,
  VIDEO_LINES,
  VIDEO_MAX_WIN_MULTIPLIER,
  VIDEO_SLOT_RTP_PERCENT,
  VIDEO_STRIPS,
} from './video-slot.ts';

type SlotReturns = { slotReturns: Record<'classic' | 'video', { numerator: string; denominator: string }> };

describe('video slot 5×3', () => {
  it('reaches the outcomes computed independently, free spins included', () => {
    let withFreeSpins = 0;
    for (const vector of readGameVectors('videoSlot')) {
      const outcome = playVideoSlot(
        { lineStakeMinor: BigInt(vector.lineStakeMinor as string) },
        createRoundRng(seedsOf(vector)),
      );
      expect(outcome.base.stops).toEqual(vector.stops);
      expect(outcome.base.scatters).toBe(vector.scatters);
      expect(outcome.freeSpins.map((spin) => spin.stops)).toEqual(vector.freeSpinStops);
      expect(outcome.payoutMinor).toBe(BigInt(vector.payoutMinor as string));
      if (outcome.freeSpins.length > 0) withFreeSpins += 1;
    }
    expect(withFreeSpins).toBeGreaterThanOrEqual(1);
  });

  it('has 25 distinct lines, one row per reel', () => {
    expect(new Set(VIDEO_LINES.map((line) => line.join(''))).size).toBe(25);
    for (const line of VIDEO_LINES)
      expect(line.every((row) => row >= 0 && row <= 2) && line.length === 5).toBe(true);
  });

  it('lets the wild substitute, never for the scatter, and pays the better run', () => {
    expect(evaluateVideoLine(['mango', 'mango', 'mango', 'ten', 'ten'])).toEqual({
      symbol: 'mango',
      count: 3,
      multiplier: 40n,
    });
    expect(evaluateVideoLine(['mango', 'wild', 'mango', 'wild', 'mango'])).toEqual({
      symbol: 'mango',
      count: 5,
      multiplier: 500n,
    });
    expect(evaluateVideoLine(['wild', 'wild', 'wild', 'ten', 'king'])).toEqual({
      symbol: 'wild',
      count: 3,
      multiplier: 50n,
    });
    expect(evaluateVideoLine(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({
      symbol: 'wild',
      count: 5,
      multiplier: 1000n,
    });
    // Three wilds then two tens: wild ×3 pays 50, ten ×5 pays 80.
    expect(evaluateVideoLine(['wild', 'wild', 'wild', 'ten', 'ten'])).toEqual({
      symbol: 'ten',
      count: 5,
      multiplier: 80n,
    });
    expect(evaluateVideoLine(['wild', 'wild', 'scatter', 'ten', 'ten'])).toBeNull();
    expect(evaluateVideoLine(['scatter', 'mango', 'mango', 'mango', 'mango'])).toBeNull();
    expect(evaluateVideoLine(['king', 'king', 'queen', 'king', 'king'])).toBeNull();
  });

  it('pays scatters on the total stake, and doubles every win of the free spins', () => {
    const vectors = readGameVectors('videoSlot').filter((vector) => (vector.scatters as number) >= 3);
    const vector = vectors[0]!;
    const outcome = playVideoSlot({ lineStakeMinor: 4n }, createRoundRng(seedsOf(vector)));
    expect(outcome.freeSpins).toHaveLength({ 3: 8, 4: 12, 5: 20 }[outcome.base.scatters as 3 | 4 | 5]);
    const baseLines = outcome.base.lines.reduce((sum, win) => sum + win.multiplier, 0n);
    expect(outcome.base.winMinor).toBe(4n * (baseLines + 2n * 25n));
    for (const spin of outcome.freeSpins) {
      const lines = spin.lines.reduce((sum, win) => sum + win.multiplier, 0n);
      const scatters = ({ 3: 2n, 4: 10n, 5: 50n } as Record<number, bigint>)[spin.scatters] ?? 0n;
      expect(spin.winMinor).toBe(2n * 4n * (lines + scatters * 25n));
    }
    expect(outcome.stakeMinor).toBe(100n);
    expect(() => playVideoSlot({ lineStakeMinor: -4n }, createRoundRng(seedsOf(vector)))).toThrow(GameError);
  });

  it('caps a round’s win, free spins included, at 5,000 times its total stake', () => {
    expect(VIDEO_MAX_WIN_MULTIPLIER).toBe(5_000n);
    expect(capVideoWinMinor(499_999n, 100n)).toBe(499_999n);
    expect(capVideoWinMinor(500_000n, 100n)).toBe(500_000n);
    expect(capVideoWinMinor(500_001n, 100n)).toBe(500_000n);
    expect(capVideoWinMinor(10n ** 12n, 2_500n)).toBe(12_500_000n);
    // ₱8.00 a line is ₱200.00 a spin: at most ₱1,000,000.00 a round.
    expect(computeVideoMaxPayoutMinor(800n)).toBe(100_000_000n);
  });

  it(
    'reaches at most 2,485.2 times its stake in a round, found over every window, so the cap leaves the return exact',
    () => {
      // The best window for each number of scatters (line and scatter wins, in line stakes).
      expect(computeVideoSpinMaxima().slice(0, 6)).toEqual([1520n, 1350n, 700n, 415n, 470n, 1330n]);
      expect(
        computeVideoSpinMaxima()
          .slice(6)
          .every((win) => win === 0n),
      ).toBe(true);
      // Five scatters (1,330) and twenty free spins at the best window (1,520), doubled.
      expect(computeVideoMaxRoundWin()).toBe(1330n + 20n * 2n * 1520n);
      const { maxRoundMultiplier } = computeVideoSlotReturn();
      expect(ratioToNumber(maxRoundMultiplier)).toBe(2485.2);
      expect(ratioToNumber(maxRoundMultiplier)).toBeLessThan(Number(VIDEO_MAX_WIN_MULTIPLIER));
    },
    SIMULATION_TIMEOUT_MS,
  );

  it('returns exactly its stated figure, 96.0 % ± 0.3, derived by enumeration with free spins as an expected value', () => {
    const exact = computeVideoSlotReturn();
    expect(ratioToPercent(exact.total)).toBe(VIDEO_SLOT_RTP_PERCENT);
    expect(Math.abs(ratioToNumber(exact.total) - 0.96)).toBeLessThanOrEqual(0.003);
    const independent = readVectors<SlotReturns>('games.json').slotReturns.video;
    expect(
      isRatioEqual(exact.total, createRatio(BigInt(independent.numerator), BigInt(independent.denominator))),
    ).toBe(true);
  });

  it(
    'returns the exact figure over 100,000 fixed-seed rounds, within the 99.9 % interval',
    () => {
      const summary = simulateReturn(100_000, 'video-simulation', (rng) =>
        playVideoSlot({ lineStakeMinor: 1n }, rng),
      );
      expect(Math.abs(summary.returnToPlayer - ratioToNumber(computeVideoSlotReturn().total))).toBeLessThan(
        summary.halfWidth,
      );
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'stops each reel on each position equally often (chi-square, 99.9 %)',
    () => {
      const length = VIDEO_STRIPS[2]!.length;
      const counts = countDraws(length, 30_000, 'video-chi-square', (rng, tally) => {
        tally[playVideoSlot({ lineStakeMinor: 1n }, rng).base.stops[2]!]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), length - 1)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
