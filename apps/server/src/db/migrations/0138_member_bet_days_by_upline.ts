import { type Kysely, sql } from 'kysely';

// Team reports by member (issue #16 palStatementsAgentCopy) read the member rollups of every bet
// whose upline at settlement is in an agent's subtree: member_tree gives the subtree's members,
// and this index finds each one's rows of the range as uplines, with the figures in the index so
// that the sums need no visit to the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index member_bet_days_upline_day_idx on member_bet_days (upline_id, day)
      include (member_id, bet_count, stake_minor, valid_bet_minor, win_minor)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_bet_days_upline_day_idx`.execute(db);
}
