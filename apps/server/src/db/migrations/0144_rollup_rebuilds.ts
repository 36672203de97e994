import { type Kysely, sql } from 'kysely';

// Rebuilds of a merchant's bet rollups started from the back office (issue #16 "a full rebuild
// from bets is the repair path"): who asked, what is rebuilt (the team rollups, or the member
// rollups from the bets and then the team rollups), how far it has come and how it ended. A
// merchant has at most one rebuild queued or running: the partial unique index decides between
// simultaneous requests, so two clicks or two operators start one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rollup_rebuilds (
      id text primary key,
      merchant_id text not null references merchants (id),
      scope text not null check (scope in ('teams', 'all')),
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      phase text not null default 'members' check (phase in ('members', 'teams')),
      days_done integer not null default 0 check (days_done >= 0),
      days_total integer not null default 0 check (days_total >= 0 and days_done <= days_total),
      rows_written integer not null default 0 check (rows_written >= 0),
      error text null check (char_length(error) <= 500),
      requested_by text null references operators (id),
      requested_by_name text not null,
      created_at timestamptz not null,
      started_at timestamptz null,
      finished_at timestamptz null,
      progressed_at timestamptz not null,
      check ((status in ('done', 'failed')) = (finished_at is not null)),
      check (status <> 'failed' or error is not null)
    )`.execute(db);
  await sql`
    create unique index rollup_rebuilds_one_active_uq
      on rollup_rebuilds (merchant_id) where status in ('queued', 'running')`.execute(db);
  await sql`
    create index rollup_rebuilds_merchant_idx on rollup_rebuilds (merchant_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rollup_rebuilds`.execute(db);
}
