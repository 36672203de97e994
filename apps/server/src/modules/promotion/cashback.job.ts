import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { CashbackService } from './cashback.service.ts';

/**
 * `promotions.cashback`, hourly: pays the due periods of every cashback promotion. A run that
 * overlaps another, or a retry after a failure, pays nobody twice (each member's cycle entry is
 * written with the payment).
 */
export function createCashbackJob(deps: { cashback: CashbackService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'promotions.cashback',
    cron: '7 * * * *',
    retry: { limit: 2, delaySeconds: 300, backoff: true },
    timeoutSeconds: 50 * 60,
    run: () => deps.cashback.payDue(),
  });
}
