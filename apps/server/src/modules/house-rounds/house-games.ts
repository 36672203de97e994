// Our own games as the rounds service plays them: a bet as the wire carries it turned into the
// engine's bet (packages/games), a round started from the round's random source, actions applied
// to an open multi-step round, what the player may see of it, and the game's rule for a round
// left open past its deadline. Pure: no I/O; the verifier replays exactly what is recorded here.

import {
  BACCARAT_RTP_PERCENT,
  type BaccaratBet,
  type BaccaratWinner,
  computeBaccaratPayoutMinor,
  computeBaccaratValidBetMinor,
} from '@panalo/games/baccarat/baccarat.ts';
import {
  applyBlackjackAction,
  BLACKJACK_RTP_PERCENT,
  type BlackjackAction,
  type BlackjackState,
  listBlackjackActions,
  startBlackjack,
  viewBlackjack,
} from '@panalo/games/blackjack/blackjack.ts';
import {
  CLASSIC_LINES,
  CLASSIC_ONE_CHERRY,
  CLASSIC_SLOT_RTP_PERCENT,
  CLASSIC_STRIPS,
  CLASSIC_THREE_OF_A_KIND,
  CLASSIC_TWO_CHERRIES,
  computeClassicLineMultiplier,
} from '@panalo/games/classic-slot/classic-slot.ts';
import type { ColourGameBet } from '@panalo/games/colour-game/colour-game.ts';
import { computeDicePayoutMinor, DICE_RTP_PERCENT, type DiceDirection } from '@panalo/games/dice/dice.ts';
import {
  computeDragonTigerPayoutMinor,
  computeDragonTigerValidBetMinor,
  DRAGON_TIGER_RTP_PERCENT,
  type DragonTigerBet,
  type DragonTigerWinner,
} from '@panalo/games/dragon-tiger/dragon-tiger.ts';
import type { RoundRng } from '@panalo/games/fairness/round-rng.ts';
import type { FishPrawnCrabBet } from '@panalo/games/fish-prawn-crab/fish-prawn-crab.ts';
import { GameError } from '@panalo/games/game-error.ts';
import {
  computeMatchingPayoutMinor,
  MATCHING_DICE_RTP_PERCENT,
} from '@panalo/games/matching-dice/matching-dice.ts';
import {
  applyMinesAction,
  computeMinesPayoutMinor,
  MINES_RTP_PERCENT,
  type MinesAction,
  type MinesState,
  startMines,
  viewMines,
} from '@panalo/games/mines/mines.ts';
import {
  computeRoulettePayoutMinor,
  ROULETTE_PAYOUT_MULTIPLIERS,
  ROULETTE_POCKETS,
  ROULETTE_RTP_PERCENT,
  type RouletteBet,
} from '@panalo/games/roulette/roulette.ts';
import {
  computeSicBoPayoutMinor,
  SIC_BO_RTP_PERCENT,
  SIC_BO_TOTAL_ODDS,
  SIC_BO_TOTAL_RTP_PERCENT,
  type SicBoBet,
} from '@panalo/games/sic-bo/sic-bo.ts';
import { readWindow } from '@panalo/games/slot-reels/slot-reels.ts';
import type { ValidBetRules } from '@panalo/games/valid-bet/valid-bet.ts';
import {
  type GameName,
  type PlayedRound,
  type RoundOutcome,
  verifyRound,
} from '@panalo/games/verifier/verify-round.ts';
import {
  computeVideoMaxPayoutMinor,
  VIDEO_FREE_SPINS,
  VIDEO_LINES,
  VIDEO_MAX_WIN_MULTIPLIER,
  VIDEO_PAYTABLE,
  VIDEO_SCATTER_PAYS,
  VIDEO_SLOT_RTP_PERCENT,
} from '@panalo/games/video-slot/video-slot.ts';
import { parseAmount } from '@panalo/money/amount.ts';
import type { BetLimits } from '../../db/in-house-games.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, InvariantError } from '../../platform/errors/invariant.ts';

