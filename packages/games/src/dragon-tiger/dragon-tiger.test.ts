import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { ratioToNumber, ratioToPercent } from '../maths/ratio.ts';
import { readGameVectors, seedsOf, withBigIntStake } from '../testing/game-vectors.ts';
import { SIMULATION_TIMEOUT_MS, simulateReturn } from '../testing/statistics.ts';
import {
  computeDragonTigerPayoutMinor,
  computeDragonTigerReturns,
  DRAGON_TIGER_BET_KINDS,
  DRAGON_TIGER_RTP_PERCENT,
  type DragonTigerBet,
  playDragonTiger,
} from './dragon-tiger.ts';

describe('dragon tiger', () => {
  it('reaches the outcomes computed independently from GAMES.md', () => {
    for (const vector of readGameVectors('dragonTiger')) {
      const bets = (vector.bets as Array<Record<string, unknown>>).map((bet) =>
        withBigIntStake<DragonTigerBet>(bet),
      );
      const outcome = playDragonTiger(bets, createRoundRng(seedsOf(vector)));
      expect(outcome.dragon).toBe(vector.dragon);
      expect(outcome.tiger).toBe(vector.tiger);
      expect(outcome.bets.map((entry) => String(entry.payoutMinor))).toEqual(vector.payoutsMinor);
    }
  });

  it('pays 1:1, loses half on a tie, and pays a tie 11:1', () => {
    const pay = (kind: DragonTigerBet['kind'], winner: 'dragon' | 'tiger' | 'tie') =>
      computeDragonTigerPayoutMinor({ kind, stakeMinor: 1001n }, winner);
    expect(pay('dragon', 'dragon')).toBe(2002n);
    expect(pay('dragon', 'tiger')).toBe(0n);
    expect(pay('dragon', 'tie')).toBe(500n);
    expect(pay('tiger', 'tiger')).toBe(2002n);
    expect(pay('tiger', 'tie')).toBe(500n);
    expect(pay('tie', 'tie')).toBe(12_012n);
    expect(pay('tie', 'dragon')).toBe(0n);
  });

  it('ranks ace low and king high, whatever the suit', () => {
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const outcome = playDragonTiger(
        [{ kind: 'dragon', stakeMinor: 2n }],
        createRoundRng({ serverSeed: '3'.repeat(64), clientSeed: 'dt', nonce }),
      );
      const dragonRank = outcome.dragon % 13;
      const tigerRank = outcome.tiger % 13;
      expect(outcome.winner).toBe(
        dragonRank > tigerRank ? 'dragon' : dragonRank < tigerRank ? 'tiger' : 'tie',
      );
    }
    expect(() =>
      playDragonTiger(
        [{ kind: 'phoenix' as 'tie', stakeMinor: 1n }],
        createRoundRng({ serverSeed: '3'.repeat(64), clientSeed: 'dt', nonce: 0 }),
      ),
    ).toThrow(GameError);
  });

  it('returns exactly its stated figures, by enumerating the rank pairs of an 8-deck shoe', () => {
    const returns = computeDragonTigerReturns();
    for (const kind of DRAGON_TIGER_BET_KINDS)
      expect(ratioToPercent(returns[kind]), kind).toBe(DRAGON_TIGER_RTP_PERCENT[kind]);
  });

  it(
    'returns the exact figure over 100,000 fixed-seed hands, within the 99.9 % interval',
    () => {
      const summary = simulateReturn(100_000, 'dt-simulation', (rng, round) =>
        playDragonTiger([{ kind: round % 2 === 0 ? 'dragon' : 'tiger', stakeMinor: 100_000n }], rng),
      );
      const exact = ratioToNumber(computeDragonTigerReturns().dragon);
      expect(Math.abs(summary.returnToPlayer - exact)).toBeLessThan(summary.halfWidth);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
