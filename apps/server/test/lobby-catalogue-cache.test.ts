import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

type Item = { nodeId: string; gameName: string; gameCode: string; isHot: number };

/**
 * The games list and hot games are kept in memory between calls (catalogue-cache.ts); these
 * show that every write to games or vendors, by any connection, shows in the very next call,
 * and that an unchanged catalogue is answered without the database.
 */
describe('the lobby lists kept in memory', () => {
  let testApp: TestApp;

  /**
   * Runs a statement as another writer would: on PostgreSQL from a connection of its own (as a
   * back-office node or a hand-run script), on the embedded database through its one session.
   * With triggersOff, the write skips the catalogue's triggers (session_replication_role), as no
   * real writer can: the cache then cannot know, which shows that it answers from memory.
   */
  async function writeElsewhere(statement: string, values: unknown[], triggersOff = false): Promise<void> {
    const { connectionString } = testApp.database;
    if (connectionString) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        if (triggersOff) await client.query('set session_replication_role = replica');
        await client.query(statement, values);
      } finally {
        await client.end();
      }
      return;
    }
    const pglite = testApp.database.pglite;
    if (!pglite) throw new Error('no database');
    if (triggersOff) await pglite.query('set session_replication_role = replica');
    try {
      await pglite.query(statement, values);
    } finally {
      if (triggersOff) await pglite.query('reset session_replication_role');
    }
  }

  const list = async (query: string, language = 'EN') => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/wps/relay/games?clientType=3&platform=html5-desktop&language=${language}&${query}`,
    });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.statusCode).toBe(200);
    return (response.json() as { value: { games: Item[]; totalPages: number } }).value;
  };
  const hot = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/relay/hotGames?language=EN' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { value: { games: Item[] } }).value.games.map((item) => item.gameCode);
  };
  const version = async () =>
    (await testApp.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow())
      .version;

  beforeAll(async () => {
    testApp = await createSeededApp();
    await registerTestVendor(testApp, {
      vassalage: 'OMEGA',
      games: [
        catalogueGame('omega-one', { names: { EN: 'Omega One', TY: 'Omega Isa' } }),
        catalogueGame('omega-two', { names: { EN: 'Omega Two', TY: 'Omega Dalawa' } }),
        catalogueGame('omega-live', { gameType: 'LIVE', names: { EN: 'Omega Live', TY: 'Omega Live' } }),
      ],
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('counts the version up with every statement that writes games or vendors', async () => {
    const before = await version();
    await writeElsewhere(`update games set sort_order = sort_order where game_code = $1`, ['omega-one']);
    const afterGame = await version();
    expect(afterGame).toBe(before + 1n);
    await writeElsewhere(`update game_vendors set sort_order = sort_order where vassalage = $1`, ['OMEGA']);
    expect(await version()).toBe(afterGame + 1n);
    // Writes elsewhere leave it alone.
    await writeElsewhere(`update merchants set name = name`, []);
    expect(await version()).toBe(afterGame + 1n);
  });

  it('answers an unchanged catalogue from memory', async () => {
    const first = await list('vassalage=OMEGA');
    expect(first.games.map((item) => item.gameName)).toEqual(['Omega One', 'Omega Two', 'Omega Live']);
    await writeElsewhere(
      `update games set names = $1 where game_code = $2`,
      [JSON.stringify({ EN: 'Unseen Name', TY: 'Unseen Name' }), 'omega-one'],
      true,
    );
    expect((await list('vassalage=OMEGA')).games.map((item) => item.gameName)).toContain('Omega One');
    // Each language keeps its own answer.
    expect((await list('vassalage=OMEGA', 'TY')).games.map((item) => item.gameName)).toEqual([
      'Omega Isa',
      'Omega Dalawa',
      'Omega Live',
    ]);
    // Put it back, this time as any writer does: the next call sees it.
    await writeElsewhere(`update games set names = $1 where game_code = $2`, [
      JSON.stringify({ EN: 'Omega One', TY: 'Omega Isa' }),
      'omega-one',
    ]);
  });

  it('shows a rename, a hidden game, a disabled vendor and a new game in the very next call', async () => {
    expect((await list('gameType=RNG&vassalage=OMEGA')).games.map((item) => item.gameName)).toEqual([
      'Omega One',
      'Omega Two',
    ]);
    await writeElsewhere(`update games set names = $1 where game_code = $2`, [
      JSON.stringify({ EN: 'Omega Renamed', TY: 'Omega Bago' }),
      'omega-one',
    ]);
    expect((await list('gameType=RNG&vassalage=OMEGA')).games.map((item) => item.gameName)).toEqual([
      'Omega Renamed',
      'Omega Two',
    ]);
    // Search follows the new name at once too.
    expect((await list('gameName=renamed')).games.map((item) => item.gameCode)).toEqual(['omega-one']);

    await writeElsewhere(`update games set status = 'hidden' where game_code = $1`, ['omega-two']);
    expect((await list('gameType=RNG&vassalage=OMEGA')).games.map((item) => item.gameCode)).toEqual([
      'omega-one',
    ]);

    await writeElsewhere(
      `insert into games (id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names)
       select 'omega-three-id', merchant_id, vendor_id, 'OMEGA_three', vassalage, 'RNG', 'omega-three', $1
       from games where game_code = 'omega-one'`,
      [JSON.stringify({ EN: 'Omega Three', TY: 'Omega Tatlo' })],
    );
    expect((await list('gameType=RNG&vassalage=OMEGA')).games.map((item) => item.gameCode)).toEqual([
      'omega-one',
      'omega-three',
    ]);

    await writeElsewhere(`update game_vendors set status = 'disabled' where vassalage = $1`, ['OMEGA']);
    expect(await list('vassalage=OMEGA')).toEqual({ games: [], totalPages: 0 });
    await writeElsewhere(`update game_vendors set status = 'active' where vassalage = $1`, ['OMEGA']);

    await writeElsewhere(`delete from games where game_code = $1`, ['omega-three']);
    expect((await list('gameType=RNG&vassalage=OMEGA')).games.map((item) => item.gameCode)).toEqual([
      'omega-one',
    ]);
  });

  it('shows a change made through the app itself, and a change inside a transaction once committed', async () => {
    expect(await hot()).not.toContain('omega-live');
    const game = await testApp.app.games.findGameByCode(
      (
        await testApp.database.db
          .selectFrom('game_vendors')
          .select('id')
          .where('vassalage', '=', 'OMEGA')
          .executeTakeFirstOrThrow()
      ).id,
      'omega-live',
    );
    await testApp.app.games.updateGame(game?.id ?? '', { is_hot: true });
    expect(await hot()).toContain('omega-live');

    await testApp.database.db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable('games')
        .set({ is_hot: false })
        .where('game_code', '=', 'omega-live')
        .execute();
      // Not committed yet: everyone else still sees it hot.
      if (testApp.database.connectionString) expect(await hot()).toContain('omega-live');
      await sql`select 1`.execute(transaction);
    });
    expect(await hot()).not.toContain('omega-live');
  });
});
