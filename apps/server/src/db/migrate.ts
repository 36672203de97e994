import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_merchants.ts';
import * as m0002 from './migrations/0002_merchant_content.ts';
import * as m0010 from './migrations/0010_job_heartbeats.ts';
import * as m0011 from './migrations/0011_encryption_keys.ts';
import * as m0020 from './migrations/0020_members.ts';
import * as m0021 from './migrations/0021_verification.ts';
import * as m0022 from './migrations/0022_password_resets.ts';
import * as m0023 from './migrations/0023_member_totp_step.ts';
import type { Database } from './schema.ts';

/**
 * The one history of the schema, in order. A migration is never edited once it has landed;
 * a change is a new numbered file added to this list.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_merchants': m0001,
  '0002_merchant_content': m0002,
  '0010_job_heartbeats': m0010,
  '0011_encryption_keys': m0011,
  '0020_members': m0020,
  '0021_verification': m0021,
  '0022_password_resets': m0022,
  '0023_member_totp_step': m0023,
};

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
