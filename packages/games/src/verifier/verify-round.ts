// The verifier a player, an auditor or the web app runs: from the revealed server seed, the client
// seed, the nonce and what was played (bets, and the actions of a multi-step round) it re-computes
// the round's outcome with the very code that drew it, synchronously and with Web-standard APIs
// only, so it runs in the browser as it runs on the server.

import { type BaccaratBet, type BaccaratOutcome, playBaccarat } from '../baccarat/baccarat.ts';
import { type BlackjackAction, type BlackjackState, playBlackjack } from '../blackjack/blackjack.ts';
import {
  type ClassicSlotBet,
  type ClassicSlotOutcome,
  playClassicSlot,
} from '../classic-slot/classic-slot.ts';
import { type ColourGameBet, type ColourGameOutcome, playColourGame } from '../colour-game/colour-game.ts';
import { type DiceBet, type DiceOutcome, playDice } from '../dice/dice.ts';
import {
  type DragonTigerBet,
  type DragonTigerOutcome,
  playDragonTiger,
} from '../dragon-tiger/dragon-tiger.ts';
import {
  type CommitmentVersion,
  createRoundRng,
  hashServerSeed,
  type RoundSeeds,
} from '../fairness/round-rng.ts';
import {
  type FishPrawnCrabBet,
  type FishPrawnCrabOutcome,
  playFishPrawnCrab,
} from '../fish-prawn-crab/fish-prawn-crab.ts';
import {
  applyMinesAction,
  type MinesAction,
  type MinesBet,
  type MinesState,
  startMines,
} from '../mines/mines.ts';
import { playRoulette, type RouletteBet, type RouletteOutcome } from '../roulette/roulette.ts';
import { playSicBo, type SicBoBet, type SicBoOutcome } from '../sic-bo/sic-bo.ts';
import { playVideoSlot, type VideoSlotBet, type VideoSlotOutcome } from '../video-slot/video-slot.ts';

export type PlayedRound =
  | { game: 'dice'; bet: DiceBet }
  | { game: 'mines'; bet: MinesBet; actions: MinesAction[] }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'baccarat'; bets: BaccaratBet[] }
  | { game: 'dragon-tiger'; bets: DragonTigerBet[] }
  | { game: 'sic-bo'; bets: SicBoBet[] }
  | { game: 'colour-game'; bets: ColourGameBet[] }
  | { game: 'fish-prawn-crab'; bets: FishPrawnCrabBet[] }
  | { game: 'blackjack'; bet: { stakeMinor: bigint }; actions: BlackjackAction[] }
  | { game: 'classic-slot'; bet: ClassicSlotBet }
  | { game: 'video-slot'; bet: VideoSlotBet };

export type GameName = PlayedRound['game'];

export type RoundOutcome =
  | { game: 'dice'; outcome: DiceOutcome }
  | { game: 'mines'; outcome: MinesState }
  | { game: 'roulette'; outcome: RouletteOutcome }
  | { game: 'baccarat'; outcome: BaccaratOutcome }
  | { game: 'dragon-tiger'; outcome: DragonTigerOutcome }
  | { game: 'sic-bo'; outcome: SicBoOutcome }
  | { game: 'colour-game'; outcome: ColourGameOutcome }
  | { game: 'fish-prawn-crab'; outcome: FishPrawnCrabOutcome }
  | { game: 'blackjack'; outcome: BlackjackState }
  | { game: 'classic-slot'; outcome: ClassicSlotOutcome }
  | { game: 'video-slot'; outcome: VideoSlotOutcome };

export type Verification = {
  /**
   * Whether the server seed hashes, by the pair's commitment version (2 unless given), to the hash
   * shown before the round; null when none was given.
   */
  isCommitmentKept: boolean | null;
  result: RoundOutcome;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

/** Re-computes a round's outcome, stake and payout. Throws a GameError on malformed inputs. */
export function verifyRound(
  seeds: RoundSeeds & { serverSeedHash?: string; commitmentVersion?: CommitmentVersion },
  played: PlayedRound,
): Verification {
  const rng = createRoundRng(seeds);
  const isCommitmentKept =
    seeds.serverSeedHash === undefined
      ? null
      : hashServerSeed(seeds.serverSeed, seeds.commitmentVersion) === seeds.serverSeedHash.toLowerCase();
  const result = replay(played, rng);
  const { stakeMinor, payoutMinor } = summarise(result);
  return { isCommitmentKept, result, stakeMinor, payoutMinor };
}

/**
 * Whether a round's recorded win is the one its seeds give: the payout exactly, or, when the round
 * records a maximum win that cut it (winCapMinor), that maximum, below the payout. A win short of
 * the payout by any amount, or a cap recorded where none was reached, is not what was drawn.
 */
export function isWinAsDrawn(
  payoutMinor: bigint,
  recorded: { winMinor: bigint; winCapMinor: bigint | null },
): boolean {
  if (recorded.winCapMinor === null) return recorded.winMinor === payoutMinor;
  return payoutMinor > recorded.winCapMinor && recorded.winMinor === recorded.winCapMinor;
}

function replay(played: PlayedRound, rng: ReturnType<typeof createRoundRng>): RoundOutcome {
  switch (played.game) {
    case 'dice':
      return { game: 'dice', outcome: playDice(played.bet, rng) };
    case 'mines':
      return { game: 'mines', outcome: played.actions.reduce(applyMinesAction, startMines(played.bet, rng)) };
    case 'roulette':
      return { game: 'roulette', outcome: playRoulette(played.bets, rng) };
    case 'baccarat':
      return { game: 'baccarat', outcome: playBaccarat(played.bets, rng) };
    case 'dragon-tiger':
      return { game: 'dragon-tiger', outcome: playDragonTiger(played.bets, rng) };
    case 'sic-bo':
      return { game: 'sic-bo', outcome: playSicBo(played.bets, rng) };
    case 'colour-game':
      return { game: 'colour-game', outcome: playColourGame(played.bets, rng) };
    case 'fish-prawn-crab':
      return { game: 'fish-prawn-crab', outcome: playFishPrawnCrab(played.bets, rng) };
    case 'blackjack':
      return { game: 'blackjack', outcome: playBlackjack({ ...played.bet, actions: played.actions }, rng) };
    case 'classic-slot':
      return { game: 'classic-slot', outcome: playClassicSlot(played.bet, rng) };
    case 'video-slot':
      return { game: 'video-slot', outcome: playVideoSlot(played.bet, rng) };
  }
}

function summarise(result: RoundOutcome): { stakeMinor: bigint; payoutMinor: bigint } {
  if (result.game === 'blackjack') {
    return { stakeMinor: result.outcome.totalStakeMinor, payoutMinor: result.outcome.payoutMinor };
  }
  return { stakeMinor: result.outcome.stakeMinor, payoutMinor: result.outcome.payoutMinor };
}
