// The rule shared by the colour game (perya) and fish-prawn-crab (bầu cua) in GAMES.md: three dice
// of six faces, each int(6); a bet on a face pays 1:1, 2:1 or 3:1 when one, two or three dice show
// it (stake back included: 2, 3 or 4 times the stake), and loses otherwise. Only the faces' names
// differ between the two games.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';

export const MATCHING_DICE_FACES = 6;
export const MATCHING_DICE_COUNT = 3;
export const MATCHING_DICE_BETS_PER_ROUND_MAX = 6;
export const MATCHING_DICE_RTP_PERCENT = 92.13;

export type MatchingDiceBet<Face extends string> = { face: Face; stakeMinor: bigint };

export type MatchingDiceOutcome<Face extends string> = {
  /** The three dice, left to right, in draw order. */
  dice: [Face, Face, Face];
  bets: Array<{ bet: MatchingDiceBet<Face>; matches: number; payoutMinor: bigint }>;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

export function computeMatchingPayoutMinor(stakeMinor: bigint, matches: number): bigint {
  return matches === 0 ? 0n : stakeMinor * BigInt(matches + 1);
}

export function playMatchingDice<Face extends string>(
  faces: readonly Face[],
  bets: Array<MatchingDiceBet<Face>>,
  rng: RoundRng,
): MatchingDiceOutcome<Face> {
  if (bets.length < 1 || bets.length > MATCHING_DICE_BETS_PER_ROUND_MAX) {
    throw new GameError('INVALID_BET', `a round takes 1 to ${MATCHING_DICE_BETS_PER_ROUND_MAX} bets`);
  }
  for (const bet of bets) {
    assertStake(bet.stakeMinor);
    if (!faces.includes(bet.face)) throw new GameError('INVALID_BET', 'unknown face', { face: bet.face });
  }
  const dice = [faces[rng.int(6)]!, faces[rng.int(6)]!, faces[rng.int(6)]!] satisfies [Face, Face, Face];
  const settled = bets.map((bet) => {
    const matches = dice.filter((face) => face === bet.face).length;
    return { bet, matches, payoutMinor: computeMatchingPayoutMinor(bet.stakeMinor, matches) };
  });
  return {
    dice,
    bets: settled,
    stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
    payoutMinor: settled.reduce((sum, entry) => sum + entry.payoutMinor, 0n),
  };
}

/** One game of matching dice, named by its faces in int(6) order: its round and its exact return. */
export function matchingDiceGame<Face extends string>(faces: readonly Face[]) {
  return {
    play: (bets: Array<MatchingDiceBet<Face>>, rng: RoundRng): MatchingDiceOutcome<Face> =>
      playMatchingDice(faces, bets, rng),
    computeReturn: computeMatchingDiceReturn,
  };
}

/** The exact return of a bet on one face, enumerating the 216 throws of three dice. */
export function computeMatchingDiceReturn(): Ratio {
  let paid = 0n;
  let throws = 0n;
  for (let first = 0; first < 6; first += 1) {
    for (let second = 0; second < 6; second += 1) {
      for (let third = 0; third < 6; third += 1) {
        const matches = [first, second, third].filter((face) => face === 0).length;
        paid += computeMatchingPayoutMinor(1n, matches);
        throws += 1n;
      }
    }
  }
  return createRatio(paid, throws);
}
