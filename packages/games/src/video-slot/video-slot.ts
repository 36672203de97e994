// Video slot 5×3 (GAMES.md): five reels, 25 lines. Line wins pay three, four or five of a kind
// from the leftmost reel, in multiples of the line stake; the wild substitutes for every symbol
// but the scatter and pays on its own, and a line pays the better of its wild run and its symbol
// run. Scatters pay anywhere in the window, in multiples of the total stake, and three or more
// award free spins: 8, 12 or 20 spins on the same reels with every win doubled, drawn from the
// same round's stream after the base spin. Free spins do not award further free spins, so a
// round is at most 21 spins. The bet is the line stake on each of the 25 lines. A round's win,
// free spins included, is capped in the paytable at VIDEO_MAX_WIN_MULTIPLIER times its total stake
// (GAMES.md "Bet limits"), so that a bet is refused only when that multiple of its stake exceeds
// the merchant's maximum win, and a win is never cut at payout.
//
// The exact return is derived below without simulation: every line sees, on each reel, a cell of
// a uniformly drawn stop, so each line's win has the same distribution, given by enumerating the
// symbol on each of the five reels with its count on the strip; the scatters' distribution comes
// from enumerating each reel's stops; free spins add, per trigger, their number times the
// multiplier times the return of one spin (linearity of expectation). The cap enters the return
// through the highest win a round can reach, found by enumerating every window: it lies below the
// cap, so the capped return is the uncapped one, exactly; were it above, the derivation refuses
// to state a figure rather than ignore the cap.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake } from '../game-error.ts';
import { addRatios, createRatio, multiplyRatios, type Ratio } from '../maths/ratio.ts';
import { countSymbols, drawStops, readWindow, SLOT_ROWS } from '../slot-reels/slot-reels.ts';

export const VIDEO_SYMBOLS = [
  'wild',
  'scatter',
  'mango',
  'jeepney',
  'carabao',
  'sampaguita',
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
] as const;
export type VideoSymbol = (typeof VIDEO_SYMBOLS)[number];
type PayingSymbol = Exclude<VideoSymbol, 'scatter'>;

export const VIDEO_STRIPS: ReadonlyArray<readonly VideoSymbol[]> = [
  [
    'sampaguita',
    'mango',
    'jack',
    'king',
    'ace',
    'ten',
    'queen',
    'carabao',
    'jeepney',
    'jack',
    'sampaguita',
    'king',
    'ten',
    'ace',
    'queen',
    'mango',
    'jeepney',
    'jack',
    'king',
    'carabao',
    'ten',
    'queen',
    'sampaguita',
    'ace',
    'jack',
    'scatter',
    'king',
    'ten',
    'carabao',
    'queen',
  ],
  [
    'jack',
    'ace',
    'king',
    'ten',
    'wild',
    'queen',
    'carabao',
    'mango',
    'jack',
    'sampaguita',
    'jeepney',
    'king',
    'ten',
    'wild',
    'queen',
    'ace',
    'carabao',
    'jack',
    'scatter',
    'king',
    'ten',
    'sampaguita',
    'queen',
    'ace',
    'wild',
    'jack',
    'mango',
    'king',
    'ten',
    'carabao',
    'queen',
    'sampaguita',
    'jeepney',
  ],
  [
    'carabao',
    'ten',
    'mango',
    'king',
    'queen',
    'sampaguita',
    'ace',
    'jack',
    'jeepney',
    'wild',
    'king',
    'ten',
    'queen',
    'carabao',
    'mango',
    'jack',
    'sampaguita',
    'king',
    'ten',
    'ace',
    'wild',
    'queen',
    'jeepney',
    'carabao',
    'king',
    'jack',
    'sampaguita',
    'ten',
    'scatter',
    'queen',
    'ace',
    'king',
    'jack',
    'wild',
  ],
  [
    'king',
    'ten',
    'sampaguita',
    'queen',
    'ace',
    'wild',
    'jack',
    'mango',
    'king',
    'ten',
    'carabao',
    'queen',
    'sampaguita',
    'jeepney',
    'jack',
    'ace',
    'king',
    'ten',
    'wild',
    'queen',
    'carabao',
    'mango',
    'jack',
    'sampaguita',
    'jeepney',
    'king',
    'ten',
    'wild',
    'queen',
    'ace',
    'carabao',
    'jack',
    'scatter',
  ],
  [
    'ten',
    'queen',
    'sampaguita',
    'jeepney',
    'jack',
    'ace',
    'carabao',
    'ten',
    'king',
    'queen',
    'wild',
    'mango',
    'jack',
    'sampaguita',
    'jeepney',
    'ten',
    'queen',
    'ace',
    'king',
    'jack',
    'carabao',
    'scatter',
    'ten',
    'sampaguita',
    'queen',
    'ace',
    'wild',
    'jack',
    'king',
    'mango',
  ],
];

