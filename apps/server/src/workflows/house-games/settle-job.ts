import { readBetLimits } from '../../db/in-house-games.ts';
import { capWin, settleByRule } from '../../modules/house-rounds/house-games.ts';
import type { HouseRoundRow, HouseRoundsService } from '../../modules/house-rounds/house-rounds.service.ts';
import { present } from '../../platform/errors/invariant.ts';
import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RoundSteps } from './continue-round.ts';
import { codeOf } from './launch-cache.ts';
import { extraStakeKey, type HouseGameDeps, type RealTable, refundKey, stakeKey } from './table.ts';

export const SETTLE_HOUSE_ROUNDS_JOB_NAME = 'house-rounds.settle-overdue';
/** Rounds one pass settles; the next minute's pass takes the rest. */
const OVERDUE_ROUNDS_PER_PASS = 200;
/** Blackjack's actions that take more money (doubling, splitting, insurance). */
const STAKING_ACTIONS = ['double', 'split', 'insure'] as const;

/**
 * The overdue-round job's work on one round: a stake never confirmed goes back (or is voided so
 * that it can never be taken), an open round is finished by the game's rule, a win not yet
 * credited is credited.
 */
export function createOverdueSettlement(
  deps: Pick<HouseGameDeps, 'games' | 'houseRounds'> & { steps: RoundSteps },
) {
  const { games, houseRounds, steps } = deps;

  return async function settleOverdueRound(row: HouseRoundRow): Promise<void> {
    const game = present(await games.findGameById(row.game_id), 'house games: a round names a missing game');
    const table: RealTable = {
      kind: 'real',
      player: { merchantId: row.merchant_id, memberId: row.member_id },
      sessionId: null,
      game,
      code: codeOf(game),
      limits: readBetLimits(game.bet_limits),
      currency: row.currency,
    };
    const refund = (key: string, betKey: string) => steps.refund(table, row, key, betKey);

    if (row.phase === 'staking') {
      const outcome = await refund(refundKey(row.id), stakeKey(row.id));
      await houseRounds.advance(row, {
        phase: outcome.status === 'reversed' ? 'done' : 'refused',
        status: 'rolled_back',
        balanceAfterMinor: outcome.balanceMinor,
      });
      return;
    }
    if (row.phase === 'playing') {
      const progress = present(houseRounds.progressOf(row), 'house games: a playing round without its state');
      // A stake for an action the process never recorded (it stopped in between) goes back.
      if (progress.state?.game === 'blackjack') {
        for (const action of STAKING_ACTIONS) {
          const key = extraStakeKey(row.id, row.action_count, action);
          await refund(`${key}:refund`, key);
        }
      }
      const settled = settleByRule(progress);
      if (!settled) {
        const outcome = await refund(refundKey(row.id), stakeKey(row.id));
        await houseRounds.advance(row, {
          phase: 'done',
          status: 'rolled_back',
          progress,
          balanceAfterMinor: outcome.balanceMinor,
        });
        return;
      }
      const actionsAdded =
        'actions' in settled.played && 'actions' in progress.played
          ? settled.played.actions.length - progress.played.actions.length
          : 0;
      await houseRounds.advance(row, {
        phase: 'paying',
        progress: settled,
        stakeMinor: settled.stakedMinor,
        winMinor: capWin(settled.payoutMinor, table.limits),
        actionCount: row.action_count + actionsAdded,
      });
    }
    const fresh = await houseRounds.findRoundById(row.id);
    if (fresh?.phase === 'paying') await steps.continueRound(table, fresh);
  };
}

/**
 * Every minute: rounds of ours left open past their deadline are settled by the game's rule
 * (blackjack stands, mines cashes out what is revealed), and money steps a stopped process left
 * half done are finished; expired demo sessions are dropped.
 */
export function createSettleHouseRoundsJob(deps: {
  houseGames: { settleOverdueRound: (row: HouseRoundRow) => Promise<void> };
  houseRounds: HouseRoundsService;
}): JobDefinition<object> {
  return defineScheduledJob({
    name: SETTLE_HOUSE_ROUNDS_JOB_NAME,
    cron: '* * * * *',
    retry: { limit: 2, delaySeconds: 10, backoff: false },
    timeoutSeconds: 120,
    async run() {
      const rounds = await deps.houseRounds.findOverdueRounds(OVERDUE_ROUNDS_PER_PASS);
      for (const round of rounds) await deps.houseGames.settleOverdueRound(round);
      await deps.houseRounds.deleteExpiredDemoSessions();
    },
  });
}
