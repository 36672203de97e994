import { type Kysely, sql } from 'kysely';
import * as m0168 from './0168_red_envelope_open_batch.ts';

// Red envelopes' batches take their members in turn (docs/red-envelopes.md "Claims"). Before, two
// nodes' batches holding one member could both find the member without an envelope, and the later
// one failed on the unique index (drop, member) when the first committed: its whole statement rolled
// back, and the envelopes it had locked meanwhile had been skipped by other claimants, who heard
// that none was left while one was. Now the function first takes a transaction lock per claimant of
// the drop (in key order, so two batches never wait on each other in a circle), and the check that a
// member holds none is read once any other batch holding them has committed. The rest is 0168's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function red_envelopes_open(
      p_drop_id text, p_now timestamptz, p_merchant_id text, p_currency text, p_reference text,
      p_house_account_id text, p_member_ids text[], p_transfer_ids text[]
    ) returns table (member_id text, status text, envelope_index integer, amount_minor bigint,
      balance_after_minor bigint, left_after integer)
    language plpgsql as $$
    declare
      v_count integer := coalesce(array_length(p_member_ids, 1), 0);
      v_index integer;
      v_amount bigint;
      v_balance bigint;
      v_cash_account_id text;
      v_left integer;
      v_key bigint;
      v_status text[] := array_fill(null::text, array[v_count]);
      v_indexes integer[] := array_fill(null::integer, array[v_count]);
      v_amounts bigint[] := array_fill(null::bigint, array[v_count]);
      v_balances bigint[] := array_fill(null::bigint, array[v_count]);
    begin
      if v_count <> coalesce(array_length(p_transfer_ids, 1), 0) then
        raise exception 'red_envelopes_open: % claimants, % transfer ids', v_count, array_length(p_transfer_ids, 1);
      end if;
      for v_key in
        select distinct hashtextextended('red_envelope:' || p_drop_id || ':' || m, 0)
        from unnest(p_member_ids) as m order by 1
      loop
        perform pg_advisory_xact_lock(v_key);
      end loop;
      for i in 1 .. v_count loop
        if exists (select 1 from red_envelopes e where e.drop_id = p_drop_id and e.member_id = p_member_ids[i]) then
          v_status[i] := 'already';
          continue;
        end if;
        select a.id into v_cash_account_id from ledger_accounts a
          where a.owner_id = p_member_ids[i] and a.kind = 'player_cash' and a.currency = p_currency
            and a.merchant_id = p_merchant_id;
        if not found then
          v_status[i] := 'no_account';
          continue;
        end if;
        update red_envelopes e set member_id = p_member_ids[i], opened_at = p_now
          where e.drop_id = p_drop_id and e.member_id is null and not e.closed
            and e.envelope_index = (
              select f.envelope_index from red_envelopes f
              join red_envelope_drops d on d.id = f.drop_id
              where f.drop_id = p_drop_id and f.member_id is null and not f.closed
                and d.status = 'scheduled' and d.starts_at <= p_now and d.ends_at > p_now
              order by f.envelope_index
              limit 1
              for update of f skip locked)
          returning e.envelope_index, e.amount_minor into v_index, v_amount;
        if not found then
          v_status[i] := 'taken';
          continue;
        end if;
        select t.credit_balance_after_minor into v_balance
          from ledger_apply_transfer(p_transfer_ids[i], p_merchant_id,
            'red_envelope:' || p_drop_id || ':' || v_index, 'red_envelope', p_reference,
            p_house_account_id, v_cash_account_id, p_currency, v_amount, null) t;
        if not found then
          raise exception 'red_envelopes_open: envelope % of drop % was not paid', v_index, p_drop_id;
        end if;
        v_status[i] := 'opened';
        v_indexes[i] := v_index;
        v_amounts[i] := v_amount;
        v_balances[i] := v_balance;
      end loop;
      select count(*)::integer into v_left from red_envelopes e
        where e.drop_id = p_drop_id and e.member_id is null and not e.closed;
      return query select p_member_ids[s.n], v_status[s.n], v_indexes[s.n], v_amounts[s.n], v_balances[s.n], v_left
        from generate_subscripts(p_member_ids, 1) as s(n) order by s.n;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await m0168.down(db);
  await m0168.up(db);
}