/** Rows read on each reel, left to right (0 top, 1 middle, 2 bottom). */
export const VIDEO_LINES: ReadonlyArray<readonly number[]> = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
];

/** Three, four and five of a kind, in multiples of the line stake. */
export const VIDEO_PAYTABLE: Readonly<Record<PayingSymbol, readonly [bigint, bigint, bigint]>> = {
  wild: [50n, 250n, 1000n],
  mango: [40n, 150n, 500n],
  jeepney: [30n, 100n, 400n],
  carabao: [25n, 80n, 300n],
  sampaguita: [20n, 60n, 200n],
  ace: [15n, 40n, 150n],
  king: [12n, 30n, 120n],
  queen: [10n, 25n, 100n],
  jack: [8n, 20n, 80n],
  ten: [8n, 20n, 80n],
};
/** Scatter pays by count (3, 4, 5), in multiples of the total stake, and the free spins awarded. */
export const VIDEO_SCATTER_PAYS: Readonly<Record<number, bigint>> = { 3: 2n, 4: 10n, 5: 50n };
export const VIDEO_FREE_SPINS: Readonly<Record<number, number>> = { 3: 8, 4: 12, 5: 20 };
export const VIDEO_FREE_SPIN_MULTIPLIER = 2n;

/** A round's win, free spins included, is at most this multiple of its total stake. */
export const VIDEO_MAX_WIN_MULTIPLIER = 5_000n;

/** The stated return, with the cap; computeVideoSlotReturn derives it exactly and the tests hold them equal. */
export const VIDEO_SLOT_RTP_PERCENT = 96.08;

export type VideoSlotBet = { lineStakeMinor: bigint };
export type VideoLineWin = { line: number; symbol: PayingSymbol; count: number; multiplier: bigint };
export type VideoSpin = {
  stops: number[];
  window: VideoSymbol[][];
  lines: VideoLineWin[];
  scatters: number;
  /** The spin's win in minor units, the free-spin multiplier included. */
  winMinor: bigint;
};
export type VideoSlotOutcome = {
  base: VideoSpin;
  freeSpins: VideoSpin[];
  stakeMinor: bigint;
  /** The spins' wins together, capped at VIDEO_MAX_WIN_MULTIPLIER times the stake. */
  payoutMinor: bigint;
};

function payOf(symbol: PayingSymbol, count: number): bigint {
  return count >= 3 ? VIDEO_PAYTABLE[symbol][count - 3]! : 0n;
}

/** The win of one line's five symbols, or null. */
export function evaluateVideoLine(symbols: readonly VideoSymbol[]): Omit<VideoLineWin, 'line'> | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === 'wild') wilds += 1;
  const symbol = symbols[wilds];
  let best: Omit<VideoLineWin, 'line'> = { symbol: 'wild', count: wilds, multiplier: payOf('wild', wilds) };
  if (symbol !== undefined && symbol !== 'scatter') {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === symbol || symbols[count] === 'wild')) count += 1;
    const multiplier = payOf(symbol, count);
    if (multiplier > best.multiplier) best = { symbol, count, multiplier };
  }
  return best.multiplier > 0n ? best : null;
}

function spin(rng: RoundRng, lineStakeMinor: bigint, multiplier: bigint): VideoSpin {
  const stops = drawStops(rng, VIDEO_STRIPS);
  const window = readWindow(VIDEO_STRIPS, stops);
  const lines: VideoLineWin[] = [];
  for (const [line, rows] of VIDEO_LINES.entries()) {
    const win = evaluateVideoLine(rows.map((row, reel) => window[reel]![row]!));
    if (win) lines.push({ line, ...win });
  }
  const scatters = window.reduce(
    (sum, column) => sum + column.filter((symbol) => symbol === 'scatter').length,
    0,
  );
  const lineMultiplier = lines.reduce((sum, win) => sum + win.multiplier, 0n);
  const scatterMultiplier = (VIDEO_SCATTER_PAYS[scatters] ?? 0n) * BigInt(VIDEO_LINES.length);
  return {
    stops,
    window,
    lines,
    scatters,
    winMinor: lineStakeMinor * (lineMultiplier + scatterMultiplier) * multiplier,
  };
}

