import type { Kysely } from 'kysely';

// What an operator changed by hand in the back office stays when the vendor's catalogue feed is
// imported again: a game renamed or given an icon of the merchant's own keeps them (issue 7).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('games')
    .addColumn('names_overridden', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('icon_overridden', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('games').dropColumn('names_overridden').dropColumn('icon_overridden').execute();
}
