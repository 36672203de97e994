import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

export async function insertAppInstall(
  executor: Executor,
  row: { id: string; merchant_id: string; token_hash: string; issued_at: Date; device_id: string | null },
): Promise<void> {
  await executor.insertInto('app_installs').values(row).execute();
}

/**
 * Spends an install token on a member in one guarded statement: only a token of this merchant,
 * issued after `issuedAfter` and not spent yet, and only for a member with no install on record.
 * Two members racing for one token: the row's lock makes the second see it spent. One member
 * racing with two tokens: the partial unique index refuses the second (the caller reads that as
 * the member's install being on record). Answers whether this call spent it.
 */
export async function spendAppInstall(
  executor: Executor,
  input: {
    merchantId: string;
    tokenHash: string;
    memberId: string;
    issuedAfter: Date;
    at: Date;
    deviceId: string | null;
  },
): Promise<boolean> {
  const result = await executor
    .updateTable('app_installs')
    .set({ member_id: input.memberId, launched_at: input.at, launch_device_id: input.deviceId })
    .where('token_hash', '=', input.tokenHash)
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', 'is', null)
    .where('issued_at', '>', input.issuedAfter)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('app_installs as other')
            .select(sql<number>`1`.as('one'))
            .where('other.member_id', '=', input.memberId),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function hasAppInstall(executor: Executor, memberId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('app_installs')
    .select('id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