/** Every game of ours, by its game code in the registry. */
export const HOUSE_GAME_CODES = [
  'dice',
  'mines',
  'blackjack',
  'roulette',
  'baccarat',
  'dragon-tiger',
  'sic-bo',
  'colour-game',
  'fish-prawn-crab',
  'classic-slot',
  'video-slot',
] as const satisfies readonly GameName[];
export type HouseGameCode = (typeof HOUSE_GAME_CODES)[number];

export function isHouseGameCode(code: string): code is HouseGameCode {
  return (HOUSE_GAME_CODES as readonly string[]).includes(code);
}

/** Games whose round stays open for the player's actions. */
export function isMultiStep(game: HouseGameCode): game is 'mines' | 'blackjack' {
  return game === 'mines' || game === 'blackjack';
}

/** One bet of a table game as the wire carries it (amounts as decimal strings). */
export type WireTableBet = {
  kind?: string;
  face?: string;
  numbers?: number[];
  index?: number;
  number?: number;
  total?: number;
  stake: string;
};

/** A bet as the wire carries it; which fields a game reads is its own. */
export type WireBet = {
  stake?: string;
  lineStake?: string;
  direction?: string;
  /** Dice: the target X as a decimal, "50.00". */
  target?: string;
  mineCount?: number;
  bets?: WireTableBet[];
};

export type WireAction = { type: string; tile?: number };

function invalid(field: string, reason = 'invalid'): never {
  throw new AppError('VALIDATION', { value: { fields: { [field]: reason } } });
}

function stakeOf(text: string | undefined, field: string): bigint {
  if (text === undefined) return invalid(field, 'required');
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n) return invalid(field, 'format');
  return parsed.minor;
}

function tableBets(wire: WireBet): WireTableBet[] {
  if (!wire.bets || wire.bets.length === 0) return invalid('bets', 'required');
  return wire.bets;
}

/** Turns the wire's bet into what the engine plays; the engine checks the rest when it plays. */
export function parseBet(game: HouseGameCode, wire: WireBet): PlayedRound {
  switch (game) {
    case 'dice': {
      const target = wire.target === undefined ? null : /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(wire.target);
      if (!target) return invalid('target', 'format');
      if (wire.direction !== 'under' && wire.direction !== 'over') return invalid('direction');
      const targetHundredths = Number(target[1]) * 100 + Number((target[2] ?? '0').padEnd(2, '0'));
      return {
        game,
        bet: {
          direction: wire.direction satisfies DiceDirection,
          targetHundredths,
          stakeMinor: stakeOf(wire.stake, 'stake'),
        },
      };
    }
    case 'mines':
      if (wire.mineCount === undefined) return invalid('mineCount', 'required');
      return {
        game,
        bet: { mineCount: wire.mineCount, stakeMinor: stakeOf(wire.stake, 'stake') },
        actions: [],
      };
    case 'blackjack':
      return { game, bet: { stakeMinor: stakeOf(wire.stake, 'stake') }, actions: [] };
    case 'classic-slot':
    case 'video-slot':
      return { game, bet: { lineStakeMinor: stakeOf(wire.lineStake, 'lineStake') } };
    case 'roulette':
      return {
        game,
        bets: tableBets(wire).map((bet, index) => {
          const stakeMinor = stakeOf(bet.stake, `bets.${index}.stake`);
          if (bet.numbers !== undefined)
            return { kind: bet.kind, numbers: bet.numbers, stakeMinor } as RouletteBet;
          if (bet.index !== undefined) return { kind: bet.kind, index: bet.index, stakeMinor } as RouletteBet;
          return { kind: bet.kind, stakeMinor } as RouletteBet;
        }),
      };
    case 'sic-bo':
      return {
        game,
        bets: tableBets(wire).map((bet, index) => {
          const stakeMinor = stakeOf(bet.stake, `bets.${index}.stake`);
          if (bet.number !== undefined) return { kind: bet.kind, number: bet.number, stakeMinor } as SicBoBet;
          if (bet.total !== undefined) return { kind: bet.kind, total: bet.total, stakeMinor } as SicBoBet;
          return { kind: bet.kind, stakeMinor } as SicBoBet;
        }),
      };
    case 'baccarat':
    case 'dragon-tiger':
      return {
        game,
        bets: tableBets(wire).map((bet, index) => ({
          kind: bet.kind,
          stakeMinor: stakeOf(bet.stake, `bets.${index}.stake`),
        })) as BaccaratBet[] & DragonTigerBet[],
      };
    case 'colour-game':
    case 'fish-prawn-crab':
      return {
        game,
        bets: tableBets(wire).map((bet, index) => ({
          face: bet.face,
          stakeMinor: stakeOf(bet.stake, `bets.${index}.stake`),
        })) as ColourGameBet[] & FishPrawnCrabBet[],
      };
  }
}

