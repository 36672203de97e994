import { describe, expect, it } from 'vitest';
import { planRoundChange } from './imported-bets.ts';
import type { ImportedRound } from './transfer-bet-feed.repository.ts';
import type { FeedBet } from './transfer-vendor-client.ts';

const placedAt = new Date('2026-05-01T04:00:00Z');
const changedAt = new Date('2026-05-01T05:00:00Z');
const bettor = { memberId: 'member-1', gameId: 'game-1' };

function bet(status: FeedBet['status'], stakeMinor: bigint, payoutMinor: bigint): FeedBet {
  return {
    betId: 'bet-1',
    account: bettor.memberId,
    gameCode: 'hi-lo',
    currency: 'PHP',
    stakeMinor,
    payoutMinor,
    status,
    placedAt,
    settledAt: status === 'open' ? null : placedAt,
    changedAt,
  };
}

function round(status: ImportedRound['status'], stakeMinor: bigint, winMinor: bigint): ImportedRound {
  return {
    id: 'round-1',
    member_id: bettor.memberId,
    game_id: bettor.gameId,
    status,
    stake_minor: stakeMinor,
    win_minor: winMinor,
    vendor_round_id: 'bet-1',
  };
}

describe('a transfer vendor bet version against the bet record', () => {
  it('writes a bet not yet recorded as it stands', () => {
    expect(planRoundChange(undefined, bet('void', 100n, 0n), bettor)).toEqual({ kind: 'insert' });
  });

  it('changes nothing for a version that says nothing new', () => {
    expect(planRoundChange(round('settled', 100n, 195n), bet('settled', 100n, 195n), bettor)).toEqual({
      kind: 'same',
    });
    expect(planRoundChange(round('resettled', 100n, 50n), bet('settled', 100n, 50n), bettor).kind).toBe(
      'same',
    );
    expect(planRoundChange(round('open', 100n, 0n), bet('open', 100n, 0n), bettor).kind).toBe('same');
    expect(planRoundChange(round('void', 100n, 0n), bet('void', 100n, 0n), bettor).kind).toBe('same');
  });

  it('settles or voids an open bet, or takes its further stake', () => {
    expect(planRoundChange(round('open', 100n, 0n), bet('settled', 100n, 195n), bettor)).toEqual({
      kind: 'update',
      changes: { status: 'settled', stake_minor: 100n, win_minor: 195n, settled_at: placedAt },
    });
    expect(planRoundChange(round('open', 100n, 0n), bet('open', 150n, 0n), bettor)).toEqual({
      kind: 'update',
      changes: { status: 'open', stake_minor: 150n, win_minor: 0n },
    });
    expect(planRoundChange(round('open', 100n, 0n), bet('void', 100n, 0n), bettor)).toMatchObject({
      kind: 'update',
      changes: { status: 'void' },
    });
  });

  it('resettles a settled bet whose money changed, on its first day, and voids it keeping its figures', () => {
    expect(planRoundChange(round('settled', 100n, 195n), bet('settled', 100n, 0n), bettor)).toEqual({
      kind: 'update',
      changes: { status: 'resettled', stake_minor: 100n, win_minor: 0n, resettled_at: changedAt },
    });
    expect(planRoundChange(round('resettled', 100n, 0n), bet('void', 100n, 0n), bettor)).toEqual({
      kind: 'update',
      changes: { status: 'void', stake_minor: 100n, win_minor: 0n },
    });
  });

  it('refuses what a state cannot take, and a bet that names another member or game', () => {
    expect(planRoundChange(round('settled', 100n, 195n), bet('open', 100n, 0n), bettor).kind).toBe('refused');
    expect(planRoundChange(round('void', 100n, 0n), bet('settled', 100n, 195n), bettor).kind).toBe('refused');
    expect(planRoundChange(round('rolled_back', 100n, 0n), bet('open', 100n, 0n), bettor).kind).toBe(
      'refused',
    );
    expect(
      planRoundChange(round('settled', 100n, 195n), bet('settled', 100n, 195n), {
        ...bettor,
        memberId: 'other',
      }).kind,
    ).toBe('refused');
    expect(
      planRoundChange(round('settled', 100n, 195n), bet('settled', 100n, 195n), {
        ...bettor,
        gameId: 'other',
      }).kind,
    ).toBe('refused');
  });
});
