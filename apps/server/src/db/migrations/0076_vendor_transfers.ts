import { type Kysely, sql } from 'kysely';

// Transfer-wallet vendors (spec §3 "Merchant wallet", §7 "Wallet transfer"): a vendor that keeps
// the player's money in its own system is called by us at its server-to-server address (api_url);
// every move between the player's main wallet and such a vendor is one vendor_transfers row, whose
// id is the transferId the vendor is told and the root of the ledger keys of its moves. A row stays
// `pending` while the vendor's answer is unknown; a job asks the vendor and finishes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('game_vendors').addColumn('api_url', 'text').execute();

  // The ledger's code for money moved to or from a vendor's wallet.
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void'))`.execute(db);

  await db.schema
    .createTable('vendor_transfers')
    /** UUIDv7; also the transferId the vendor sees. */
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    /** in: main wallet to the vendor; out: the vendor to the main wallet. */
    .addColumn('direction', 'text', (column) => column.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().check(sql`amount_minor > 0`))
    /** The client's id of the request: a repeat answers this row instead of moving again. */
    .addColumn('request_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`),
    )
    /** Why a failed transfer failed (INSUFFICIENT_FUNDS, CONFLICT): a repeat answers the same. */
    .addColumn('failure_code', 'text')
    /** How often the settling job has asked the vendor about it. */
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    /** The vendor's balance for the player as its last answer told it. */
    .addColumn('vendor_balance_minor', 'bigint')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('vendor_transfers_request_uq', ['member_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('vendor_transfers_pending_idx')
    .on('vendor_transfers')
    .columns(['created_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('vendor_transfers_member_idx')
    .on('vendor_transfers')
    .columns(['member_id', 'vendor_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vendor_transfers').execute();
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'void'))`.execute(db);
  await db.schema.alterTable('game_vendors').dropColumn('api_url').execute();
}
