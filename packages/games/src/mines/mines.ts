// Mines (GAMES.md): the round shuffles the tiles 0–24 and the first m (1–24) of that order are
// mines. The player picks tiles one at a time; after k safe picks the cash-out multiplier is
// 0.99 × C(25, k) / C(25 − m, k), which is 0.99 divided by the chance of surviving k picks, so
// every way of playing returns 99 %. A payout is the stake times that multiplier, rounded down to
// the minor unit. The round is a state machine: playing → busted | cashed-out, moved only by the
// actions listMinesActions allows; clearing every safe tile cashes out by itself.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertInvariant, assertStake, GameError } from '../game-error.ts';
import { createRatio, multiplyRatios, type Ratio } from '../maths/ratio.ts';

export const MINES_TILES = 25;
export const MINES_COUNT_MIN = 1;
export const MINES_COUNT_MAX = 24;
export const MINES_RTP_PERCENT = 99.0;

export type MinesBet = { mineCount: number; stakeMinor: bigint };
export type MinesStatus = 'playing' | 'busted' | 'cashed-out';
export type MinesAction = { type: 'pick'; tile: number } | { type: 'cash-out' };

export type MinesState = {
  game: 'mines';
  mineCount: number;
  stakeMinor: bigint;
  /** The mines, sorted. Secret while the round is playing: send the player viewMines() instead. */
  mines: number[];
  /** Safe tiles picked, in order. */
  picks: number[];
  /** The mine that ended the round, when it did. */
  bustedOn: number | null;
  status: MinesStatus;
  /** What the wallet credits at the end; 0 while playing and when busted. */
  payoutMinor: bigint;
};

export type MinesView = Omit<MinesState, 'mines'> & { mines: number[] | null; multiplierNext: string | null };

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let index = 0; index < k; index += 1) result = (result * BigInt(n - index)) / BigInt(index + 1);
  return result;
}

/** 0.99 × C(25, k) / C(25 − m, k), exactly. */
export function computeMinesMultiplier(mineCount: number, safePicks: number): Ratio {
  return createRatio(
    99n * binomial(MINES_TILES, safePicks),
    100n * binomial(MINES_TILES - mineCount, safePicks),
  );
}

export function computeMinesPayoutMinor(stakeMinor: bigint, mineCount: number, safePicks: number): bigint {
  const multiplier = computeMinesMultiplier(mineCount, safePicks);
  return (stakeMinor * multiplier.numerator) / multiplier.denominator;
}

export function startMines(bet: MinesBet, rng: RoundRng): MinesState {
  assertStake(bet.stakeMinor);
  if (
    !Number.isInteger(bet.mineCount) ||
    bet.mineCount < MINES_COUNT_MIN ||
    bet.mineCount > MINES_COUNT_MAX
  ) {
    throw new GameError('INVALID_BET', 'a mines round has 1 to 24 mines', { mineCount: bet.mineCount });
  }
  const tiles = rng.shuffle(Array.from({ length: MINES_TILES }, (_, tile) => tile));
  return {
    game: 'mines',
    mineCount: bet.mineCount,
    stakeMinor: bet.stakeMinor,
    mines: tiles.slice(0, bet.mineCount).sort((a, b) => a - b),
    picks: [],
    bustedOn: null,
    status: 'playing',
    payoutMinor: 0n,
  };
}

export function listMinesActions(state: MinesState): Array<MinesAction['type']> {
  if (state.status !== 'playing') return [];
  return state.picks.length > 0 ? ['pick', 'cash-out'] : ['pick'];
}

export function applyMinesAction(state: MinesState, action: MinesAction): MinesState {
  if (!listMinesActions(state).includes(action.type)) {
    throw new GameError('INVALID_ACTION', `cannot ${action.type} now`, {
      status: state.status,
      action: action.type,
    });
  }
  if (action.type === 'cash-out') return cashOut(state);
  const { tile } = action;
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES || state.picks.includes(tile)) {
    throw new GameError('INVALID_ACTION', 'pick a tile from 0 to 24 not picked yet', { tile });
  }
  if (state.mines.includes(tile)) return { ...state, bustedOn: tile, status: 'busted', payoutMinor: 0n };
  const next = { ...state, picks: [...state.picks, tile] };
  return next.picks.length === MINES_TILES - state.mineCount ? cashOut(next) : next;
}

function cashOut(state: MinesState): MinesState {
  assertInvariant(state.picks.length >= 1, 'a mines cash-out follows at least one safe pick');
  const payoutMinor = computeMinesPayoutMinor(state.stakeMinor, state.mineCount, state.picks.length);
  return { ...state, status: 'cashed-out', payoutMinor };
}

/** What the player may see: the mines only once the round is over, and the next multiplier. */
export function viewMines(state: MinesState): MinesView {
  if (state.status !== 'playing') return { ...state, multiplierNext: null };
  // A round still playing has a safe tile left, so the next multiplier exists.
  const next = computeMinesMultiplier(state.mineCount, state.picks.length + 1);
  return { ...state, mines: null, multiplierNext: formatMultiplier(next) };
}

/** The multiplier rounded down to two decimals, as the board shows it, e.g. "1.13". */
export function formatMultiplier(multiplier: Ratio): string {
  const hundredths = (multiplier.numerator * 100n) / multiplier.denominator;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** Plays a whole round from a list of picks, cashing out after the last one if still alive. */
export function playMines(bet: MinesBet & { picks: number[] }, rng: RoundRng): MinesState {
  let state = startMines(bet, rng);
  for (const tile of bet.picks) {
    if (state.status !== 'playing') break;
    state = applyMinesAction(state, { type: 'pick', tile });
  }
  return state.status === 'playing' && state.picks.length > 0
    ? applyMinesAction(state, { type: 'cash-out' })
    : state;
}

/**
 * The exact return of cashing out after k safe picks with m mines: the chance of surviving k picks,
 * (25 − m)/25 × (24 − m)/24 × …, times the multiplier. It is 99 % for every m and k.
 */
export function computeMinesReturn(mineCount: number, safePicks: number): Ratio {
  let survival = createRatio(1);
  for (let pick = 0; pick < safePicks; pick += 1) {
    survival = multiplyRatios(survival, createRatio(MINES_TILES - mineCount - pick, MINES_TILES - pick));
  }
  return multiplyRatios(survival, computeMinesMultiplier(mineCount, safePicks));
}
