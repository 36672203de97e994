import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { createRatio, isRatioEqual, ratioToPercent } from '../maths/ratio.ts';
import { parseState, serializeState } from '../state-json.ts';
import { readGameVectors, seedsOf } from '../testing/game-vectors.ts';
import {
  computeChiSquare,
  computeChiSquarePValue,
  countDraws,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '../testing/statistics.ts';
import {
  applyMinesAction,
  computeMinesMultiplier,
  computeMinesPayoutMinor,
  computeMinesReturn,
  formatMultiplier,
  listMinesActions,
  MINES_RTP_PERCENT,
  type MinesState,
  playMines,
  startMines,
  viewMines,
} from './mines.ts';

const rngFor = (nonce: number) => createRoundRng({ serverSeed: '1'.repeat(64), clientSeed: 'mines', nonce });

describe('mines', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('mines')) {
      const state = playMines(
        {
          mineCount: vector.mineCount as number,
          picks: vector.picks as number[],
          stakeMinor: BigInt(vector.stakeMinor as string),
        },
        createRoundRng(seedsOf(vector)),
      );
      expect(state.mines).toEqual(vector.mines);
      expect(state.status === 'busted').toBe(vector.busted);
      expect(state.picks.length).toBe(vector.safePicks);
      expect(state.payoutMinor).toBe(BigInt(vector.payoutMinor as string));
    }
  });

  it('pays 0.99 × C(25, k) / C(25 − m, k), rounded down to the centavo', () => {
    // 1 mine, 1 pick: 0.99 × 25/24 = 1.03125.
    expect(computeMinesPayoutMinor(10_000n, 1, 1)).toBe(10_312n);
    // 3 mines, 2 picks: 0.99 × 300/231 = 1.285714…
    expect(computeMinesPayoutMinor(100n, 3, 2)).toBe(128n);
    // 24 mines, 1 pick: 0.99 × 25 = 24.75.
    expect(computeMinesPayoutMinor(100n, 24, 1)).toBe(2475n);
    expect(formatMultiplier(computeMinesMultiplier(5, 3))).toBe('1.99');
  });

  it('moves only along its edges: pick until a mine or a cash-out, never after', () => {
    const state = startMines({ mineCount: 3, stakeMinor: 100n }, rngFor(0));
    expect(listMinesActions(state)).toEqual(['pick']);
    expect(() => applyMinesAction(state, { type: 'cash-out' })).toThrow(GameError);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !state.mines.includes(tile));
    const afterPick = applyMinesAction(state, { type: 'pick', tile: safe[0]! });
    expect(listMinesActions(afterPick)).toEqual(['pick', 'cash-out']);
    expect(() => applyMinesAction(afterPick, { type: 'pick', tile: safe[0]! })).toThrow(GameError);
    expect(() => applyMinesAction(afterPick, { type: 'pick', tile: 25 })).toThrow(GameError);
    const busted = applyMinesAction(afterPick, { type: 'pick', tile: state.mines[0]! });
    expect(busted.status).toBe('busted');
    expect(busted.payoutMinor).toBe(0n);
    expect(listMinesActions(busted)).toEqual([]);
    expect(() => applyMinesAction(busted, { type: 'pick', tile: safe[1]! })).toThrow(GameError);
    const cashed = applyMinesAction(afterPick, { type: 'cash-out' });
    expect(cashed.status).toBe('cashed-out');
    expect(cashed.payoutMinor).toBe(computeMinesPayoutMinor(100n, 3, 1));
  });

  it('cashes out by itself when every safe tile is found', () => {
    let state = startMines({ mineCount: 24, stakeMinor: 100n }, rngFor(1));
    const [safe] = Array.from({ length: 25 }, (_, tile) => tile).filter(
      (tile) => !state.mines.includes(tile),
    );
    state = applyMinesAction(state, { type: 'pick', tile: safe! });
    expect(state.status).toBe('cashed-out');
    expect(state.payoutMinor).toBe(2475n);
    expect(viewMines(state)).toMatchObject({ mines: state.mines, multiplierNext: null });
  });

  it('hides the mines from the player until the round is over', () => {
    const state = startMines({ mineCount: 5, stakeMinor: 100n }, rngFor(2));
    expect(viewMines(state).mines).toBeNull();
    expect(viewMines(state).multiplierNext).toBe('1.23');
    const over = applyMinesAction(state, { type: 'pick', tile: state.mines[0]! });
    expect(viewMines(over).mines).toEqual(state.mines);
  });

  it('resumes from its stored state after a restart', () => {
    const state = startMines({ mineCount: 2, stakeMinor: 12_345_678_901_234_567_890n }, rngFor(3));
    const restored = parseState<MinesState>(serializeState(state));
    expect(restored).toEqual(state);
    const tile = Array.from({ length: 25 }, (_, index) => index).find(
      (index) => !state.mines.includes(index),
    )!;
    expect(applyMinesAction(restored, { type: 'pick', tile })).toEqual(
      applyMinesAction(state, { type: 'pick', tile }),
    );
  });

  it('refuses 0 or 25 mines and a stake that is not positive', () => {
    expect(() => startMines({ mineCount: 0, stakeMinor: 1n }, rngFor(0))).toThrow(GameError);
    expect(() => startMines({ mineCount: 25, stakeMinor: 1n }, rngFor(0))).toThrow(GameError);
    expect(() => startMines({ mineCount: 3, stakeMinor: 0n }, rngFor(0))).toThrow(GameError);
  });

  it('returns exactly 99 % for every mine count and every number of picks', () => {
    for (let mineCount = 1; mineCount <= 24; mineCount += 1) {
      for (let picks = 1; picks <= 25 - mineCount; picks += 1) {
        expect(isRatioEqual(computeMinesReturn(mineCount, picks), createRatio(99, 100))).toBe(true);
      }
    }
    expect(ratioToPercent(computeMinesReturn(3, 5))).toBe(MINES_RTP_PERCENT);
  });

  it(
    'returns 99 % over 100,000 fixed-seed rounds of mixed play, within the 99.9 % interval',
    () => {
      const summary = simulateReturn(100_000, 'mines-simulation', (rng, round) => {
        const mineCount = 1 + (round % 12);
        const picks = Array.from({ length: 1 + (round % 5) }, (_, index) => (index * 7 + round) % 25);
        return playMines({ mineCount, picks, stakeMinor: 100_000n }, rng);
      });
      expect(Math.abs(summary.returnToPlayer - 0.99)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'puts the first mine on each tile equally often (chi-square, 99.9 %)',
    () => {
      const counts = countDraws(25, 50_000, 'mines-chi-square', (rng, tally) => {
        tally[rng.shuffle(Array.from({ length: 25 }, (_, tile) => tile))[0]!]! += 1;
      });
      expect(computeChiSquarePValue(computeChiSquare(counts), 24)).toBeGreaterThan(0.001);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
