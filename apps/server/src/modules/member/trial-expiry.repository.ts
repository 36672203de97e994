import { sql } from 'kysely';
import type { MemberType } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * Anonymises up to `limit` trials last used before `idleSince` and deletes their sessions, in the
 * caller's transaction; answers their ids. A trial is chosen only while it has no anonymised_at,
 * in the same statement that sets it, and one with a session seen since the cut-off is left alone.
 */
export async function anonymiseIdleTrials(
  db: Executor,
  input: { trialType: MemberType; idleSince: Date; at: Date; limit: number; tombstonePrefix: string },
): Promise<string[]> {
  const due = db
    .selectFrom('members as m')
    .select('m.id')
    .where('m.type', '=', input.trialType)
    .where('m.anonymised_at', 'is', null)
    .where('m.created_at', '<=', input.idleSince)
    .where((eb) => eb.or([eb('m.last_login_at', 'is', null), eb('m.last_login_at', '<=', input.idleSince)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('member_sessions as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.member_id', '=', 'm.id')
            .where('s.last_seen_at', '>', input.idleSince),
        ),
      ),
    )
    .orderBy('m.created_at')
    .limit(input.limit);
  const tombstone = sql<string>`${input.tombstonePrefix} || id`;
  const rows = await db
    .updateTable('members')
    .set({
      account: tombstone,
      account_key: tombstone,
      nickname: null,
      payee_name: null,
      email: null,
      email_verified_at: null,
      mobile_dialing_code: null,
      mobile_number: null,
      mobile_verified_at: null,
      birthday: null,
      contacts: '{}',
      id_number: null,
      password_hash: null,
      payment_password_hash: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      referred_by_code: null,
      register_ip: null,
      register_domain: null,
      anonymised_at: input.at,
      updated_at: input.at,
    })
    .where('id', 'in', due)
    .where('anonymised_at', 'is', null)
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('member_sessions').where('member_id', 'in', ids).execute();
  return ids;
}
