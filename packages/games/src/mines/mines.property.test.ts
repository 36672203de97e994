import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import {
  applyMinesAction,
  computeMinesPayoutMinor,
  listMinesActions,
  MINES_TILES,
  startMines,
  viewMines,
} from './mines.ts';

describe('mines, whatever the player picks', () => {
  it('ends on a mine with nothing, or pays exactly the multiplier of its safe picks', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.uniqueArray(fc.integer({ min: 0, max: MINES_TILES - 1 }), { maxLength: 25 }),
        fc.boolean(),
        (nonce, mineCount, picks, cashOutEarly) => {
          let state = startMines(
            { mineCount, stakeMinor: 10_000n },
            createRoundRng({ serverSeed: '5'.repeat(64), clientSeed: 'property', nonce }),
          );
          expect(new Set(state.mines).size).toBe(mineCount);
          for (const tile of picks) {
            if (state.status !== 'playing') break;
            state = applyMinesAction(state, { type: 'pick', tile });
            // The player's view exists at every step, and hides the mines only while playing.
            expect(viewMines(state).mines === null).toBe(state.status === 'playing');
            if (cashOutEarly && listMinesActions(state).includes('cash-out')) {
              state = applyMinesAction(state, { type: 'cash-out' });
            }
          }
          expect(state.picks.every((tile) => !state.mines.includes(tile))).toBe(true);
          if (state.status === 'busted') {
            expect(state.payoutMinor).toBe(0n);
            expect(state.mines).toContain(state.bustedOn);
          } else if (state.status === 'cashed-out') {
            expect(state.payoutMinor).toBe(computeMinesPayoutMinor(10_000n, mineCount, state.picks.length));
          } else {
            expect(state.payoutMinor).toBe(0n);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
