import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { AgentContractKind } from '../db/schema.ts';
import type {
  ContractSettlementService,
  SettlementNotice,
  SettlementPolicy,
} from '../modules/contract/contract-settlement.service.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { assertInvariant } from '../platform/errors/invariant.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';
import { contractPolicyOf } from './agent-contracts.ts';

/**
 * When each kind's job looks for closed cycles. Days and dividend periods close at the merchant's
 * midnight and settle once the team rollups (the minute job, plus its five-minute overlap) have
 * summed them: every quarter hour finds them within 20 minutes in any time zone. An hour settles a
 * minute or two after it ends, 5 minutes likewise.
 */
const SETTLE_CRON: Record<AgentContractKind, string> = {
  daily: '*/15 * * * *',
  dividend: '*/15 * * * *',
  hourly: '2 * * * *',
  realtime: '1-59/5 * * * *',
};

/** What a merchant's contracts settle under: its switches, zone, currency and contract settings. */
export function settlementPolicyOf(merchant: ResolvedMerchant): SettlementPolicy {
  const contracts = merchant.settings.contracts;
  const policy = contractPolicyOf(merchant);
  return {
    timeZone: merchant.timeZone,
    currency: merchant.currency,
    kindsOn: policy.kindsOn,
    rules: {
      negativeDividend: contracts.negativeDividend,
      realtimeMinimumMinor: parseAmountOrThrow(contracts.realtimeMinimumAmount),
    },
    activeMemberMinValidBetMinor: parseAmountOrThrow(contracts.activeMemberMinValidBet),
    manualApprovalAboveMinor: parseAmountOrThrow(contracts.manualApprovalAbove),
  };
}

/** The settlement service's policy reader, from the merchants as they are now. */
export function createSettlementPolicyReader(merchants: {
  findById(merchantId: string): Promise<ResolvedMerchant | null>;
}) {
  return async (merchantId: string): Promise<SettlementPolicy> => {
    const merchant = await merchants.findById(merchantId);
    assertInvariant(merchant !== null, 'a contract belongs to a merchant that exists');
    return settlementPolicyOf(merchant);
  };
}

/** Sends a committed settlement's messages (an upline short of cash) through the inbox, each once. */
export async function tellSettlementNotices(
  inbox: InboxService,
  notices: readonly SettlementNotice[],
): Promise<void> {
  for (const notice of notices) await inbox.send(notice);
}

/**
 * The scheduled job of one contract kind (`contracts.settle-daily`, `-dividend`, `-hourly`,
 * `-realtime`): for each merchant with the kind switched on and contracts of it, settles the closed
 * cycles not settled yet, in order, and tells uplines whose cash was short.
 */
export function createSettleContractsJob(deps: {
  kind: AgentContractKind;
  settlements: ContractSettlementService;
  inbox: InboxService;
  readPolicy: (merchantId: string) => Promise<SettlementPolicy>;
}): JobDefinition<object> {
  const { kind, settlements, inbox } = deps;
  return defineScheduledJob({
    name: `contracts.settle-${kind}`,
    cron: SETTLE_CRON[kind],
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 600,
    run: async () => {
      for (const merchantId of await settlements.findMerchantsWithContracts(kind)) {
        const policy = await deps.readPolicy(merchantId);
        if (!policy.kindsOn[kind]) continue;
        await tellSettlementNotices(inbox, await settlements.settleDue(merchantId, kind));
      }
    },
  });
}
