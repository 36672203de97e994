import type { Kysely } from 'kysely';

// The last authenticator step a member used, so that one code cannot be used twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('totp_last_step', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('totp_last_step').execute();
}
