import { type Kysely, sql } from 'kysely';

// A request id of our own games is one bet at one game: the round it made is
// `<member>:<game>:<request id>` among the in-house vendor's rounds, so that the same id sent to
// another game makes a round of that game instead of answering the first game's round. The
// rounds' unique (vendor_id, vendor_round_id) then holds a request id per member and game. Rounds
// recorded before, as `<member>:<request id>`, are renamed so that a retry still finds its round.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update game_rounds
    set vendor_round_id = member_id || ':' || game_id || ':' || request_id
    where request_id is not null and seed_pair_id is not null
      and vendor_round_id = member_id || ':' || request_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update game_rounds
    set vendor_round_id = member_id || ':' || request_id
    where request_id is not null and seed_pair_id is not null
      and vendor_round_id = member_id || ':' || game_id || ':' || request_id`.execute(db);
}
