import { type Kysely, sql } from 'kysely';

// Free-play (trial) accounts are anonymised a day after their last activity: the moment is kept on
// the row, so that the job that does it finds only trials still to do, and doing one twice is
// impossible. The partial index holds only those trials; anonymised ones leave it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('anonymised_at', 'timestamptz').execute();
  await db.schema
    .createIndex('members_live_trials_idx')
    .on('members')
    .columns(['created_at'])
    .where(sql.ref('type'), '=', 4)
    .where(sql.ref('anonymised_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_live_trials_idx').execute();
  await db.schema.alterTable('members').dropColumn('anonymised_at').execute();
}
