import { type Kysely, sql } from 'kysely';

// Throttle counters for an installation without Redis, so that a restart does not forgive an
// attacker's failures. A row holds the times (Unix milliseconds, by the application's clock) of a
// key's latest events; rate_limit_take counts one in a single statement under the row's lock, so
// concurrent requests of every node are counted in full. Rows past expires_at_ms are dead and
// are deleted by the limiter from time to time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('events', sql`bigint[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('expires_at_ms', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pkey', ['name', 'key'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_expiry')
    .on('rate_limit_counters')
    .column('expires_at_ms')
    .execute();
  // Drops the events older than the window, then counts one unless a growing delay refuses it:
  // from delay_after live events on, the next waits delay_base_ms × 2^(count − delay_after), at
  // most delay_max_ms, after the latest. Keeps at most keep_max events. Answers whether the event
  // was counted and the events now kept, oldest first.
  await sql`
    create function rate_limit_take(
      p_name text, p_key text, p_now_ms bigint, p_window_ms bigint, p_keep_max integer,
      p_delay_after integer, p_delay_base_ms bigint, p_delay_max_ms bigint
    ) returns table (is_counted boolean, kept_events bigint[]) language plpgsql as $$
    declare
      live bigint[];
      live_count integer;
      wait_ms bigint;
    begin
      insert into rate_limit_counters as counter (name, key, events, expires_at_ms)
      values (p_name, p_key, '{}', p_now_ms + p_window_ms)
      on conflict (name, key) do update set expires_at_ms = counter.expires_at_ms
      returning array(
        select event from unnest(counter.events) as event
        where event > p_now_ms - p_window_ms order by event
      ) into live;
      live_count := cardinality(live);
      is_counted := true;
      if p_delay_after is not null and live_count >= p_delay_after then
        wait_ms := least(
          p_delay_max_ms,
          p_delay_base_ms * power(2, least(live_count - p_delay_after, 40))::bigint
        );
        if p_now_ms - live[live_count] < wait_ms then is_counted := false; end if;
      end if;
      if is_counted then
        live := live || p_now_ms;
        live_count := live_count + 1;
        if live_count > p_keep_max then live := live[live_count - p_keep_max + 1 :]; end if;
      end if;
      update rate_limit_counters
      set events = live, expires_at_ms = greatest(expires_at_ms, p_now_ms + p_window_ms)
      where name = p_name and key = p_key;
      kept_events := live;
      return next;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function rate_limit_take`.execute(db);
  await db.schema.dropTable('rate_limit_counters').execute();
}
