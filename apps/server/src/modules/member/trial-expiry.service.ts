import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TRIAL_TYPE } from './member.service.ts';

/** A trial account is anonymised this long after its last activity (its last request or login). */
export const TRIAL_IDLE_HOURS = 24;
/** Trials anonymised in one statement, so that one pass never holds many rows locked. */
export const TRIAL_EXPIRY_BATCH_MAX = 200;
/** What replaces a trial's account name: a name no registration can take (see register patterns). */
export const TRIAL_TOMBSTONE_PREFIX = 'expired_';

export type TrialExpiryService = ReturnType<typeof createTrialExpiryService>;

/**
 * Free-play (trial) accounts cost nothing to open, so they are not kept: a day after a trial was
 * last used its sessions are deleted and its row keeps only what the audit log, the ledger and
 * the rounds point at (id, merchant, type, dates); name, contacts and addresses are replaced.
 * Takes an injected clock so tests can move time.
 */
export function createTrialExpiryService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Anonymises up to `limit` trials idle for TRIAL_IDLE_HOURS; answers their ids. Idempotent: a
     * trial is chosen only while it has no anonymised_at, in the same statement that sets it, and
     * a trial used again in the meantime (a session seen since the cut-off) is left alone.
     */
    async anonymiseIdleTrials(limit: number = TRIAL_EXPIRY_BATCH_MAX): Promise<string[]> {
      const timestamp = now();
      const cutoff = new Date(timestamp.getTime() - TRIAL_IDLE_HOURS * 3600_000);
      return db.transaction().execute(async (trx) => {
        const due = trx
          .selectFrom('members as m')
          .select('m.id')
          .where('m.type', '=', TRIAL_TYPE)
          .where('m.anonymised_at', 'is', null)
          .where('m.created_at', '<=', cutoff)
          .where((eb) => eb.or([eb('m.last_login_at', 'is', null), eb('m.last_login_at', '<=', cutoff)]))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('member_sessions as s')
                  .select(sql.lit(1).as('one'))
                  .whereRef('s.member_id', '=', 'm.id')
                  .where('s.last_seen_at', '>', cutoff),
              ),
            ),
          )
          .orderBy('m.created_at')
          .limit(limit);
        const tombstone = sql<string>`${TRIAL_TOMBSTONE_PREFIX} || id`;
        const rows = await trx
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
            anonymised_at: timestamp,
            updated_at: timestamp,
          })
          .where('id', 'in', due)
          .where('anonymised_at', 'is', null)
          .returning('id')
          .execute();
        const ids = rows.map((row) => row.id);
        if (ids.length > 0) await trx.deleteFrom('member_sessions').where('member_id', 'in', ids).execute();
        return ids;
      });
    },
  };
}
