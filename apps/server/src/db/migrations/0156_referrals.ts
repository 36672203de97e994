import { type Kysely, sql } from 'kysely';

// Member referrals (docs/referrals.md):
// - member_logins.device_id: the web app's X-Device-Id at each login (and at registration), which
//   the referral checks compare; null when the client sent none;
// - referral_rules: a merchant's rules, each paying when a friend registers, deposits at least a
//   threshold or reaches a valid bet, in cash or as a bonus, to the referrer and optionally to the
//   friend, for friends who joined while the rule existed and within its days;
// - referrals: one row per friend who registered with a member's code (a friend has one referrer),
//   with what the checks found at registration;
// - referral_rewards: each reward once per referral, rule and beneficiary (unique), paid, held for
//   an operator's review, rejected by one, or skipped (a referrer promotions may not reach).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_logins add column device_id text null`.execute(db);

  await sql`
    create table referral_rules (
      id text primary key,
      merchant_id text not null references merchants (id),
      name text not null check (length(name) between 1 and 80),
      trigger text not null check (trigger in ('register', 'deposit', 'valid_bet')),
      threshold_minor bigint not null default 0 check (threshold_minor >= 0),
      reward_kind text not null check (reward_kind in ('cash', 'bonus')),
      referrer_amount_minor bigint not null check (referrer_amount_minor > 0),
      friend_amount_minor bigint not null default 0 check (friend_amount_minor >= 0),
      multiplier integer not null default 0 check (multiplier between 0 and 50),
      expiry_days integer not null default 7 check (expiry_days between 1 and 365),
      within_days integer not null default 30 check (within_days between 1 and 365),
      enabled boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index referral_rules_merchant_idx on referral_rules (merchant_id, created_at)`.execute(db);

  await sql`
    create table referrals (
      id text primary key,
      merchant_id text not null references merchants (id),
      referrer_id text not null references members (id),
      friend_id text not null references members (id) unique,
      code text not null,
      friend_ip text null,
      friend_device_id text null,
      same_ip boolean not null default false,
      same_device boolean not null default false,
      created_at timestamptz not null,
      check (referrer_id <> friend_id)
    )`.execute(db);
  await sql`create index referrals_referrer_idx on referrals (referrer_id, created_at)`.execute(db);
  await sql`create index referrals_merchant_idx on referrals (merchant_id, created_at)`.execute(db);

  await sql`
    create table referral_rewards (
      id text primary key,
      merchant_id text not null references merchants (id),
      referral_id text not null references referrals (id),
      rule_id text not null references referral_rules (id),
      beneficiary text not null check (beneficiary in ('referrer', 'friend')),
      member_id text not null references members (id),
      reward_kind text not null check (reward_kind in ('cash', 'bonus')),
      amount_minor bigint not null check (amount_minor > 0),
      status text not null check (status in ('paid', 'held', 'rejected', 'skipped')),
      hold_reason text null check (hold_reason in ('SAME_IP_AND_DEVICE', 'SAME_PAYEE')),
      skip_reason text null check (skip_reason in ('NOT_MARKETABLE', 'TRIAL_ACCOUNT')),
      bonus_id text null references member_bonuses (id),
      decided_by text null,
      decided_at timestamptz null,
      paid_at timestamptz null,
      created_at timestamptz not null,
      unique (referral_id, rule_id, beneficiary)
    )`.execute(db);
  await sql`create index referral_rewards_member_idx on referral_rewards (member_id, created_at)`.execute(db);
  await sql`create index referral_rewards_merchant_idx on referral_rewards (merchant_id, status, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral_rewards`.execute(db);
  await sql`drop table referrals`.execute(db);
  await sql`drop table referral_rules`.execute(db);
  await sql`alter table member_logins drop column device_id`.execute(db);
}
