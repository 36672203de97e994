// European roulette (GAMES.md): pocket = int(37), 0 … 36. Straight 35:1, split 17:1, street 11:1,
// corner 8:1, six line 5:1, column and dozen 2:1, red/black, odd/even, low/high 1:1; zero loses
// every outside bet. Zero also takes part in the inside bets that touch it on the layout (splits
// 0-1, 0-2, 0-3, the streets 0-1-2 and 0-2-3, the corner 0-1-2-3), at the same odds as their
// shape, so every bet returns 36/37.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';

export const ROULETTE_POCKETS = 37;
export const ROULETTE_BETS_PER_ROUND_MAX = 200;
export const ROULETTE_RTP_PERCENT = 97.3;

export type RouletteInsideKind = 'straight' | 'split' | 'street' | 'corner' | 'six-line';
export type RouletteOutsideKind = 'column' | 'dozen' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type RouletteBet =
  | { kind: RouletteInsideKind; numbers: number[]; stakeMinor: bigint }
  | { kind: 'column' | 'dozen'; index: 1 | 2 | 3; stakeMinor: bigint }
  | { kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high'; stakeMinor: bigint };

export type RouletteOutcome = {
  pocket: number;
  bets: Array<{ bet: RouletteBet; payoutMinor: bigint }>;
  stakeMinor: bigint;
  /** What the wallet credits: stakes and winnings of the winning bets. */
  payoutMinor: bigint;
};

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

/** Stake plus winnings, per unit staked. */
export const ROULETTE_PAYOUT_MULTIPLIERS: Readonly<Record<RouletteInsideKind | RouletteOutsideKind, bigint>> =
  {
    straight: 36n,
    split: 18n,
    street: 12n,
    corner: 9n,
    'six-line': 6n,
    column: 3n,
    dozen: 3n,
    red: 2n,
    black: 2n,
    odd: 2n,
    even: 2n,
    low: 2n,
    high: 2n,
  };

// The layout: row r (0 … 11) holds 3r + 1, 3r + 2, 3r + 3.
function listInsideShapes(): Record<RouletteInsideKind, number[][]> {
  const shapes: Record<RouletteInsideKind, number[][]> = {
    straight: [],
    split: [
      [0, 1],
      [0, 2],
      [0, 3],
    ],
    street: [
      [0, 1, 2],
      [0, 2, 3],
    ],
    corner: [[0, 1, 2, 3]],
    'six-line': [],
  };
  for (let number = 0; number <= 36; number += 1) shapes.straight.push([number]);
  for (let row = 0; row < 12; row += 1) {
    const first = 3 * row + 1;
    shapes.split.push([first, first + 1], [first + 1, first + 2]);
    shapes.street.push([first, first + 1, first + 2]);
    if (row < 11) {
      shapes.split.push([first, first + 3], [first + 1, first + 4], [first + 2, first + 5]);
      shapes.corner.push(
        [first, first + 1, first + 3, first + 4],
        [first + 1, first + 2, first + 4, first + 5],
      );
      shapes['six-line'].push([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
    }
  }
  return shapes;
}

export const ROULETTE_INSIDE_KINDS: readonly RouletteInsideKind[] = [
  'straight',
  'split',
  'street',
  'corner',
  'six-line',
];
export const ROULETTE_INSIDE_SHAPES = listInsideShapes();
const INSIDE_SHAPE_KEYS: ReadonlyMap<RouletteInsideKind, ReadonlySet<string>> = new Map(
  ROULETTE_INSIDE_KINDS.map((kind) => [
    kind,
    new Set(ROULETTE_INSIDE_SHAPES[kind].map((numbers) => numbers.join('-'))),
  ]),
);

export function assertRouletteBet(bet: RouletteBet): void {
  assertStake(bet.stakeMinor);
  const isInside = bet.kind in ROULETTE_INSIDE_SHAPES;
  if (isInside !== 'numbers' in bet) {
    throw new GameError('INVALID_BET', 'inside bets name their numbers and outside bets do not', {
      kind: bet.kind,
    });
  }
  if ('numbers' in bet) {
    const shapes = INSIDE_SHAPE_KEYS.get(bet.kind);
    const key = Array.isArray(bet.numbers) ? [...bet.numbers].sort((a, b) => a - b).join('-') : '';
    if (!shapes?.has(key)) {
      throw new GameError('INVALID_BET', `these numbers are not a ${bet.kind} on the layout`, {
        kind: bet.kind,
        numbers: bet.numbers,
      });
    }
  } else if (bet.kind === 'column' || bet.kind === 'dozen') {
    if (bet.index !== 1 && bet.index !== 2 && bet.index !== 3) {
      throw new GameError('INVALID_BET', `a ${bet.kind} is 1, 2 or 3`, { index: bet.index });
    }
  } else if (!(bet.kind in ROULETTE_PAYOUT_MULTIPLIERS)) {
    throw new GameError('INVALID_BET', 'unknown roulette bet', { kind: (bet as { kind: unknown }).kind });
  }
}

export function isRouletteWin(bet: RouletteBet, pocket: number): boolean {
  if ('numbers' in bet) return bet.numbers.includes(pocket);
  if (pocket === 0) return false;
  switch (bet.kind) {
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.index;
    case 'dozen':
      return Math.floor((pocket - 1) / 12) + 1 === bet.index;
    case 'red':
      return RED_NUMBERS.has(pocket);
    case 'black':
      return !RED_NUMBERS.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
  }
}

export function computeRoulettePayoutMinor(bet: RouletteBet, pocket: number): bigint {
  return isRouletteWin(bet, pocket) ? bet.stakeMinor * ROULETTE_PAYOUT_MULTIPLIERS[bet.kind] : 0n;
}

export function playRoulette(bets: RouletteBet[], rng: RoundRng): RouletteOutcome {
  if (bets.length < 1 || bets.length > ROULETTE_BETS_PER_ROUND_MAX) {
    throw new GameError('INVALID_BET', `a spin takes 1 to ${ROULETTE_BETS_PER_ROUND_MAX} bets`);
  }
  for (const bet of bets) assertRouletteBet(bet);
  const pocket = rng.int(ROULETTE_POCKETS);
  const settled = bets.map((bet) => ({ bet, payoutMinor: computeRoulettePayoutMinor(bet, pocket) }));
  return {
    pocket,
    bets: settled,
    stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
    payoutMinor: settled.reduce((sum, entry) => sum + entry.payoutMinor, 0n),
  };
}

/** Every bet on the table (inside shapes, columns, dozens, even-money bets) with a unit stake. */
export function listRouletteBets(): RouletteBet[] {
  const bets: RouletteBet[] = [];
  for (const kind of ROULETTE_INSIDE_KINDS) {
    for (const numbers of ROULETTE_INSIDE_SHAPES[kind]) bets.push({ kind, numbers, stakeMinor: 1n });
  }
  for (const index of [1, 2, 3] as const) {
    bets.push({ kind: 'column', index, stakeMinor: 1n }, { kind: 'dozen', index, stakeMinor: 1n });
  }
  for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const)
    bets.push({ kind, stakeMinor: 1n });
  return bets;
}

/** The exact return of a bet, enumerating the 37 pockets. */
export function computeRouletteReturn(bet: RouletteBet): Ratio {
  let paid = 0n;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1)
    paid += computeRoulettePayoutMinor(bet, pocket);
  return createRatio(paid, bet.stakeMinor * BigInt(ROULETTE_POCKETS));
}
