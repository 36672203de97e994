import type { TrialExpiryService } from '../modules/member/trial-expiry.service.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/** Every ten minutes: a trial goes at most that long past its day. */
const EXPIRE_TRIALS_CRON = '*/10 * * * *';
/** Batches one pass runs before leaving the rest to the next pass. */
const BATCHES_PER_PASS_MAX = 50;

/** Anonymises the trials idle for a day, batch after batch, until none is left or the pass is full. */
export async function expireIdleTrials(deps: { trials: TrialExpiryService }): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < BATCHES_PER_PASS_MAX; batch += 1) {
    const ids = await deps.trials.anonymiseIdleTrials();
    total += ids.length;
    if (ids.length === 0) break;
  }
  return total;
}

/** The scheduled job that expires free-play (trial) accounts a day after their last activity. */
export function createExpireTrialsJob(deps: { trials: TrialExpiryService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'members.expire-trials',
    cron: EXPIRE_TRIALS_CRON,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 300,
    run: () => expireIdleTrials(deps),
  });
}
