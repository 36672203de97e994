import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { ReferralService } from './referral.service.ts';

/**
 * `referral.rewards`, every minute: pays the referral rules friends have reached (registered,
 * deposited, wagered), for merchants with the programme on. A run that overlaps another, or a
 * retry, pays nothing twice: each reward is written once by its unique key, in the transaction
 * that pays it.
 */
export function createReferralRewardsJob(deps: { referrals: ReferralService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'referral.rewards',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    run: async () => {
      await deps.referrals.runRewards();
    },
  });
}
