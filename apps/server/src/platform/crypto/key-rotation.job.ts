import { defineScheduledJob, type JobDefinition } from '../jobs/job-runner.ts';
import type { EncryptionKeyStore } from './encryption-keys.ts';

/** Weekly, Monday 03:00 UTC: a quiet hour for the Philippines (11:00 there, but few logins). */
export const KEY_ROTATION_CRON = '0 3 * * 1';

/**
 * Rotates the payload encryption key on a schedule. Clients holding the previous key keep working
 * until the rotation after; anything older answers KEY_ROTATED and the client fetches the new key.
 */
export function createKeyRotationJob(deps: { keys: EncryptionKeyStore }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'system.rotate-encryption-key',
    cron: KEY_ROTATION_CRON,
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    timeoutSeconds: 120,
    run: () => deps.keys.rotate(),
  });
}