export function playVideoSlot(bet: VideoSlotBet, rng: RoundRng): VideoSlotOutcome {
  assertStake(bet.lineStakeMinor);
  const base = spin(rng, bet.lineStakeMinor, 1n);
  const freeSpins: VideoSpin[] = [];
  const awarded = VIDEO_FREE_SPINS[base.scatters] ?? 0;
  for (let index = 0; index < awarded; index += 1) {
    freeSpins.push(spin(rng, bet.lineStakeMinor, VIDEO_FREE_SPIN_MULTIPLIER));
  }
  const stakeMinor = bet.lineStakeMinor * BigInt(VIDEO_LINES.length);
  const wonMinor = [base, ...freeSpins].reduce((sum, played) => sum + played.winMinor, 0n);
  return { base, freeSpins, stakeMinor, payoutMinor: capVideoWinMinor(wonMinor, stakeMinor) };
}

/** The paytable's cap on a round's win: VIDEO_MAX_WIN_MULTIPLIER times its total stake. */
export function capVideoWinMinor(wonMinor: bigint, stakeMinor: bigint): bigint {
  const capMinor = stakeMinor * VIDEO_MAX_WIN_MULTIPLIER;
  return wonMinor > capMinor ? capMinor : wonMinor;
}

/** The most a round can pay for a line stake: the cap, whatever the reels show. */
export function computeVideoMaxPayoutMinor(lineStakeMinor: bigint): bigint {
  return lineStakeMinor * BigInt(VIDEO_LINES.length) * VIDEO_MAX_WIN_MULTIPLIER;
}

/** The expected win of one line, in line stakes, by enumerating the symbol on each reel. */
export function computeVideoLineReturn(): Ratio {
  const reels = VIDEO_STRIPS.map((strip) => [...countSymbols(strip)]);
  let paid = 0n;
  const symbols: VideoSymbol[] = [];
  const visit = (reel: number, ways: bigint) => {
    if (reel === reels.length) {
      const win = evaluateVideoLine(symbols);
      if (win) paid += ways * win.multiplier;
      return;
    }
    for (const [symbol, count] of reels[reel]!) {
      symbols[reel] = symbol;
      visit(reel + 1, ways * BigInt(count));
    }
  };
  visit(0, 1n);
  const combinations = VIDEO_STRIPS.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return createRatio(paid, combinations);
}

/** The chance of each number of scatters in the window, by enumerating each reel's stops. */
export function computeScatterDistribution(): Ratio[] {
  let distribution: Ratio[] = [createRatio(1)];
  for (const strip of VIDEO_STRIPS) {
    const perReel: bigint[] = new Array<bigint>(SLOT_ROWS + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let shown = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1)
        if (strip[(stop + row) % strip.length] === 'scatter') shown += 1;
      perReel[shown]! += 1n;
    }
    const next: Ratio[] = new Array<Ratio>(distribution.length + SLOT_ROWS).fill(createRatio(0));
    distribution.forEach((chance, before) => {
      perReel.forEach((stops, shown) => {
        next[before + shown] = addRatios(
          next[before + shown]!,
          multiplyRatios(chance, createRatio(stops, strip.length)),
        );
      });
    });
    distribution = next;
  }
  return distribution;
}

let spinMaxima: bigint[] | null = null;

/**
 * The highest win of one spin (line and scatter wins, in line stakes, before any free-spin
 * multiplier) for each number of scatters in the window (0n where none can show that many), by
 * enumerating every stop
 * combination (about 33 million windows, a few seconds). Each line's five symbols are read as one
 * base-11 number into a table of line wins built once, so a window costs 25 lookups.
 */
