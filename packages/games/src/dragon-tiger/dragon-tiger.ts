// Dragon tiger (GAMES.md): a fresh 8-deck shoe per round; the dragon's card is dealt first, then
// the tiger's; ranks compare ace low, king high, suits do not count. Dragon or tiger pays 1:1 and
// loses half the stake on a tie (the half returned is rounded down to the minor unit); tie 11:1.

import { rankOf, shuffleShoe } from '../fairness/cards.ts';
import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';
import { countOppositeSidesMinor, type ValidBetRules } from '../valid-bet/valid-bet.ts';

export const DRAGON_TIGER_DECKS = 8;
export const DRAGON_TIGER_BET_KINDS = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerBetKind = (typeof DRAGON_TIGER_BET_KINDS)[number];
export type DragonTigerBet = { kind: DragonTigerBetKind; stakeMinor: bigint };
export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';

export const DRAGON_TIGER_RTP_PERCENT: Readonly<Record<DragonTigerBetKind, number>> = {
  dragon: 96.27,
  tiger: 96.27,
  tie: 89.64,
};

export type DragonTigerOutcome = {
  dragon: number;
  tiger: number;
  winner: DragonTigerWinner;
  bets: Array<{ bet: DragonTigerBet; payoutMinor: bigint }>;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

export function computeDragonTigerPayoutMinor(bet: DragonTigerBet, winner: DragonTigerWinner): bigint {
  if (bet.kind === 'tie') return winner === 'tie' ? 12n * bet.stakeMinor : 0n;
  if (winner === 'tie') return bet.stakeMinor / 2n;
  return winner === bet.kind ? 2n * bet.stakeMinor : 0n;
}

/**
 * What a hand counts for as valid bet under the operator's rules: the dragon and tiger stakes
 * together count their difference when both were staked and `hedgedBaccarat` is `net` (both in
 * full under `full`); the tie bet counts in full. A tie takes half of the dragon and tiger stakes,
 * so they were at risk and are no push: `pushes` does not apply here.
 */
export function computeDragonTigerValidBetMinor(
  bets: readonly DragonTigerBet[],
  rules: ValidBetRules,
): bigint {
  let dragonMinor = 0n;
  let tigerMinor = 0n;
  let tieMinor = 0n;
  for (const bet of bets) {
    if (bet.kind === 'dragon') dragonMinor += bet.stakeMinor;
    else if (bet.kind === 'tiger') tigerMinor += bet.stakeMinor;
    else tieMinor += bet.stakeMinor;
  }
  return countOppositeSidesMinor(dragonMinor, tigerMinor, rules.hedgedBaccarat) + tieMinor;
}

function findWinner(dragon: number, tiger: number): DragonTigerWinner {
  const dragonRank = rankOf(dragon);
  const tigerRank = rankOf(tiger);
  return dragonRank > tigerRank ? 'dragon' : dragonRank < tigerRank ? 'tiger' : 'tie';
}

export function playDragonTiger(bets: DragonTigerBet[], rng: RoundRng): DragonTigerOutcome {
  if (bets.length < 1 || bets.length > DRAGON_TIGER_BET_KINDS.length) {
    throw new GameError('INVALID_BET', `a hand takes 1 to ${DRAGON_TIGER_BET_KINDS.length} bets`);
  }
  for (const bet of bets) {
    assertStake(bet.stakeMinor);
    if (!DRAGON_TIGER_BET_KINDS.includes(bet.kind)) {
      throw new GameError('INVALID_BET', 'unknown dragon tiger bet', { kind: bet.kind });
    }
  }
  const shoe = shuffleShoe(rng, DRAGON_TIGER_DECKS);
  const dragon = shoe[0]!;
  const tiger = shoe[1]!;
  const winner = findWinner(dragon, tiger);
  const settled = bets.map((bet) => ({ bet, payoutMinor: computeDragonTigerPayoutMinor(bet, winner) }));
  return {
    dragon,
    tiger,
    winner,
    bets: settled,
    stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
    payoutMinor: settled.reduce((sum, entry) => sum + entry.payoutMinor, 0n),
  };
}

/**
 * The exact return of each bet, enumerating the 13 × 13 rank pairs of the first two cards of an
 * 8-deck shoe (32 cards of each rank), before the half stake's rounding to the minor unit.
 */
export function computeDragonTigerReturns(): Record<DragonTigerBetKind, Ratio> {
  const perRank = 4 * DRAGON_TIGER_DECKS;
  const shoeSize = 52 * DRAGON_TIGER_DECKS;
  // Returns in halves of the stake, so that "loses half" stays whole.
  let dragonHalves = 0n;
  let tigerHalves = 0n;
  let tieHalves = 0n;
  for (let dragonRank = 0; dragonRank < 13; dragonRank += 1) {
    for (let tigerRank = 0; tigerRank < 13; tigerRank += 1) {
      const ways = BigInt(perRank * (dragonRank === tigerRank ? perRank - 1 : perRank));
      if (dragonRank > tigerRank) dragonHalves += 4n * ways;
      else if (dragonRank < tigerRank) tigerHalves += 4n * ways;
      else {
        dragonHalves += 1n * ways;
        tigerHalves += 1n * ways;
        tieHalves += 24n * ways;
      }
    }
  }
  const denominator = 2n * BigInt(shoeSize * (shoeSize - 1));
  return {
    dragon: createRatio(dragonHalves, denominator),
    tiger: createRatio(tigerHalves, denominator),
    tie: createRatio(tieHalves, denominator),
  };
}
