import { type Kysely, sql } from 'kysely';

// Referral rules named in each language (docs/referrals.md), like missions: name_ty and name_en
// replace the one name, which both start from so that no rule loses its name; and the missions'
// claimable notices (docs/missions.md "Live progress"): one row per mission, member and period once
// the member was told that the mission can be claimed, so that the news goes out once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table referral_rules add column name_ty text null`.execute(db);
  await sql`alter table referral_rules add column name_en text null`.execute(db);
  await sql`update referral_rules set name_ty = name, name_en = name`.execute(db);
  await sql`
    alter table referral_rules
      alter column name_ty set not null,
      alter column name_en set not null,
      add constraint referral_rules_name_ty_length check (length(name_ty) between 1 and 80),
      add constraint referral_rules_name_en_length check (length(name_en) between 1 and 80),
      drop column name`.execute(db);

  await sql`
    create table mission_claimable_notices (
      mission_id text not null references missions (id) on delete cascade,
      member_id text not null references members (id),
      period_start date not null,
      created_at timestamptz not null,
      primary key (mission_id, member_id, period_start)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mission_claimable_notices`.execute(db);
  await sql`alter table referral_rules add column name text null`.execute(db);
  await sql`update referral_rules set name = name_en`.execute(db);
  await sql`
    alter table referral_rules
      alter column name set not null,
      add check (length(name) between 1 and 80),
      drop column name_ty,
      drop column name_en`.execute(db);
}
