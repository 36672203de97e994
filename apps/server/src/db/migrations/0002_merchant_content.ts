import { type Kysely, sql } from 'kysely';

/**
 * What a merchant shows to visitors: its customer-service entries, resources (social links, app
 * downloads, licences, logo, footer help), banners, announcements and help centre. Texts shown in
 * several languages are jsonb objects keyed by language code ({ "TY": "…", "EN": "…" }).
 * Operator HTML is sanitised before it is written, so these columns only ever hold clean HTML.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One merchant answers hosts that match no domain route, so that a fresh install works anywhere.
  await db.schema
    .alterTable('merchants')
    .addColumn('is_default', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('merchants_one_default_idx')
    .on('merchants')
    .column('is_default')
    .unique()
    .where(sql<boolean>`is_default`)
    .execute();

  await db.schema
    .createTable('merchant_customer_services')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('cs_type', 'text', (column) => column.notNull())
    .addColumn('title', 'jsonb', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('merchant_customer_services_merchant_idx')
    .on('merchant_customer_services')
    .columns(['merchant_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('merchant_resources')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('resource_type', 'text', (column) => column.notNull())
    .addColumn('label', 'jsonb', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('merchant_resources_merchant_idx')
    .on('merchant_resources')
    .columns(['merchant_id', 'resource_type', 'sort_order'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('group_name', 'text', (column) => column.notNull())
    .addColumn('title', 'jsonb', (column) => column.notNull())
    .addColumn('image_url', 'text', (column) => column.notNull())
    .addColumn('link_type', 'text', (column) => column.notNull().defaultTo('NONE'))
    .addColumn('link_target', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('banners_merchant_idx')
    .on('banners')
    .columns(['merchant_id', 'group_name', 'sort_order'])
    .execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (column) => column.notNull().check(sql`type in ('B', 'PL', 'PU', 'PR', 'H')`))
    .addColumn('platform', 'text', (column) => column.notNull().defaultTo('W'))
    .addColumn('execution', 'text', (column) => column.check(sql`execution in ('A', 'B', 'F')`))
    .addColumn('promotion_type', 'text')
    .addColumn('title', 'jsonb', (column) => column.notNull())
    .addColumn('content', 'jsonb', (column) => column.notNull())
    .addColumn('published', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('starts_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcements_merchant_idx')
    .on('announcements')
    .columns(['merchant_id', 'platform', 'type', 'starts_at'])
    .execute();

  await db.schema
    .createTable('help_categories')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('device', 'text', (column) => column.notNull().defaultTo('WEB'))
    .addColumn('anchor', 'text', (column) => column.notNull())
    .addColumn('title', 'jsonb', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('help_categories_anchor_unique', ['merchant_id', 'device', 'anchor'])
    .execute();

  await db.schema
    .createTable('help_articles')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('category_id', 'text', (column) =>
      column.notNull().references('help_categories.id').onDelete('cascade'),
    )
    .addColumn('anchor', 'text', (column) => column.notNull())
    .addColumn('title', 'jsonb', (column) => column.notNull())
    .addColumn('content', 'jsonb', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('help_articles_category_idx')
    .on('help_articles')
    .column('category_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_articles').execute();
  await db.schema.dropTable('help_categories').execute();
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropTable('banners').execute();
  await db.schema.dropTable('merchant_resources').execute();
  await db.schema.dropTable('merchant_customer_services').execute();
  await db.schema.dropIndex('merchants_one_default_idx').execute();
  await db.schema.alterTable('merchants').dropColumn('is_default').execute();
}
