import { type Kysely, sql } from 'kysely';

// The game registry, launch tokens, rounds and the record of vendors' wallet calls
// (ARCHITECTURE.md "Games" and "Data"). Vendors and games are per merchant: each site chooses
// its vendors, holds its own secret with each, and orders and names its own catalogue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_vendors')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    /** The spec's vassalage: the vendor's code on the wire (LAKAN, TCG_LOTTO_VN, INHOUSE …). */
    .addColumn('vassalage', 'text', (column) => column.notNull().check(sql`vassalage ~ '^[A-Z0-9_]{2,32}$'`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('wallet_mode', 'text', (column) =>
      column.notNull().defaultTo('seamless').check(sql`wallet_mode in ('seamless', 'transfer')`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'maintenance', 'disabled')`),
    )
    /** Where a game opens: the vendor's launcher, to which the game code and launch token are added. */
    .addColumn('launch_url', 'text')
    /** The vendor's catalogue feed, for importing its games. */
    .addColumn('catalogue_url', 'text')
    /** The HMAC secret shared with the vendor for this merchant, sealed with the server's secret box. */
    .addColumn('secret_sealed', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendors_merchant_vassalage_uq', ['merchant_id', 'vassalage'])
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    /** The spec's nodeId: the game's identifier on the wire, stable per merchant. */
    .addColumn('node_id', 'text', (column) => column.notNull())
    .addColumn('vassalage', 'text', (column) => column.notNull())
    /** RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, LOTT, ELOTT … */
    .addColumn('game_type', 'text', (column) => column.notNull().check(sql`game_type ~ '^[A-Z_]{2,16}$'`))
    .addColumn('game_code', 'text', (column) => column.notNull())
    /** { "TY": "…", "EN": "…" } */
    .addColumn('names', 'jsonb', (column) => column.notNull())
    .addColumn('icon_url', 'text')
    /** The spec's supportPlay: 0 means demo play is offered. */
    .addColumn('support_play', 'smallint', (column) => column.notNull().defaultTo(1))
    .addColumn('is_game', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('is_hot', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'maintenance', 'hidden')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('games_merchant_node_uq', ['merchant_id', 'node_id'])
    .addUniqueConstraint('games_vendor_code_uq', ['vendor_id', 'game_code'])
    .execute();
  await db.schema
    .createIndex('games_hot_idx')
    .on('games')
    .columns(['merchant_id', 'sort_order'])
    .where(sql.ref('is_hot'), '=', true)
    .execute();

  await db.schema
    .createTable('game_launch_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** SHA-256 of the token: the token itself travels in the launch URL only. */
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('game_id', 'text', (column) => column.notNull().references('games.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    /** The game must be opened (the vendor authenticates) before this; then the session bounds it. */
    .addColumn('open_by', 'timestamptz', (column) => column.notNull())
    .addColumn('opened_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('game_rounds')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('game_id', 'text', (column) => column.notNull().references('games.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    /** The vendor's round id; our own games use the round id itself. */
    .addColumn('vendor_round_id', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('stake_minor', 'bigint', (column) =>
      column.notNull().defaultTo(0).check(sql`stake_minor >= 0`),
    )
    .addColumn('win_minor', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`win_minor >= 0`))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('open').check(sql`status in ('open', 'settled', 'rolled_back')`),
    )
    // Provably-fair inputs and the drawn outcome, for our own games (GAMES.md).
    .addColumn('server_seed_hash', 'text')
    .addColumn('client_seed', 'text')
    .addColumn('nonce', 'bigint')
    .addColumn('outcome', 'jsonb')
    .addColumn('opened_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_rounds_vendor_round_uq', ['vendor_id', 'vendor_round_id'])
    .execute();
  // Betting records: a member's rounds, newest first (filters narrow by game or status).
  await db.schema
    .createIndex('game_rounds_member_time_idx')
    .on('game_rounds')
    .columns(['member_id', 'opened_at desc'])
    .execute();
  // Recent games: a member's latest round per game.
  await db.schema
    .createIndex('game_rounds_member_game_time_idx')
    .on('game_rounds')
    .columns(['member_id', 'game_id', 'opened_at desc'])
    .execute();

  await db.schema
    .createTable('game_vendor_transactions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('vendor_id', 'text', (column) => column.notNull().references('game_vendors.id'))
    /** The vendor's transactionId: one effect per id, however often it arrives. */
    .addColumn('transaction_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) =>
      column.notNull().check(sql`type in ('debit', 'credit', 'rollback')`),
    )
    /** The idempotency key of the ledger transfer; null for a zero credit or a rollback of nothing. */
    .addColumn('ledger_key', 'text')
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('round_id', 'text', (column) => column.references('game_rounds.id'))
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().check(sql`amount_minor >= 0`))
    /** For a rollback: the debit it cancels. */
    .addColumn('ref_transaction_id', 'text')
    /** applied; for a rollback whose debit never arrived, voided (that debit is refused later). */
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('applied', 'voided')`))
    /** The balance answered the first time, answered again to a duplicate. */
    .addColumn('balance_after_minor', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendor_transactions_uq', ['vendor_id', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('game_vendor_transactions_round_idx')
    .on('game_vendor_transactions')
    .column('round_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'game_vendor_transactions',
    'game_rounds',
    'game_launch_tokens',
    'games',
    'game_vendors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