/** The stakes of a round's bets, one per bet the table lays (a slot: the line stake). */
export function listUnitStakes(played: PlayedRound): bigint[] {
  if ('bets' in played) return played.bets.map((bet) => bet.stakeMinor);
  if (played.game === 'classic-slot' || played.game === 'video-slot') return [played.bet.lineStakeMinor];
  return [played.bet.stakeMinor];
}

/** What the round takes when it starts. */
export function computeInitialStake(played: PlayedRound): bigint {
  if (played.game === 'classic-slot') return played.bet.lineStakeMinor * BigInt(CLASSIC_LINES.length);
  if (played.game === 'video-slot') return played.bet.lineStakeMinor * BigInt(VIDEO_LINES.length);
  return listUnitStakes(played).reduce((sum, stake) => sum + stake, 0n);
}

/**
 * What a finished round counts for as valid bet under the merchant's rules (docs/agents.md "What a
 * bet holds"): baccarat and dragon tiger by their hands' bets and result (both sides staked, a
 * push on a tie); every other game its whole stake.
 */
export function computeValidBetMinor(progress: RoundProgress, rules: ValidBetRules): bigint {
  const { played, result } = progress;
  assertInvariant(result !== null, 'house games: the valid bet of a round still open');
  if (played.game === 'baccarat' && result.game === 'baccarat') {
    return computeBaccaratValidBetMinor(played.bets, result.outcome.winner, rules);
  }
  if (played.game === 'dragon-tiger') return computeDragonTigerValidBetMinor(played.bets, rules);
  return progress.stakedMinor;
}

/** Every throw of three dice, each face 0 … 5. */
function listThrows(): Array<[number, number, number]> {
  const throws: Array<[number, number, number]> = [];
  for (let first = 0; first < 6; first += 1)
    for (let second = 0; second < 6; second += 1)
      for (let third = 0; third < 6; third += 1) throws.push([first, second, third]);
  return throws;
}

let classicWindowMaxMultiplier: bigint | null = null;
/** The classic slot's best window, in line stakes: every stop combination, all five lines. */
function findClassicMaxMultiplier(): bigint {
  if (classicWindowMaxMultiplier !== null) return classicWindowMaxMultiplier;
  let best = 0n;
  const [first, second, third] = CLASSIC_STRIPS.map((strip) => strip.length);
  for (let a = 0; a < first!; a += 1)
    for (let b = 0; b < second!; b += 1)
      for (let c = 0; c < third!; c += 1) {
        const window = readWindow(CLASSIC_STRIPS, [a, b, c]);
        const multiplier = CLASSIC_LINES.reduce(
          (sum, rows) => sum + computeClassicLineMultiplier(rows.map((row, reel) => window[reel]![row]!)),
          0n,
        );
        if (multiplier > best) best = multiplier;
      }
  classicWindowMaxMultiplier = best;
  return best;
}

const MATCHING_FACES: Record<'colour-game' | 'fish-prawn-crab', readonly string[]> = {
  'colour-game': ['yellow', 'white', 'pink', 'blue', 'red', 'green'],
  'fish-prawn-crab': ['fish', 'prawn', 'crab', 'rooster', 'gourd', 'stag'],
};

/**
 * The most a round could pay (stakes returned included) given what was bet, before it is drawn:
 * the best pocket, throw, card result or reel window for the bets together. Mines: the first safe
 * tile (each further tile is checked before it is picked); blackjack: a natural (each double or
 * split is checked before it is taken); the video slot: its paytable's cap on a round's win.
 */
