import { type Kysely, sql } from 'kysely';

// Slot-spin rules of a bonus (spec §9: "minimum bet ₱1 or more per spin, 25 lines or more";
// docs/promotions.md "Bonus terms", "Wagering"), and the signal that a bet met a bonus's wagering:
// - games.paylines: a slot's number of lines (our classic slot 5, video slot 25); null for games
//   that are not slots or whose lines are unknown;
// - game_rounds.lines: the lines a vendor's spin reported (the wallet's debit), null otherwise;
// - member_bonuses.min_spin_stake_minor / min_spin_lines: the bonus's spin rule, copied from its
//   terms at grant;
// - game_rounds_bet_record(): a slot spin (a round whose game has paylines, or of game type RNG)
//   that does not meet its bonus's spin rule counts nothing toward that bonus's wagering; and the
//   update that takes a bonus's wagered amount from below its requirement to at least it tells
//   listeners on the channel `bonus_wagering_met` (payload: the member's id), at commit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games add column paylines smallint null check (paylines between 1 and 1024)`.execute(
    db,
  );
  await sql`alter table game_rounds add column lines smallint null check (lines between 1 and 1024)`.execute(
    db,
  );
  await sql`alter table member_bonuses
    add column min_spin_stake_minor bigint null check (min_spin_stake_minor > 0),
    add column min_spin_lines integer null check (min_spin_lines between 1 and 1024)`.execute(db);
  // Our own slots, as their registration (seed/demo-vendors.ts IN_HOUSE_GAMES) gives them from now on.
  await sql`
    update games g set paylines = case g.game_code when 'classic-slot' then 5 else 25 end
      from game_vendors v
      where v.id = g.vendor_id and (v.is_in_house or v.vassalage = 'INHOUSE')
        and g.game_code in ('classic-slot', 'video-slot')`.execute(db);

  await sql`
    create or replace function game_rounds_bet_record() returns trigger language plpgsql as $$
    declare
      v_old_valid bigint;
      v_bonus_id text;
      v_contributions jsonb;
      v_min_stake bigint;
      v_min_lines integer;
      v_paylines smallint;
      v_share bigint;
      v_old_share bigint;
      v_counted bigint;
      v_wagered bigint;
      v_required bigint;
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
          select b.id, b.contributions, b.min_spin_stake_minor, b.min_spin_lines
            into v_bonus_id, v_contributions, v_min_stake, v_min_lines
            from member_bonuses b
            where b.member_id = new.member_id and b.status = 'active' and b.activated_at <= new.opened_at;
        else
          select b.id, b.contributions, b.min_spin_stake_minor, b.min_spin_lines
            into v_bonus_id, v_contributions, v_min_stake, v_min_lines
            from member_bonuses b
            where b.id = new.bonus_id and b.status = 'active';
        end if;
        if v_bonus_id is not null then
          v_share := coalesce((v_contributions ->> new.game_type)::bigint, 0);
          v_old_share := v_share;
          -- The spin rule: a slot spin (its game has lines, or it is a vendor's RNG game) counts only
          -- when it staked at least the minimum and its lines (the vendor's report, else the game's)
          -- are known and at least the minimum. The game is read only for a bonus with a rule. The
          -- bet as it was and as it is now are judged each, so that a change counts the difference.
          if v_share > 0 and (v_min_stake is not null or v_min_lines is not null) then
            select g.paylines into v_paylines from games g where g.id = new.game_id;
            if v_paylines is not null or new.game_type = 'RNG' then
              if (v_min_stake is not null and new.stake_minor < v_min_stake)
                or (v_min_lines is not null and coalesce(new.lines, v_paylines, 0) < v_min_lines)
              then
                v_share := 0;
              end if;
              if tg_op = 'UPDATE' and ((v_min_stake is not null and old.stake_minor < v_min_stake)
                or (v_min_lines is not null and coalesce(old.lines, v_paylines, 0) < v_min_lines))
              then
                v_old_share := 0;
              end if;
            end if;
          end if;
          v_counted := (new.valid_bet_minor * v_share) / 10000 - (v_old_valid * v_old_share) / 10000;
          new.bonus_id := v_bonus_id;
          if v_counted <> 0 then
            update member_bonuses b set wagered_minor = greatest(0, b.wagered_minor + v_counted)
              where b.id = v_bonus_id
              returning b.wagered_minor, b.wagering_required_minor into v_wagered, v_required;
            -- This bet met the wagering: the server converts the bonus right after the commit.
            if v_counted > 0 and v_wagered >= v_required and v_wagered - v_counted < v_required then
              perform pg_notify('bonus_wagering_met', new.member_id);
            end if;
          end if;
        end if;
      end if;
      return new;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await sql`alter table member_bonuses drop column min_spin_lines, drop column min_spin_stake_minor`.execute(
    db,
  );
  await sql`alter table game_rounds drop column lines`.execute(db);
  await sql`alter table games drop column paylines`.execute(db);
}
