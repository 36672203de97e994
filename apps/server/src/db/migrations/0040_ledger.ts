import { type Kysely, sql } from 'kysely';

// The double-entry ledger (ARCHITECTURE.md "Data"): accounts with their current balance, the
// append-only log of transfers between them, and withdrawal holds. Every movement of money is one
// transfer row plus the two balance updates, in one database transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    /** player_cash and player_bonus belong to a member; house accounts to the merchant. */
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('player_cash', 'player_bonus', 'house')`),
    )
    .addColumn('owner_id', 'text', (column) => column.references('members.id'))
    /** What a house account is for: game, deposit:<method>, withdrawal_clearing, … */
    .addColumn('purpose', 'text', (column) => column.check(sql`purpose ~ '^[a-z_]+(:[a-z0-9_-]+)?$'`))
    /**
     * House accounts come in shards, so that concurrent bets of different players update
     * different rows instead of queueing on one; player accounts have shard 0.
     */
    .addColumn('shard', 'smallint', (column) => column.notNull().defaultTo(0).check(sql`shard >= 0`))
    .addColumn('currency', 'text', (column) => column.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('balance_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // A player's money never goes below zero; house accounts do (a deposit clearing account is
    // negative by everything players paid in).
    .addCheckConstraint('ledger_accounts_player_not_negative', sql`kind = 'house' or balance_minor >= 0`)
    .addCheckConstraint(
      'ledger_accounts_owner_shape',
      sql`(kind = 'house' and owner_id is null and purpose is not null)
       or (kind <> 'house' and owner_id is not null and purpose is null and shard = 0)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_accounts_player_uq')
    .on('ledger_accounts')
    .columns(['owner_id', 'kind', 'currency'])
    .unique()
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_accounts_house_uq')
    .on('ledger_accounts')
    .columns(['merchant_id', 'purpose', 'currency', 'shard'])
    .unique()
    .where(sql.ref('kind'), '=', 'house')
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    /** UUIDv7: ordering by id is ordering by time. */
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull())
    /** The caller's idempotency key (a vendor's transaction id, a deposit order, …). */
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    /** Why the money moved; 'void' marks the key of a bet rolled back before it arrived. */
    .addColumn('code', 'text', (column) =>
      column
        .notNull()
        .check(
          sql`code in ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold', 'withdrawal_release', 'withdrawal', 'adjustment', 'void')`,
        ),
    )
    /** What caused it: a round, a deposit order, a withdrawal, an operator's adjustment … */
    .addColumn('reference', 'text')
    .addColumn('debit_account_id', 'text', (column) => column.references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'text', (column) => column.references('ledger_accounts.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    /** Both accounts' balances right after this transfer: statements need no running sums. */
    .addColumn('debit_balance_after_minor', 'bigint')
    .addColumn('credit_balance_after_minor', 'bigint')
    /** For a rollback: the key of the bet it reverses (at most one rollback per bet). */
    .addColumn('reverses_key', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'ledger_transfers_shape',
      sql`(code <> 'void' and amount_minor > 0 and debit_account_id is not null
            and credit_account_id is not null and debit_account_id <> credit_account_id
            and debit_balance_after_minor is not null and credit_balance_after_minor is not null)
       or (code = 'void' and amount_minor = 0 and debit_account_id is null and credit_account_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_transfers_key_uq')
    .on('ledger_transfers')
    .columns(['merchant_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ledger_transfers_reverses_uq')
    .on('ledger_transfers')
    .columns(['merchant_id', 'reverses_key'])
    .unique()
    .where(sql.ref('reverses_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_transfers_debit_idx')
    .on('ledger_transfers')
    .columns(['debit_account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_transfers_credit_idx')
    .on('ledger_transfers')
    .columns(['credit_account_id', 'created_at'])
    .execute();
  // Append-only: a transfer is corrected by another transfer, never by editing the log.
  await sql`
    create function ledger_transfers_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_transfers is append-only';
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_transfers_append_only()`.execute(db);

  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().check(sql`amount_minor > 0`))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('held').check(sql`status in ('held', 'released', 'captured')`),
    )
    .addColumn('reference', 'text')
    /** The transfer that moved the money aside, and the one that released or paid it out. */
    .addColumn('hold_transfer_id', 'text', (column) => column.notNull().references('ledger_transfers.id'))
    .addColumn('settle_transfer_id', 'text', (column) => column.references('ledger_transfers.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('ledger_holds_key_uq')
    .on('ledger_holds')
    .columns(['merchant_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ledger_holds_member_idx')
    .on('ledger_holds')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_holds').execute();
  await db.schema.dropTable('ledger_transfers').execute();
  await sql`drop function ledger_transfers_append_only()`.execute(db);
  await db.schema.dropTable('ledger_accounts').execute();
}
