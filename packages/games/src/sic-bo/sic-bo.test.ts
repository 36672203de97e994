import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { ratioToNumber, ratioToPercent } from '../maths/ratio.ts';
import { readGameVectors, seedsOf, withBigIntStake } from '../testing/game-vectors.ts';
import {
  computeChiSquare,
  computeChiSquarePValue,
  countDraws,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '../testing/statistics.ts';
import {
  computeSicBoPayoutMinor,
  computeSicBoReturn,
  findSicBoStatedRtpPercent,
  listSicBoBets,
  playSicBo,
  type SicBoBet,
} from './sic-bo.ts';

describe('sic bo', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('sicBo')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<SicBoBet>(bet),
      );
      const outcome = playSicBo(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.dice).toEqual(vector.dice);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
  });

  it('pays each bet its paytable, stake included', () => {
    const pays = (bet: SicBoBet, dice: [number, number, number]) => computeSicBoPayoutMinor(bet, dice);
    expect(pays({ kind: 'small', stakeMinor: 100n }, [1, 2, 3])).toBe(200n);
    expect(pays({ kind: 'small', stakeMinor: 100n }, [2, 2, 2])).toBe(0n);
    expect(pays({ kind: 'big', stakeMinor: 100n }, [6, 6, 5])).toBe(200n);
    expect(pays({ kind: 'big', stakeMinor: 100n }, [5, 5, 5])).toBe(0n);
    expect(pays({ kind: 'single', number: 4, stakeMinor: 100n }, [4, 1, 2])).toBe(200n);
    expect(pays({ kind: 'single', number: 4, stakeMinor: 100n }, [4, 4, 2])).toBe(300n);
    expect(pays({ kind: 'single', number: 4, stakeMinor: 100n }, [4, 4, 4])).toBe(400n);
    const totals: Array<[number, bigint]> = [
      [4, 61n],
      [5, 31n],
      [6, 18n],
      [7, 13n],
      [8, 9n],
      [9, 7n],
      [10, 7n],
      [11, 7n],
      [12, 7n],
      [13, 9n],
      [14, 13n],
      [15, 18n],
      [16, 31n],
      [17, 61n],
    ];
    for (const [total, multiple] of totals) {
      const first = Math.min(6, total - 2);
      const dice: [number, number, number] = [first, Math.min(6, total - first - 1), 0];
      dice[2] = total - dice[0] - dice[1];
      expect(pays({ kind: 'total', total, stakeMinor: 100n }, dice)).toBe(100n * multiple);
    }
    expect(pays({ kind: 'total', total: 6, stakeMinor: 100n }, [2, 2, 2])).toBe(1800n);
    expect(pays({ kind: 'any-triple', stakeMinor: 100n }, [3, 3, 3])).toBe(3100n);
    expect(pays({ kind: 'specific-triple', number: 3, stakeMinor: 100n }, [3, 3, 3])).toBe(18100n);
    expect(pays({ kind: 'specific-triple', number: 2, stakeMinor: 100n }, [3, 3, 3])).toBe(0n);
    expect(pays({ kind: 'specific-double', number: 5, stakeMinor: 100n }, [5, 1, 5])).toBe(1100n);
    expect(pays({ kind: 'specific-double', number: 5, stakeMinor: 100n }, [5, 5, 5])).toBe(1100n);
    expect(pays({ kind: 'specific-double', number: 5, stakeMinor: 100n }, [5, 1, 2])).toBe(0n);
  });

  it('refuses bets off the table', () => {
    const rng = createRoundRng({ serverSeed: 'e'.repeat(64), clientSeed: 'sicbo', nonce: 0 });
    const refused = [
      { kind: 'total', total: 3, stakeMinor: 1n },
      { kind: 'total', total: 18, stakeMinor: 1n },
      { kind: 'single', number: 7, stakeMinor: 1n },
      { kind: 'specific-triple', number: 0, stakeMinor: 1n },
      { kind: 'small', stakeMinor: 0n },
      { kind: 'combination', stakeMinor: 1n },
    ] as SicBoBet[];
    for (const bet of refused) expect(() => playSicBo([bet], rng)).toThrow(GameError);
  });

  it('returns on each bet exactly the figure it states, by enumerating the 216 throws', () => {
    const bets = listSicBoBets();
    expect(bets).toHaveLength(3 + 18 + 14);
    for (const bet of bets)
      expect(
        ratioToPercent(computeSicBoReturn(bet)),
        JSON.stringify(bet, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
      ).toBe(findSicBoStatedRtpPercent(bet));
    expect(ratioToPercent(computeSicBoReturn({ kind: 'big', stakeMinor: 1n }))).toBe(97.22);
  });

  it(
    'returns the exact figure over 100,000 fixed-seed rounds of big or small, within the 99.9 % interval',
    () => {
      const summary = simulateReturn(100_000, 'sicbo-simulation', (rng, round) =>
        playSicBo([{ kind: round % 2 === 0 ? 'big' : 'small', stakeMinor: 100n }], rng),
      );
      const exact = ratioToNumber(computeSicBoReturn({ kind: 'big', stakeMinor: 1n }));
      expect(Math.abs(summary.returnToPlayer - exact)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'shows each die face equally often (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(6, 40_000, 'sicbo-chi-square', (rng, tally) => {
        for (const die of playSicBo([{ kind: 'big', stakeMinor: 1n }], rng).dice) tally[die - 1]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 5)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
