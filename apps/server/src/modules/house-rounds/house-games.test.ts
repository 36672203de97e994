import { BACCARAT_RTP_PERCENT } from '@panalo/games/baccarat/baccarat.ts';
import { chooseBasicStrategyAction } from '@panalo/games/blackjack/basic-strategy.ts';
import { BLACKJACK_RTP_PERCENT } from '@panalo/games/blackjack/blackjack.ts';
import { CLASSIC_SLOT_RTP_PERCENT } from '@panalo/games/classic-slot/classic-slot.ts';
import { DICE_RTP_PERCENT } from '@panalo/games/dice/dice.ts';
import { DRAGON_TIGER_RTP_PERCENT } from '@panalo/games/dragon-tiger/dragon-tiger.ts';
import type { RoundRng } from '@panalo/games/fairness/round-rng.ts';
import { MATCHING_DICE_RTP_PERCENT } from '@panalo/games/matching-dice/matching-dice.ts';
import { MINES_RTP_PERCENT } from '@panalo/games/mines/mines.ts';
import { ROULETTE_RTP_PERCENT } from '@panalo/games/roulette/roulette.ts';
import { SIC_BO_RTP_PERCENT } from '@panalo/games/sic-bo/sic-bo.ts';
import {
  SIMULATION_SERVER_SEED,
  SIMULATION_TIMEOUT_MS,
  simulateReturn,
} from '@panalo/games/testing/statistics.ts';
import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import { VIDEO_SLOT_RTP_PERCENT } from '@panalo/games/video-slot/video-slot.ts';
import { describe, expect, it } from 'vitest';
import { BET_LIMITS_DEFAULT } from '../../db/in-house-games.ts';
import {
  applyAction,
  assertActionWithinMaxWin,
  assertWithinLimits,
  capWin,
  computeInitialStake,
  type HouseGameCode,
  playOneStep,
  type RoundProgress,
  startRound,
} from './house-games.ts';

const limits = BET_LIMITS_DEFAULT;
/** Rounds per game: enough to see a return fall by points, few enough for every CI run. */
const ROUNDS = 10_000;

/** The highest stake (minor units) that the limits accept for the bet `at` makes. */
function findHighestStake(at: (stakeMinor: bigint) => PlayedRound): bigint {
  const accepts = (stake: bigint) => {
    try {
      assertWithinLimits(at(stake), limits);
      return true;
    } catch {
      return false;
    }
  };
  let low = limits.minStakeMinor;
  let high = limits.maxStakeMinor;
  expect(accepts(low)).toBe(true);
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (accepts(middle)) low = middle;
    else high = middle - 1n;
  }
  return low;
}

/** A multi-step round played to its end as the workflow plays it: every action checked first. */
function playToEnd(
  played: PlayedRound,
  rng: RoundRng,
  choose: (progress: RoundProgress) => string,
): RoundProgress {
  let progress = startRound(played, rng);
  while (progress.isOpen) {
    const wanted = { type: choose(progress), tile: 0 };
    if (wanted.type === 'pick') {
      const state = progress.state;
      if (state?.game !== 'mines') throw new Error('a pick is a mines action');
      wanted.tile = Array.from({ length: 25 }, (_, tile) => tile).find(
        (tile) => !state.picks.includes(tile),
      )!;
    }
    let next = applyAction(progress, wanted);
    try {
      assertActionWithinMaxWin(progress, wanted, next, limits);
    } catch {
      // Refused for the maximum win: mines cashes out, blackjack stands instead.
      const instead = progress.state?.game === 'mines' ? 'cash-out' : 'stand';
      next = applyAction(progress, { type: instead });
    }
    progress = next;
  }
  return progress;
}

type Case = {
  game: HouseGameCode;
  at: (stakeMinor: bigint) => PlayedRound;
  /** The stated return of this bet, in percent. */
  rtp: number;
  play?: (played: PlayedRound, rng: RoundRng) => RoundProgress;
};