export function computeMaxPayoutMinor(played: PlayedRound): bigint {
  const best = (payouts: Iterable<bigint>) => {
    let most = 0n;
    for (const payout of payouts) if (payout > most) most = payout;
    return most;
  };
  switch (played.game) {
    case 'dice':
      return computeDicePayoutMinor(played.bet);
    case 'mines':
      return computeMinesPayoutMinor(played.bet.stakeMinor, played.bet.mineCount, 1);
    case 'blackjack':
      return (played.bet.stakeMinor * 5n) / 2n;
    case 'roulette':
      return best(
        Array.from({ length: ROULETTE_POCKETS }, (_, pocket) =>
          played.bets.reduce((sum, bet) => sum + computeRoulettePayoutMinor(bet, pocket), 0n),
        ),
      );
    case 'sic-bo':
      return best(
        listThrows().map(([a, b, c]) =>
          played.bets.reduce((sum, bet) => sum + computeSicBoPayoutMinor(bet, [a + 1, b + 1, c + 1]), 0n),
        ),
      );
    case 'colour-game':
    case 'fish-prawn-crab': {
      const faces = MATCHING_FACES[played.game];
      return best(
        listThrows().map((dice) =>
          played.bets.reduce((sum, bet) => {
            const matches = dice.filter((face) => faces[face] === bet.face).length;
            return sum + computeMatchingPayoutMinor(bet.stakeMinor, matches);
          }, 0n),
        ),
      );
    }
    case 'baccarat': {
      // Any result with or without a pair on either side can be dealt (a pair: two aces).
      const outcomes: bigint[] = [];
      for (const winner of ['player', 'banker', 'tie'] satisfies BaccaratWinner[])
        for (const playerPair of [false, true])
          for (const bankerPair of [false, true]) {
            const hands = { player: [0, playerPair ? 13 : 1], banker: [0, bankerPair ? 13 : 1] };
            outcomes.push(
              played.bets.reduce((sum, bet) => sum + computeBaccaratPayoutMinor(bet, hands, winner), 0n),
            );
          }
      return best(outcomes);
    }
    case 'dragon-tiger':
      return best(
        (['dragon', 'tiger', 'tie'] satisfies DragonTigerWinner[]).map((winner) =>
          played.bets.reduce((sum, bet) => sum + computeDragonTigerPayoutMinor(bet, winner), 0n),
        ),
      );
    case 'classic-slot':
      return played.bet.lineStakeMinor * findClassicMaxMultiplier();
    case 'video-slot':
      return computeVideoMaxPayoutMinor(played.bet.lineStakeMinor);
  }
}

function refuseAboveMaxWin(field: string, limits: BetLimits): never {
  throw new AppError('VALIDATION', {
    value: { fields: { [field]: 'maxWin' }, maxWin: String(limits.maxWinMinor) },
  });
}

/**
 * Refuses a bet outside the merchant's limits before any money moves (GAMES.md "Bet limits"):
 * each bet's stake within [min, max], and a round that could win more than the maximum win.
 */
export function assertWithinLimits(played: PlayedRound, limits: BetLimits): void {
  for (const stake of listUnitStakes(played)) {
    if (stake < limits.minStakeMinor || stake > limits.maxStakeMinor) {
      throw new AppError('VALIDATION', {
        value: {
          fields: { stake: 'limit' },
          minStake: String(limits.minStakeMinor),
          maxStake: String(limits.maxStakeMinor),
        },
      });
    }
  }
  let most: bigint;
  try {
    most = computeMaxPayoutMinor(played);
  } catch {
    // A bet of a shape the engine does not know: the engine refuses it when it checks the bet.
    return;
  }
  if (most > limits.maxWinMinor) refuseAboveMaxWin('stake', limits);
}

/**
 * Refuses an action that would let an open round win more than the maximum, before its money
 * moves: a mines tile whose cash-out would pay more if it is safe (judged before the tile is
 * turned, so a refusal tells nothing about it), a blackjack double or split after which the hands
 * could (each hand's stake paid 1:1).
 */
