import { describe, expect, it } from 'vitest';
import {
  BACCARAT_BET_KINDS,
  type BaccaratBet,
  type BaccaratWinner,
  computeBaccaratValidBetMinor,
} from '../baccarat/baccarat.ts';
import {
  computeDragonTigerValidBetMinor,
  DRAGON_TIGER_BET_KINDS,
  type DragonTigerBet,
} from '../dragon-tiger/dragon-tiger.ts';
import { countOppositeSidesMinor, DEFAULT_VALID_BET_RULES, type ValidBetRules } from './valid-bet.ts';

const RULES: ValidBetRules[] = [
  { hedgedBaccarat: 'net', pushes: 'exclude' },
  { hedgedBaccarat: 'net', pushes: 'include' },
  { hedgedBaccarat: 'full', pushes: 'exclude' },
  { hedgedBaccarat: 'full', pushes: 'include' },
];
const BACCARAT_WINNERS: BaccaratWinner[] = ['player', 'banker', 'tie'];

/** Every non-empty set of the kinds, each kind once. */
function subsetsOf<T>(kinds: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 1; mask < 1 << kinds.length; mask += 1) {
    subsets.push(kinds.filter((_, index) => (mask & (1 << index)) !== 0));
  }
  return subsets;
}

/** Stakes for a set of kinds: the first side below, equal to and above the second, the rest apart. */
const SIDE_STAKES: Array<[bigint, bigint]> = [
  [3_000n, 5_000n],
  [5_000n, 5_000n],
  [7_000n, 2_000n],
];
const OTHER_STAKES = [100n, 250n, 400n];

function sumOf(bets: ReadonlyArray<{ stakeMinor: bigint }>): bigint {
  return bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);
}

function differenceOf(first: bigint, second: bigint): bigint {
  return first > second ? first - second : second - first;
}

function stakeOf(bets: ReadonlyArray<{ kind: string; stakeMinor: bigint }>, kind: string): bigint {
  return sumOf(bets.filter((bet) => bet.kind === kind));
}

/** Every combination of baccarat bets (each kind at most once, three sizes of the two sides). */
function baccaratHands(): BaccaratBet[][] {
  const hands: BaccaratBet[][] = [];
  for (const kinds of subsetsOf(BACCARAT_BET_KINDS)) {
    for (const [playerMinor, bankerMinor] of SIDE_STAKES) {
      hands.push(
        kinds.map((kind, index) => ({
          kind,
          stakeMinor:
            kind === 'player'
              ? playerMinor
              : kind === 'banker'
                ? bankerMinor
                : (OTHER_STAKES[index % 3] as bigint),
        })),
      );
    }
  }
  return hands;
}

function dragonTigerHands(): DragonTigerBet[][] {
  const hands: DragonTigerBet[][] = [];
  for (const kinds of subsetsOf(DRAGON_TIGER_BET_KINDS)) {
    for (const [dragonMinor, tigerMinor] of SIDE_STAKES) {
      hands.push(
        kinds.map((kind) => ({
          kind,
          stakeMinor: kind === 'dragon' ? dragonMinor : kind === 'tiger' ? tigerMinor : 300n,
        })),
      );
    }
  }
  return hands;
}

