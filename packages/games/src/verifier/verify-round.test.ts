import { describe, expect, it } from 'vitest';
import type { BlackjackAction } from '../blackjack/blackjack.ts';
import { createRoundRng, hashServerSeed } from '../fairness/round-rng.ts';
import { GameError } from '../game-error.ts';
import { applyMinesAction, startMines } from '../mines/mines.ts';
import { readGameVectors, seedsOf } from '../testing/game-vectors.ts';
import { isWinAsDrawn, type PlayedRound, verifyRound } from './verify-round.ts';

describe('the round verifier', () => {
  it('re-computes a round from the revealed seeds and checks the commitment', () => {
    const [vector] = readGameVectors('dice');
    const seeds = seedsOf(vector!);
    const bet = { direction: 'under' as const, targetHundredths: 5000, stakeMinor: 100n };
    const kept = verifyRound(
      { ...seeds, serverSeedHash: hashServerSeed(seeds.serverSeed) },
      { game: 'dice', bet },
    );
    expect(kept.isCommitmentKept).toBe(true);
    expect(kept.result.game === 'dice' && kept.result.outcome.rollHundredths).toBe(vector!.rollHundredths);
    const broken = verifyRound({ ...seeds, serverSeedHash: 'ab'.repeat(32) }, { game: 'dice', bet });
    expect(broken.isCommitmentKept).toBe(false);
    expect(verifyRound(seeds, { game: 'dice', bet }).isCommitmentKept).toBeNull();
  });

  it('checks the commitment by the pair’s version: the hex text (2), or the bytes for pairs committed before (1)', () => {
    const [vector] = readGameVectors('dice');
    const seeds = seedsOf(vector!);
    const played: PlayedRound = {
      game: 'dice',
      bet: { direction: 'under', targetHundredths: 5000, stakeMinor: 100n },
    };
    const ofText = hashServerSeed(seeds.serverSeed, 2);
    const ofBytes = hashServerSeed(seeds.serverSeed, 1);
    expect(verifyRound({ ...seeds, serverSeedHash: ofText }, played).isCommitmentKept).toBe(true);
    expect(
      verifyRound({ ...seeds, serverSeedHash: ofText, commitmentVersion: 2 }, played).isCommitmentKept,
    ).toBe(true);
    expect(
      verifyRound({ ...seeds, serverSeedHash: ofBytes, commitmentVersion: 1 }, played).isCommitmentKept,
    ).toBe(true);
    // A hash of one kind never passes for the other.
    expect(verifyRound({ ...seeds, serverSeedHash: ofBytes }, played).isCommitmentKept).toBe(false);
    expect(
      verifyRound({ ...seeds, serverSeedHash: ofText, commitmentVersion: 1 }, played).isCommitmentKept,
    ).toBe(false);
  });

  it('holds the recorded win equal to the payout, or to the maximum win recorded as cutting it', () => {
    expect(isWinAsDrawn(1_980n, { winMinor: 1_980n, winCapMinor: null })).toBe(true);
    // Any underpayment shows, down to a win of one centavo.
    expect(isWinAsDrawn(1_980n, { winMinor: 1n, winCapMinor: null })).toBe(false);
    expect(isWinAsDrawn(1_980n, { winMinor: 1_979n, winCapMinor: null })).toBe(false);
    expect(isWinAsDrawn(1_980n, { winMinor: 1_981n, winCapMinor: null })).toBe(false);
    expect(isWinAsDrawn(0n, { winMinor: 0n, winCapMinor: null })).toBe(true);
    // A cap recorded on the round: the win is exactly the cap, and the payout was above it.
    expect(isWinAsDrawn(1_980n, { winMinor: 1_200n, winCapMinor: 1_200n })).toBe(true);
    expect(isWinAsDrawn(1_980n, { winMinor: 1_000n, winCapMinor: 1_200n })).toBe(false);
    expect(isWinAsDrawn(1_000n, { winMinor: 1_000n, winCapMinor: 1_200n })).toBe(false);
  });

  it('replays a multi-step round from its actions to the same end as the live round', () => {
    const seeds = { serverSeed: '8'.repeat(64), clientSeed: 'verify', nonce: 4 };
    let live = startMines({ mineCount: 3, stakeMinor: 500n }, createRoundRng(seeds));
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !live.mines.includes(tile));
    const actions = [
      { type: 'pick' as const, tile: safe[0]! },
      { type: 'pick' as const, tile: safe[1]! },
      { type: 'cash-out' as const },
    ];
    for (const action of actions) live = applyMinesAction(live, action);
    const verified = verifyRound(seeds, { game: 'mines', bet: { mineCount: 3, stakeMinor: 500n }, actions });
    expect(verified.result.outcome).toEqual(live);
    expect(verified.payoutMinor).toBe(live.payoutMinor);

    const [hand] = readGameVectors('blackjack');
    const blackjack = verifyRound(seedsOf(hand!), {
      game: 'blackjack',
      bet: { stakeMinor: BigInt(hand!.stakeMinor as string) },
      actions: hand!.actions as BlackjackAction[],
    });
    expect(blackjack.payoutMinor).toBe(BigInt(hand!.payoutMinor as string));
  });

  it('verifies every game', () => {
    const seeds = { serverSeed: '8'.repeat(64), clientSeed: 'every-game', nonce: 0 };
    const stakes = { stakeMinor: 100n };
    const rounds: PlayedRound[] = [
      { game: 'roulette', bets: [{ kind: 'red', ...stakes }] },
      { game: 'baccarat', bets: [{ kind: 'banker', ...stakes }] },
      { game: 'dragon-tiger', bets: [{ kind: 'tie', ...stakes }] },
      { game: 'sic-bo', bets: [{ kind: 'big', ...stakes }] },
      { game: 'colour-game', bets: [{ face: 'red', ...stakes }] },
      { game: 'fish-prawn-crab', bets: [{ face: 'crab', ...stakes }] },
      { game: 'classic-slot', bet: { lineStakeMinor: 10n } },
      { game: 'video-slot', bet: { lineStakeMinor: 10n } },
    ];
    for (const round of rounds) {
      const first = verifyRound(seeds, round);
      expect(first.result.game).toBe(round.game);
      expect(verifyRound(seeds, round)).toEqual(first);
      expect(first.stakeMinor > 0n).toBe(true);
    }
  });

  it('refuses malformed seeds with a typed error', () => {
    expect(() =>
      verifyRound(
        { serverSeed: 'zz', clientSeed: 'a', nonce: 0 },
        { game: 'dice', bet: { direction: 'under', targetHundredths: 5000, stakeMinor: 1n } },
      ),
    ).toThrow(GameError);
  });
});