export function assertActionWithinMaxWin(
  progress: RoundProgress,
  action: WireAction,
  next: RoundProgress,
  limits: BetLimits,
): void {
  const { state } = progress;
  if (state?.game === 'mines') {
    if (action.type !== 'pick' || state.status !== 'playing') return;
    const ifSafe = computeMinesPayoutMinor(state.stakeMinor, state.mineCount, state.picks.length + 1);
    if (ifSafe > limits.maxWinMinor) refuseAboveMaxWin('tile', limits);
    return;
  }
  if (next.state?.game === 'blackjack' && next.stakedMinor > progress.stakedMinor) {
    const handsMost = next.state.hands.reduce((sum, hand) => sum + 2n * hand.stakeMinor, 0n);
    if (handsMost > limits.maxWinMinor) refuseAboveMaxWin('action', limits);
  }
}

/**
 * The win credited: the engine's payout, capped at the round's maximum win. Only the video slot
 * can reach the cap; every other game's bets and actions were refused before they could.
 */
export function capWin(payoutMinor: bigint, limits: BetLimits): bigint {
  return payoutMinor > limits.maxWinMinor ? limits.maxWinMinor : payoutMinor;
}

/** Engine refusals become the envelope's VALIDATION (a bet) or CONFLICT (an action now). */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof GameError)) return error;
  if (error.code === 'INVALID_ACTION') {
    return new AppError('CONFLICT', { value: { reason: 'INVALID_ACTION' } });
  }
  return new AppError('VALIDATION', { value: { fields: { bet: error.code }, reason: error.message } });
}

/** A round's state while it plays or when it is over; `open`: it waits for the player. */
export type RoundProgress = {
  played: PlayedRound;
  /** The engine state of a multi-step round; null for a one-step round. */
  state: MinesState | BlackjackState | null;
  /** The outcome as the verifier computes it, once the round is over. */
  result: RoundOutcome | null;
  isOpen: boolean;
  /** Everything staked so far, the initial stake included. */
  stakedMinor: bigint;
  /** What the engine pays at the end (0 while open). */
  payoutMinor: bigint;
};

/** Draws a round: one-step games to the end, multi-step games to their first decision. */
export function startRound(played: PlayedRound, rng: RoundRng): RoundProgress {
  if (played.game === 'mines') return progressOf(played, startMines(played.bet, rng));
  if (played.game === 'blackjack') return progressOf(played, startBlackjack(played.bet, rng));
  throw new InvariantError('startRound is for multi-step games; one-step rounds are drawn by playOneStep');
}

/** Plays a one-step round from its seeds, with the verifier's own code. */
export function playOneStep(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  played: PlayedRound,
): RoundProgress {
  const verified = verifyRound(seeds, played);
  return {
    played,
    state: null,
    result: verified.result,
    isOpen: false,
    stakedMinor: verified.stakeMinor,
    payoutMinor: verified.payoutMinor,
  };
}

function progressOf(played: PlayedRound, state: MinesState | BlackjackState): RoundProgress {
  if (state.game === 'mines') {
    const isOpen = state.status === 'playing';
    return {
      played,
      state,
      result: isOpen ? null : { game: 'mines', outcome: state },
      isOpen,
      stakedMinor: state.stakeMinor,
      payoutMinor: state.payoutMinor,
    };
  }
  const isOpen = state.phase !== 'settled';
  return {
    played,
    state,
    result: isOpen ? null : { game: 'blackjack', outcome: state },
    isOpen,
    stakedMinor: state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor),
    payoutMinor: isOpen ? 0n : state.payoutMinor,
  };
}

const BLACKJACK_ACTIONS: readonly BlackjackAction[] = [
  'insure',
  'decline-insurance',
  'hit',
  'stand',
  'double',
  'split',
];

/** Applies the player's action to an open round; the played record grows by the action. */
export function applyAction(progress: RoundProgress, action: WireAction): RoundProgress {
  const { played, state } = progress;
  if (!state || !progress.isOpen) throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
  if (played.game === 'mines' && state.game === 'mines') {
    let minesAction: MinesAction;
    if (action.type === 'pick' && action.tile !== undefined)
      minesAction = { type: 'pick', tile: action.tile };
    else if (action.type === 'cash-out') minesAction = { type: 'cash-out' };
    else return invalid('action');
    const next = applyMinesAction(state, minesAction);
    return progressOf({ ...played, actions: [...played.actions, minesAction] }, next);
  }
  if (played.game === 'blackjack' && state.game === 'blackjack') {
    const blackjackAction = BLACKJACK_ACTIONS.find((candidate) => candidate === action.type);
    if (!blackjackAction) return invalid('action');
    const next = applyBlackjackAction(state, blackjackAction);
    return progressOf({ ...played, actions: [...played.actions, blackjackAction] }, next);
  }
  throw new InvariantError('an open round is mines or blackjack');
}