describe('valid bet of a card table round', () => {
  it('counts two opposite sides as their difference only when both are staked and the rule nets them', () => {
    expect(countOppositeSidesMinor(10_000n, 6_000n, 'net')).toBe(4_000n);
    expect(countOppositeSidesMinor(6_000n, 10_000n, 'net')).toBe(4_000n);
    expect(countOppositeSidesMinor(5_000n, 5_000n, 'net')).toBe(0n);
    expect(countOppositeSidesMinor(5_000n, 0n, 'net')).toBe(5_000n);
    expect(countOppositeSidesMinor(0n, 5_000n, 'net')).toBe(5_000n);
    expect(countOppositeSidesMinor(10_000n, 6_000n, 'full')).toBe(16_000n);
    expect(DEFAULT_VALID_BET_RULES).toEqual({ hedgedBaccarat: 'net', pushes: 'exclude' });
  });

  it('baccarat: hands worked out by hand', () => {
    const hedged: BaccaratBet[] = [
      { kind: 'player', stakeMinor: 10_000n },
      { kind: 'banker', stakeMinor: 6_000n },
      { kind: 'tie', stakeMinor: 500n },
      { kind: 'player-pair', stakeMinor: 200n },
    ];
    const net = { hedgedBaccarat: 'net', pushes: 'exclude' } as const;
    const full = { hedgedBaccarat: 'full', pushes: 'exclude' } as const;
    // 100 on player and 60 on banker risk 40; the tie and pair bets count in full.
    expect(computeBaccaratValidBetMinor(hedged, 'banker', net)).toBe(4_000n + 700n);
    expect(computeBaccaratValidBetMinor(hedged, 'player', full)).toBe(16_000n + 700n);
    // On a tie the player and banker stakes come back: nothing of them counts unless pushes count.
    expect(computeBaccaratValidBetMinor(hedged, 'tie', net)).toBe(700n);
    expect(computeBaccaratValidBetMinor(hedged, 'tie', full)).toBe(700n);
    expect(computeBaccaratValidBetMinor(hedged, 'tie', { ...net, pushes: 'include' })).toBe(4_700n);
    expect(computeBaccaratValidBetMinor(hedged, 'tie', { ...full, pushes: 'include' })).toBe(16_700n);
    // One side alone is no hedge; two bets on one side add up.
    const oneSide: BaccaratBet[] = [
      { kind: 'banker', stakeMinor: 3_000n },
      { kind: 'banker', stakeMinor: 2_000n },
    ];
    expect(computeBaccaratValidBetMinor(oneSide, 'player', net)).toBe(5_000n);
    expect(computeBaccaratValidBetMinor(oneSide, 'tie', net)).toBe(0n);
    // Equal stakes on both sides risk nothing.
    const even: BaccaratBet[] = [
      { kind: 'player', stakeMinor: 5_000n },
      { kind: 'banker', stakeMinor: 5_000n },
    ];
    expect(computeBaccaratValidBetMinor(even, 'banker', net)).toBe(0n);
  });

  it('baccarat: every combination of bets, results and rules follows the rules', () => {
    let checked = 0;
    for (const bets of baccaratHands()) {
      const stakeMinor = sumOf(bets);
      const playerMinor = stakeOf(bets, 'player');
      const bankerMinor = stakeOf(bets, 'banker');
      const sidesMinor = playerMinor + bankerMinor;
      const othersMinor = stakeMinor - sidesMinor;
      const isHedged = playerMinor > 0n && bankerMinor > 0n;
      for (const winner of BACCARAT_WINNERS) {
        const validOf = (rules: ValidBetRules) => computeBaccaratValidBetMinor(bets, winner, rules);
        for (const rules of RULES) {
          const valid = validOf(rules);
          // Never more than was staked, and tie and pair bets always count in full.
          expect(valid).toBeLessThanOrEqual(stakeMinor);
          expect(valid).toBeGreaterThanOrEqual(othersMinor);
          if (winner === 'tie' && rules.pushes === 'exclude') {
            expect(valid).toBe(othersMinor);
          } else if (rules.hedgedBaccarat === 'net' && isHedged) {
            // The smaller side cancels its match on the other: what is left is the difference.
            expect(valid).toBe(othersMinor + differenceOf(playerMinor, bankerMinor));
          } else {
            expect(valid).toBe(stakeMinor);
          }
          checked += 1;
        }
        // Netting and excluding pushes only ever lower the figure.
        expect(validOf({ hedgedBaccarat: 'net', pushes: 'exclude' })).toBeLessThanOrEqual(
          validOf({ hedgedBaccarat: 'full', pushes: 'exclude' }),
        );
        expect(validOf({ hedgedBaccarat: 'net', pushes: 'exclude' })).toBeLessThanOrEqual(
          validOf({ hedgedBaccarat: 'net', pushes: 'include' }),
        );
        expect(validOf({ hedgedBaccarat: 'full', pushes: 'include' })).toBe(stakeMinor);
      }
    }
    expect(checked).toBe(31 * SIDE_STAKES.length * BACCARAT_WINNERS.length * RULES.length);
  });

  it('dragon tiger: both sides net by the same rule, the tie bet counts in full, and a tie is no push', () => {
    const hedged: DragonTigerBet[] = [
      { kind: 'dragon', stakeMinor: 2_000n },
      { kind: 'tiger', stakeMinor: 7_000n },
      { kind: 'tie', stakeMinor: 300n },
    ];
    expect(computeDragonTigerValidBetMinor(hedged, { hedgedBaccarat: 'net', pushes: 'exclude' })).toBe(
      5_300n,
    );
    expect(computeDragonTigerValidBetMinor(hedged, { hedgedBaccarat: 'full', pushes: 'exclude' })).toBe(
      9_300n,
    );
    let checked = 0;
    for (const bets of dragonTigerHands()) {
      const stakeMinor = sumOf(bets);
      const dragonMinor = stakeOf(bets, 'dragon');
      const tigerMinor = stakeOf(bets, 'tiger');
      for (const rules of RULES) {
        // Whatever the result: a tie takes half of each side's stake, so nothing is handed back whole.
        const valid = computeDragonTigerValidBetMinor(bets, rules);
        if (rules.hedgedBaccarat === 'net' && dragonMinor > 0n && tigerMinor > 0n) {
          expect(valid).toBe(stakeMinor - dragonMinor - tigerMinor + differenceOf(dragonMinor, tigerMinor));
        } else {
          expect(valid).toBe(stakeMinor);
        }
        checked += 1;
      }
    }
    expect(checked).toBe(7 * SIDE_STAKES.length * RULES.length);
  });
});
