// The colour game (perya, GAMES.md): three dice of six colours, each int(6) indexing the list
// below; the rule and paytable are those of matching-dice.ts.

import {
  MATCHING_DICE_RTP_PERCENT,
  type MatchingDiceBet,
  type MatchingDiceOutcome,
  matchingDiceGame,
} from '../matching-dice/matching-dice.ts';

/** In the order of GAMES.md: int(6) = 0 is yellow. */
export const COLOURS = ['yellow', 'white', 'pink', 'blue', 'red', 'green'] as const;
export type Colour = (typeof COLOURS)[number];
export type ColourGameBet = MatchingDiceBet<Colour>;
export type ColourGameOutcome = MatchingDiceOutcome<Colour>;

export const COLOUR_GAME_RTP_PERCENT = MATCHING_DICE_RTP_PERCENT;

export const { play: playColourGame, computeReturn: computeColourGameReturn } = matchingDiceGame(COLOURS);
