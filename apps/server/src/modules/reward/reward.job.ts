import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RewardService } from './reward.service.ts';

/**
 * `reward.tickets`, every minute: the tickets the ticket rules issue for what happened since the
 * last run (credited deposits, a day's valid bet, a contact channel filled in), and unused tickets
 * past their time marked expired. A run that overlaps another, or a retry, issues nothing twice:
 * each issue has its once-only key.
 */
export function createRewardTicketsJob(deps: { rewards: RewardService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'reward.tickets',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    run: async () => {
      await deps.rewards.runIssuing();
    },
  });
}
