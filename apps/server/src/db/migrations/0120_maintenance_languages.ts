import { type Kysely, sql } from 'kysely';

// A maintenance notice is read by players of every language the merchant offers. The plain
// columns keep the text in the merchant's default language, which every other language falls back
// to; these maps add the other languages' own title and message (`{"EN": "Back at ten"}`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .addColumn('maintenance_language_titles', 'jsonb', (column) =>
      column.notNull().defaultTo(sql`'{}'::jsonb`),
    )
    .addColumn('maintenance_language_messages', 'jsonb', (column) =>
      column.notNull().defaultTo(sql`'{}'::jsonb`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .dropColumn('maintenance_language_titles')
    .dropColumn('maintenance_language_messages')
    .execute();
}
