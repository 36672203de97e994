import { type Kysely, sql } from 'kysely';

// Raffles (docs/promotions.md "Raffles"): a promotion of kind raffle, its draw (the server seed
// whose hash is shown from the moment the raffle is visible, the client seed and the winners'
// count once drawn), the tickets its joined members earn by deposit or valid bet, numbered in the
// order they were issued, and the winners with the prize each claims.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check check (kind in
    ('info', 'deposit_bonus', 'newbie_bonus', 'application', 'cashback', 'raffle'))`.execute(db);

  await sql`
    create table raffle_draws (
      promotion_id text primary key references promotions (id),
      merchant_id text not null references merchants (id),
      server_seed text not null,
      server_seed_hash text not null,
      ticket_count integer not null default 0 check (ticket_count >= 0),
      status text not null default 'open' check (status in ('open', 'drawn')),
      client_seed text null,
      winner_count integer not null default 0 check (winner_count >= 0),
      drawn_at timestamptz null,
      created_at timestamptz not null,
      check ((status = 'drawn') = (drawn_at is not null)),
      check ((status = 'drawn') = (client_seed is not null))
    )`.execute(db);
  await sql`create index raffle_draws_open_idx on raffle_draws (promotion_id) where status = 'open'`.execute(
    db,
  );

  await sql`
    create table raffle_tickets (
      promotion_id text not null references promotions (id),
      id text not null,
      member_id text not null references members (id),
      member_seq integer not null check (member_seq >= 1),
      earned_at timestamptz not null,
      primary key (promotion_id, id),
      unique (promotion_id, member_id, member_seq)
    )`.execute(db);

  await sql`
    create table raffle_winners (
      id text primary key,
      merchant_id text not null references merchants (id),
      promotion_id text not null references promotions (id),
      rank integer not null check (rank between 1 and 1000),
      ticket_id text not null,
      member_id text not null references members (id),
      amount_minor bigint not null check (amount_minor > 0),
      status text not null default 'won' check (status in ('won', 'claimed', 'expired')),
      claim_by timestamptz not null,
      claimed_at timestamptz null,
      bonus_id text null references member_bonuses (id),
      entry_id text null references promotion_entries (id),
      unique (promotion_id, rank),
      foreign key (promotion_id, ticket_id) references raffle_tickets (promotion_id, id),
      check ((status = 'claimed') = (claimed_at is not null))
    )`.execute(db);
  await sql`create index raffle_winners_member_idx on raffle_winners (member_id, promotion_id)`.execute(db);
  await sql`create index raffle_winners_unclaimed_idx on raffle_winners (claim_by) where status = 'won'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table raffle_winners`.execute(db);
  await sql`drop table raffle_tickets`.execute(db);
  await sql`drop table raffle_draws`.execute(db);
  // Refused while raffles remain: they would lose their kind.
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check check (kind in
    ('info', 'deposit_bonus', 'newbie_bonus', 'application', 'cashback'))`.execute(db);
}
