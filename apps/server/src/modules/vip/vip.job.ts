import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { VipService } from './vip.service.ts';

/**
 * `vip.upgrades`, every minute: raises the members whose bets or deposits changed since the job's
 * watermarks to the level their window earns. A run that overlaps another raises nobody twice and
 * pays no gift twice: each member is raised under their lock, each gift once by its key.
 */
export function createVipUpgradesJob(deps: { vip: VipService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'vip.upgrades',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    run: () => deps.vip.runUpgrades(),
  });
}

/**
 * `vip.review`: looks every hour, so that each merchant's day starts its work within the hour
 * after its own midnight, whatever its time zone. Per merchant, the month's review on its review
 * day (once per month), the day's projection and birthday gifts (once per merchant day), and the
 * waiting gifts; an hour with nothing due costs a read per merchant.
 */
export function createVipReviewJob(deps: { vip: VipService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'vip.review',
    cron: '11 * * * *',
    retry: { limit: 2, delaySeconds: 300, backoff: true },
    timeoutSeconds: 50 * 60,
    run: () => deps.vip.runReview(),
  });
}
