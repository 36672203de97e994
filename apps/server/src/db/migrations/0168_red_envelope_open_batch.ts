import { type Kysely, sql } from 'kysely';

// Red envelopes opened in batches (docs/red-envelopes.md "Claims"): the claims that reach one node
// for one drop while its batch is out go together in the next, one statement for many claimants,
// as our games' one-step bets do (migration 0084). For each claimant in order the function answers
// `already` (they hold an envelope of the drop), `taken` (none is left, or the drop is not open)
// or `no_account` (they have no cash account yet: the caller makes it and asks again), or
// `opened`: the lowest envelope left is recorded as theirs and its amount paid through
// ledger_apply_transfer, the function every transfer goes through, in the statement's one implicit
// transaction. The transfer's key is the envelope's (`red_envelope:<drop>:<index>`), so an envelope
// is paid once whatever happens. Every answer carries what was left once the batch was done.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function red_envelopes_open(
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
      v_status text[] := array_fill(null::text, array[v_count]);
      v_indexes integer[] := array_fill(null::integer, array[v_count]);
      v_amounts bigint[] := array_fill(null::bigint, array[v_count]);
      v_balances bigint[] := array_fill(null::bigint, array[v_count]);
    begin
      if v_count <> coalesce(array_length(p_transfer_ids, 1), 0) then
        raise exception 'red_envelopes_open: % claimants, % transfer ids', v_count, array_length(p_transfer_ids, 1);
      end if;
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
  await sql`drop function red_envelopes_open(text, timestamptz, text, text, text, text, text[], text[])`.execute(
    db,
  );
}
