import { type Kysely, sql } from 'kysely';

// Missions and leaderboards (docs/missions.md):
// - missions: the operator's daily and weekly tasks of a merchant, each with one task (rounds of a
//   game type, valid bet, deposits, a run of login days, new games) and one reward (cash or a bonus);
// - mission_claims: a reward claimed, once per member, mission and period (unique), which is what
//   makes a burst of simultaneous claims pay once; a leaderboard's mission score counts them;
// - leaderboards: rankings by valid bet or mission score over a daily, weekly, monthly or fixed
//   period, with prizes per rank;
// - leaderboard_closes: each period closed, once (primary key), by the job when it ended or by an
//   operator earlier (closed_by);
// - leaderboard_prizes: each rank of a closed period paid, once (unique).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table missions (
      id text primary key,
      merchant_id text not null references merchants (id),
      name_ty text not null,
      name_en text not null,
      period text not null check (period in ('daily', 'weekly')),
      task text not null check (task in ('rounds', 'validBet', 'deposit', 'loginStreak', 'newGame')),
      game_type text null,
      target bigint not null check (target > 0),
      reward_kind text not null check (reward_kind in ('cash', 'bonus')),
      reward_minor bigint not null check (reward_minor > 0),
      multiplier integer null check (multiplier between 0 and 50),
      starts_at timestamptz not null,
      ends_at timestamptz null,
      enabled boolean not null,
      sort_order integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((reward_kind = 'bonus') = (multiplier is not null)),
      check (ends_at is null or ends_at > starts_at)
    )`.execute(db);
  await sql`create index missions_merchant_idx on missions (merchant_id, sort_order, id)`.execute(db);

  await sql`
    create table mission_claims (
      id text primary key,
      merchant_id text not null references merchants (id),
      mission_id text not null references missions (id),
      member_id text not null references members (id),
      period_start date not null,
      reward_kind text not null check (reward_kind in ('cash', 'bonus')),
      amount_minor bigint not null check (amount_minor > 0),
      bonus_id text null references member_bonuses (id),
      created_at timestamptz not null,
      check (reward_kind = 'bonus' or bonus_id is null),
      unique (mission_id, member_id, period_start)
    )`.execute(db);
  await sql`create index mission_claims_member_idx on mission_claims (member_id, period_start)`.execute(db);
  await sql`create index mission_claims_merchant_created_idx on mission_claims (merchant_id, created_at)`.execute(
    db,
  );

  await sql`
    create table leaderboards (
      id text primary key,
      merchant_id text not null references merchants (id),
      name_ty text not null,
      name_en text not null,
      metric text not null check (metric in ('validBet', 'missionScore')),
      game_type text null,
      period text not null check (period in ('daily', 'weekly', 'monthly', 'fixed')),
      starts_at timestamptz not null,
      ends_at timestamptz null,
      prizes jsonb not null,
      enabled boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((period = 'fixed') <= (ends_at is not null)),
      check (ends_at is null or ends_at > starts_at),
      check (metric = 'validBet' or game_type is null)
    )`.execute(db);
  await sql`create index leaderboards_merchant_idx on leaderboards (merchant_id, id)`.execute(db);

  await sql`
    create table leaderboard_closes (
      leaderboard_id text not null references leaderboards (id),
      period_start date not null,
      merchant_id text not null references merchants (id),
      ends_at timestamptz not null,
      closed_by text null,
      created_at timestamptz not null,
      primary key (leaderboard_id, period_start)
    )`.execute(db);

  await sql`
    create table leaderboard_prizes (
      id text primary key,
      merchant_id text not null references merchants (id),
      leaderboard_id text not null references leaderboards (id),
      period_start date not null,
      rank integer not null check (rank > 0),
      member_id text not null references members (id),
      figure bigint not null,
      reward_kind text not null check (reward_kind in ('cash', 'bonus')),
      amount_minor bigint not null check (amount_minor > 0),
      bonus_id text null references member_bonuses (id),
      created_at timestamptz not null,
      check (reward_kind = 'bonus' or bonus_id is null),
      unique (leaderboard_id, period_start, rank),
      unique (leaderboard_id, period_start, member_id)
    )`.execute(db);
  await sql`create index leaderboard_prizes_merchant_created_idx on leaderboard_prizes (merchant_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table leaderboard_prizes`.execute(db);
  await sql`drop table leaderboard_closes`.execute(db);
  await sql`drop table leaderboards`.execute(db);
  await sql`drop table mission_claims`.execute(db);
  await sql`drop table missions`.execute(db);
}
