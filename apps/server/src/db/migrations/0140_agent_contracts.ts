import { type Kysely, sql } from 'kysely';

// Agent contracts (issue #17, docs/contracts.md): the merchant's template per contract kind, the
// signed contracts (versioned: new terms are a new row that ends the previous one) and the offers
// that lead to them.
//
// Concurrency: an agent holds at most one active contract per kind and has at most one pending
// offer per kind; the two partial unique indexes decide between simultaneous accepts or offers,
// so a burst signs one contract and opens one offer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_contract_templates (
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      max_rate_bp integer not null check (max_rate_bp between 0 and 10000),
      max_tiers smallint not null default 10 check (max_tiers between 1 and 10),
      default_tiers jsonb not null default '[]',
      default_period text null check (default_period in ('D', 'W', 'H', 'M')),
      updated_at timestamptz not null default now(),
      primary key (merchant_id, kind)
    )`.execute(db);
  // A row per kind for the merchants there are and every merchant made later. The highest rate a
  // top-level agent may be given: 30% of net gaming revenue as dividend, 1% of valid bet as daily
  // salary, 0.5% as hourly and real-time salary; dividends weekly unless the merchant says other.
  await sql`
    create function agent_contract_templates_add_defaults(merchant text) returns void language sql as $$
      insert into agent_contract_templates (merchant_id, kind, max_rate_bp, default_period)
      values
        (merchant, 'dividend', 3000, 'W'),
        (merchant, 'daily', 100, null),
        (merchant, 'hourly', 50, null),
        (merchant, 'realtime', 50, null)
      on conflict do nothing
    $$`.execute(db);
  await sql`
    create function merchants_add_contract_templates() returns trigger language plpgsql as $$
    begin
      perform agent_contract_templates_add_defaults(new.id);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger merchants_contract_templates after insert on merchants
    for each row execute function merchants_add_contract_templates()`.execute(db);
  await sql`select agent_contract_templates_add_defaults(id) from merchants`.execute(db);

  await sql`
    create table agent_contracts (
      id text primary key,
      merchant_id text not null references merchants (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      period text not null check (period in ('D', 'W', 'H', 'M', 'h', '5m')),
      upline_id text null references members (id),
      downline_id text not null references members (id),
      version integer not null,
      tiers jsonb not null,
      rate_bp integer not null check (rate_bp between 0 and 10000),
      status text not null check (status in ('active', 'ended')),
      signed_at timestamptz not null,
      starts_at timestamptz not null,
      ended_at timestamptz null,
      end_reason text null
        check (end_reason in ('terminated', 'superseded', 'rate_cap', 'upline_moved', 'operator')),
      offer_id text null,
      unique (downline_id, kind, version)
    )`.execute(db);
  await sql`
    create unique index agent_contracts_active_uq
      on agent_contracts (downline_id, kind) where status = 'active'`.execute(db);
  await sql`
    create index agent_contracts_upline_idx
      on agent_contracts (upline_id, kind) where status = 'active'`.execute(db);
  await sql`create index agent_contracts_merchant_idx on agent_contracts (merchant_id, kind, status)`.execute(
    db,
  );

  await sql`
    create table agent_contract_offers (
      id text primary key,
      merchant_id text not null references merchants (id),
      kind text not null,
      type text not null check (type in ('new', 'terminate')),
      from_side text not null check (from_side in ('upline', 'downline', 'operator')),
      upline_id text null references members (id),
      downline_id text not null references members (id),
      contract_id text null references agent_contracts (id),
      period text null,
      tiers jsonb null,
      rate_bp integer null,
      status text not null check (status in ('pending', 'accepted', 'rejected', 'expired', 'cancelled')),
      created_by_operator text null references operators (id),
      expires_at timestamptz not null,
      decided_at timestamptz null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create unique index agent_contract_offers_pending_uq
      on agent_contract_offers (downline_id, kind) where status = 'pending'`.execute(db);
  await sql`
    create index agent_contract_offers_upline_idx
      on agent_contract_offers (upline_id, status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agent_contract_offers`.execute(db);
  await sql`drop table agent_contracts`.execute(db);
  await sql`drop trigger merchants_contract_templates on merchants`.execute(db);
  await sql`drop function merchants_add_contract_templates()`.execute(db);
  await sql`drop function agent_contract_templates_add_defaults(text)`.execute(db);
  await sql`drop table agent_contract_templates`.execute(db);
}
