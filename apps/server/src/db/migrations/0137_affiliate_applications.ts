import { type Kysely, sql } from 'kysely';

// Affiliate applications (spec §1 "affiliate application", issue #16): a member asks to become an
// agent, an operator approves (the member becomes an agent of the chosen type under the chosen
// upline) or rejects with a note. A member has at most one pending application at a time: the
// partial unique index decides between simultaneous requests, so a burst creates one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table affiliate_applications (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      channel text not null,
      audience integer not null check (audience >= 0),
      contact text not null,
      message text not null default '' check (char_length(message) <= 500),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      reviewed_by text null references operators (id),
      reviewed_at timestamptz null,
      review_note text not null default '',
      agent_type smallint null,
      upline_id text null references members (id),
      created_at timestamptz not null default now(),
      check ((status = 'pending') = (reviewed_at is null)),
      check (status <> 'approved' or agent_type is not null)
    )`.execute(db);
  await sql`
    create unique index affiliate_applications_one_pending_uq
      on affiliate_applications (member_id) where status = 'pending'`.execute(db);
  await sql`
    create index affiliate_applications_member_idx
      on affiliate_applications (member_id, created_at desc)`.execute(db);
  await sql`
    create index affiliate_applications_queue_idx
      on affiliate_applications (merchant_id, status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table affiliate_applications`.execute(db);
}
