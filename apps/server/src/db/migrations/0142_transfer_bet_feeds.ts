import { type Kysely, sql } from 'kysely';

// The bet feeds of transfer-wallet vendors (issue #16: play at such vendors is no longer
// invisible): a job pulls each vendor's feed of bet changes (POST <apiUrl>/transfer/v1/bets) and
// writes the bets into game_rounds, the one bet record. One row per vendor keeps where it is:
//   cursor         the vendor's cursor after the last page taken ('' before the first)
//   has_more       the vendor said more bets wait after it
//   caught_up_at   when the latest pull that reached the feed's end asked for its last page:
//                  every bet the vendor changed before then is in the bet record
//   pulled_at      when the last page was taken
//   imported_count bets written (new or changed); skipped_count bets left out (an account or game
//                  we do not know, another currency, a change a closed bet cannot take)
//   last_error     why the latest pull failed, cleared by the next page taken
// A page's bets and the cursor after it are written in one transaction with this row locked, so
// that two processes pulling at once import each page once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table transfer_bet_feeds (
      vendor_id text primary key references game_vendors (id),
      merchant_id text not null references merchants (id),
      cursor text not null default '' check (char_length(cursor) <= 128),
      has_more boolean not null default false,
      caught_up_at timestamptz null,
      pulled_at timestamptz null,
      imported_count bigint not null default 0 check (imported_count >= 0),
      skipped_count bigint not null default 0 check (skipped_count >= 0),
      last_error text null check (char_length(last_error) <= 200),
      failed_at timestamptz null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index transfer_bet_feeds_merchant_idx on transfer_bet_feeds (merchant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table transfer_bet_feeds`.execute(db);
}
