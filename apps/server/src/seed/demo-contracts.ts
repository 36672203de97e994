import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AgentContractKind, AgentContractPeriod, Database } from '../db/schema.ts';
import { cycleAt } from '../modules/contract/contract-cycles.ts';
import { accountKeyOf } from '../modules/member/member.service.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

type DemoTier = { activeMembers: number; minBaseMinor: string; rateBp: number };

/**
 * The demo team's contracts (docs/contracts.md), signed and in force from the start of the current
 * cycle so that the agent centre's contract pages show this cycle's progress at once: the platform
 * pays `leader` a daily salary, a weekly dividend and a real-time salary; `leader` pays its
 * sub-agent `leadersub` a daily salary and a weekly dividend below its own rates. Rates stay within
 * the demo merchant's template maxima (migration 0140).
 */
export const DEMO_CONTRACTS: readonly {
  upline: string | null;
  downline: string;
  kind: AgentContractKind;
  period: AgentContractPeriod;
  tiers: readonly DemoTier[];
}[] = [
  {
    upline: null,
    downline: 'leader',
    kind: 'daily',
    period: 'D',
    tiers: [
      { activeMembers: 1, minBaseMinor: '100000', rateBp: 50 },
      { activeMembers: 3, minBaseMinor: '1000000', rateBp: 80 },
    ],
  },
  {
    upline: null,
    downline: 'leader',
    kind: 'dividend',
    period: 'W',
    tiers: [
      { activeMembers: 1, minBaseMinor: '0', rateBp: 1500 },
      { activeMembers: 3, minBaseMinor: '5000000', rateBp: 2500 },
    ],
  },
  {
    upline: null,
    downline: 'leader',
    kind: 'realtime',
    period: '5m',
    tiers: [{ activeMembers: 0, minBaseMinor: '0', rateBp: 20 }],
  },
  {
    upline: 'leader',
    downline: 'leadersub',
    kind: 'daily',
    period: 'D',
    tiers: [{ activeMembers: 1, minBaseMinor: '50000', rateBp: 30 }],
  },
  {
    upline: 'leader',
    downline: 'leadersub',
    kind: 'dividend',
    period: 'W',
    tiers: [{ activeMembers: 1, minBaseMinor: '0', rateBp: 1000 }],
  },
];

/** Adds the demo contracts that are missing (an active contract of the kind for the downline). */
export async function seedDemoContracts(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const merchant = await db
    .selectFrom('merchants')
    .select('time_zone')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const findId = async (account: string) =>
    (
      await db
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('account_key', '=', accountKeyOf(account))
        .executeTakeFirst()
    )?.id;
  return addMissing(
    DEMO_CONTRACTS,
    async (demo) => {
      const downlineId = await findId(demo.downline);
      if (!downlineId) return true;
      const held = await db
        .selectFrom('agent_contracts')
        .select('id')
        .where('downline_id', '=', downlineId)
        .where('kind', '=', demo.kind)
        .executeTakeFirst();
      return held !== undefined;
    },
    async (demo) => {
      const downlineId = await findId(demo.downline);
      const uplineId = demo.upline === null ? null : await findId(demo.upline);
      if (!downlineId || uplineId === undefined) return;
      const signedAt = now();
      await db
        .insertInto('agent_contracts')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          kind: demo.kind,
          period: demo.period,
          upline_id: uplineId,
          downline_id: downlineId,
          version: 1,
          tiers: JSON.stringify(demo.tiers),
          rate_bp: Math.max(...demo.tiers.map((tier) => tier.rateBp)),
          status: 'active',
          signed_at: signedAt,
          starts_at: cycleAt(demo.period, merchant.time_zone, signedAt).startsAt,
          ended_at: null,
          end_reason: null,
          offer_id: null,
        })
        .execute();
    },
  );
}
