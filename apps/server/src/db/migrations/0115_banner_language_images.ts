import { type Kysely, sql } from 'kysely';

// A banner's art carries its text, so one image cannot speak both of a merchant's languages: a
// banner keeps its default image and may add one per language (`{"EN": "/media/x-en.svg"}`), and
// a reader of a language without its own image sees the default one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('banners')
    .addColumn('language_image_urls', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('banners').dropColumn('language_image_urls').execute();
}