/**
 * The game's rule for a round left open past its deadline: blackjack declines insurance and
 * stands every hand; mines cashes out the tiles revealed. Null when the rule is to cancel the
 * round (mines with no tile revealed: nothing was played, the stake goes back).
 */
export function settleByRule(progress: RoundProgress): RoundProgress | null {
  let current = progress;
  while (current.isOpen && current.state) {
    const { state } = current;
    if (state.game === 'mines') {
      if (state.picks.length === 0) return null;
      current = applyAction(current, { type: 'cash-out' });
    } else {
      const allowed = listBlackjackActions(state);
      current = applyAction(current, {
        type: allowed.includes('decline-insurance') ? 'decline-insurance' : 'stand',
      });
    }
  }
  return current;
}

/** What the player may see of a round: an open round hides its mines, shoe and hole card. */
export function viewProgress(progress: RoundProgress): unknown {
  if (progress.result) return progress.result.outcome;
  const { state } = progress;
  if (state?.game === 'mines') return viewMines(state);
  if (state?.game === 'blackjack') return viewBlackjack(state);
  return null;
}

/** The actions the player may take now. */
export function listActions(progress: RoundProgress): string[] {
  const { state } = progress;
  if (!progress.isOpen || !state) return [];
  if (state.game === 'mines') return state.picks.length > 0 ? ['pick', 'cash-out'] : ['pick'];
  return listBlackjackActions(state);
}

/** One line of a game's paytable: the bet, what it pays, and its return to player in percent. */
export type PaytableLine = { bet: string; pays: string; rtp: string | null };

const percent = (value: number) => value.toFixed(2);
/** "35:1" for a bet that returns 36 times its stake. */
const odds = (returned: bigint) => `${returned - 1n}:1`;

