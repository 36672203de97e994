import { type Kysely, sql } from 'kysely';

// Reward tickets and prize draws (docs/rewards.md):
// - a merchant's prize tables (a prize wheel or a golden egg), each with its current version; every
//   change of its prizes makes a new version whose canonical JSON and SHA-256 are kept, so that a
//   draw names the version it drew from and a verifier reads the very text that was hashed;
// - what a table's money prizes have paid per merchant day, against its daily budget (reserved by a
//   guarded update, so that simultaneous draws never pass the cap);
// - the rules that issue tickets (a deposit, a day's valid bet, a VIP level, a contact channel, a
//   mission), the issues (one per once-only key) and their tickets, used, unused or expired;
// - the draws, one per ticket, with the seed pair, nonce and table version they drew from;
// - the issuing job's watermarks per merchant;
// - the points ledger's record type `reward`, for a prize paid in points.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reward_prize_tables (
      id text primary key,
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('wheel', 'egg')),
      names jsonb not null,
      version integer not null check (version >= 1),
      daily_budget_minor bigint null check (daily_budget_minor > 0),
      active boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index reward_prize_tables_merchant_idx on reward_prize_tables (merchant_id, sort, created_at)`.execute(
    db,
  );

  await sql`
    create table reward_prize_table_versions (
      table_id text not null references reward_prize_tables (id),
      version integer not null check (version >= 1),
      canonical text not null,
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null,
      primary key (table_id, version)
    )`.execute(db);

  await sql`
    create table reward_budget_days (
      table_id text not null references reward_prize_tables (id),
      day date not null,
      spent_minor bigint not null default 0 check (spent_minor >= 0),
      primary key (table_id, day)
    )`.execute(db);

  await sql`
    create table reward_ticket_rules (
      id text primary key,
      merchant_id text not null references merchants (id),
      trigger text not null check (trigger in ('deposit', 'valid_bet_day', 'vip_level', 'contact', 'mission')),
      names jsonb not null,
      amount_minor bigint null check (amount_minor > 0),
      vip_rank integer null check (vip_rank >= 1),
      tickets integer not null check (tickets between 1 and 100),
      table_id text not null references reward_prize_tables (id),
      expires_in_days integer not null check (expires_in_days between 1 and 365),
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((trigger in ('deposit', 'valid_bet_day')) = (amount_minor is not null)),
      check ((trigger = 'vip_level') = (vip_rank is not null))
    )`.execute(db);
  await sql`create index reward_ticket_rules_merchant_idx on reward_ticket_rules (merchant_id, created_at)`.execute(
    db,
  );

  await sql`
    create table reward_ticket_issues (
      id text primary key,
      key text not null unique,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      table_id text not null references reward_prize_tables (id),
      rule_id text null references reward_ticket_rules (id),
      source text not null check (source in ('deposit', 'valid_bet_day', 'vip_level', 'contact', 'mission', 'operator')),
      count integer not null check (count between 1 and 100),
      operator_id text null,
      operator_name text null,
      reason text null check (length(reason) <= 500),
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table reward_tickets (
      id text primary key,
      issue_id text not null references reward_ticket_issues (id),
      merchant_id text not null,
      member_id text not null references members (id),
      table_id text not null references reward_prize_tables (id),
      source text not null,
      status text not null default 'unused' check (status in ('unused', 'used', 'expired')),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      check ((status = 'used') = (used_at is not null))
    )`.execute(db);
  // A member's unused tickets of a table, the one expiring first first (a draw takes it).
  await sql`
    create index reward_tickets_unused_idx on reward_tickets (member_id, table_id, expires_at, id)
      where status = 'unused'`.execute(db);
  await sql`create index reward_tickets_member_idx on reward_tickets (member_id, created_at, id)`.execute(db);
  // The expiry job's pass over every unused ticket past its time.
  await sql`create index reward_tickets_expiry_idx on reward_tickets (expires_at) where status = 'unused'`.execute(
    db,
  );

  await sql`
    create table reward_draws (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      ticket_id text not null unique references reward_tickets (id),
      table_id text not null references reward_prize_tables (id),
      table_version integer not null,
      table_hash text not null,
      seed_pair_id text not null references game_seed_pairs (id),
      server_seed_hash text not null,
      client_seed text not null,
      nonce bigint not null check (nonce >= 0),
      prize_index integer not null check (prize_index >= 0),
      prize_kind text not null check (prize_kind in ('cash', 'bonus', 'points', 'none')),
      amount_minor bigint null check (amount_minor > 0),
      points integer null check (points > 0),
      bonus_id text null references member_bonuses (id),
      day date not null,
      created_at timestamptz not null,
      foreign key (table_id, table_version) references reward_prize_table_versions (table_id, version),
      unique (seed_pair_id, nonce)
    )`.execute(db);
  await sql`create index reward_draws_member_idx on reward_draws (member_id, created_at, id)`.execute(db);
  await sql`create index reward_draws_merchant_idx on reward_draws (merchant_id, created_at, id)`.execute(db);

  await sql`
    create table reward_issue_watermarks (
      merchant_id text primary key references merchants (id),
      deposits_credited_at timestamptz null,
      bets_changed_at timestamptz null,
      members_updated_at timestamptz null
    )`.execute(db);

  await sql`alter table point_records drop constraint point_records_type_check`.execute(db);
  await sql`alter table point_records add constraint point_records_type_check check (type in ('live',
    'lottery', 'pvp', 'slots', 'sports', 'redeem', 'deposit', 'convert', 'clawback', 'refund', 'adjustment',
    'reward'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table point_records drop constraint point_records_type_check`.execute(db);
  await sql`alter table point_records add constraint point_records_type_check check (type in ('live',
    'lottery', 'pvp', 'slots', 'sports', 'redeem', 'deposit', 'convert', 'clawback', 'refund',
    'adjustment'))`.execute(db);
  await sql`drop table reward_issue_watermarks`.execute(db);
  await sql`drop table reward_draws`.execute(db);
  await sql`drop table reward_tickets`.execute(db);
  await sql`drop table reward_ticket_issues`.execute(db);
  await sql`drop table reward_ticket_rules`.execute(db);
  await sql`drop table reward_budget_days`.execute(db);
  await sql`drop table reward_prize_table_versions`.execute(db);
  await sql`drop table reward_prize_tables`.execute(db);
}
