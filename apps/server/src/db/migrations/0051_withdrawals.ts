import { type Kysely, sql } from 'kysely';

// How players take money out: the bank and e-wallet accounts they bind in the security centre,
// and their withdrawals — funds held at request, reviewed by an operator, paid out or given back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('bank', 'ewallet')`))
    /** The bank's name, or the e-wallet's code (GCASH, MAYA). */
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('account_name', 'text', (column) => column.notNull())
    .addColumn('account_number', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payout_accounts_member_uq')
    .on('payout_accounts')
    .columns(['member_id', 'provider', 'account_number'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('payout_account_id', 'text', (column) => column.notNull().references('payout_accounts.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().check(sql`amount_minor > 0`))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('review', 'paying', 'paid', 'rejected', 'failed')`),
    )
    /** The ledger hold that keeps the amount out of play while the withdrawal is open. */
    .addColumn('hold_key', 'text', (column) => column.notNull())
    /** The payout: through which method's gateway, and the gateway's id for it. */
    .addColumn('payout_method_id', 'text')
    .addColumn('gateway_payout_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('withdrawals_member_idx')
    .on('withdrawals')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_queue_idx')
    .on('withdrawals')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.dropTable('payout_accounts').execute();
}
