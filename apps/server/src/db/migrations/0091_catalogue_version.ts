import { type Kysely, sql } from 'kysely';

// A version of the game catalogue, so that the lobby's lists can be kept in memory and still
// never be served stale: every statement that writes games or vendors, from any process (the
// back office, a catalogue import, a seed, SQL by hand), counts the version up in its own
// transaction, and notifies the channel panalo_catalogue when it commits. A reader that sees an
// unchanged version knows its copy is current; an embedded database, whose writers all live in
// the one process, tells its listener before the writer's own call returns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'boolean', (column) => column.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalogue_version default values`.execute(db);
  // Before the statement, not after: a writer takes the version's row lock before any game row,
  // so two transactions that each write several games queue on it instead of deadlocking.
  await sql`
    create function catalogue_version_bump() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1;
      perform pg_notify('panalo_catalogue', '');
      return null;
    end $$`.execute(db);
  for (const table of ['games', 'game_vendors']) {
    await sql`
      create trigger ${sql.raw(`${table}_catalogue_version`)}
      before insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_version_bump()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['games', 'game_vendors']) {
    await sql`drop trigger ${sql.raw(`${table}_catalogue_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function catalogue_version_bump()`.execute(db);
  await db.schema.dropTable('catalogue_version').execute();
}
