import { type Kysely, sql } from 'kysely';

// One-step rounds that arrive while another batch is with the database are played together in one
// statement and one transaction (group commit): on this 2-core machine, writing a statement to
// PostgreSQL's socket cost the server more than the round itself (bench/rounds). Each round is
// house_play_one_step (migration 0083) with its own checks and answer. A transaction that holds
// many rows could deadlock with another that takes two of them in the other order, so every seed
// pair the batch names is locked first and every account after, each in id order: the order a
// single round takes them in (its pair, then both accounts through ledger_apply_transfer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function house_play_rounds(p_rounds jsonb)
    returns table (round_id text, status text, balance_after_stake_minor bigint, balance_after_minor bigint, opened_at timestamptz)
    language plpgsql as $$
    declare
      v_round jsonb;
    begin
      perform 1 from game_seed_pairs p
        where p.id in (select r.value->>'pairId' from jsonb_array_elements(p_rounds) r)
        order by p.id for no key update;
      perform 1 from ledger_accounts a
        where a.id in (
          select r.value->>'cashAccountId' from jsonb_array_elements(p_rounds) r
          union select r.value->>'houseAccountId' from jsonb_array_elements(p_rounds) r
        )
        order by a.id for no key update;
      for v_round in select r.value from jsonb_array_elements(p_rounds) r loop
        return query select v_round->>'roundId', s.status, s.balance_after_stake_minor, s.balance_after_minor, s.opened_at
          from house_play_one_step(
            v_round->>'sessionId', v_round->>'memberId', v_round->>'merchantId', (v_round->>'now')::timestamptz,
            (v_round->>'checkPlay')::boolean, v_round->>'gameId', v_round->'betLimits',
            v_round->>'pairId', v_round->>'clientSeed', (v_round->>'nonce')::bigint,
            v_round->>'cashAccountId', v_round->>'houseAccountId', v_round->>'currency', v_round->>'reference',
            v_round->>'stakeTransferId', v_round->>'stakeKey', (v_round->>'stakeMinor')::bigint,
            v_round->>'winTransferId', v_round->>'winKey', (v_round->>'winMinor')::bigint,
            v_round->>'roundId', v_round->>'vendorId', v_round->>'vendorRoundId', v_round->>'requestId',
            v_round->>'serverSeedHash', v_round->'played', v_round->'outcome') s;
      end loop;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function house_play_rounds(jsonb)`.execute(db);
}
