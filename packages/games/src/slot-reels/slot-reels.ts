// Reels shared by the slots (GAMES.md): one int(length) per reel, left to right; the stop is the
// index of the symbol in the top row, and the rows show stop, stop + 1, stop + 2 (wrapping).

import type { RoundRng } from '../fairness/round-rng.ts';

export const SLOT_ROWS = 3;

/** Draws one stop per reel, left to right. */
export function drawStops(rng: RoundRng, strips: ReadonlyArray<readonly unknown[]>): number[] {
  return strips.map((strip) => rng.int(strip.length));
}

/** The window as columns: window[reel][row], row 0 on top. */
export function readWindow<Symbol>(
  strips: ReadonlyArray<readonly Symbol[]>,
  stops: readonly number[],
): Symbol[][] {
  return strips.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** How many times each symbol appears on a strip. */
export function countSymbols<Symbol extends string>(strip: readonly Symbol[]): Map<Symbol, number> {
  const counts = new Map<Symbol, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}
