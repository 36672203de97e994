import { type Kysely, sql } from 'kysely';
import { fillInHouseHouseEdges } from '../house-edges.ts';

// Rebates (docs/loyalty.md "Rebates"):
// - games.house_edge_bp: a game's house edge (basis points, 0 to 50 %), which the theoretical-loss
//   basis multiplies valid bet by; our own games get theirs from the returns they state (the main
//   bet's where a game has several, db/house-edges.ts), an operator may set any game's;
// - the bet record read by settled day for that basis (valid bet × the edge of each round's game,
//   per member and game type of one merchant day), which no index served: the rollups key the day
//   but know no game, and game_rounds' indexes key the settlement time;
// - rebate_payouts: every rebate paid (or, in automatic mode, left unpaid because the member could
//   not be reached by promotions), with the lines it was computed from and the bet-record time it
//   covers, once per member and closed day in automatic mode (unique), any number of claims in
//   manual mode (day null);
// - rebate_runs: which merchant days the daily job (or an operator) has paid in full.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games add column house_edge_bp integer null
    check (house_edge_bp between 0 and 5000)`.execute(db);
  await fillInHouseHouseEdges(db);

  await sql`
    create index game_rounds_settled_day_idx on game_rounds (merchant_id, settled_day)
      include (member_id, game_id, game_type, valid_bet_minor)
      where valid_bet_minor > 0`.execute(db);

  await sql`
    create table rebate_payouts (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      mode text not null check (mode in ('auto', 'manual')),
      day date null,
      covered_from timestamptz not null,
      covered_to timestamptz not null,
      basis text not null check (basis in ('validBet', 'theoreticalLoss')),
      amount_minor bigint not null check (amount_minor > 0),
      lines jsonb not null,
      status text not null check (status in ('paid', 'skipped')),
      skip_reason text null check (skip_reason in ('NOT_MARKETABLE', 'TRIAL_ACCOUNT')),
      bonus_id text null references member_bonuses (id),
      created_at timestamptz not null,
      check ((mode = 'auto') = (day is not null)),
      check (covered_from < covered_to),
      check ((status = 'paid') = (bonus_id is not null)),
      check ((status = 'skipped') = (skip_reason is not null)),
      unique (member_id, day)
    )`.execute(db);
  await sql`create index rebate_payouts_member_created_idx on rebate_payouts (member_id, created_at desc)`.execute(
    db,
  );
  await sql`create index rebate_payouts_member_covered_idx on rebate_payouts (member_id, covered_to)`.execute(
    db,
  );
  await sql`create index rebate_payouts_merchant_created_idx on rebate_payouts (merchant_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table rebate_runs (
      merchant_id text not null references merchants (id),
      day date not null,
      status text not null check (status in ('open', 'done')),
      started_at timestamptz not null,
      finished_at timestamptz null,
      check ((status = 'done') = (finished_at is not null)),
      primary key (merchant_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rebate_runs`.execute(db);
  await sql`drop table rebate_payouts`.execute(db);
  await sql`drop index game_rounds_settled_day_idx`.execute(db);
  await sql`alter table games drop column house_edge_bp`.execute(db);
}
