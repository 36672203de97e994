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
];

/** Adds the demo accounts that are missing to the demo merchant; answers how many it added. */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const members = createMemberService({ db, now });
  return addMissing(
    DEMO_ACCOUNTS,
    async (demo) =>
      Boolean(
        await db
          .selectFrom('members')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('account_key', '=', accountKeyOf(demo.account))
          .executeTakeFirst(),
      ),
    async (demo) => {
      const member = await members.createMember({
        merchantId,
        account: demo.account,
        password: demo.password,
        type: demo.type,
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
