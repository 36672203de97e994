import { type Kysely, sql } from 'kysely';

/**
 * Every change made through the back office: who, for which merchant, what, before and after, from
 * which address. The log is append-only: the code has no path that updates or deletes a row, and
 * the database itself refuses UPDATE, DELETE and TRUNCATE, so that not even a bug or a stray query
 * through the application's connection can rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** The operator who acted; null for the platform itself (a seed, a job). */
    .addColumn('actor_id', 'text')
    /** The actor's username when they acted, kept even if the account is renamed later. */
    .addColumn('actor_name', 'text', (column) => column.notNull())
    /** The merchant whose data changed; null for platform-wide changes. */
    .addColumn('merchant_id', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target_type', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_merchant_at_idx')
    .on('audit_log')
    .columns(['merchant_id', 'at'])
    .execute();
  await db.schema.createIndex('audit_log_actor_at_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();

  await sql`
    create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$
  `.execute(db);
  await sql`
    create trigger audit_log_no_update_or_delete
      before update or delete on audit_log
      for each row execute function audit_log_refuse_change()
  `.execute(db);
  await sql`
    create trigger audit_log_no_truncate
      before truncate on audit_log
      for each statement execute function audit_log_refuse_change()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_refuse_change()`.execute(db);
}
