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
import {
  computeDicePayoutMinor,
  computeDiceReturn,
  DICE_RTP_PERCENT,
  type DiceBet,
  type DiceDirection,
  formatDiceRoll,
  listDiceTargets,
  playDice,
} from './dice.ts';

describe('dice', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('dice')) {
      const raw = vector.bet as { direction: DiceDirection; targetHundredths: number; stakeMinor: string };
      const bet: DiceBet = { ...raw, stakeMinor: BigInt(raw.stakeMinor) };
      const outcome = playDice(bet, createRoundRng(seedsOf(vector)));
      expect(outcome.rollHundredths).toBe(vector.rollHundredths);
      expect(outcome.isWin).toBe(vector.isWin);
      expect(outcome.payoutMinor).toBe(BigInt(vector.payoutMinor as string));
    }
  });

  it('pays stake × 99 / chance rounded down to the centavo', () => {
    expect(computeDicePayoutMinor({ direction: 'under', targetHundredths: 5000, stakeMinor: 100n })).toBe(
      198n,
    );
    // 99 / 33 % = 3, exactly.
    expect(computeDicePayoutMinor({ direction: 'under', targetHundredths: 3300, stakeMinor: 100n })).toBe(
      300n,
    );
    // Over 49.99 has a chance of 50.00 %: 1.98×.
    expect(computeDicePayoutMinor({ direction: 'over', targetHundredths: 4999, stakeMinor: 100n })).toBe(
      198n,
    );
    // 1 % pays 99×; 98 % pays 1.0102…× and ₱1.00 becomes ₱1.01 after rounding down.
    expect(computeDicePayoutMinor({ direction: 'under', targetHundredths: 100, stakeMinor: 100n })).toBe(
      9900n,
    );
    expect(computeDicePayoutMinor({ direction: 'under', targetHundredths: 9800, stakeMinor: 100n })).toBe(
      101n,
    );
    // 99 / 7 % = 14.142857…: ₱3.33 pays ₱47.09 (not 47.10).
    expect(computeDicePayoutMinor({ direction: 'under', targetHundredths: 700, stakeMinor: 333n })).toBe(
      4709n,
    );
  });

  it('wins under X strictly below X and over X strictly above X', () => {
    const play = (direction: DiceDirection, targetHundredths: number, seedNonce: number) =>
      playDice(
        { direction, targetHundredths, stakeMinor: 100n },
        createRoundRng({ serverSeed: 'c'.repeat(64), clientSeed: 'edge', nonce: seedNonce }),
      );
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const under = play('under', 5000, nonce);
      expect(under.isWin).toBe(under.rollHundredths < 5000);
      const over = play('over', 5000, nonce);
      expect(over.isWin).toBe(over.rollHundredths > 5000);
    }
    expect(formatDiceRoll(5)).toBe('0.05');
    expect(formatDiceRoll(9999)).toBe('99.99');
  });

  it('refuses a chance outside 1 % … 98 %, a fractional target and a stake that is not positive', () => {
    const rng = createRoundRng({ serverSeed: 'c'.repeat(64), clientSeed: 'refuse', nonce: 0 });
    const refused: DiceBet[] = [
      { direction: 'under', targetHundredths: 99, stakeMinor: 100n },
      { direction: 'under', targetHundredths: 9801, stakeMinor: 100n },
      { direction: 'over', targetHundredths: 198, stakeMinor: 100n },
      { direction: 'over', targetHundredths: 9900, stakeMinor: 100n },
      { direction: 'under', targetHundredths: 5000.5, stakeMinor: 100n },
      { direction: 'under', targetHundredths: 5000, stakeMinor: 0n },
      { direction: 'sideways' as DiceDirection, targetHundredths: 5000, stakeMinor: 100n },
    ];
    for (const bet of refused) expect(() => playDice(bet, rng)).toThrow(GameError);
  });

  it('returns exactly 99 % on every target before rounding, by enumerating the 10,000 rolls', () => {
    const targets = listDiceTargets();
    expect(targets).toHaveLength(2 * 9_701);
    for (const { direction, targetHundredths } of targets) {
      expect(isRatioEqual(computeDiceReturn(direction, targetHundredths), createRatio(99, 100))).toBe(true);
    }
    expect(ratioToPercent(computeDiceReturn('under', 5000))).toBe(DICE_RTP_PERCENT);
  });

  it('loses less than 0.001 % to rounding on a ₱1,000 stake', () => {
    for (const { direction, targetHundredths } of listDiceTargets()) {
      const rounded = ratioToNumber(computeDiceReturn(direction, targetHundredths, 100_000n));
      expect(rounded).toBeLessThanOrEqual(0.99);
      expect(rounded).toBeGreaterThan(0.98999);
    }
  });

  it(
    'returns 99 % over 100,000 fixed-seed rounds, within the 99.9 % confidence interval',
    () => {
      const targets = [1000, 2500, 5000, 7500, 9500];
      const summary = simulateReturn(100_000, 'dice-simulation', (rng, round) =>
        playDice(
          {
            direction: round % 2 === 0 ? 'under' : 'over',
            targetHundredths: targets[round % 5]!,
            stakeMinor: 100_000n,
          },
          rng,
        ),
      );
      expect(Math.abs(summary.returnToPlayer - 0.99)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'draws each roll equally often (chi-square of int(10000) by hundreds, 99.9 %)',
    () => {
      const counts = countDraws(100, 100_000, 'dice-chi-square', (rng, tally) => {
        tally[
          Math.floor(
            playDice({ direction: 'under', targetHundredths: 5000, stakeMinor: 1n }, rng).rollHundredths /
              100,
          )
        ]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 99)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
