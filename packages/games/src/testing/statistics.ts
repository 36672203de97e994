// Statistics for the engines' tests: fixed-seed simulations judged against the exact return to
// player with a 99.9 % confidence interval from the per-round variance, and chi-square
// goodness-of-fit tests of the drawing primitives at the same level.

import { createRoundRng, type RoundRng } from '../fairness/round-rng.ts';

/** z such that a standard normal falls within ±z with probability 99.9 %. */
export const Z_999 = 3.2905267314919255;

export const SIMULATION_SERVER_SEED = '5f2b0c1d9e8a7b6c5d4e3f201f2e3d4c5b6a79881726354453627180a9b8c7d6';

export type RoundReturn = { stakeMinor: bigint; payoutMinor: bigint };

export type SimulationSummary = {
  rounds: number;
  /** Total paid over total staked. */
  returnToPlayer: number;
  /** Half-width of the 99.9 % confidence interval around returnToPlayer. */
  halfWidth: number;
};

/**
 * Plays `rounds` rounds with the fixed simulation seeds (one nonce per round) and summarises the
 * return. Each round's return is payout over stake; every round of one simulation must have the
 * same stake, so the mean of those returns is total paid over total staked.
 */
export function simulateReturn(
  rounds: number,
  clientSeed: string,
  playRound: (rng: RoundRng, round: number) => RoundReturn,
): SimulationSummary {
  let sum = 0;
  let sumOfSquares = 0;
  let stakeMinor: bigint | undefined;
  for (let round = 0; round < rounds; round += 1) {
    const rng = createRoundRng({ serverSeed: SIMULATION_SERVER_SEED, clientSeed, nonce: round });
    const result = playRound(rng, round);
    stakeMinor ??= result.stakeMinor;
    if (result.stakeMinor !== stakeMinor) throw new Error('every round of a simulation must stake the same');
    const value = Number(result.payoutMinor) / Number(result.stakeMinor);
    sum += value;
    sumOfSquares += value * value;
  }
  const mean = sum / rounds;
  const variance = (sumOfSquares - rounds * mean * mean) / (rounds - 1);
  return { rounds, returnToPlayer: mean, halfWidth: (Z_999 * Math.sqrt(variance)) / Math.sqrt(rounds) };
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
export function computeChiSquare(observed: readonly number[]): number {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const expected = total / observed.length;
  return observed.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** P(X ≥ statistic) for X chi-square distributed with `degrees` degrees of freedom. */
export function computeChiSquarePValue(statistic: number, degrees: number): number {
  return upperRegularizedGamma(degrees / 2, statistic / 2);
}

// Q(a, x) by its series below a + 1 and its continued fraction above (Numerical Recipes §6.2).
function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < 10_000; n += 1) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(logPrefix) * h;
}

// Lanczos approximation (g = 7, n = 9), accurate to about 15 digits for positive arguments.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(value: number): number {
  if (value < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * value)) - logGamma(1 - value);
  const x = value - 1;
  let sum = LANCZOS[0]!;
  for (let index = 1; index < 9; index += 1) sum += LANCZOS[index]! / (x + index);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Counts `draws` values of `draw` (each in 0 … categories − 1) over fixed-seed rounds. */
export function countDraws(
  categories: number,
  rounds: number,
  clientSeed: string,
  drawRound: (rng: RoundRng, counts: number[]) => void,
): number[] {
  const counts = new Array<number>(categories).fill(0);
  for (let round = 0; round < rounds; round += 1) {
    drawRound(createRoundRng({ serverSeed: SIMULATION_SERVER_SEED, clientSeed, nonce: round }), counts);
  }
  return counts;
}

/**
 * Time limit of one simulation or chi-square test. They are sized to take a few seconds each, but
 * test files run in parallel on a shared machine, where one can take several times as long.
 */
export const SIMULATION_TIMEOUT_MS = 120_000;
