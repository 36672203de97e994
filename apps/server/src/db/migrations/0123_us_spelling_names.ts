import { type Kysely, sql } from 'kysely';

// The player site's English is written in US spelling: the default name of the LOCAL game group
// reads "Local favorites", for groups made from now on and for those still bearing the old
// default (a name a merchant wrote itself is left as it is).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function game_classify_default_names(group_key text) returns jsonb language sql immutable as $$
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
          ('LOCAL', '{"EN":"Local favorites","TY":"Mga paboritong Pinoy"}'::jsonb)
        ) as known(key, names) where known.key = group_key),
        jsonb_build_object(
          'EN', initcap(replace(lower(group_key), '_', ' ')),
          'TY', initcap(replace(lower(group_key), '_', ' '))))
    $$`.execute(db);
  await sql`
    update game_classify_groups set names = jsonb_set(names, '{EN}', '"Local favorites"')
    where key = 'LOCAL' and names->>'EN' = 'Local favourites'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update game_classify_groups set names = jsonb_set(names, '{EN}', '"Local favourites"')
    where key = 'LOCAL' and names->>'EN' = 'Local favorites'`.execute(db);
}
