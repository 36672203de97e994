// The colour game (perya, GAMES.md): three dice of six colours, each int(6) indexing the list
// below; the rule and paytable are those of matching-dice.ts.

import type { RoundRng } from '../fairness/round-rng.ts';
import {
  computeMatchingDiceReturn,
  MATCHING_DICE_RTP_PERCENT,
  type MatchingDiceBet,
  type MatchingDiceOutcome,
  playMatchingDice,
} from '../matching-dice/matching-dice.ts';
import type { Ratio } from '../maths/ratio.ts';

/** In the order of GAMES.md: int(6) = 0 is yellow. */
export const COLOURS = ['yellow', 'white', 'pink', 'blue', 'red', 'green'] as const;
export type Colour = (typeof COLOURS)[number];
export type ColourGameBet = MatchingDiceBet<Colour>;
export type ColourGameOutcome = MatchingDiceOutcome<Colour>;

export const COLOUR_GAME_RTP_PERCENT = MATCHING_DICE_RTP_PERCENT;

export function playColourGame(bets: ColourGameBet[], rng: RoundRng): ColourGameOutcome {
  return playMatchingDice(COLOURS, bets, rng);
}

export function computeColourGameReturn(): Ratio {
  return computeMatchingDiceReturn();
}
