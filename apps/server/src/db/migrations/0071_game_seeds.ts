import { type Kysely, sql } from 'kysely';

// Our own games (GAMES.md "The fairness protocol"): every member has one active seed pair per
// merchant, the server seed sealed until the pair is rotated; rounds of our games record the
// seed pair they drew from, what was played, and the balance before and after; demo play keeps
// its play money and its own seed pair per demo session, away from the ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_seed_pairs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    /** The server seed sealed with the server's secret box: never answered while the pair is active. */
    .addColumn('server_seed_sealed', 'text', (column) => column.notNull())
    /** sha256(server seed) as hex: the commitment shown before any round. */
    .addColumn('server_seed_hash', 'text', (column) =>
      column.notNull().check(sql`server_seed_hash ~ '^[0-9a-f]{64}$'`),
    )
    /** The server seed in the clear, written only when the pair is rotated (revealed). */
    .addColumn('server_seed', 'text', (column) =>
      column.check(sql`server_seed is null or server_seed ~ '^[0-9a-f]{64}$'`),
    )
    .addColumn('client_seed', 'text', (column) =>
      column.notNull().check(sql`client_seed ~ '^[A-Za-z0-9_-]{1,64}$'`),
    )
    /** Rounds drawn with this pair so far: the next round's nonce. */
    .addColumn('nonce', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`nonce >= 0`))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'revealed')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .addCheckConstraint(
      'game_seed_pairs_revealed_ck',
      sql`(status = 'active' and server_seed is null and revealed_at is null) or (status = 'revealed' and server_seed is not null and revealed_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('game_seed_pairs_active_uq')
    .on('game_seed_pairs')
    .columns(['merchant_id', 'member_id'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();

  // Rounds of our own games: the seed pair, the client's request id (a retried bet is the same
  // round), what was played (the verifier's input), the open state of a multi-step round, and
  // where the round is in its money steps, so that a crash between them is finished by a job.
  await db.schema
    .alterTable('game_rounds')
    .addColumn('seed_pair_id', 'text', (column) => column.references('game_seed_pairs.id'))
    .addColumn('request_id', 'text')
    .addColumn('played', 'jsonb')
    .addColumn('state', 'text')
    .addColumn('phase', 'text', (column) =>
      column.check(sql`phase is null or phase in ('staking', 'playing', 'paying', 'done', 'refused')`),
    )
    .addColumn('action_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('balance_before_minor', 'bigint')
    .addColumn('balance_after_minor', 'bigint')
    /** An open round of ours is settled by the game's rule after this. */
    .addColumn('deadline_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('game_rounds_house_pending_idx')
    .on('game_rounds')
    .columns(['deadline_at'])
    .where(sql<boolean>`phase in ('staking', 'playing', 'paying')`)
    .execute();

  /** Bet limits per merchant and game: { minStake, maxStake, maxWin } in minor units; null: defaults. */
  await db.schema.alterTable('games').addColumn('bet_limits', 'jsonb').execute();

  await db.schema
    .createTable('game_demo_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** SHA-256 of the demo token the game client holds. */
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('game_id', 'text', (column) => column.notNull().references('games.id'))
    /** Play money: never in the ledger. */
    .addColumn('balance_minor', 'bigint', (column) => column.notNull().check(sql`balance_minor >= 0`))
    .addColumn('server_seed_sealed', 'text', (column) => column.notNull())
    .addColumn('server_seed_hash', 'text', (column) => column.notNull())
    .addColumn('client_seed', 'text', (column) =>
      column.notNull().check(sql`client_seed ~ '^[A-Za-z0-9_-]{1,64}$'`),
    )
    .addColumn('nonce', 'bigint', (column) => column.notNull().defaultTo(0))
    /** The last server seed revealed by a rotation, so that a demo round can be verified too. */
    .addColumn('revealed_server_seed', 'text')
    /** An open multi-step demo round: its played bet and actions, and its engine state. */
    .addColumn('round_played', 'text')
    .addColumn('round_state', 'text')
    .addColumn('round_nonce', 'bigint')
    /** Bumped by every change, so that two requests of one demo session never both apply. */
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('game_demo_sessions_expiry_idx')
    .on('game_demo_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_demo_sessions').execute();
  await db.schema.alterTable('games').dropColumn('bet_limits').execute();
  await db.schema.dropIndex('game_rounds_house_pending_idx').execute();
  await db.schema
    .alterTable('game_rounds')
    .dropColumn('seed_pair_id')
    .dropColumn('request_id')
    .dropColumn('played')
    .dropColumn('state')
    .dropColumn('phase')
    .dropColumn('action_count')
    .dropColumn('balance_before_minor')
    .dropColumn('balance_after_minor')
    .dropColumn('deadline_at')
    .execute();
  await db.schema.dropTable('game_seed_pairs').execute();
}
