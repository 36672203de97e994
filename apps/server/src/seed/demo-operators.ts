import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createAuditService } from '../modules/audit/audit.service.ts';
import { provisionOperator, usernameKeyOf } from '../modules/operator/operator-accounts.ts';
import type { BuiltinRoleId } from '../modules/operator/permissions.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

/**
 * The demo back-office accounts, printed at start and listed in the README. Neither has an
 * authenticator yet: the first sign-in shows the enrolment (QR code and secret).
 */
export const DEMO_OPERATORS: readonly {
  username: string;
  password: string;
  displayName: string;
  roleId: BuiltinRoleId;
  /** A platform owner sees every merchant; the others belong to the demo merchant. */
  isPlatformOwner: boolean;
  role: string;
}[] = [
  {
    username: 'admin',
    password: 'Admin1234',
    displayName: 'Platform owner',
    roleId: 'owner',
    isPlatformOwner: true,
    role: 'back office: platform owner, every merchant and permission',
  },
  {
    username: 'risk',
    password: 'Risk1234',
    displayName: 'Risk desk',
    roleId: 'risk',
    isPlatformOwner: false,
    role: 'back office: the demo merchant’s risk role (players, money read, reports, audit)',
  },
  {
    username: 'support',
    password: 'Support1234',
    displayName: 'Support desk',
    roleId: 'support',
    isPlatformOwner: false,
    role: 'back office: the demo merchant’s support role, who answers the live chat',
  },
];

/**
 * Adds the demo operators that are missing and answers how many it added; `now` stamps their audit
 * rows, so a test's clock orders them before the test's own changes.
 */
export async function seedDemoOperators(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const audit = createAuditService({ db, now });
  return addMissing(
    DEMO_OPERATORS,
    async (demo) =>
      Boolean(
        await db
          .selectFrom('operators')
          .select('id')
          .where('username_key', '=', usernameKeyOf(demo.username))
          .executeTakeFirst(),
      ),
    async (demo) => {
      await provisionOperator(
        { db, recordChange: audit.record },
        {
          merchantId: demo.isPlatformOwner ? null : merchantId,
          username: demo.username,
          displayName: demo.displayName,
          roleId: demo.roleId,
          password: demo.password,
        },
      );
    },
  );
}
