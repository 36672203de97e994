import { type Kysely, sql } from 'kysely';

// Loyalty (docs/loyalty.md): what VIP levels, rebates and the points mall share.
// - the ledger's codes for a rebate, a VIP gift and a points reward (docs/money.md), and the
//   bonus sources that activate with them;
// - a merchant's VIP levels with their thresholds, retention rules and benefits, and each member's
//   level (a member holds none until they reach the lowest level), the changes of it, and the
//   gifts levels give (upgrade, birthday, monthly), each once by its key, waiting while the member
//   may not be reached by promotions.
// The points ledger and the rebates' own tables come with their migrations (0149, 0150).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void',
     'bonus_convert', 'bonus_forfeit', 'cashback', 'raffle_prize', 'rebate', 'vip_gift', 'points_reward'))`.execute(
    db,
  );
  await sql`alter table member_bonuses drop constraint member_bonuses_source_check`.execute(db);
  await sql`alter table member_bonuses add constraint member_bonuses_source_check check (source in
    ('promotion', 'manual', 'cashback', 'rebate', 'vip', 'points'))`.execute(db);

  await sql`
    create table vip_levels (
      id text primary key,
      merchant_id text not null references merchants (id),
      rank integer not null check (rank between 1 and 99),
      names jsonb not null,
      label text not null check (length(label) between 1 and 20),
      badge_url text null,
      deposit_minor bigint not null default 0 check (deposit_minor >= 0),
      valid_bet_minor bigint not null default 0 check (valid_bet_minor >= 0),
      keep_deposit_minor bigint not null default 0 check (keep_deposit_minor >= 0),
      keep_valid_bet_minor bigint not null default 0 check (keep_valid_bet_minor >= 0),
      guaranteed_days integer not null default 0 check (guaranteed_days between 0 and 365),
      upgrade_bonus_minor bigint not null default 0 check (upgrade_bonus_minor >= 0),
      birthday_bonus_minor bigint not null default 0 check (birthday_bonus_minor >= 0),
      monthly_bonus_minor bigint not null default 0 check (monthly_bonus_minor >= 0),
      rebate_rates jsonb not null default '{}',
      withdraw_count_day integer null check (withdraw_count_day >= 0),
      withdraw_amount_day_minor bigint null check (withdraw_amount_day_minor >= 0),
      points_multiplier_bp integer not null default 10000 check (points_multiplier_bp between 0 and 100000),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (merchant_id, rank)
    )`.execute(db);

  await sql`
    create table member_vip (
      member_id text primary key references members (id),
      merchant_id text not null references merchants (id),
      level_id text not null references vip_levels (id),
      rank integer not null,
      reached_at timestamptz not null,
      guaranteed_until timestamptz not null,
      projection text null check (projection in ('keep', 'rise', 'fall')),
      projected_rank integer null,
      projected_at timestamptz null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index member_vip_merchant_rank_idx on member_vip (merchant_id, rank)`.execute(db);

  await sql`
    create table vip_level_changes (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      from_rank integer null,
      to_rank integer null,
      reason text not null check (reason in ('upgrade', 'review', 'operator')),
      operator_id text null,
      note text null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index vip_level_changes_member_idx on vip_level_changes (member_id, created_at)`.execute(
    db,
  );

  await sql`
    create table vip_gifts (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      kind text not null check (kind in ('upgrade', 'birthday', 'monthly')),
      key text not null unique,
      rank integer not null,
      amount_minor bigint not null check (amount_minor > 0),
      status text not null default 'waiting' check (status in ('waiting', 'granted', 'dropped')),
      bonus_id text null,
      created_at timestamptz not null,
      decided_at timestamptz null
    )`.execute(db);
  await sql`create index vip_gifts_waiting_idx on vip_gifts (merchant_id, created_at) where status = 'waiting'`.execute(
    db,
  );
  await sql`create index vip_gifts_member_idx on vip_gifts (member_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vip_gifts`.execute(db);
  await sql`drop table vip_level_changes`.execute(db);
  await sql`drop table member_vip`.execute(db);
  await sql`drop table vip_levels`.execute(db);
  await sql`alter table member_bonuses drop constraint member_bonuses_source_check`.execute(db);
  await sql`alter table member_bonuses add constraint member_bonuses_source_check check (source in
    ('promotion', 'manual', 'cashback'))`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void',
     'bonus_convert', 'bonus_forfeit', 'cashback', 'raffle_prize'))`.execute(db);
}
