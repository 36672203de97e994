import { type Kysely, sql } from 'kysely';

// The profile a member edits in the security centre (docs/security.md "Profile"):
// - members gain the profile fields the register rules know and no column held yet (address,
//   nationality, occupation, source of income); nickname, birthday, e-mail and mobile have columns,
//   Telegram and Zalo live in `contacts` as registration writes them;
// - member_profile_changes: every change of a profile field, with the value before and after, who
//   made it (the member, or an operator) and when; the back office's player page lists them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table members add column address text null`.execute(db);
  await sql`alter table members add column nationality text null`.execute(db);
  await sql`alter table members add column occupation text null`.execute(db);
  await sql`alter table members add column source_of_income text null`.execute(db);

  await sql`
    create table member_profile_changes (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      field text not null check (field ~ '^[A-Za-z]{1,40}$'),
      before text null,
      after text null,
      actor_type text not null check (actor_type in ('member', 'operator')),
      actor_id text null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_profile_changes_member_idx
    on member_profile_changes (member_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_profile_changes`.execute(db);
  await sql`alter table members drop column source_of_income`.execute(db);
  await sql`alter table members drop column occupation`.execute(db);
  await sql`alter table members drop column nationality`.execute(db);
  await sql`alter table members drop column address`.execute(db);
}
