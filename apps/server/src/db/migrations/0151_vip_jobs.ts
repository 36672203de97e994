import { type Kysely, sql } from 'kysely';

// VIP levels' jobs (docs/loyalty.md "VIP"): one row per merchant holding where the jobs stand.
// - the upgrade job's watermarks: the newest bet-record change (member_bet_days.changed_at, the
//   database's clock) and the newest credited deposit (deposits.credited_at, the server's clock)
//   it has looked at, kept apart because the two clocks differ; null: look at every member with
//   figures in the window (a new merchant, or levels changed);
// - the review job's markers: the merchant day whose daily work (the projection, birthday gifts)
//   is done, and the merchant month whose review (lowering, monthly gifts) is done.
// And the back office's list of gifts, newest first per merchant.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vip_job_state (
      merchant_id text primary key references merchants (id),
      bets_changed_at timestamptz null,
      deposits_credited_at timestamptz null,
      daily_day date null,
      reviewed_month text null check (reviewed_month ~ '^\\d{4}-\\d{2}$'),
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index vip_gifts_merchant_created_idx on vip_gifts (merchant_id, created_at)`.execute(db);
  await sql`create index vip_level_changes_merchant_idx on vip_level_changes (merchant_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index vip_level_changes_merchant_idx`.execute(db);
  await sql`drop index vip_gifts_merchant_created_idx`.execute(db);
  await sql`drop table vip_job_state`.execute(db);
}
