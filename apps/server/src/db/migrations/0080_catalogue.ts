import { type Kysely, sql } from 'kysely';

// The catalogue the lobby presents (issue 7): classify groups, the merchant's in-house list,
// favourites, and what makes search and the winner board fast with thousands of games and rounds.
export async function up(db: Kysely<unknown>): Promise<void> {
  /** A live-casino class or slot family (BACCARAT, ROULETTE, SLOT …): the lobby's classify menu. */
  await db.schema.alterTable('games').addColumn('classify', 'text').execute();
  /**
   * The merchant's in-house list (spec §3): this vendor's RNG games are listed under INHOUSE
   * instead of RNG.
   */
  await db.schema
    .alterTable('game_vendors')
    .addColumn('is_in_house', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  // Search matches any language's name ignoring case and accents. unaccent() is not immutable, so
  // the folding is a translate() over the Latin letters game names use, in an immutable function
  // that the trigger and the query share; a trigram index serves "contains" matches.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create function panalo_fold(input text) returns text language sql immutable parallel safe as $$
      select lower(translate(input,
        'ÁÀÂÄÃÅĀáàâäãåāÉÈÊËĒéèêëēÍÌÎÏĪíìîïīÓÒÔÖÕŌóòôöõōÚÙÛÜŪúùûüūÑñÇçÝýÿ',
        'AAAAAAAaaaaaaaEEEEEeeeeeIIIIIiiiiiOOOOOOooooooUUUUUuuuuuNnCcYyy'))
    $$`.execute(db);
  await db.schema
    .alterTable('games')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await sql`
    create function games_fill_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := coalesce(
        (select panalo_fold(string_agg(value, ' ')) from jsonb_each_text(new.names)), '');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger games_search_text before insert or update of names on games
    for each row execute function games_fill_search_text()`.execute(db);
  await sql`update games set names = names`.execute(db);
  await sql`create index games_search_trgm_idx on games using gin (search_text gin_trgm_ops)`.execute(db);
  // The games list: a merchant's visible games of one type in order.
  await db.schema
    .createIndex('games_list_idx')
    .on('games')
    .columns(['merchant_id', 'game_type', 'sort_order', 'node_id'])
    .execute();

  await db.schema
    .createTable('game_favorites')
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('game_id', 'text', (column) => column.notNull().references('games.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_favorites_pk', ['member_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('game_favorites_member_time_idx')
    .on('game_favorites')
    .columns(['member_id', 'created_at desc'])
    .execute();

  // The winner board: a merchant's latest winning rounds.
  await sql`
    create index game_rounds_wins_idx on game_rounds (merchant_id, settled_at desc)
    where status = 'settled' and win_minor > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_rounds_wins_idx`.execute(db);
  await db.schema.dropTable('game_favorites').execute();
  await sql`drop trigger games_search_text on games`.execute(db);
  await sql`drop function games_fill_search_text()`.execute(db);
  await db.schema.dropIndex('games_list_idx').execute();
  await db.schema.dropIndex('games_search_trgm_idx').execute();
  await db.schema.alterTable('games').dropColumn('search_text').dropColumn('classify').execute();
  await sql`drop function panalo_fold(text)`.execute(db);
  await db.schema.alterTable('game_vendors').dropColumn('is_in_house').execute();
}
