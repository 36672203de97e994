import { type Kysely, sql } from 'kysely';

// Promotions and the bonus engine (issue #18, docs/promotions.md):
// - the ledger's codes for a bonus converted to cash, a bonus forfeited (cancelled, expired or
//   left over), cashback and raffle prizes (docs/money.md lists every code);
// - the bet record's cash and bonus parts of a stake and of a win, and the bonus a bet's valid bet
//   counted toward;
// - which seamless vendors bonus money may play at, and a member's opt-out of promotions;
// - promotions, members' entries in them (joined, claimed, applied, issued …), the images of an
//   application, members' bonuses, and what promotions granted per day against their budgets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void',
     'bonus_convert', 'bonus_forfeit', 'cashback', 'raffle_prize'))`.execute(db);

  await sql`alter table game_vendors add column is_bonus_playable boolean not null default false`.execute(db);
  await sql`alter table members add column promotions_opt_out boolean not null default false`.execute(db);

  await sql`
    create table promotions (
      id text primary key,
      merchant_id text not null references merchants (id),
      type text not null check (type in ('OTHERS', 'SPORTS', 'LIVE', 'SLOTS', 'CARD', 'FISH', 'LOTTO',
        'REBATE', 'POINTS_MALL', 'RANKING', 'DEPOSIT', 'APP_DOWNLOAD', 'NEWBIE', 'GAME')),
      kind text not null check (kind in ('info', 'deposit_bonus', 'newbie_bonus', 'application', 'cashback')),
      title jsonb not null,
      content jsonb not null,
      cover_image_urls jsonb not null default '{}',
      detail_image_urls jsonb not null default '{}',
      starts_at timestamptz not null,
      ends_at timestamptz null,
      audience text not null default 'all' check (audience in ('all', 'new_members', 'agent_teams')),
      audience_agent_ids text[] not null default '{}',
      rules jsonb not null default '{}',
      bonus_terms jsonb null,
      grants_per_member integer not null default 1 check (grants_per_member between 0 and 1000),
      budget_day_minor bigint null check (budget_day_minor > 0),
      sort_order integer not null default 0,
      status text not null default 'draft' check (status in ('draft', 'published', 'withdrawn')),
      created_by text null references operators (id),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (ends_at is null or ends_at > starts_at)
    )`.execute(db);
  await sql`create index promotions_merchant_idx on promotions (merchant_id, status, sort_order, starts_at desc)`.execute(
    db,
  );

  await sql`
    create table member_bonuses (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      currency text not null,
      source text not null check (source in ('promotion', 'manual', 'cashback')),
      promotion_id text null references promotions (id),
      amount_minor bigint not null check (amount_minor > 0),
      deposit_minor bigint not null default 0 check (deposit_minor >= 0),
      wagering_required_minor bigint not null check (wagering_required_minor >= 0),
      wagered_minor bigint not null default 0 check (wagered_minor >= 0),
      contributions jsonb not null,
      max_stake_minor bigint null check (max_stake_minor > 0),
      max_conversion_minor bigint null check (max_conversion_minor > 0),
      expiry_days integer not null check (expiry_days between 1 and 365),
      terms jsonb not null,
      status text not null default 'waiting'
        check (status in ('waiting', 'active', 'converted', 'forfeited', 'expired', 'cancelled')),
      granted_at timestamptz not null,
      activated_at timestamptz null,
      expires_at timestamptz null,
      ended_at timestamptz null,
      converted_minor bigint not null default 0 check (converted_minor >= 0),
      forfeited_minor bigint not null default 0 check (forfeited_minor >= 0),
      granted_by text null references operators (id),
      reason text null check (char_length(reason) <= 500),
      ended_by text null references operators (id),
      end_reason text null check (char_length(end_reason) <= 500),
      check ((status = 'waiting') = (activated_at is null)),
      check ((status in ('waiting', 'active')) = (ended_at is null))
    )`.execute(db);
  // One bonus plays at a time: the bonus wallet holds the active bonus and its winnings only.
  await sql`create unique index member_bonuses_one_active_uq on member_bonuses (member_id) where status = 'active'`.execute(
    db,
  );
  await sql`create index member_bonuses_waiting_idx on member_bonuses (member_id, granted_at) where status = 'waiting'`.execute(
    db,
  );
  await sql`create index member_bonuses_member_idx on member_bonuses (member_id, granted_at desc)`.execute(
    db,
  );
  await sql`create index member_bonuses_open_idx on member_bonuses (merchant_id, expires_at) where status = 'active'`.execute(
    db,
  );
  await sql`create index member_bonuses_promotion_idx on member_bonuses (promotion_id, granted_at)`.execute(
    db,
  );

  await sql`
    create table promotion_entries (
      id text primary key,
      merchant_id text not null references merchants (id),
      promotion_id text not null references promotions (id),
      member_id text not null references members (id),
      cycle text not null default '' check (char_length(cycle) <= 64),
      status text not null check (status in ('joined', 'claimed', 'applying', 'rejected', 'issued')),
      comment text null check (char_length(comment) <= 140),
      amount_minor bigint null check (amount_minor > 0),
      reject_reason text null check (char_length(reject_reason) <= 500),
      bonus_id text null references member_bonuses (id),
      terms_accepted_at timestamptz null,
      reviewed_by text null references operators (id),
      reviewed_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (promotion_id, member_id, cycle)
    )`.execute(db);
  await sql`create index promotion_entries_member_idx on promotion_entries (member_id, created_at desc)`.execute(
    db,
  );
  await sql`create index promotion_entries_queue_idx on promotion_entries (merchant_id, status, created_at)`.execute(
    db,
  );
  await sql`alter table member_bonuses add column entry_id text null references promotion_entries (id)`.execute(
    db,
  );

  // An application's images: uploaded one by one before the application is sent, then attached.
  await sql`
    create table promotion_entry_images (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text not null references members (id),
      entry_id text null references promotion_entries (id),
      image_url text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      byte_size integer not null check (byte_size between 1 and 5242880),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index promotion_entry_images_entry_idx on promotion_entry_images (entry_id)`.execute(db);
  await sql`create index promotion_entry_images_member_idx on promotion_entry_images (member_id, created_at)`.execute(
    db,
  );

  // What was granted per merchant day: per promotion (scope = its id) and for the whole merchant
  // (scope = ''); a grant reserves its amount with one guarded upsert against the caps.
  await sql`
    create table promotion_budget_days (
      merchant_id text not null references merchants (id),
      scope text not null,
      day date not null,
      granted_minor bigint not null check (granted_minor >= 0),
      primary key (merchant_id, scope, day)
    )`.execute(db);

  // The bet record: what of a stake and of a win was bonus money (the rest is cash), and the bonus
  // whose wagering the bet's valid bet counted toward.
  await sql`alter table game_rounds add column bonus_stake_minor bigint not null default 0`.execute(db);
  await sql`alter table game_rounds add column bonus_win_minor bigint not null default 0`.execute(db);
  await sql`alter table game_rounds add column bonus_id text null`.execute(db);
  await sql`alter table game_rounds add constraint game_rounds_bonus_parts_check
    check (bonus_stake_minor between 0 and stake_minor and bonus_win_minor between 0 and win_minor)`.execute(
    db,
  );

  // Our one-step rounds: a member whose active bonus caps the stake below this one is played the
  // full way (status 'play'), where the cap refuses the bet (BONUS_MAX_STAKE) before money moves.
  await sql`
    create or replace function house_play_one_step(
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
        or exists (select 1 from member_bonuses b where b.member_id = p_member_id and b.status = 'active'
          and b.max_stake_minor < p_stake_minor)
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
  // The bet record's trigger (migration 0143) now also counts settled valid bet toward wagering.
  await sql`
    create or replace function game_rounds_bet_record() returns trigger language plpgsql as $$
    declare
      v_old_valid bigint;
      v_bonus_id text;
      v_contributions jsonb;
      v_share bigint;
      v_counted bigint;
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
      -- Wagering: what the bet's valid bet adds, by the contribution of its game type, counts toward
      -- the member's active bonus when the bet was placed while that bonus was active; the bet
      -- remembers that bonus, and a later change of its valid bet (a resettlement, a rollback)
      -- counts toward the same bonus while it is still active.
      v_old_valid := case when tg_op = 'UPDATE' then old.valid_bet_minor else 0 end;
      if new.valid_bet_minor <> v_old_valid then
        if new.bonus_id is null then
          select b.id, b.contributions into v_bonus_id, v_contributions from member_bonuses b
            where b.member_id = new.member_id and b.status = 'active' and b.activated_at <= new.opened_at;
        else
          select b.id, b.contributions into v_bonus_id, v_contributions from member_bonuses b
            where b.id = new.bonus_id and b.status = 'active';
        end if;
        if v_bonus_id is not null then
          v_share := coalesce((v_contributions ->> new.game_type)::bigint, 0);
          v_counted := (new.valid_bet_minor * v_share) / 10000 - (v_old_valid * v_share) / 10000;
          new.bonus_id := v_bonus_id;
          if v_counted <> 0 then
            update member_bonuses b set wagered_minor = greatest(0, b.wagered_minor + v_counted)
              where b.id = v_bonus_id;
          end if;
        end if;
      end if;
      return new;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function house_play_one_step(
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
  await sql`alter table game_rounds drop constraint game_rounds_bonus_parts_check`.execute(db);
  await sql`alter table game_rounds drop column bonus_id`.execute(db);
  await sql`alter table game_rounds drop column bonus_win_minor`.execute(db);
  await sql`alter table game_rounds drop column bonus_stake_minor`.execute(db);
  await sql`drop table promotion_budget_days`.execute(db);
  await sql`drop table promotion_entry_images`.execute(db);
  await sql`alter table member_bonuses drop column entry_id`.execute(db);
  await sql`drop table promotion_entries`.execute(db);
  await sql`drop table member_bonuses`.execute(db);
  await sql`drop table promotions`.execute(db);
  await sql`alter table members drop column promotions_opt_out`.execute(db);
  await sql`alter table game_vendors drop column is_bonus_playable`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_code_check check (code in
    ('deposit', 'bet', 'win', 'rollback', 'bonus', 'transfer', 'salary', 'dividend', 'withdrawal_hold',
     'withdrawal_release', 'withdrawal', 'adjustment', 'vendor_transfer', 'void'))`.execute(db);
}
