import { type Kysely, sql } from 'kysely';

// How players pay in: a merchant's deposit methods (a hosted gateway's channel, or a manual bank
// transfer), the deposits made through them, and every callback a gateway sent, kept as it came.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    /** Short and stable (gcash, maya, bank): names the method's deposit clearing account. */
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('gateway', 'bank_transfer')`))
    /** Display names per language code ({"EN": "GCash", "TY": "GCash"}). */
    .addColumn('names', 'jsonb', (column) => column.notNull())
    .addColumn('min_minor', 'bigint', (column) => column.notNull().check(sql`min_minor > 0`))
    .addColumn('max_minor', 'bigint', (column) => column.notNull())
    /** The most one player may deposit through this method in a day (the merchant's time zone). */
    .addColumn('player_daily_max_minor', 'bigint')
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    /** Gateway methods: { baseUrl, merchantNo, channel }; the secret is sealed apart from it. */
    .addColumn('gateway', 'jsonb')
    .addColumn('gateway_secret_sealed', 'text')
    /** Bank transfers: where the player sends the money ({ bankName, accountName, accountNumber }). */
    .addColumn('bank_account', 'jsonb')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payment_methods_range', sql`max_minor >= min_minor`)
    .execute();
  await db.schema
    .createIndex('payment_methods_code_uq')
    .on('payment_methods')
    .columns(['merchant_id', 'code'])
    .unique()
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('method_id', 'text', (column) => column.notNull().references('payment_methods.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().check(sql`amount_minor > 0`))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'review', 'credited', 'failed', 'rejected')`),
    )
    .addColumn('gateway_order_id', 'text')
    .addColumn('pay_url', 'text')
    /** The player's own reference of a bank transfer, and the stored receipt image. */
    .addColumn('reference', 'text')
    .addColumn('receipt_path', 'text')
    .addColumn('transfer_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('credited_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('deposits_member_idx')
    .on('deposits')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_status_idx')
    .on('deposits')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_gateway_order_uq')
    .on('deposits')
    .columns(['method_id', 'gateway_order_id'])
    .unique()
    .where(sql.ref('gateway_order_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('payment_callbacks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('method_id', 'text', (column) => column.notNull())
    .addColumn('deposit_id', 'text')
    .addColumn('body', 'text', (column) => column.notNull())
    /** ok, bad_signature, stale, unknown_order, mismatch, duplicate, applied, failed. */
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_callbacks_deposit_idx')
    .on('payment_callbacks')
    .column('deposit_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_callbacks').execute();
  await db.schema.dropTable('deposits').execute();
  await db.schema.dropTable('payment_methods').execute();
}
