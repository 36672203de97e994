import { playDice } from '@panalo/games/dice/dice.ts';
import { createRoundRng, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { serializeState } from '@panalo/games/state-json.ts';
import { describe, expect, it } from 'vitest';
import type { Round } from './api';
import { checkRound } from './records-panel';

const seeds = { serverSeed: '3'.repeat(64), clientSeed: 'records', nonce: 0 };
const bet = { direction: 'under' as const, targetHundredths: 9800, stakeMinor: 1_000n };
const outcome = playDice(bet, createRoundRng(seeds));
const toWire = (value: unknown) => JSON.parse(serializeState(value)) as unknown;
const amount = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/** A settled dice round as the records answer it, its server seed revealed. */
function roundOf(changes: Partial<Round> = {}): Round {
  return {
    roundId: 'round-1',
    gameCode: 'dice',
    status: 'settled',
    stake: '10.00',
    win: amount(outcome.payoutMinor),
    balanceBefore: null,
    balanceAfter: null,
    serverSeedHash: hashServerSeed(seeds.serverSeed, 2),
    commitmentVersion: 2,
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    serverSeed: seeds.serverSeed,
    winCap: null,
    outcome: toWire(outcome),
    played: toWire({ game: 'dice', bet }),
    actions: [],
    openedAt: '2030-01-01T00:00:00.000Z',
    settledAt: '2030-01-01T00:00:00.000Z',
    ...changes,
  };
}

describe('the betting records’ verifier', () => {
  it('says Verified only for the win the seeds give, not for any smaller one', () => {
    expect(outcome.payoutMinor).toBeGreaterThan(0n);
    expect(checkRound(roundOf())).toEqual({ kind: 'kept' });
    expect(checkRound(roundOf({ win: '0.01' }))).toEqual({ kind: 'broken' });
    expect(checkRound(roundOf({ win: amount(outcome.payoutMinor - 1n) }))).toEqual({ kind: 'broken' });
  });

  it('accepts a win cut to the maximum win only when the round records that cap', () => {
    const cap = amount(outcome.payoutMinor - 100n);
    expect(checkRound(roundOf({ win: cap, winCap: cap }))).toEqual({ kind: 'kept' });
    expect(checkRound(roundOf({ win: cap }))).toEqual({ kind: 'broken' });
  });

  it('reads the pair’s commitment version: a pair committed over the seed’s bytes still verifies', () => {
    const ofBytes = hashServerSeed(seeds.serverSeed, 1);
    expect(checkRound(roundOf({ serverSeedHash: ofBytes, commitmentVersion: 1 }))).toEqual({ kind: 'kept' });
    expect(checkRound(roundOf({ serverSeedHash: ofBytes, commitmentVersion: 2 }))).toEqual({
      kind: 'broken',
    });
  });
});
