// Fish-prawn-crab (bầu cua, GAMES.md): three dice of six symbols, each int(6) indexing the list
// below; the rule and paytable are those of the colour game (matching-dice.ts).

import {
  MATCHING_DICE_RTP_PERCENT,
  type MatchingDiceBet,
  type MatchingDiceOutcome,
  matchingDiceGame,
} from '../matching-dice/matching-dice.ts';

/** In the order of GAMES.md: int(6) = 0 is the fish. */
export const FISH_PRAWN_CRAB_SYMBOLS = ['fish', 'prawn', 'crab', 'rooster', 'gourd', 'stag'] as const;
export type FishPrawnCrabSymbol = (typeof FISH_PRAWN_CRAB_SYMBOLS)[number];
export type FishPrawnCrabBet = MatchingDiceBet<FishPrawnCrabSymbol>;
export type FishPrawnCrabOutcome = MatchingDiceOutcome<FishPrawnCrabSymbol>;

export const FISH_PRAWN_CRAB_RTP_PERCENT = MATCHING_DICE_RTP_PERCENT;

export const { play: playFishPrawnCrab, computeReturn: computeFishPrawnCrabReturn } =
  matchingDiceGame(FISH_PRAWN_CRAB_SYMBOLS);
