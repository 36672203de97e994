// The bets each table of ours lays out, as GAMES.md lists them: what the wire carries for each,
// how it is named on screen (a label key and its parameters) and what it pays.

import {
  RED_NUMBERS,
  ROULETTE_INSIDE_SHAPES,
  type RouletteInsideKind,
} from '@panalo/games/roulette/roulette.ts';
import { SIC_BO_TOTAL_ODDS } from '@panalo/games/sic-bo/sic-bo.ts';
import type { WireTableBet } from '../api';

export type BetOption = {
  /** Unique on the table: "split-14-17", "total-10", "red". */
  id: string;
  /** A key of the locale's labels. */
  label: string;
  params?: Record<string, string | number>;
  pays: string;
  bet: Omit<WireTableBet, 'stake'>;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

const INSIDE_PAYS: Record<RouletteInsideKind, string> = {
  straight: '35:1',
  split: '17:1',
  street: '11:1',
  corner: '8:1',
  'six-line': '5:1',
};

/** A straight number's colour class on the layout. */
export function pocketColour(number: number): 'green' | 'red' | 'black' {
  return number === 0 ? 'green' : RED_NUMBERS.has(number) ? 'red' : 'black';
}

export function insideId(kind: RouletteInsideKind, numbers: readonly number[]): string {
  return `${kind}-${[...numbers].sort((a, b) => a - b).join('-')}`;
}

function rouletteOptions(): BetOption[] {
  const inside = (Object.keys(ROULETTE_INSIDE_SHAPES) as RouletteInsideKind[]).flatMap((kind) =>
    ROULETTE_INSIDE_SHAPES[kind].map(
      (numbers): BetOption => ({
        id: insideId(kind, numbers),
        label: kind,
        params: { n: numbers.join('–') },
        pays: INSIDE_PAYS[kind],
        bet: { kind, numbers },
      }),
    ),
  );
  const indexed = (kind: 'dozen' | 'column') =>
    range(1, 3).map(
      (index): BetOption => ({
        id: `${kind}-${index}`,
        label: kind,
        params: { n: index },
        pays: '2:1',
        bet: { kind, index },
      }),
    );
  const even = ['low', 'even', 'red', 'black', 'odd', 'high'].map(
    (kind): BetOption => ({ id: kind, label: kind, pays: '1:1', bet: { kind } }),
  );
  return [...inside, ...indexed('dozen'), ...indexed('column'), ...even];
}

function sicBoOptions(): BetOption[] {
  const numbered = (kind: 'single' | 'specific-double' | 'specific-triple', pays: string) =>
    range(1, 6).map(
      (number): BetOption => ({
        id: `${kind}-${number}`,
        label: kind,
        params: { n: number },
        pays,
        bet: { kind, number },
      }),
    );
  return [
    { id: 'small', label: 'small', pays: '1:1', bet: { kind: 'small' } },
    { id: 'any-triple', label: 'any-triple', pays: '30:1', bet: { kind: 'any-triple' } },
    { id: 'big', label: 'big', pays: '1:1', bet: { kind: 'big' } },
    ...numbered('specific-double', '10:1'),
    ...numbered('specific-triple', '180:1'),
    ...range(4, 17).map(
      (total): BetOption => ({
        id: `total-${total}`,
        label: 'total',
        params: { n: total },
        pays: `${SIC_BO_TOTAL_ODDS[total]}:1`,
        bet: { kind: 'total', total },
      }),
    ),
    ...numbered('single', '1:1 · 2:1 · 3:1'),
  ];
}

/** Every bet the game's table offers; empty for a game that is not a table. */
export function listTableOptions(gameCode: string): BetOption[] {
  const simple = (pairs: Array<[string, string]>) =>
    pairs.map(([kind, pays]): BetOption => ({ id: kind, label: kind, pays, bet: { kind } }));
  const faces = (names: string[]) =>
    names.map((face): BetOption => ({ id: face, label: face, pays: '1:1 · 2:1 · 3:1', bet: { face } }));
  switch (gameCode) {
    case 'roulette':
      return rouletteOptions();
    case 'sic-bo':
      return sicBoOptions();
    case 'baccarat':
      return simple([
        ['player', '1:1'],
        ['tie', '8:1'],
        ['banker', '0.95:1'],
        ['player-pair', '11:1'],
        ['banker-pair', '11:1'],
      ]);
    case 'dragon-tiger':
      return simple([
        ['dragon', '1:1'],
        ['tie', '11:1'],
        ['tiger', '1:1'],
      ]);
    case 'colour-game':
      return faces(['yellow', 'white', 'pink', 'blue', 'red', 'green']);
    case 'fish-prawn-crab':
      return faces(['fish', 'prawn', 'crab', 'rooster', 'gourd', 'stag']);
    default:
      return [];
  }
}

/** "₱10" → "10", ₱1,500 → "1.5K": what a chip on the layout can hold. */
export function shortAmount(minor: bigint): string {
  const whole = Number(minor) / 100;
  if (whole >= 1_000_000) return `${Number((whole / 1_000_000).toFixed(1))}M`;
  if (whole >= 1_000) return `${Number((whole / 1_000).toFixed(1))}K`;
  return String(Number(whole.toFixed(2)));
}
