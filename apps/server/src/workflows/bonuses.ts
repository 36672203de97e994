import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { BonusService, PromotionPolicy } from '../modules/bonus/bonus.service.ts';
import { parseMerchantSettings } from '../modules/merchant/merchant-settings.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/** Every 30 seconds (six fields, seconds first): a bonus converts or expires within that of its moment. */
const SETTLE_BONUSES_CRON = '*/30 * * * * *';

/** The merchant settings' `promotions` block as the bonus engine reads it, amounts in minor units. */
export function promotionPolicyOf(settings: unknown): PromotionPolicy {
  const { promotions } = parseMerchantSettings(settings);
  return {
    maxMultiplier: promotions.maxMultiplier,
    budgetPerDayMinor: promotions.budgetPerDay === null ? null : parseAmountOrThrow(promotions.budgetPerDay),
  };
}

/**
 * The scheduled job `bonuses.settle`: converts bonuses whose wagering is done, expires those whose
 * time is up, ends used-up ones, sweeps late bonus winnings and starts the next waiting bonus.
 */
export function createSettleBonusesJob(deps: {
  bonuses: BonusService;
  now: () => Date;
}): JobDefinition<object> {
  return defineScheduledJob({
    name: 'bonuses.settle',
    cron: SETTLE_BONUSES_CRON,
    retry: { limit: 1, delaySeconds: 10, backoff: false },
    timeoutSeconds: 120,
    run: () => deps.bonuses.settleDue(deps.now()),
  });
}