/** A game's paytable and return, from the engine's own constants (GAMES.md). */
export function describePaytable(game: HouseGameCode): { rtp: string; lines: PaytableLine[] } {
  switch (game) {
    case 'dice':
      return {
        rtp: percent(DICE_RTP_PERCENT),
        lines: [{ bet: 'chance', pays: 'stake × 99 / chance', rtp: percent(DICE_RTP_PERCENT) }],
      };
    case 'mines':
      return {
        rtp: percent(MINES_RTP_PERCENT),
        lines: [{ bet: 'cash-out', pays: '0.99 × C(25, k) / C(25 − m, k)', rtp: percent(MINES_RTP_PERCENT) }],
      };
    case 'blackjack':
      return {
        rtp: percent(BLACKJACK_RTP_PERCENT),
        lines: [
          { bet: 'blackjack', pays: '3:2', rtp: null },
          { bet: 'win', pays: '1:1', rtp: null },
          { bet: 'insurance', pays: '2:1', rtp: null },
        ],
      };
    case 'roulette':
      return {
        rtp: percent(ROULETTE_RTP_PERCENT),
        lines: Object.entries(ROULETTE_PAYOUT_MULTIPLIERS).map(([bet, returned]) => ({
          bet,
          pays: odds(returned),
          rtp: percent(ROULETTE_RTP_PERCENT),
        })),
      };
    case 'baccarat':
      return {
        rtp: percent(BACCARAT_RTP_PERCENT.banker),
        lines: [
          { bet: 'player', pays: '1:1', rtp: percent(BACCARAT_RTP_PERCENT.player) },
          { bet: 'banker', pays: '0.95:1', rtp: percent(BACCARAT_RTP_PERCENT.banker) },
          { bet: 'tie', pays: '8:1', rtp: percent(BACCARAT_RTP_PERCENT.tie) },
          { bet: 'player-pair', pays: '11:1', rtp: percent(BACCARAT_RTP_PERCENT['player-pair']) },
          { bet: 'banker-pair', pays: '11:1', rtp: percent(BACCARAT_RTP_PERCENT['banker-pair']) },
        ],
      };
    case 'dragon-tiger':
      return {
        rtp: percent(DRAGON_TIGER_RTP_PERCENT.dragon),
        lines: [
          { bet: 'dragon', pays: '1:1', rtp: percent(DRAGON_TIGER_RTP_PERCENT.dragon) },
          { bet: 'tiger', pays: '1:1', rtp: percent(DRAGON_TIGER_RTP_PERCENT.tiger) },
          { bet: 'tie', pays: '11:1', rtp: percent(DRAGON_TIGER_RTP_PERCENT.tie) },
        ],
      };
    case 'sic-bo':
      return {
        rtp: percent(SIC_BO_RTP_PERCENT.big),
        lines: [
          { bet: 'small', pays: '1:1', rtp: percent(SIC_BO_RTP_PERCENT.small) },
          { bet: 'big', pays: '1:1', rtp: percent(SIC_BO_RTP_PERCENT.big) },
          { bet: 'single', pays: '1:1 / 2:1 / 3:1', rtp: percent(SIC_BO_RTP_PERCENT.single) },
          { bet: 'specific-double', pays: '10:1', rtp: percent(SIC_BO_RTP_PERCENT['specific-double']) },
          { bet: 'any-triple', pays: '30:1', rtp: percent(SIC_BO_RTP_PERCENT['any-triple']) },
          { bet: 'specific-triple', pays: '180:1', rtp: percent(SIC_BO_RTP_PERCENT['specific-triple']) },
          ...Object.entries(SIC_BO_TOTAL_ODDS).map(([total, paid]) => ({
            bet: `total-${total}`,
            pays: `${paid}:1`,
            rtp: percent(SIC_BO_TOTAL_RTP_PERCENT[Number(total)] ?? 0),
          })),
        ],
      };
    case 'colour-game':
    case 'fish-prawn-crab':
      return {
        rtp: percent(MATCHING_DICE_RTP_PERCENT),
        lines: [
          { bet: 'one-match', pays: '1:1', rtp: null },
          { bet: 'two-matches', pays: '2:1', rtp: null },
          { bet: 'three-matches', pays: '3:1', rtp: null },
        ],
      };
    case 'classic-slot':
      return {
        rtp: percent(CLASSIC_SLOT_RTP_PERCENT),
        lines: [
          ...Object.entries(CLASSIC_THREE_OF_A_KIND).map(([symbol, multiplier]) => ({
            bet: `three-${symbol}`,
            pays: `×${multiplier}`,
            rtp: null,
          })),
          { bet: 'two-cherry', pays: `×${CLASSIC_TWO_CHERRIES}`, rtp: null },
          { bet: 'one-cherry', pays: `×${CLASSIC_ONE_CHERRY}`, rtp: null },
        ],
      };
    case 'video-slot':
      return {
        rtp: percent(VIDEO_SLOT_RTP_PERCENT),
        lines: [
          ...Object.entries(VIDEO_PAYTABLE).map(([symbol, pays]) => ({
            bet: symbol,
            pays: pays.map((multiplier) => `×${multiplier}`).join(' / '),
            rtp: null,
          })),
          ...Object.entries(VIDEO_SCATTER_PAYS).map(([count, multiplier]) => ({
            bet: `scatter-${count}`,
            pays: `×${multiplier} + ${VIDEO_FREE_SPINS[Number(count)]} free spins`,
            rtp: null,
          })),
          // A round's win, free spins included, is capped at this multiple of its total stake;
          // the return above is the exact one with the cap.
          { bet: 'max-win', pays: `×${VIDEO_MAX_WIN_MULTIPLIER}`, rtp: percent(VIDEO_SLOT_RTP_PERCENT) },
        ],
      };
  }
}

/**
 * The round after the player's action, as a client hears it refused: an action the engine refuses
 * as an AppError, and one whose outcome could pass the game's maximum win refused before it is
 * played (assertActionWithinMaxWin).
 */
export function takeActionWithinLimits(
  progress: RoundProgress,
  action: WireAction,
  limits: BetLimits,
): RoundProgress {
  let next: RoundProgress;
  try {
    next = applyAction(progress, action);
  } catch (caught) {
    throw toAppError(caught);
  }
  assertActionWithinMaxWin(progress, action, next, limits);
  return next;
}
