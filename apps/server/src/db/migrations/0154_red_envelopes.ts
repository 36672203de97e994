import { type Kysely, sql } from 'kysely';

// Red envelopes (docs/red-envelopes.md): drops an operator schedules (titles per language, the total
// shared among a number of envelopes with a minimum each, an audience and a window) and their
// envelopes. A drop's server seed is drawn when it is created and its hash shown from then on; the
// envelopes' amounts are split from it (GAMES.md "Draws for rewards") and written when the drop is
// saved, one row per envelope in handing-out order, so that the split is fixed before the drop
// opens. A claim takes the lowest envelope no one holds (`for update skip locked`: claimants never
// queue behind one another) and writes the member on it; a member holds one envelope of a drop.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table red_envelope_drops (
      id text primary key,
      merchant_id text not null references merchants (id),
      titles jsonb not null,
      total_minor bigint not null check (total_minor > 0),
      envelope_count integer not null check (envelope_count between 1 and 100000),
      minimum_minor bigint not null check (minimum_minor >= 1),
      audience text not null check (audience in ('all', 'vip', 'depositors')),
      vip_rank integer null check (vip_rank between 1 and 1000),
      deposit_days integer null check (deposit_days between 1 and 365),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      server_seed text not null,
      server_seed_hash text not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
      announced text not null default 'none' check (announced in ('none', 'open', 'ended')),
      created_by text null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (ends_at > starts_at),
      check (total_minor >= envelope_count * minimum_minor),
      check ((audience = 'vip') = (vip_rank is not null)),
      check ((audience = 'depositors') = (deposit_days is not null))
    )`.execute(db);
  await sql`create index red_envelope_drops_merchant_idx on red_envelope_drops (merchant_id, starts_at desc)`.execute(
    db,
  );
  await sql`create index red_envelope_drops_announce_idx on red_envelope_drops (starts_at)
    where status = 'scheduled' and announced <> 'ended'`.execute(db);

  await sql`
    create table red_envelopes (
      drop_id text not null references red_envelope_drops (id) on delete cascade,
      envelope_index integer not null check (envelope_index >= 0),
      amount_minor bigint not null check (amount_minor >= 1),
      member_id text null references members (id),
      opened_at timestamptz null,
      primary key (drop_id, envelope_index),
      check ((member_id is null) = (opened_at is null))
    )`.execute(db);
  await sql`create unique index red_envelopes_member_idx on red_envelopes (drop_id, member_id)`.execute(db);
  await sql`create index red_envelopes_left_idx on red_envelopes (drop_id, envelope_index) where member_id is null`.execute(
    db,
  );
  await sql`create index red_envelopes_opened_idx on red_envelopes (member_id, opened_at) where member_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table red_envelopes`.execute(db);
  await sql`drop table red_envelope_drops`.execute(db);
}
