import { type Kysely, sql } from 'kysely';

// The team (issue #16): every merchant's agent tree as a closure table, the history of upline
// moves, the agent types' capabilities per merchant, and the team rollups the minute job rebuilds.
//
// member_tree holds one row per (ancestor, descendant) pair, a row of depth 0 for every member
// itself: "all downlines of X" is `where ancestor_id = X and depth > 0` (the primary key), "X's
// upline chain" is `where descendant_id = X and depth > 0 order by depth` (the second index).
// The database keeps it in step with members.upline_id by triggers, in the transaction that
// inserts a member or changes its upline, whichever code does it (registration, social sign-up,
// the demo seed, an operator's move), so that the two never disagree.
//
// Concurrency: a change of upline rewrites the closure rows of a whole subtree, and a registration
// copies its upline's ancestors. Both take a per-merchant advisory lock first (moves exclusive,
// registrations under an upline shared), before any row lock, so that a registration under a
// member being moved sees the tree either before or after the move, never half of it, and two
// moves cannot each pass the cycle check against a tree the other is changing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_tree (
      merchant_id text not null references merchants(id),
      ancestor_id text not null references members(id),
      descendant_id text not null references members(id),
      depth integer not null check (depth >= 0),
      primary key (ancestor_id, descendant_id),
      check ((depth = 0) = (ancestor_id = descendant_id))
    )`.execute(db);
  await sql`create index member_tree_descendant_idx on member_tree (descendant_id, depth)`.execute(db);

  // The backfill: every member's chain of uplines, followed from members.upline_id.
  await sql`
    insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
    with recursive chain (merchant_id, ancestor_id, descendant_id, depth) as (
      select merchant_id, id, id, 0 from members
      union all
      select chain.merchant_id, m.upline_id, chain.descendant_id, chain.depth + 1
      from chain join members m on m.id = chain.ancestor_id
      where m.upline_id is not null and chain.depth < 1000
    )
    select merchant_id, ancestor_id, descendant_id, depth from chain`.execute(db);

  await sql`
    create function member_tree_lock_key(merchant text) returns bigint language sql immutable as $$
      select hashtextextended('member_tree:' || merchant, 0)
    $$`.execute(db);

  // Before the insert (and so before the foreign key's row lock on the upline): the shared lock.
  await sql`
    create function member_tree_before_insert() returns trigger language plpgsql as $$
    begin
      if new.upline_id is not null then
        perform pg_advisory_xact_lock_shared(member_tree_lock_key(new.merchant_id));
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create function member_tree_after_insert() returns trigger language plpgsql as $$
    begin
      if new.upline_id is not null and not exists (
        select 1 from members where id = new.upline_id and merchant_id = new.merchant_id
      ) then
        raise exception 'member_tree: upline % of % belongs to another merchant', new.upline_id, new.id;
      end if;
      insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select new.merchant_id, new.id, new.id, 0
      union all
      select new.merchant_id, t.ancestor_id, new.id, t.depth + 1
      from member_tree t where t.descendant_id = new.upline_id;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger members_tree_before_insert before insert on members
    for each row execute function member_tree_before_insert()`.execute(db);
  await sql`
    create trigger members_tree_after_insert after insert on members
    for each row execute function member_tree_after_insert()`.execute(db);

  // A change of upline detaches the member's subtree from its old ancestors and hangs it under
  // the new upline's chain. A member can never be moved under itself or its own downline.
  await sql`
    create function member_tree_after_upline_change() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(member_tree_lock_key(new.merchant_id));
      if new.upline_id is not null then
        if not exists (select 1 from members where id = new.upline_id and merchant_id = new.merchant_id) then
          raise exception 'member_tree: upline % of % belongs to another merchant', new.upline_id, new.id;
        end if;
        if exists (select 1 from member_tree where ancestor_id = new.id and descendant_id = new.upline_id) then
          raise exception 'member_tree: % cannot move under its own downline %', new.id, new.upline_id;
        end if;
      end if;
      delete from member_tree t
      using member_tree above, member_tree below
      where above.descendant_id = new.id and above.depth > 0
        and below.ancestor_id = new.id
        and t.ancestor_id = above.ancestor_id and t.descendant_id = below.descendant_id;
      if new.upline_id is not null then
        insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
        select new.merchant_id, above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
        from member_tree above, member_tree below
        where above.descendant_id = new.upline_id and below.ancestor_id = new.id;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger members_tree_upline_change after update of upline_id on members
    for each row when (old.upline_id is distinct from new.upline_id)
    execute function member_tree_after_upline_change()`.execute(db);

  await sql`
    create table member_upline_moves (
      id text primary key,
      merchant_id text not null references merchants(id),
      member_id text not null references members(id),
      from_upline_id text references members(id),
      to_upline_id text references members(id),
      operator_id text,
      reason text not null check (length(reason) between 1 and 500),
      moved_at timestamptz not null
    )`.execute(db);
  await sql`create index member_upline_moves_member_idx on member_upline_moves (member_id, moved_at)`.execute(
    db,
  );

  // Agent types 1, 2, 41 and 42 (spec §6 names them, nothing more): what each may do, per merchant.
  await sql`
    create table merchant_agent_types (
      merchant_id text not null references merchants(id),
      type smallint not null check (type in (1, 2, 41, 42)),
      names jsonb not null,
      may_register_subagents boolean not null,
      contract_kinds text[] not null
        check (contract_kinds <@ array['dividend', 'daily', 'hourly', 'realtime']::text[]),
      updated_at timestamptz not null default now(),
      primary key (merchant_id, type)
    )`.execute(db);
  // The labelled defaults, for the merchants there are and every merchant made later.
  await sql`
    create function merchant_agent_types_add_defaults(merchant text) returns void language sql as $$
      insert into merchant_agent_types (merchant_id, type, names, may_register_subagents, contract_kinds)
      values
        (merchant, 1, '{"EN":"Agent","TY":"Ahente"}', true, array['dividend', 'daily', 'hourly', 'realtime']),
        (merchant, 2, '{"EN":"Sub-agent","TY":"Sub-ahente"}', true, array['dividend', 'daily', 'hourly', 'realtime']),
        (merchant, 41, '{"EN":"Affiliate","TY":"Kaanib"}', false, array['daily', 'realtime']),
        (merchant, 42, '{"EN":"Affiliate partner","TY":"Kasosyong kaanib"}', false, array['dividend'])
      on conflict do nothing
    $$`.execute(db);
  await sql`
    create function merchants_add_agent_types() returns trigger language plpgsql as $$
    begin
      perform merchant_agent_types_add_defaults(new.id);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger merchants_agent_types after insert on merchants
    for each row execute function merchants_add_agent_types()`.execute(db);
  await sql`select merchant_agent_types_add_defaults(id) from merchants`.execute(db);

  // Team rollups: per agent (its own players and every downline agent's), game type and day.
  await sql`
    create table team_bet_days (
      merchant_id text not null references merchants(id),
      agent_id text not null references members(id),
      day date not null,
      game_type text not null,
      member_count integer not null check (member_count >= 0),
      bet_count integer not null check (bet_count >= 0),
      stake_minor bigint not null check (stake_minor >= 0),
      valid_bet_minor bigint not null check (valid_bet_minor >= 0),
      win_minor bigint not null check (win_minor >= 0),
      rebuilt_at timestamptz not null,
      primary key (agent_id, day, game_type)
    )`.execute(db);
  await sql`create index team_bet_days_merchant_day_idx on team_bet_days (merchant_id, day)`.execute(db);
  // Per merchant, up to where the minute job has read member_bet_days.changed_at.
  await sql`
    create table team_rollup_watermarks (
      merchant_id text primary key references merchants(id),
      changed_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table team_rollup_watermarks`.execute(db);
  await sql`drop table team_bet_days`.execute(db);
  await sql`drop trigger merchants_agent_types on merchants`.execute(db);
  await sql`drop function merchants_add_agent_types()`.execute(db);
  await sql`drop function merchant_agent_types_add_defaults(text)`.execute(db);
  await sql`drop table merchant_agent_types`.execute(db);
  await sql`drop table member_upline_moves`.execute(db);
  await sql`drop trigger members_tree_upline_change on members`.execute(db);
  await sql`drop trigger members_tree_after_insert on members`.execute(db);
  await sql`drop trigger members_tree_before_insert on members`.execute(db);
  await sql`drop function member_tree_after_upline_change()`.execute(db);
  await sql`drop function member_tree_after_insert()`.execute(db);
  await sql`drop function member_tree_before_insert()`.execute(db);
  await sql`drop function member_tree_lock_key(text)`.execute(db);
  await sql`drop table member_tree`.execute(db);
}
