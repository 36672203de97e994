import { type Kysely, sql } from 'kysely';

// The points mall (docs/loyalty.md "Points"):
// - each member's points: a balance that never goes negative and never expires, and what a
//   claw-back could not take (owed), taken from the next points first; one of the two is always 0;
// - the points ledger: one record per change, with its type, the signed change, the balance after,
//   the facts it was made of, an operator's remark, and a key that makes it once-only (without
//   foreign keys, as the bet record's rollups: the earning job writes a day's records by the
//   hundred thousand, and each record's member has its member_points row, which has the keys);
// - what valid bet has earned so far per member, merchant day and game type, so that a later
//   change of the day's bets earns or claws back the difference only, and the earning job's
//   watermarks per merchant (bets changed, deposits credited) with an index to page through a
//   merchant's credited deposits;
// - the goods a merchant offers for points, and the members' redeems of them, each with a
//   reference number, kept as they were when applied for, waiting for an operator's decision.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_points (
      member_id text primary key references members (id),
      merchant_id text not null references merchants (id),
      balance bigint not null default 0 check (balance >= 0),
      owed bigint not null default 0 check (owed >= 0),
      updated_at timestamptz not null,
      check (balance = 0 or owed = 0)
    )`.execute(db);

  await sql`
    create table point_records (
      id text primary key,
      merchant_id text not null,
      member_id text not null,
      type text not null check (type in ('live', 'lottery', 'pvp', 'slots', 'sports', 'redeem', 'deposit',
        'convert', 'clawback', 'refund', 'adjustment')),
      points bigint not null,
      balance bigint not null check (balance >= 0),
      detail jsonb not null default '{}',
      remark text null check (length(remark) <= 500),
      key text not null unique,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index point_records_member_idx on point_records (member_id, created_at, id)`.execute(db);

  await sql`
    create table point_earnings (
      member_id text not null,
      day date not null,
      game_type text not null,
      merchant_id text not null,
      valid_bet_minor bigint not null check (valid_bet_minor >= 0),
      points bigint not null check (points >= 0),
      revision integer not null check (revision >= 1),
      updated_at timestamptz not null,
      primary key (member_id, day, game_type)
    )`.execute(db);

  // The earning job pages through a merchant's credited deposits in the order they were credited.
  await sql`
    create index deposits_credited_merchant_idx on deposits (merchant_id, credited_at, id)
      where status = 'credited'`.execute(db);

  await sql`
    create table point_earn_watermarks (
      merchant_id text primary key references merchants (id),
      bets_changed_at timestamptz null,
      deposits_credited_at timestamptz null
    )`.execute(db);

  await sql`
    create table point_goods (
      id text primary key,
      merchant_id text not null references merchants (id),
      names jsonb not null,
      descriptions jsonb not null default '{}',
      image_urls jsonb not null default '[]',
      kind text not null check (kind in ('cash', 'bonus', 'item')),
      points integer not null check (points between 1 and 1000000000),
      amount_minor bigint null check (amount_minor > 0),
      requirement_kind text null check (requirement_kind in ('deposit', 'validBet')),
      requirement_minor bigint null check (requirement_minor > 0),
      requirement_days integer null check (requirement_days between 1 and 365),
      stock integer null check (stock >= 0),
      per_member_limit integer null check (per_member_limit >= 1),
      status text not null default 'active' check (status in ('active', 'hidden')),
      sort integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((kind = 'item') = (amount_minor is null)),
      check ((requirement_kind is null) = (requirement_minor is null)),
      check ((requirement_kind is null) = (requirement_days is null))
    )`.execute(db);
  await sql`create index point_goods_merchant_idx on point_goods (merchant_id, sort, created_at)`.execute(db);

  await sql`create sequence point_redeem_reference_seq`.execute(db);
  await sql`
    create table point_redeems (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      goods_id text not null references point_goods (id),
      reference text not null unique,
      goods_names jsonb not null,
      kind text not null check (kind in ('cash', 'bonus', 'item')),
      quantity integer not null check (quantity >= 1),
      points bigint not null check (points > 0),
      amount_minor bigint null check (amount_minor > 0),
      requirement_minor bigint null,
      status text not null default 'processing' check (status in ('processing', 'approved', 'rejected')),
      address text null check (length(address) <= 500),
      remark text null check (length(remark) <= 500),
      operator_id text null,
      operator_name text null,
      applied_at timestamptz not null,
      decided_at timestamptz null,
      bonus_id text null references member_bonuses (id),
      check ((status = 'processing') = (decided_at is null))
    )`.execute(db);
  await sql`create index point_redeems_member_idx on point_redeems (member_id, applied_at, id)`.execute(db);
  await sql`create index point_redeems_queue_idx on point_redeems (merchant_id, status, applied_at)`.execute(
    db,
  );
  await sql`
    create index point_redeems_goods_member_idx on point_redeems (goods_id, member_id)
      where status in ('processing', 'approved')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table point_redeems`.execute(db);
  await sql`drop sequence point_redeem_reference_seq`.execute(db);
  await sql`drop table point_goods`.execute(db);
  await sql`drop table point_earn_watermarks`.execute(db);
  await sql`drop index deposits_credited_merchant_idx`.execute(db);
  await sql`drop table point_earnings`.execute(db);
  await sql`drop table point_records`.execute(db);
  await sql`drop table member_points`.execute(db);
}
