import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { PointsEarning } from './points-earning.service.ts';

/**
 * `points.earn`, every minute: the points valid bet and deposits earn since the last run (and the
 * claw-backs of bets voided since). A run that overlaps another, or a retry, earns nothing twice.
 */
export function createPointsEarnJob(deps: { earning: PointsEarning }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'points.earn',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    run: () => deps.earning.earn(),
  });
}
