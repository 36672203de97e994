import { type Kysely, sql } from 'kysely';

// What a player needs to verify a round of our own games exactly (GAMES.md "The fairness
// protocol"): how the pair's commitment was computed, and which maximum win cut the round's win.
//
// commitment_version on seed pairs and demo sessions: 1 for pairs committed before this
// migration, whose hash was taken over the server seed's 32 raw bytes; 2, the default from now
// on, for sha256 over the seed's 64-character hex text, as GAMES.md and third-party verifiers
// compute it. A pair keeps the version it was committed with until it is rotated.
//
// win_cap_minor on rounds: the maximum win that the round's win was cut to, when one was (a limit
// an operator lowered while a multi-step round was open); null when the engine's payout was paid
// in full. The verifier then holds the win equal to the payout, or to this cap.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['game_seed_pairs', 'game_demo_sessions']) {
    await db.schema
      .alterTable(table)
      .addColumn('commitment_version', 'smallint', (column) =>
        column.notNull().defaultTo(1).check(sql`commitment_version in (1, 2)`),
      )
      .execute();
    await sql`alter table ${sql.table(table)} alter column commitment_version set default 2`.execute(db);
  }
  await db.schema
    .alterTable('game_rounds')
    .addColumn('win_cap_minor', 'bigint', (column) =>
      column.check(sql`win_cap_minor is null or win_cap_minor >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('game_rounds').dropColumn('win_cap_minor').execute();
  for (const table of ['game_demo_sessions', 'game_seed_pairs']) {
    await db.schema.alterTable(table).dropColumn('commitment_version').execute();
  }
}
