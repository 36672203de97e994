import { type Kysely, sql } from 'kysely';

// Lottery results (spec §7 "opened numbers"): the draws a lottery vendor reports to us, signed
// like its wallet calls, kept per merchant so that the lottery pages can show them. The first
// report of a draw stands; a repeated one changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lottery_draws')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    .addColumn('game_id', 'text', (column) => column.notNull().references('games.id'))
    /** The vendor's number of the draw (the spec's numero). */
    .addColumn('numero', 'text', (column) => column.notNull().check(sql`numero ~ '^[A-Za-z0-9_-]{1,40}$'`))
    /** The numbers drawn, in the vendor's order: a JSON array of small integers. */
    .addColumn('numbers', 'jsonb', (column) => column.notNull())
    .addColumn('drawn_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lottery_draws_numero_uq', ['game_id', 'numero'])
    .execute();
  await db.schema
    .createIndex('lottery_draws_latest_idx')
    .on('lottery_draws')
    .columns(['merchant_id', 'game_id', 'drawn_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lottery_draws').execute();
}
