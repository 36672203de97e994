import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TRIAL_TYPE } from './member.service.ts';
import { anonymiseIdleTrials } from './trial-expiry.repository.ts';

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
      return db.transaction().execute((trx) =>
        anonymiseIdleTrials(trx, {
          trialType: TRIAL_TYPE,
          idleSince: cutoff,
          at: timestamp,
          limit,
          tombstonePrefix: TRIAL_TOMBSTONE_PREFIX,
        }),
      );
    },
  };
}
