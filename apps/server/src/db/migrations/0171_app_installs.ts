import { type Kysely, sql } from 'kysely';

// The app-download bonus (docs/lite-app.md "The app-download bonus"): a promotion kind of its own,
// and the installs of the lite app. The installed app's service worker asks for an install token
// once and keeps it; the first login from the app's start URL spends it on the member. A token is
// spent once, and a member has one install on record at most (the partial unique index), so the
// bonus a member claims on it is theirs once whatever the number of devices or tokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check check (kind in
    ('info', 'deposit_bonus', 'newbie_bonus', 'application', 'cashback', 'raffle', 'app_download'))`.execute(
    db,
  );
  await sql`
    create table app_installs (
      id text primary key,
      merchant_id text not null references merchants (id),
      token_hash text not null unique,
      issued_at timestamptz not null,
      device_id text null,
      member_id text null references members (id),
      launched_at timestamptz null,
      launch_device_id text null,
      check ((member_id is null) = (launched_at is null))
    )`.execute(db);
  await sql`create unique index app_installs_member_key on app_installs (member_id) where member_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_installs`.execute(db);
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check check (kind in
    ('info', 'deposit_bonus', 'newbie_bonus', 'application', 'cashback', 'raffle'))`.execute(db);
}
