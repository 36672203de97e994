import { type Kysely, sql } from 'kysely';
import * as m0083 from './0083_house_one_step_round.ts';
import * as m0084 from './0084_house_rounds_batch.ts';
import * as m0131 from './0131_bet_record_one_step.ts';

const ONE_STEP_0131_SIGNATURE = `house_play_one_step(text, text, text, timestamptz, boolean, text, jsonb, text, text,
  bigint, text, text, text, text, text, text, bigint, text, text, bigint, text, text, text, text, text, jsonb, jsonb)`;
const ONE_STEP_SIGNATURE = `house_play_one_step(text, text, text, timestamptz, boolean, text, jsonb, text, text,
  bigint, text, text, text, text, text, text, bigint, text, text, bigint, text, text, text, text, text, jsonb, jsonb,
  bigint)`;

// The valid bet of our own rounds follows the merchant's rules (settings `validBet`, docs/agents.md
// "What a bet holds"): a baccarat hand staking both player and banker counts their difference, a
// stake handed back on a tie counts nothing, and so on. The rules are the merchant's and the
// figures come from the round's bets and result, so the server works the figure out as it settles
// the round, with the merchant settings it already holds, and writes it with the round:
//   house_play_one_step / house_play_rounds  take the round's valid bet (p_valid_bet_minor; the
//                batch's `validBetMinor`) and record it, instead of the stake;
//   game_rounds_bet_record  keeps the valid bet its writer gave for one of our rounds (a round drawn
//                from a seed pair) written settled at once, and for such a round settled again with
//                its stake unchanged; every other settled bet still counts its stake (vendors'
//                rounds, and our multi-step rounds, which settle by an update of an open round). A
//                valid bet above the stake is a bug in the writer, raised.
// The hot path reads nothing more: the figure travels with the statement as the stake does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function house_play_rounds(jsonb)`.execute(db);
  await sql`drop function ${sql.raw(ONE_STEP_0131_SIGNATURE)}`.execute(db);
  await sql`
    create function house_play_one_step(
      p_session_id text, p_member_id text, p_merchant_id text, p_now timestamptz, p_check_play boolean,
      p_game_id text, p_bet_limits jsonb,
      p_pair_id text, p_client_seed text, p_nonce bigint,
      p_cash_account_id text, p_house_account_id text, p_currency text, p_reference text,
      p_stake_transfer_id text, p_stake_key text, p_stake_minor bigint,
      p_win_transfer_id text, p_win_key text, p_win_minor bigint,
      p_round_id text, p_vendor_id text, p_vendor_round_id text, p_request_id text,
      p_server_seed_hash text, p_played jsonb, p_outcome jsonb, p_valid_bet_minor bigint
    ) returns table (status text, balance_after_stake_minor bigint, balance_after_minor bigint, opened_at timestamptz,
      game_type text, upline_id text, settled_day text)
    language plpgsql as $$
    declare
      v_cash_after_stake bigint;
      v_house_after bigint;
      v_cash_after bigint;
      v_created_at timestamptz;
      v_opened_at timestamptz;
      v_upline_id text;
      v_settled_day date;
      v_game_type text;
    begin
      select m.upline_id, (p_now at time zone mc.time_zone)::date into v_upline_id, v_settled_day
        from member_sessions s join members m on m.id = s.member_id join merchants mc on mc.id = m.merchant_id
        where s.id = p_session_id and s.member_id = p_member_id and s.ended_at is null
          and s.expires_at > p_now and s.idle_expires_at > p_now and m.status = 'active';
      if not found then
        return query select 'session'::text, null::bigint, null::bigint, null::timestamptz, null::text, null::text, null::text;
        return;
      end if;
      if p_check_play and (
        exists (select 1 from play_settings ps where ps.member_id = p_member_id and ps.exclusion_ends_at is not null)
        or exists (select 1 from play_limits pl where pl.member_id = p_member_id and pl.kind in ('loss', 'session'))
      ) then
        return query select 'play'::text, null::bigint, null::bigint, null::timestamptz, null::text, null::text, null::text;
        return;
      end if;
      select case when g.game_type = 'RNG' and (v.is_in_house or v.vassalage = 'INHOUSE')
                  then 'INHOUSE' else g.game_type end into v_game_type
        from games g join game_vendors v on v.id = g.vendor_id
        where g.id = p_game_id and g.bet_limits is not distinct from p_bet_limits;
      if not found then
        return query select 'game'::text, null::bigint, null::bigint, null::timestamptz, null::text, null::text, null::text;
        return;
      end if;
      perform 1 from game_rounds r where r.vendor_id = p_vendor_id and r.vendor_round_id = p_vendor_round_id;
      if found then
        return query select 'duplicate'::text, null::bigint, null::bigint, null::timestamptz, null::text, null::text, null::text;
        return;
      end if;
      -- The pair first, as a round that takes its nonce in a transaction of its own does: rounds
      -- and rotations of one member take turns, and the accounts are always locked after it.
      perform 1 from game_seed_pairs p
        where p.id = p_pair_id and p.status = 'active' and p.nonce = p_nonce
          and p.client_seed = p_client_seed
        for no key update;
      if not found then
        return query select 'pair'::text, null::bigint, null::bigint, null::timestamptz, null::text, null::text, null::text;
        return;
      end if;
      select t.debit_balance_after_minor, t.credit_balance_after_minor into v_cash_after_stake, v_house_after
        from ledger_apply_transfer(p_stake_transfer_id, p_merchant_id, p_stake_key, 'bet', p_reference,
          p_cash_account_id, p_house_account_id, p_currency, p_stake_minor, null) t;
      if not found then
        -- Nothing was written: the guard refused the debit.
        return query select 'short'::text, a.balance_minor, a.balance_minor, null::timestamptz, null::text, null::text, null::text
          from ledger_accounts a where a.id = p_cash_account_id;
        return;
      end if;
      update game_seed_pairs p set nonce = p.nonce + 1 where p.id = p_pair_id;
      v_cash_after := v_cash_after_stake;
      if p_win_minor > 0 then
        select t.credit_balance_after_minor into v_cash_after
          from ledger_apply_transfer(p_win_transfer_id, p_merchant_id, p_win_key, 'win', p_reference,
            p_house_account_id, p_cash_account_id, p_currency, p_win_minor, null) t;
        if not found then
          raise exception 'house_play_one_step: the win of round % was not paid', p_round_id;
        end if;
      end if;
      insert into game_rounds as r (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id,
        currency, stake_minor, win_minor, status, server_seed_hash, client_seed, nonce, seed_pair_id,
        request_id, played, state, outcome, phase, balance_before_minor, balance_after_minor,
        settled_at, deadline_at, game_type, valid_bet_minor, upline_id, settled_day)
      values (p_round_id, p_merchant_id, p_member_id, p_game_id, p_vendor_id, p_vendor_round_id,
        p_currency, p_stake_minor, p_win_minor, 'settled', p_server_seed_hash, p_client_seed, p_nonce,
        p_pair_id, p_request_id, p_played, null, p_outcome, 'done', v_cash_after_stake + p_stake_minor,
        v_cash_after, p_now, null, v_game_type, p_valid_bet_minor, v_upline_id, v_settled_day)
      returning r.opened_at into v_opened_at;
      return query select 'played'::text, v_cash_after_stake, v_cash_after, v_opened_at, v_game_type, v_upline_id, v_settled_day::text;
    end
    $$`.execute(db);
  await sql`
    create function house_play_rounds(p_rounds jsonb)
    returns table (round_id text, status text, balance_after_stake_minor bigint, balance_after_minor bigint, opened_at timestamptz,
      game_type text, upline_id text, settled_day text)
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
        return query select v_round->>'roundId', s.status, s.balance_after_stake_minor, s.balance_after_minor, s.opened_at,
            s.game_type, s.upline_id, s.settled_day
          from house_play_one_step(
            v_round->>'sessionId', v_round->>'memberId', v_round->>'merchantId', (v_round->>'now')::timestamptz,
            (v_round->>'checkPlay')::boolean, v_round->>'gameId', v_round->'betLimits',
            v_round->>'pairId', v_round->>'clientSeed', (v_round->>'nonce')::bigint,
            v_round->>'cashAccountId', v_round->>'houseAccountId', v_round->>'currency', v_round->>'reference',
            v_round->>'stakeTransferId', v_round->>'stakeKey', (v_round->>'stakeMinor')::bigint,
            v_round->>'winTransferId', v_round->>'winKey', (v_round->>'winMinor')::bigint,
            v_round->>'roundId', v_round->>'vendorId', v_round->>'vendorRoundId', v_round->>'requestId',
            v_round->>'serverSeedHash', v_round->'played', v_round->'outcome',
            (v_round->>'validBetMinor')::bigint) s;
      end loop;
    end
    $$`.execute(db);
  await sql`
    create or replace function game_rounds_bet_record() returns trigger language plpgsql as $$
    begin
      if new.game_type = '' then
        select case when g.game_type = 'RNG' and (v.is_in_house or v.vassalage = 'INHOUSE')
                    then 'INHOUSE' else g.game_type end
          into new.game_type
          from games g join game_vendors v on v.id = g.vendor_id where g.id = new.game_id;
      end if;
      if new.status in ('settled', 'resettled') then
        if new.seed_pair_id is not null and (tg_op = 'INSERT'
          or (old.status in ('settled', 'resettled') and old.stake_minor = new.stake_minor)) then
          if new.valid_bet_minor > new.stake_minor then
            raise exception 'game_rounds_bet_record: round % counts % valid bet on a stake of %',
              new.id, new.valid_bet_minor, new.stake_minor;
          end if;
        else
          new.valid_bet_minor := new.stake_minor;
        end if;
        if new.settled_day is null then
          select (coalesce(new.settled_at, now()) at time zone mc.time_zone)::date into new.settled_day
            from merchants mc where mc.id = new.merchant_id;
          select m.upline_id into new.upline_id from members m where m.id = new.member_id;
        end if;
      else
        new.valid_bet_minor := 0;
      end if;
      return new;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function game_rounds_bet_record() returns trigger language plpgsql as $$
    begin
      if new.game_type = '' then
        select case when g.game_type = 'RNG' and (v.is_in_house or v.vassalage = 'INHOUSE')
                    then 'INHOUSE' else g.game_type end
          into new.game_type
          from games g join game_vendors v on v.id = g.vendor_id where g.id = new.game_id;
      end if;
      if new.status in ('settled', 'resettled') then
        new.valid_bet_minor := new.stake_minor;
        if new.settled_day is null then
          select (coalesce(new.settled_at, now()) at time zone mc.time_zone)::date into new.settled_day
            from merchants mc where mc.id = new.merchant_id;
          select m.upline_id into new.upline_id from members m where m.id = new.member_id;
        end if;
      else
        new.valid_bet_minor := 0;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`drop function house_play_rounds(jsonb)`.execute(db);
  await sql`drop function ${sql.raw(ONE_STEP_SIGNATURE)}`.execute(db);
  // Migration 0131 makes its functions from those of 0083 and 0084, which it drops first.
  await m0083.up(db);
  await m0084.up(db);
  await m0131.up(db);
}