const CASES: Case[] = [
  {
    game: 'dice',
    at: (stakeMinor) => ({ game: 'dice', bet: { direction: 'under', targetHundredths: 100, stakeMinor } }),
    rtp: DICE_RTP_PERCENT,
  },
  {
    game: 'mines',
    at: (stakeMinor) => ({ game: 'mines', bet: { mineCount: 3, stakeMinor }, actions: [] }),
    rtp: MINES_RTP_PERCENT,
    // Five safe tiles, then cash out.
    play: (played, rng) =>
      playToEnd(played, rng, (progress) =>
        progress.state?.game === 'mines' && progress.state.picks.length < 5 ? 'pick' : 'cash-out',
      ),
  },
  {
    game: 'blackjack',
    at: (stakeMinor) => ({ game: 'blackjack', bet: { stakeMinor }, actions: [] }),
    rtp: BLACKJACK_RTP_PERCENT,
    play: (played, rng) =>
      playToEnd(played, rng, (progress) => {
        if (progress.state?.game !== 'blackjack') throw new Error('a blackjack round');
        return chooseBasicStrategyAction(progress.state);
      }),
  },
  {
    game: 'roulette',
    at: (stakeMinor) => ({ game: 'roulette', bets: [{ kind: 'straight', numbers: [17], stakeMinor }] }),
    rtp: ROULETTE_RTP_PERCENT,
  },
  {
    game: 'baccarat',
    at: (stakeMinor) => ({ game: 'baccarat', bets: [{ kind: 'tie', stakeMinor }] }),
    rtp: BACCARAT_RTP_PERCENT.tie,
  },
  {
    game: 'dragon-tiger',
    at: (stakeMinor) => ({ game: 'dragon-tiger', bets: [{ kind: 'tie', stakeMinor }] }),
    rtp: DRAGON_TIGER_RTP_PERCENT.tie,
  },
  {
    game: 'sic-bo',
    at: (stakeMinor) => ({ game: 'sic-bo', bets: [{ kind: 'specific-triple', number: 6, stakeMinor }] }),
    rtp: SIC_BO_RTP_PERCENT['specific-triple'],
  },
  {
    game: 'colour-game',
    at: (stakeMinor) => ({ game: 'colour-game', bets: [{ face: 'red', stakeMinor }] }),
    rtp: MATCHING_DICE_RTP_PERCENT,
  },
  {
    game: 'fish-prawn-crab',
    at: (stakeMinor) => ({ game: 'fish-prawn-crab', bets: [{ face: 'crab', stakeMinor }] }),
    rtp: MATCHING_DICE_RTP_PERCENT,
  },
  {
    game: 'classic-slot',
    at: (lineStakeMinor) => ({ game: 'classic-slot', bet: { lineStakeMinor } }),
    rtp: CLASSIC_SLOT_RTP_PERCENT,
  },
  {
    game: 'video-slot',
    at: (lineStakeMinor) => ({ game: 'video-slot', bet: { lineStakeMinor } }),
    rtp: VIDEO_SLOT_RTP_PERCENT,
  },
];

describe('the maximum win, at the highest stake each game accepts (GAMES.md "Bet limits")', () => {
  it('refuses the video slot only when 5,000 times its stake passes the maximum win', () => {
    // ₱1,000,000.00 is 5,000 times a ₱200.00 spin, ₱8.00 on each of 25 lines.
    expect(findHighestStake(CASES.find((each) => each.game === 'video-slot')!.at)).toBe(800n);
  });

  for (const { game, at, rtp, play } of CASES) {
    it(
      `${game}: pays every round as drawn and returns its stated ${rtp} % at the highest stake`,
      () => {
        const played = at(findHighestStake(at));
        const initialMinor = computeInitialStake(played);
        const clientSeed = `max-stake-${game}`;
        let cut = 0;
        const summary = simulateReturn(ROUNDS, clientSeed, (rng, nonce) => {
          const progress = play
            ? play(played, rng)
            : playOneStep({ serverSeed: SIMULATION_SERVER_SEED, clientSeed, nonce }, played);
          const winMinor = capWin(progress.payoutMinor, limits);
          if (winMinor !== progress.payoutMinor) cut += 1;
          // The return per initial stake: what a round pays less any stake its actions added.
          return { stakeMinor: initialMinor, payoutMinor: winMinor - (progress.stakedMinor - initialMinor) };
        });
        expect(cut).toBe(0);
        expect(Math.abs(summary.returnToPlayer - rtp / 100)).toBeLessThan(summary.halfWidth);
      },
      SIMULATION_TIMEOUT_MS,
    );
  }
});
