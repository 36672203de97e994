import { type Kysely, sql } from 'kysely';

// The classify groups an operator manages in the back office (issue 7), and an index for the game
// reports. Each merchant's groups
// with their names per language and their order in the lobby's classify menu. A game names its
// group by key (games.classify); a group that games use cannot be deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_classify_groups')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('key', 'text', (column) => column.notNull().check(sql`key ~ '^[A-Z0-9_]{2,32}$'`))
    /** { "TY": "…", "EN": "…" } */
    .addColumn('names', 'jsonb', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_classify_groups_merchant_key_uq', ['merchant_id', 'key'])
    .execute();

  // A game given a classify that has no group yet (a vendor's feed, the demo seed) brings its
  // group into existence with a readable default name, so that every key the lobby shows is one
  // an operator can rename, order and see in the back office.
  await sql`
    create function game_classify_default_names(group_key text) returns jsonb language sql immutable as $$
      select coalesce(
        (select names from (values
          ('BACCARAT', '{"EN":"Baccarat","TY":"Baccarat"}'::jsonb),
          ('SICBO', '{"EN":"Sic Bo","TY":"Sic Bo"}'::jsonb),
          ('ROULETTE', '{"EN":"Roulette","TY":"Roulette"}'::jsonb),
          ('DRAGON_TIGER', '{"EN":"Dragon Tiger","TY":"Dragon Tiger"}'::jsonb),
          ('BLACKJACK', '{"EN":"Blackjack","TY":"Blackjack"}'::jsonb),
          ('CARD', '{"EN":"Card games","TY":"Mga laro ng baraha"}'::jsonb),
          ('WHEEL', '{"EN":"Wheels","TY":"Mga gulong"}'::jsonb),
          ('COIN', '{"EN":"Coin games","TY":"Mga laro ng barya"}'::jsonb),
          ('SLOT', '{"EN":"Slots","TY":"Mga slot"}'::jsonb),
          ('DICE', '{"EN":"Dice","TY":"Dais"}'::jsonb),
          ('MINI', '{"EN":"Mini games","TY":"Mga mini game"}'::jsonb),
          ('LOCAL', '{"EN":"Local favourites","TY":"Mga paboritong Pinoy"}'::jsonb)
        ) as known(key, names) where known.key = group_key),
        jsonb_build_object(
          'EN', initcap(replace(lower(group_key), '_', ' ')),
          'TY', initcap(replace(lower(group_key), '_', ' '))))
    $$`.execute(db);
  await sql`
    create function games_ensure_classify_group() returns trigger language plpgsql as $$
    begin
      if new.classify is not null then
        insert into game_classify_groups (id, merchant_id, key, names)
        values (gen_random_uuid()::text, new.merchant_id, new.classify,
                game_classify_default_names(new.classify))
        on conflict (merchant_id, key) do nothing;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger games_classify_group after insert or update of classify on games
    for each row execute function games_ensure_classify_group()`.execute(db);
  await sql`
    insert into game_classify_groups (id, merchant_id, key, names)
    select gen_random_uuid()::text, merchant_id, classify, game_classify_default_names(classify)
    from (select distinct merchant_id, classify from games where classify is not null) as used
    on conflict (merchant_id, key) do nothing`.execute(db);

  // The game reports: a merchant's settled rounds by the time they settled.
  await sql`
    create index game_rounds_settled_idx on game_rounds (merchant_id, settled_at)
    where status = 'settled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_rounds_settled_idx`.execute(db);
  await sql`drop trigger games_classify_group on games`.execute(db);
  await sql`drop function games_ensure_classify_group()`.execute(db);
  await sql`drop function game_classify_default_names(text)`.execute(db);
  await db.schema.dropTable('game_classify_groups').execute();
}
