import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { BonusService, PromotionPolicy } from '../modules/bonus/bonus.service.ts';
import { parseMerchantSettings } from '../modules/merchant/merchant-settings.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/**
 * Every 30 seconds. The job runner files one job per schedule and minute, however fine its
 * expression, so the half minutes are two schedules of the same pass: one at each minute's start
 * (six fields, seconds first), one half a minute later.
 */
const SETTLE_BONUSES_SCHEDULES = [
  { name: 'bonuses.settle', cron: '0 * * * * *' },
  { name: 'bonuses.settle-half-minute', cron: '30 * * * * *' },
] as const;

/** The merchant settings' `promotions` block as the bonus engine reads it, amounts in minor units. */
export function promotionPolicyOf(settings: unknown): PromotionPolicy {
  const { promotions } = parseMerchantSettings(settings);
  return {
    maxMultiplier: promotions.maxMultiplier,
    budgetPerDayMinor: promotions.budgetPerDay === null ? null : parseAmountOrThrow(promotions.budgetPerDay),
  };
}

/**
 * The scheduled job `bonuses.settle` (twice a minute): converts bonuses whose wagering is done,
 * expires those whose time is up, ends used-up ones, sweeps late bonus winnings and starts the next
 * waiting bonus. Two passes at once take turns per member, so the schedules may overlap.
 */
export function createSettleBonusesJobs(deps: {
  bonuses: BonusService;
  now: () => Date;
}): JobDefinition<object>[] {
  return SETTLE_BONUSES_SCHEDULES.map((schedule) =>
    defineScheduledJob({
      name: schedule.name,
      cron: schedule.cron,
      retry: { limit: 1, delaySeconds: 10, backoff: false },
      timeoutSeconds: 120,
      run: () => deps.bonuses.settleDue(deps.now()),
    }),
  );
}
