import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RebateService } from './rebate.service.ts';

/**
 * `rebates.daily`, every five minutes: pays each merchant's closed days not yet paid in full (in
 * automatic mode), so that a day is paid about an hour after it closes in any time zone. A pass
 * acts on a day once: the day is marked paid in full, and a pass overlapping another, or a retry
 * after a failure, pays nobody twice (each member's payout is written with its grant, unique on
 * member and day).
 */
export function createRebateJob(deps: { rebates: RebateService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'rebates.daily',
    cron: '*/5 * * * *',
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 20 * 60,
    run: () => deps.rebates.runDue(),
  });
}
