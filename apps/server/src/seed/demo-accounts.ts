import type { Kysely } from 'kysely';
import type { Database, MemberType } from '../db/schema.ts';
import { accountKeyOf, createMemberService } from '../modules/member/member.service.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

/** The demo site's accounts, printed at start and listed in the README. */
export const DEMO_ACCOUNTS: readonly {
  account: string;
  password: string;
  type: MemberType;
  affiliateCode?: string;
  /** The account of the upline, listed earlier. */
  upline?: string;
  mobile?: { dialingCode: string; nationalNumber: string };
  email?: string;
  role: string;
}[] = [
  {
    account: 'demo',
    password: 'Demo1234',
    type: 0,
    mobile: { dialingCode: '+63', nationalNumber: '9171234567' },
    email: 'demo@panalo.example',
    role: 'player',
  },
  {
    account: 'agent',
    password: 'Agent1234',
    type: 1,
    affiliateCode: 'PANALO',
    role: 'agent (invitation code PANALO)',
  },
  {
    account: 'newbie',
    password: '123456',
    type: 0,
    role: 'player with the default password (must change it)',
  },
  // A small team, so that the agent centre has downlines to show: an agent, a sub-agent under it,
  // and players under each.
  {
    account: 'leader',
    password: 'Leader1234',
    type: 1,
    affiliateCode: 'LEADER',
    role: 'agent with a team (invitation code LEADER)',
  },
  {
    account: 'leadersub',
    password: 'Leader1234',
    type: 2,
    upline: 'leader',
    role: "sub-agent in leader's team",
  },
  {
    account: 'leaderana',
    password: 'Player1234',
    type: 0,
    upline: 'leader',
    role: "player in leader's team",
  },
  {
    account: 'leaderben',
    password: 'Player1234',
    type: 0,
    upline: 'leader',
    role: "player in leader's team",
  },
  {
    account: 'leadercarlo',
    password: 'Player1234',
    type: 0,
    upline: 'leadersub',
    role: "player under leader's sub-agent",
  },
];

/** Adds the demo accounts that are missing to the demo merchant; answers how many it added. */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const members = createMemberService({ db, now });
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
    DEMO_ACCOUNTS,
    async (demo) => Boolean(await findId(demo.account)),
    async (demo) => {
      const uplineId = demo.upline ? await findId(demo.upline) : undefined;
      const member = await members.createMember({
        merchantId,
        account: demo.account,
        password: demo.password,
        type: demo.type,
        uplineId: uplineId ?? null,
        nickname: demo.account === 'demo' ? 'Juan' : null,
        payeeName: demo.account === 'demo' ? 'Juan Dela Cruz' : null,
        email: demo.email ?? null,
        mobile: demo.mobile ? { ...demo.mobile, verified: true } : null,
        registerMethod: 'SEED',
      });
      if (demo.affiliateCode) {
        await db
          .updateTable('members')
          .set({ affiliate_code: demo.affiliateCode })
          .where('id', '=', member.id)
          .execute();
      }
    },
  );
}
