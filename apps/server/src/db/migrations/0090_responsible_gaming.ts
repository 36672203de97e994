import { type Kysely, sql } from 'kysely';

// Responsible gaming (issue 5): a member's own deposit, loss and session-time limits, their
// reality-check interval, and the breaks and self-exclusions they take.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('play_limits')
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('deposit', 'loss', 'session')`),
    )
    .addColumn('period', 'text', (column) => column.notNull().check(sql`period in ('day', 'week', 'month')`))
    /** The limit in force: minor units for deposit and loss, minutes for session; null: none yet. */
    .addColumn('value', 'bigint', (column) => column.check(sql`value is null or value > 0`))
    /** A raise (or removal when null) waiting out its cooling-off time until pending_at. */
    .addColumn('pending_value', 'bigint', (column) =>
      column.check(sql`pending_value is null or pending_value > 0`),
    )
    .addColumn('pending_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('play_limits_pk', ['member_id', 'kind', 'period'])
    .execute();

  await db.schema
    .createTable('play_settings')
    .addColumn('member_id', 'text', (column) => column.primaryKey().references('members.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('reality_check_minutes', 'integer', (column) =>
      column.check(sql`reality_check_minutes is null or reality_check_minutes between 5 and 240`),
    )
    /** The break or self-exclusion in force (break_1d … exclusion_5y) and when it ends. */
    .addColumn('exclusion_kind', 'text')
    .addColumn('exclusion_ends_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('play_settings').execute();
  await db.schema.dropTable('play_limits').execute();
}
