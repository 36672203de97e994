import { type Kysely, sql } from 'kysely';

// Team reports at the size of a 100,000-member team (issue #16, bench/agent-reports):
// - first deposits and money by day read a team's credited deposits by credit time, and each
//   member's earliest credited deposit; paid withdrawals by payout time. Partial indexes, with
//   the amounts in the index, answer both without visiting the tables.
// - team_rollup_watermarks.generation counts the team rollups' rebuilds of a merchant: every
//   pass that rebuilds a day adds one, so a report cached under a generation is never served
//   once the rollups it was read beside have been rebuilt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index deposits_credited_member_idx on deposits (member_id, credited_at, id)
      include (amount_minor) where status = 'credited'`.execute(db);
  await sql`
    create index deposits_credited_at_idx on deposits (credited_at)
      include (member_id, amount_minor, id) where status = 'credited'`.execute(db);
  await sql`
    create index withdrawals_paid_at_idx on withdrawals (paid_at)
      include (member_id, amount_minor) where status = 'paid'`.execute(db);
  await sql`alter table team_rollup_watermarks add column generation bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table team_rollup_watermarks drop column generation`.execute(db);
  await sql`drop index withdrawals_paid_at_idx`.execute(db);
  await sql`drop index deposits_credited_at_idx`.execute(db);
  await sql`drop index deposits_credited_member_idx`.execute(db);
}
