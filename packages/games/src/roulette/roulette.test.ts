import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { createRatio, isRatioEqual, ratioToPercent } from '../maths/ratio.ts';
import { readGameVectors, seedsOf, withBigIntStake } from '../testing/game-vectors.ts';
import {
  computeChiSquare,
  computeChiSquarePValue,
  countDraws,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '../testing/statistics.ts';
import {
  computeRoulettePayoutMinor,
  computeRouletteReturn,
  listRouletteBets,
  playRoulette,
  ROULETTE_RTP_PERCENT,
  type RouletteBet,
} from './roulette.ts';

const rngFor = (nonce: number) =>
  createRoundRng({ serverSeed: 'd'.repeat(64), clientSeed: 'roulette', nonce });

describe('European roulette', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('roulette')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<RouletteBet>(bet),
      );
      const outcome = playRoulette(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.pocket).toBe(vector.pocket);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
  });

  it('pays each bet its odds, stake included, and zero loses every outside bet', () => {
    const pays = (bet: RouletteBet, pocket: number) => computeRoulettePayoutMinor(bet, pocket);
    expect(pays({ kind: 'straight', numbers: [17], stakeMinor: 100n }, 17)).toBe(3600n);
    expect(pays({ kind: 'split', numbers: [17, 20], stakeMinor: 100n }, 20)).toBe(1800n);
    expect(pays({ kind: 'street', numbers: [16, 17, 18], stakeMinor: 100n }, 16)).toBe(1200n);
    expect(pays({ kind: 'corner', numbers: [17, 18, 20, 21], stakeMinor: 100n }, 21)).toBe(900n);
    expect(pays({ kind: 'six-line', numbers: [13, 14, 15, 16, 17, 18], stakeMinor: 100n }, 13)).toBe(600n);
    expect(pays({ kind: 'column', index: 2, stakeMinor: 100n }, 35)).toBe(300n);
    expect(pays({ kind: 'dozen', index: 3, stakeMinor: 100n }, 25)).toBe(300n);
    expect(pays({ kind: 'red', stakeMinor: 100n }, 1)).toBe(200n);
    expect(pays({ kind: 'black', stakeMinor: 100n }, 2)).toBe(200n);
    expect(pays({ kind: 'odd', stakeMinor: 100n }, 35)).toBe(200n);
    expect(pays({ kind: 'even', stakeMinor: 100n }, 36)).toBe(200n);
    expect(pays({ kind: 'low', stakeMinor: 100n }, 18)).toBe(200n);
    expect(pays({ kind: 'high', stakeMinor: 100n }, 19)).toBe(200n);
    expect(pays({ kind: 'straight', numbers: [0], stakeMinor: 100n }, 0)).toBe(3600n);
    for (const bet of listRouletteBets().filter((entry) => !('numbers' in entry)))
      expect(pays(bet, 0)).toBe(0n);
    expect(pays({ kind: 'straight', numbers: [17], stakeMinor: 100n }, 18)).toBe(0n);
  });

  it('takes only the shapes of the layout', () => {
    const refused: RouletteBet[] = [
      { kind: 'split', numbers: [3, 4], stakeMinor: 1n },
      { kind: 'split', numbers: [1, 5], stakeMinor: 1n },
      { kind: 'street', numbers: [2, 3, 4], stakeMinor: 1n },
      { kind: 'corner', numbers: [3, 4, 6, 7], stakeMinor: 1n },
      { kind: 'six-line', numbers: [34, 35, 36, 37, 38, 39], stakeMinor: 1n },
      { kind: 'straight', numbers: [37], stakeMinor: 1n },
      { kind: 'column', index: 4 as 1, stakeMinor: 1n },
      { kind: 'red', stakeMinor: -1n },
      { kind: 'straight', stakeMinor: 1n } as RouletteBet,
      { kind: 'red', numbers: [1], stakeMinor: 1n } as RouletteBet,
    ];
    for (const bet of refused) expect(() => playRoulette([bet], rngFor(0))).toThrow(GameError);
    expect(() => playRoulette([], rngFor(0))).toThrow(GameError);
    expect(playRoulette([{ kind: 'split', numbers: [20, 17], stakeMinor: 1n }], rngFor(0)).stakeMinor).toBe(
      1n,
    );
  });

  it('returns exactly 36/37 on every bet of the table, by enumerating the 37 pockets', () => {
    const bets = listRouletteBets();
    // 37 straights, 57 + 3 splits, 12 + 2 streets, 22 + 1 corners, 11 six lines, 3 + 3, 6 even-money bets.
    expect(bets).toHaveLength(37 + 60 + 14 + 23 + 11 + 6 + 6);
    for (const bet of bets) expect(isRatioEqual(computeRouletteReturn(bet), createRatio(36, 37))).toBe(true);
    expect(ratioToPercent(createRatio(36, 37))).toBe(ROULETTE_RTP_PERCENT);
  });

  it(
    'returns 36/37 over 100,000 fixed-seed spins, within the 99.9 % confidence interval',
    () => {
      const bets = listRouletteBets().map((bet) => ({ ...bet, stakeMinor: 100n }));
      const summary = simulateReturn(100_000, 'roulette-simulation', (rng, round) =>
        playRoulette([bets[(round * 7) % bets.length]!], rng),
      );
      expect(Math.abs(summary.returnToPlayer - 36 / 37)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'lands on each pocket equally often (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(37, 100_000, 'roulette-chi-square', (rng, tally) => {
        tally[playRoulette([{ kind: 'red', stakeMinor: 1n }], rng).pocket]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 36)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
