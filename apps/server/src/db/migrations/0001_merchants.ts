import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('currency_symbol', 'text', (column) => column.notNull())
    .addColumn('time_zone', 'text', (column) => column.notNull())
    .addColumn('default_language', 'text', (column) => column.notNull())
    .addColumn('languages', sql`text[]`, (column) => column.notNull())
    .addColumn('status', 'smallint', (column) =>
      column.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`),
    )
    .addColumn('maintenance_title', 'text')
    .addColumn('maintenance_message', 'text')
    .addColumn('settings', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('merchant_domains')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) =>
      column.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (column) => column.notNull().unique())
    .addColumn('route', 'text', (column) => column.notNull())
    .addColumn('is_main', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('merchant_domains_merchant_idx')
    .on('merchant_domains')
    .column('merchant_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merchant_domains').execute();
  await db.schema.dropTable('merchants').execute();
}