export function computeVideoSpinMaxima(): bigint[] {
  if (spinMaxima) return spinMaxima;
  const kinds = VIDEO_SYMBOLS.length;
  const lineWins = new Int32Array(kinds ** VIDEO_STRIPS.length);
  const symbols: VideoSymbol[] = [];
  for (let code = 0; code < lineWins.length; code += 1) {
    let rest = code;
    for (let reel = VIDEO_STRIPS.length - 1; reel >= 0; reel -= 1) {
      symbols[reel] = VIDEO_SYMBOLS[rest % kinds]!;
      rest = Math.floor(rest / kinds);
    }
    lineWins[code] = Number(evaluateVideoLine(symbols)?.multiplier ?? 0n);
  }
  // Per reel and stop: the symbol index each line reads there, and the scatters shown.
  const reads = VIDEO_STRIPS.map((strip, reel) =>
    Array.from({ length: strip.length }, (_, stop) =>
      VIDEO_LINES.map((rows) => VIDEO_SYMBOLS.indexOf(strip[(stop + rows[reel]!) % strip.length]!)),
    ),
  );
  const shown = VIDEO_STRIPS.map((strip) =>
    Array.from(
      { length: strip.length },
      (_, stop) =>
        Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length]).filter(
          (symbol) => symbol === 'scatter',
        ).length,
    ),
  );
  const lines = VIDEO_LINES.length;
  const maxima = new Array<number>(VIDEO_STRIPS.length * SLOT_ROWS + 1).fill(0);
  // codes[reel][line]: the line's symbols on the reels before `reel`, as a base-11 number.
  const codes = Array.from({ length: VIDEO_STRIPS.length + 1 }, () => new Int32Array(lines));
  const visit = (reel: number, scatters: number) => {
    if (reel === VIDEO_STRIPS.length) {
      let win = 0;
      for (let line = 0; line < lines; line += 1) win += lineWins[codes[reel]![line]!]!;
      win += Number(VIDEO_SCATTER_PAYS[scatters] ?? 0n) * lines;
      if (win > maxima[scatters]!) maxima[scatters] = win;
      return;
    }
    const before = codes[reel]!;
    const after = codes[reel + 1]!;
    for (const [stop, read] of reads[reel]!.entries()) {
      for (let line = 0; line < lines; line += 1) after[line] = before[line]! * kinds + read[line]!;
      visit(reel + 1, scatters + shown[reel]![stop]!);
    }
  };
  visit(0, 0);
  spinMaxima = maxima.map(BigInt);
  return spinMaxima;
}

/**
 * The highest win a round can reach, in line stakes: a base spin with its scatters, then each of
 * the free spins it awards at the best window, doubled.
 */
export function computeVideoMaxRoundWin(): bigint {
  const maxima = computeVideoSpinMaxima();
  let bestSpin = 0n;
  for (const win of maxima) if (win > bestSpin) bestSpin = win;
  return maxima.reduce((best, baseWin, scatters) => {
    const freeSpins = BigInt(VIDEO_FREE_SPINS[scatters] ?? 0);
    const round = baseWin + freeSpins * VIDEO_FREE_SPIN_MULTIPLIER * bestSpin;
    return round > best ? round : best;
  }, 0n);
}

export type VideoSlotReturn = {
  total: Ratio;
  lines: Ratio;
  scatters: Ratio;
  freeSpins: Ratio;
  /** The highest win a round can reach, in total stakes: below VIDEO_MAX_WIN_MULTIPLIER. */
  maxRoundMultiplier: Ratio;
};

/**
 * The exact return of a round with the paytable's cap, free spins included as their expected
 * value. The cap takes nothing from it because no round can reach it; if a paytable change let one
 * reach it, this throws rather than state a return that ignores the cap.
 */
export function computeVideoSlotReturn(): VideoSlotReturn {
  const maxRoundMultiplier = createRatio(computeVideoMaxRoundWin(), VIDEO_LINES.length);
  if (maxRoundMultiplier.numerator > VIDEO_MAX_WIN_MULTIPLIER * maxRoundMultiplier.denominator) {
    throw new Error(
      'video slot: a round can reach the win cap, and the exact return does not account for it',
    );
  }
  const lines = computeVideoLineReturn();
  const scatterChances = computeScatterDistribution();
  let scatters = createRatio(0);
  let expectedFreeSpins = createRatio(0);
  scatterChances.forEach((chance, count) => {
    scatters = addRatios(scatters, multiplyRatios(chance, createRatio(VIDEO_SCATTER_PAYS[count] ?? 0n)));
    expectedFreeSpins = addRatios(
      expectedFreeSpins,
      multiplyRatios(chance, createRatio(VIDEO_FREE_SPINS[count] ?? 0)),
    );
  });
  // Line wins are per line stake and the stake is 25 line stakes, so a line's expected win is
  // also the whole window's line return per unit staked; scatters already pay per total stake.
  const spinReturn = addRatios(lines, scatters);
  const freeSpins = multiplyRatios(
    multiplyRatios(expectedFreeSpins, createRatio(VIDEO_FREE_SPIN_MULTIPLIER)),
    spinReturn,
  );
  return { total: addRatios(spinReturn, freeSpins), lines, scatters, freeSpins, maxRoundMultiplier };
}
