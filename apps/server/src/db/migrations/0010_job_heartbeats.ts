import { type Kysely, sql } from 'kysely';

// One row per run of the system.heartbeat job: which process ran it and when, so that an operator
// can see at a glance that schedules fire, and fire once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_heartbeats')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('node_id', 'text', (column) => column.notNull())
    .addColumn('job_id', 'text', (column) => column.notNull().unique())
    .addColumn('ran_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('job_heartbeats_ran_at_idx').on('job_heartbeats').column('ran_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_heartbeats').execute();
}
