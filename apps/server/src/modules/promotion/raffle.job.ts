import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RaffleService } from './raffle.service.ts';

/**
 * `promotions.raffles`, every minute: issues the tickets of open raffles, draws those that are due
 * and expires prizes not claimed in time. A run that overlaps another issues nothing twice and
 * draws nothing twice: both take turns on each raffle's draw row.
 */
export function createRaffleJob(deps: { raffles: RaffleService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'promotions.raffles',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 5 * 60,
    run: () => deps.raffles.runDue(),
  });
}
