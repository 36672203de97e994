import { type Kysely, sql } from 'kysely';

/**
 * Help articles carry their merchant, like every other row of a site, so that the back office can
 * scope, guard and audit an article by itself rather than through its category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('help_articles')
    .addColumn('merchant_id', 'text', (column) => column.references('merchants.id').onDelete('cascade'))
    .execute();
  await sql`
    update help_articles set merchant_id = help_categories.merchant_id
    from help_categories where help_categories.id = help_articles.category_id
  `.execute(db);
  await db.schema
    .alterTable('help_articles')
    .alterColumn('merchant_id', (column) => column.setNotNull())
    .execute();
  await db.schema
    .createIndex('help_articles_merchant_idx')
    .on('help_articles')
    .columns(['merchant_id', 'category_id', 'sort_order'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('help_articles_merchant_idx').execute();
  await db.schema.alterTable('help_articles').dropColumn('merchant_id').execute();
}
