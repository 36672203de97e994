// Classic slot 3×3 (GAMES.md): three reels, five lines (the three rows and the two diagonals). A
// line pays three of a kind, or cherries from the left: one cherry on the first reel pays 2, two
// on the first two reels pay 5, three pay 10 — all in multiples of the line stake; the bet is the
// line stake on each of the five lines. The strips and paytable were designed so that the exact
// return, computed below by enumerating every stop combination, is 96.0 % ± 0.1.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';
import { drawStops, readWindow } from '../slot-reels/slot-reels.ts';

export const CLASSIC_SYMBOLS = ['seven', 'bar', 'bell', 'plum', 'orange', 'lemon', 'cherry'] as const;
export type ClassicSymbol = (typeof CLASSIC_SYMBOLS)[number];

export const CLASSIC_STRIPS: ReadonlyArray<readonly ClassicSymbol[]> = [
  [
    'bell',
    'lemon',
    'seven',
    'bar',
    'plum',
    'cherry',
    'bell',
    'lemon',
    'orange',
    'bar',
    'plum',
    'cherry',
    'bell',
    'lemon',
    'orange',
    'bar',
    'plum',
    'cherry',
    'bell',
    'lemon',
    'orange',
    'bar',
    'plum',
    'cherry',
  ],
  [
    'bar',
    'bell',
    'orange',
    'cherry',
    'lemon',
    'plum',
    'seven',
    'bell',
    'bar',
    'lemon',
    'plum',
    'orange',
    'seven',
    'bell',
    'lemon',
    'bar',
    'plum',
    'cherry',
    'orange',
    'lemon',
    'bell',
    'seven',
    'plum',
    'lemon',
  ],
  [
    'bell',
    'seven',
    'plum',
    'orange',
    'bell',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'bar',
    'cherry',
    'bell',
    'orange',
    'plum',
    'lemon',
    'bell',
    'cherry',
    'seven',
    'orange',
    'bell',
    'plum',
    'lemon',
    'cherry',
  ],
];

/** Rows read on each reel, left to right: middle, top, bottom, then the two diagonals. */
export const CLASSIC_LINES: ReadonlyArray<readonly number[]> = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Three of a kind, in multiples of the line stake. */
export const CLASSIC_THREE_OF_A_KIND: Readonly<Record<ClassicSymbol, bigint>> = {
  seven: 200n,
  bar: 60n,
  bell: 30n,
  plum: 20n,
  orange: 15n,
  lemon: 12n,
  cherry: 10n,
};
export const CLASSIC_ONE_CHERRY = 2n;
export const CLASSIC_TWO_CHERRIES = 5n;

/** The stated return; computeClassicSlotReturn derives it exactly and the tests hold them equal. */
export const CLASSIC_SLOT_RTP_PERCENT = 95.99;

export type ClassicSlotBet = { lineStakeMinor: bigint };
export type ClassicSlotOutcome = {
  stops: number[];
  window: ClassicSymbol[][];
  lines: Array<{ line: number; symbols: ClassicSymbol[]; multiplier: bigint }>;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

export function computeClassicLineMultiplier(symbols: readonly ClassicSymbol[]): bigint {
  const [first, second, third] = symbols;
  if (first === second && second === third) return CLASSIC_THREE_OF_A_KIND[first!];
  if (first === 'cherry') return second === 'cherry' ? CLASSIC_TWO_CHERRIES : CLASSIC_ONE_CHERRY;
  return 0n;
}

function evaluateWindow(window: ClassicSymbol[][]) {
  return CLASSIC_LINES.map((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]![row]!);
    return { line, symbols, multiplier: computeClassicLineMultiplier(symbols) };
  });
}

export function playClassicSlot(bet: ClassicSlotBet, rng: RoundRng): ClassicSlotOutcome {
  assertStake(bet.lineStakeMinor);
  const stops = drawStops(rng, CLASSIC_STRIPS);
  const window = readWindow(CLASSIC_STRIPS, stops);
  const lines = evaluateWindow(window).filter((entry) => entry.multiplier > 0n);
  const multiplier = lines.reduce((sum, entry) => sum + entry.multiplier, 0n);
  return {
    stops,
    window,
    lines,
    stakeMinor: bet.lineStakeMinor * BigInt(CLASSIC_LINES.length),
    payoutMinor: bet.lineStakeMinor * multiplier,
  };
}

/** The exact return: every stop combination, every line, over the stake of five lines. */
export function computeClassicSlotReturn(): Ratio {
  const [first, second, third] = CLASSIC_STRIPS;
  let paid = 0n;
  let combinations = 0n;
  for (let a = 0; a < first!.length; a += 1) {
    for (let b = 0; b < second!.length; b += 1) {
      for (let c = 0; c < third!.length; c += 1) {
        const window = readWindow(CLASSIC_STRIPS, [a, b, c]);
        for (const entry of evaluateWindow(window)) paid += entry.multiplier;
        combinations += 1n;
      }
    }
  }
  return createRatio(paid, combinations * BigInt(CLASSIC_LINES.length));
}
