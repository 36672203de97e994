import { type Kysely, sql } from 'kysely';

// game_rounds becomes the bet record: one row per round or ticket, ours and every vendor's, and
// the one source of wagered amounts, GGR and valid bet (docs/agents.md, "The bet record"). It
// gains what reports and agents need to read without joins, fixed when the bet is placed or first
// settled so that later changes (a game moved to another type, a member moved to another upline)
// never rewrite the past:
//   game_type        the game's category at bet time (our own games: 'INHOUSE', as the lobby says)
//   valid_bet_minor  what counts for turnover, rebates and contracts: the stake of a settled bet,
//                    0 for open, rolled back and void ones
//   upline_id        the member's direct upline at the first settlement
//   settled_day      the merchant's local day of the first settlement: the rollups' key
//   resettled_at     when a settled bet was adjusted afterwards
// and the states 'void' (cancelled by the vendor after the fact) and 'resettled' (settled, then
// adjusted: it counts as settled).
//
// The member rollups (per member, day, game type and upline; per member and month) are kept by
// triggers on game_rounds, in the same transaction and statement as the write that settles, rolls
// back, voids or adjusts a bet, whichever path writes it (our one-step function, multi-step
// rounds, vendors' seamless calls): each write adds the difference between what the row counted
// for before and after, one upsert per rollup table, and nothing when an open bet is written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table game_rounds
      add column game_type text not null default '',
      add column valid_bet_minor bigint not null default 0 check (valid_bet_minor >= 0),
      add column upline_id text null,
      add column settled_day date null,
      add column resettled_at timestamptz null,
      drop constraint game_rounds_status_check,
      add constraint game_rounds_status_check
        check (status in ('open', 'settled', 'rolled_back', 'void', 'resettled'))`.execute(db);

  // The game type of every bet so far, by the lobby's rule (catalogue.repository's categoryOf); the
  // valid bet, day and upline of those settled (a rolled-back round's earlier settlement is not
  // known, so it was never counted).
  await sql`
    update game_rounds r
      set game_type = case when g.game_type = 'RNG' and (v.is_in_house or v.vassalage = 'INHOUSE')
                      then 'INHOUSE' else g.game_type end
      from games g join game_vendors v on v.id = g.vendor_id
      where g.id = r.game_id`.execute(db);
  await sql`
    update game_rounds r
      set valid_bet_minor = r.stake_minor,
          settled_day = (coalesce(r.settled_at, r.updated_at) at time zone mc.time_zone)::date,
          upline_id = m.upline_id
      from merchants mc, members m
      where r.status = 'settled' and mc.id = r.merchant_id and m.id = r.member_id`.execute(db);
  // Turnover since a moment (withdrawals) and loss limits read a member's bets by settlement time.
  await sql`create index game_rounds_member_settled_idx on game_rounds (member_id, settled_at)`.execute(db);

  await sql`
    create table member_bet_days (
      merchant_id text not null references merchants (id),
      member_id text not null,
      upline_id text not null default '',
      day date not null,
      game_type text not null,
      bet_count integer not null check (bet_count >= 0),
      stake_minor bigint not null check (stake_minor >= 0),
      valid_bet_minor bigint not null check (valid_bet_minor >= 0),
      win_minor bigint not null check (win_minor >= 0),
      changed_at timestamptz not null,
      primary key (member_id, day, game_type, upline_id)
    )`.execute(db);
  await sql`create index member_bet_days_changed_idx on member_bet_days (merchant_id, changed_at)`.execute(
    db,
  );
  await sql`create index member_bet_days_merchant_day_idx on member_bet_days (merchant_id, day)`.execute(db);
  await sql`
    create table member_bet_months (
      merchant_id text not null references merchants (id),
      member_id text not null,
      month date not null check (extract(day from month) = 1),
      bet_count integer not null check (bet_count >= 0),
      stake_minor bigint not null check (stake_minor >= 0),
      valid_bet_minor bigint not null check (valid_bet_minor >= 0),
      win_minor bigint not null check (win_minor >= 0),
      changed_at timestamptz not null,
      primary key (member_id, month)
    )`.execute(db);
  await sql`create index member_bet_months_merchant_idx on member_bet_months (merchant_id, month)`.execute(
    db,
  );

  // Adds a bet's difference to both rollups. A difference that adds (a settlement) is an upsert;
  // one that takes anything away (a rollback, a void, a lower adjustment) updates the rows the bet
  // was added to, which must exist: PostgreSQL checks an upsert's proposed row against the check
  // constraints before it looks for the conflict, and a missing row is a broken rollup, raised.
  await sql`
    create function member_bet_rollups_add(
      p_merchant_id text, p_member_id text, p_upline_id text, p_day date, p_game_type text,
      p_bet_count integer, p_stake_minor bigint, p_valid_bet_minor bigint, p_win_minor bigint
    ) returns void language plpgsql as $$
    begin
      if p_bet_count >= 0 and p_stake_minor >= 0 and p_valid_bet_minor >= 0 and p_win_minor >= 0 then
        insert into member_bet_days as d (merchant_id, member_id, upline_id, day, game_type, bet_count,
          stake_minor, valid_bet_minor, win_minor, changed_at)
        values (p_merchant_id, p_member_id, p_upline_id, p_day, p_game_type, p_bet_count, p_stake_minor,
          p_valid_bet_minor, p_win_minor, now())
        on conflict (member_id, day, game_type, upline_id) do update set
          bet_count = d.bet_count + excluded.bet_count,
          stake_minor = d.stake_minor + excluded.stake_minor,
          valid_bet_minor = d.valid_bet_minor + excluded.valid_bet_minor,
          win_minor = d.win_minor + excluded.win_minor,
          changed_at = excluded.changed_at;
        insert into member_bet_months as m (merchant_id, member_id, month, bet_count, stake_minor,
          valid_bet_minor, win_minor, changed_at)
        values (p_merchant_id, p_member_id, date_trunc('month', p_day)::date, p_bet_count, p_stake_minor,
          p_valid_bet_minor, p_win_minor, now())
        on conflict (member_id, month) do update set
          bet_count = m.bet_count + excluded.bet_count,
          stake_minor = m.stake_minor + excluded.stake_minor,
          valid_bet_minor = m.valid_bet_minor + excluded.valid_bet_minor,
          win_minor = m.win_minor + excluded.win_minor,
          changed_at = excluded.changed_at;
        return;
      end if;
      update member_bet_days d set
          bet_count = d.bet_count + p_bet_count,
          stake_minor = d.stake_minor + p_stake_minor,
          valid_bet_minor = d.valid_bet_minor + p_valid_bet_minor,
          win_minor = d.win_minor + p_win_minor,
          changed_at = now()
        where d.member_id = p_member_id and d.day = p_day and d.game_type = p_game_type
          and d.upline_id = p_upline_id;
      if not found then
        raise exception 'member_bet_rollups_add: no day rollup of member % on % (%) to take from', p_member_id, p_day, p_game_type;
      end if;
      update member_bet_months m set
          bet_count = m.bet_count + p_bet_count,
          stake_minor = m.stake_minor + p_stake_minor,
          valid_bet_minor = m.valid_bet_minor + p_valid_bet_minor,
          win_minor = m.win_minor + p_win_minor,
          changed_at = now()
        where m.member_id = p_member_id and m.month = date_trunc('month', p_day)::date;
      if not found then
        raise exception 'member_bet_rollups_add: no month rollup of member % in % to take from', p_member_id, p_day;
      end if;
    end
    $$`.execute(db);

  // Before a row is written: its game type when the writer gave none, its valid bet from its
  // state, and on its first settlement its day and the member's upline, unless the writer gave
  // them (the one-step function reads both with its other checks).
  await sql`
    create function game_rounds_bet_record() returns trigger language plpgsql as $$
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
  await sql`
    create trigger game_rounds_bet_record before insert or update on game_rounds
      for each row execute function game_rounds_bet_record()`.execute(db);

  // After a row is written (an insert that became an update on conflict fires as the update): the
  // difference between what it counted for before and after. A row counts when it is settled or
  // resettled and has its settlement day; open, rolled back and void rows count for nothing.
  await sql`
    create function game_rounds_bet_rollups() returns trigger language plpgsql as $$
    declare
      v_old_counts boolean := tg_op in ('UPDATE', 'DELETE') and old.settled_day is not null
        and old.status in ('settled', 'resettled');
      v_new_counts boolean := tg_op in ('INSERT', 'UPDATE') and new.settled_day is not null
        and new.status in ('settled', 'resettled');
    begin
      if v_old_counts and v_new_counts and old.member_id = new.member_id
        and old.settled_day = new.settled_day and old.game_type = new.game_type
        and old.upline_id is not distinct from new.upline_id then
        if (old.stake_minor, old.valid_bet_minor, old.win_minor)
          is distinct from (new.stake_minor, new.valid_bet_minor, new.win_minor) then
          perform member_bet_rollups_add(new.merchant_id, new.member_id, coalesce(new.upline_id, ''),
            new.settled_day, new.game_type, 0, new.stake_minor - old.stake_minor,
            new.valid_bet_minor - old.valid_bet_minor, new.win_minor - old.win_minor);
        end if;
        return null;
      end if;
      if v_old_counts then
        perform member_bet_rollups_add(old.merchant_id, old.member_id, coalesce(old.upline_id, ''),
          old.settled_day, old.game_type, -1, -old.stake_minor, -old.valid_bet_minor, -old.win_minor);
      end if;
      if v_new_counts then
        perform member_bet_rollups_add(new.merchant_id, new.member_id, coalesce(new.upline_id, ''),
          new.settled_day, new.game_type, 1, new.stake_minor, new.valid_bet_minor, new.win_minor);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger game_rounds_bet_rollups after insert or update or delete on game_rounds
      for each row execute function game_rounds_bet_rollups()`.execute(db);

  // The repair path: a merchant's member rollups recomputed from its bets. Both rollup tables are
  // locked against writers first, so that a settlement either committed before the recount (and is
  // in it) or adds its difference after it; settlements of every merchant wait meanwhile.
  await sql`
    create function member_bet_rollups_rebuild(p_merchant_id text) returns void language plpgsql as $$
    begin
      lock table member_bet_days, member_bet_months in share row exclusive mode;
      delete from member_bet_days where merchant_id = p_merchant_id;
      delete from member_bet_months where merchant_id = p_merchant_id;
      insert into member_bet_days (merchant_id, member_id, upline_id, day, game_type, bet_count,
        stake_minor, valid_bet_minor, win_minor, changed_at)
      select r.merchant_id, r.member_id, coalesce(r.upline_id, ''), r.settled_day, r.game_type,
        count(*), sum(r.stake_minor), sum(r.valid_bet_minor), sum(r.win_minor), now()
        from game_rounds r
        where r.merchant_id = p_merchant_id and r.settled_day is not null
          and r.status in ('settled', 'resettled')
        group by r.merchant_id, r.member_id, coalesce(r.upline_id, ''), r.settled_day, r.game_type;
      insert into member_bet_months (merchant_id, member_id, month, bet_count, stake_minor,
        valid_bet_minor, win_minor, changed_at)
      select d.merchant_id, d.member_id, date_trunc('month', d.day)::date, sum(d.bet_count),
        sum(d.stake_minor), sum(d.valid_bet_minor), sum(d.win_minor), now()
        from member_bet_days d where d.merchant_id = p_merchant_id
        group by d.merchant_id, d.member_id, date_trunc('month', d.day);
    end
    $$`.execute(db);

  // The rollups of the bets recorded so far.
  const merchants = await sql<{ id: string }>`select id from merchants`.execute(db);
  for (const merchant of merchants.rows) {
    await sql`select member_bet_rollups_rebuild(${merchant.id})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger game_rounds_bet_rollups on game_rounds`.execute(db);
  await sql`drop trigger game_rounds_bet_record on game_rounds`.execute(db);
  await sql`drop function member_bet_rollups_rebuild(text)`.execute(db);
  await sql`drop function game_rounds_bet_rollups()`.execute(db);
  await sql`drop function game_rounds_bet_record()`.execute(db);
  await sql`drop function member_bet_rollups_add(text, text, text, date, text, integer, bigint, bigint, bigint)`.execute(
    db,
  );
  await sql`drop table member_bet_months`.execute(db);
  await sql`drop table member_bet_days`.execute(db);
  await sql`drop index game_rounds_member_settled_idx`.execute(db);
  await sql`
    alter table game_rounds
      drop constraint game_rounds_status_check,
      add constraint game_rounds_status_check check (status in ('open', 'settled', 'rolled_back')),
      drop column resettled_at,
      drop column settled_day,
      drop column upline_id,
      drop column valid_bet_minor,
      drop column game_type`.execute(db);
}
