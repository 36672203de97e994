import type {
  ContractNotice,
  ContractPolicy,
  ContractService,
} from '../modules/contract/contract.service.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import { type ResolvedMerchant, readSwitches } from '../modules/merchant/merchant.service.ts';
import { WHITELABEL_SWITCHES } from '../modules/merchant/merchant-settings.ts';
import { assertInvariant } from '../platform/errors/invariant.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/** Offers are looked at every 10 minutes: one expires at most that long after its time. */
const OFFERS_EXPIRE_CRON = '*/10 * * * *';

/**
 * What a merchant allows of agent contracts (docs/contracts.md "Words"): offers at all under
 * AGENTPOLICY3, each kind under its switch (dividend BONUS, daily DAILYSALARY, hourly HOURLYSALARY,
 * real-time REALTIMESALARY), and the merchant's contract settings and time zone.
 */
export function contractPolicyOf(merchant: ResolvedMerchant): ContractPolicy {
  const switches = readSwitches(merchant.settings.whitelabel, WHITELABEL_SWITCHES);
  return {
    contractsOn: switches.AGENTPOLICY3,
    kindsOn: {
      dividend: switches.BONUS,
      daily: switches.DAILYSALARY,
      hourly: switches.HOURLYSALARY,
      realtime: switches.REALTIMESALARY,
    },
    offerExpiryDays: merchant.settings.contracts.offerExpiryDays,
    timeZone: merchant.timeZone,
  };
}

/** The contract service's policy reader, from the merchants as they are now. */
export function createContractPolicyReader(merchants: {
  findById(merchantId: string): Promise<ResolvedMerchant | null>;
}) {
  return async (merchantId: string): Promise<ContractPolicy> => {
    const merchant = await merchants.findById(merchantId);
    assertInvariant(merchant !== null, 'a contract belongs to a merchant that exists');
    return contractPolicyOf(merchant);
  };
}

/** Sends a committed contract change's messages through the members' inboxes, each once. */
export function createContractTeller(inbox: InboxService) {
  return async (notices: readonly ContractNotice[]): Promise<void> => {
    for (const notice of notices) await inbox.send(notice);
  };
}

/** The scheduled job that expires offers nobody answered in time (`contracts.offerExpiryDays`). */
export function createOffersExpireJob(deps: { contracts: ContractService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'contracts.offers-expire',
    cron: OFFERS_EXPIRE_CRON,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 300,
    run: () => deps.contracts.expireDueOffers(),
  });
}
