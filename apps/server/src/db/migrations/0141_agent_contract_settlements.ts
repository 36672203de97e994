import { type Kysely, sql } from 'kysely';

// The settlement of agent contracts (docs/contracts.md "Settlement"): one run per merchant, kind
// and cycle; one settlement per contract and cycle with every input frozen; what each settled
// cycle counted per agent and day, so that a bucket that changes afterwards (a late settlement, a
// resettle, a void) counts its difference once in a later cycle; and what a cycle carries to the
// next (a dividend's loss, a real-time amount under the minimum).
//
// Idempotency: a run is unique per (merchant, kind, cycle key) and a settlement per (contract,
// cycle key), and its ledger transfer's key is `contract:<id>:<cycle key>`; a second process or a
// restart settling the same cycle finds the run and moves nothing.
//
// Hourly and real-time salary read the bet record by settlement time rather than a rollup by hour
// written by the bet trigger: the reports' index of settled rounds by merchant and settlement time
// is widened to cover resettled rounds and to carry the figures, so that the sums of an hour or of
// five minutes read the index alone and no settlement writes anything more than before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_contract_runs (
      id text primary key,
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      period text not null check (period in ('D', 'W', 'H', 'M', 'h', '5m')),
      cycle_key text not null,
      cycle_starts_at timestamptz not null,
      cycle_ends_at timestamptz not null,
      run_by text not null check (run_by in ('job', 'operator')),
      operator_id text null references operators (id),
      started_at timestamptz not null,
      finished_at timestamptz not null,
      rollups_as_of timestamptz null,
      contract_count integer not null check (contract_count >= 0),
      settlement_count integer not null check (settlement_count >= 0),
      paid_count integer not null check (paid_count >= 0),
      waiting_count integer not null check (waiting_count >= 0),
      amount_minor bigint not null check (amount_minor >= 0),
      paid_minor bigint not null check (paid_minor >= 0),
      unique (merchant_id, kind, cycle_key)
    )`.execute(db);
  await sql`
    create index agent_contract_runs_merchant_idx
      on agent_contract_runs (merchant_id, kind, period, cycle_starts_at desc)`.execute(db);

  await sql`
    create table agent_contract_settlements (
      id text primary key,
      merchant_id text not null references merchants (id),
      run_id text not null references agent_contract_runs (id),
      contract_id text not null references agent_contracts (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      cycle_key text not null,
      cycle_starts_at timestamptz not null,
      cycle_ends_at timestamptz not null,
      payer_id text null references members (id),
      payee_id text not null references members (id),
      inputs jsonb not null,
      tier_index smallint null,
      rate_bp integer not null check (rate_bp between 0 and 10000),
      base_minor bigint not null,
      amount_minor bigint not null check (amount_minor > 0),
      status text not null check (status in ('paid', 'processing', 'approval', 'deferred', 'cancelled')),
      ledger_key text not null,
      paid_from text null check (paid_from in ('upline', 'house')),
      transfer_id text null,
      created_at timestamptz not null,
      paid_at timestamptz null,
      decided_at timestamptz null,
      decided_by text null references operators (id),
      unique (contract_id, cycle_key),
      check ((status = 'paid') = (paid_from is not null and transfer_id is not null and paid_at is not null))
    )`.execute(db);
  await sql`
    create index agent_contract_settlements_run_idx
      on agent_contract_settlements (run_id, payee_id)`.execute(db);
  await sql`
    create index agent_contract_settlements_payee_idx
      on agent_contract_settlements (payee_id, kind, cycle_starts_at desc)`.execute(db);
  await sql`
    create index agent_contract_settlements_payer_idx
      on agent_contract_settlements (payer_id, kind, cycle_starts_at desc) where payer_id is not null`.execute(
    db,
  );
  await sql`
    create index agent_contract_settlements_merchant_idx
      on agent_contract_settlements (merchant_id, kind, cycle_starts_at desc)`.execute(db);

  // What settled cycles counted of an agent's team per kind and merchant day: the day rollups'
  // figures for day cycles, the sum of its hours or 5 minutes for the others (`cycle_count` of them).
  await sql`
    create table agent_contract_counted (
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      agent_id text not null references members (id),
      day date not null,
      valid_bet_minor bigint not null,
      stake_minor bigint not null,
      win_minor bigint not null,
      cycle_count integer not null check (cycle_count > 0),
      counted_at timestamptz not null,
      primary key (kind, agent_id, day)
    )`.execute(db);

  // What an agent's cycles of a kind carry forward: a negative base (a dividend's loss under the
  // carry rule; a salary base that late voids took below zero) and a real-time amount not yet paid.
  await sql`
    create table agent_contract_carries (
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      agent_id text not null references members (id),
      merchant_id text not null references merchants (id),
      base_minor bigint not null check (base_minor <= 0),
      accrued_minor bigint not null check (accrued_minor >= 0),
      cycle_key text not null,
      updated_at timestamptz not null,
      primary key (kind, agent_id)
    )`.execute(db);

  await sql`drop index game_rounds_settled_idx`.execute(db);
  await sql`
    create index game_rounds_settled_idx on game_rounds (merchant_id, settled_at)
      include (status, upline_id, member_id, valid_bet_minor, stake_minor, win_minor)
      where status in ('settled', 'resettled')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_rounds_settled_idx`.execute(db);
  await sql`
    create index game_rounds_settled_idx on game_rounds (merchant_id, settled_at)
    where status = 'settled'`.execute(db);
  await sql`drop table agent_contract_carries`.execute(db);
  await sql`drop table agent_contract_counted`.execute(db);
  await sql`drop table agent_contract_settlements`.execute(db);
  await sql`drop table agent_contract_runs`.execute(db);
}
