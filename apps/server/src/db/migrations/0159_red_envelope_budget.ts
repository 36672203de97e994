import { type Kysely, sql } from 'kysely';

// Red envelopes reserve a drop's whole total against the merchant's daily promotions budget once,
// when the drop is saved, on the merchant's day of its opening (docs/red-envelopes.md "The
// budget"), instead of every claim adding its envelope to that day's row:
// - red_envelope_drops.budget_day: the merchant day the total is reserved on;
// - red_envelope_drops.released_at / released_minor: when the job gave the unclaimed envelopes'
//   amounts back to that day's budget, and how much (a cancelled drop gives back its total);
// - red_envelopes.closed: an envelope no one opened, given back at the end; no claim takes it.
// Drops saved before reserved each claim as it was paid: those not ended have what is still
// unclaimed reserved now, so that the end gives back only what was reserved; the others are done.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table red_envelope_drops add column budget_day date null`.execute(db);
  await sql`alter table red_envelope_drops add column released_at timestamptz null`.execute(db);
  await sql`alter table red_envelope_drops add column released_minor bigint null check (released_minor >= 0)`.execute(
    db,
  );
  await sql`alter table red_envelope_drops add constraint red_envelope_drops_released_check
    check ((released_at is null) = (released_minor is null))`.execute(db);
  await sql`alter table red_envelopes add column closed boolean not null default false`.execute(db);
  await sql`alter table red_envelopes add constraint red_envelopes_closed_check
    check (not (closed and member_id is not null))`.execute(db);

  await sql`
    update red_envelope_drops d set budget_day = (d.starts_at at time zone m.time_zone)::date
    from merchants m where m.id = d.merchant_id`.execute(db);
  await sql`alter table red_envelope_drops alter column budget_day set not null`.execute(db);
  await sql`
    update red_envelope_drops set released_at = now(), released_minor = 0
    where status = 'cancelled' or ends_at <= now()`.execute(db);
  await sql`
    insert into promotion_budget_days as b (merchant_id, scope, day, granted_minor)
    select d.merchant_id, '', d.budget_day, sum(e.amount_minor)
    from red_envelope_drops d join red_envelopes e on e.drop_id = d.id and e.member_id is null
    where d.released_at is null
    group by d.merchant_id, d.budget_day
    on conflict (merchant_id, scope, day) do update set granted_minor = b.granted_minor + excluded.granted_minor`.execute(
    db,
  );
  await sql`create index red_envelope_drops_release_idx on red_envelope_drops (ends_at)
    where status = 'scheduled' and released_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index red_envelope_drops_release_idx`.execute(db);
  await sql`alter table red_envelopes drop column closed`.execute(db);
  await sql`alter table red_envelope_drops drop column released_minor`.execute(db);
  await sql`alter table red_envelope_drops drop column released_at`.execute(db);
  await sql`alter table red_envelope_drops drop column budget_day`.execute(db);
}
