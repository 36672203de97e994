import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import { catalogueGame, demoMerchantId, memberIdOf, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

type Item = { nodeId: string; gameName: string; gameType: string; vassalage: string } & Record<
  string,
  unknown
>;

describe('the lobby catalogue (/wps/relay, /lgw/games/game_menus)', () => {
  let testApp: TestApp;
  let visitor: ReturnType<typeof createAccountsClient>;

  beforeAll(async () => {
    testApp = await createSeededApp();
    visitor = createAccountsClient(testApp.app, '203.0.113.70');
    const games = testApp.app.games;
    const alpha = await registerTestVendor(testApp, {
      vassalage: 'ALPHA',
      games: [
        catalogueGame('cafe', { names: { EN: 'Café Royale', TY: 'Kapehan ng Hari' } }),
        catalogueGame('nino', { names: { EN: 'Lucky Child', TY: 'Suwerteng Niño' }, demo: true }),
        catalogueGame('live-bac', {
          gameType: 'LIVE',
          names: { EN: 'Live Baccarat', TY: 'Live na Baccarat' },
        }),
        catalogueGame('hidden', { names: { EN: 'Café Secret', TY: 'Lihim' } }),
        ...Array.from({ length: 20 }, (_, index) => catalogueGame(`slot-${String(index).padStart(2, '0')}`)),
      ],
    });
    await registerTestVendor(testApp, {
      vassalage: 'BETA',
      games: [
        catalogueGame('beta-live', { gameType: 'LIVE', names: { EN: 'Beta Roulette', TY: 'Beta Roleta' } }),
      ],
    });
    const house = await registerTestVendor(testApp, {
      vassalage: 'INHOUSE',
      games: [catalogueGame('dice', { names: { EN: 'Dice', TY: 'Dais' } })],
    });
    expect(house.vassalage).toBe('INHOUSE');
    const hidden = await games.findGameByCode(alpha.id, 'hidden');
    await games.updateGame(hidden?.id ?? '', { status: 'hidden' });
    const cafe = await games.findGameByCode(alpha.id, 'cafe');
    await games.updateGame(cafe?.id ?? '', { is_hot: true });
    await testApp.database.db
      .updateTable('games')
      .set({ classify: 'BACCARAT' })
      .where('game_code', '=', 'live-bac')
      .execute();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const games = async (query: string) =>
    visitor.call('GET', `/wps/relay/games?clientType=3&platform=html5-desktop&${query}`);
  /** A visitor's call in Tagalog (the accounts client asks for English). */
  const inTagalog = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: `${url}&language=TY` });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists only categories that have vendors, with in-house RNG games under INHOUSE', async () => {
    const menus = await visitor.call('GET', '/lgw/games/game_menus');
    expect(menus.status).toBe(200);
    const categories = menus.body.value.gameMenus.map((menu: { gameCategory: string }) => menu.gameCategory);
    expect(categories).toEqual(['INHOUSE', 'LIVE', 'RNG']);
    const lanes = await visitor.call('GET', '/wps/relay/vendors?platform=html5-desktop');
    const live = lanes.body.value.list.find((lane: { title: string }) => lane.title === 'LIVE');
    expect(live.cards.map((card: { vassalage: string }) => card.vassalage)).toEqual(['ALPHA', 'BETA']);
    expect(live.gameClassify).toEqual([{ key: 'BACCARAT', displayName: 'Baccarat', vendors: ['ALPHA'] }]);
    const rng = lanes.body.value.list.find((lane: { title: string }) => lane.title === 'RNG');
    expect(rng.cards.map((card: { vassalage: string }) => card.vassalage)).toEqual(['ALPHA']);
  });

  it("lists an in-house-listed vendor's RNG games under INHOUSE and hides a disabled vendor's category", async () => {
    const gamma = await registerTestVendor(testApp, {
      vassalage: 'GAMMA',
      games: [
        catalogueGame('gamma-slot', { names: { EN: 'Gamma Slot', TY: 'Gamma Slot' } }),
        catalogueGame('gamma-fish', { gameType: 'FISH', names: { EN: 'Gamma Fish', TY: 'Gamma Isda' } }),
      ],
    });
    const db = testApp.database.db;
    await db.updateTable('game_vendors').set({ is_in_house: true }).where('id', '=', gamma.id).execute();
    const house = await games('gameType=INHOUSE&pageSize=60');
    expect(house.body.value.games.map((item: Item) => item.gameCode).sort()).toEqual(['dice', 'gamma-slot']);
    const fish = await games('gameType=FISH');
    // Only RNG games move: the vendor's fishing game stays under FISH.
    expect(fish.body.value.games.map((item: Item) => [item.gameCode, item.gameType])).toEqual([
      ['gamma-fish', 'FISH'],
    ]);
    const menus = async () =>
      (await visitor.call('GET', '/lgw/games/game_menus')).body.value.gameMenus.map(
        (menu: { gameCategory: string }) => menu.gameCategory,
      );
    expect(await menus()).toEqual(['INHOUSE', 'LIVE', 'RNG', 'FISH']);
    await testApp.app.games.setVendorStatus(gamma.id, 'disabled');
    expect(await menus()).toEqual(['INHOUSE', 'LIVE', 'RNG']);
    expect((await games('gameType=FISH')).body.value).toEqual({ games: [], totalPages: 0 });
  });

  it('answers every game item field, filled, and pages 18 by default', async () => {
    const first = await inTagalog('/wps/relay/games?gameType=RNG');
    expect(first.status).toBe(200);
    expect(first.body.value.games).toHaveLength(18);
    expect(first.body.value.totalPages).toBe(2);
    for (const item of first.body.value.games as Item[]) {
      for (const field of [
        'nodeId',
        'vassalage',
        'gameType',
        'gameName',
        'nodeName',
        'showIcon',
        'iconUrl',
        'lagerIcon',
        'displayName',
        'gameCode',
        'isGame',
      ]) {
        expect(item[field], field).toBeTruthy();
      }
      expect([0, 1]).toContain(item.isHot);
      expect(typeof item.supportPlay).toBe('number');
      expect(item.gameType).toBe('RNG');
    }
    const last = await games('gameType=RNG&pageNo=2');
    expect(last.body.value.games).toHaveLength(4);
    const beyond = await games('gameType=RNG&pageNo=3');
    expect(beyond.body.value).toEqual({ games: [], totalPages: 2 });
    const all = await games('gameType=RNG&pageSize=60');
    const names = (all.body.value.games as Item[]).map((item) => item.gameName);
    expect(names).not.toContain('Café Secret');
    expect(all.body.value.games.map((item: Item) => item.vassalage)).not.toContain('INHOUSE');
  });

  it('refuses a pageSize above each limit with 422 VALIDATION', async () => {
    for (const url of [
      '/wps/relay/games?pageSize=61',
      '/wps/relay/games?pageNo=0',
      '/wps/relay/winners?limitNum=21',
    ]) {
      const reply = await visitor.call('GET', url);
      expect(reply.status, url).toBe(422);
      expect(reply.body.code).toBe('VALIDATION');
    }
  });

  it('filters by vendor, classify and INHOUSE category', async () => {
    const beta = await games('gameType=LIVE&vassalage=BETA');
    expect(beta.body.value.games.map((item: Item) => item.gameCode)).toEqual(['beta-live']);
    const baccarat = await games('gameType=LIVE&gameClassify=BACCARAT');
    expect(baccarat.body.value.games.map((item: Item) => item.gameCode)).toEqual(['live-bac']);
    const house = await games('gameType=INHOUSE');
    expect(house.body.value.games.map((item: Item) => item.gameType)).toEqual(['INHOUSE']);
  });

  it('finds games by name in any language, ignoring case and accents', async () => {
    const accentless = await games('gameName=cafe');
    expect(accentless.body.value.games.map((item: Item) => item.gameName)).toEqual(['Café Royale']);
    const tagalog = await games(`gameName=${encodeURIComponent('SUWERTENG nino')}`);
    expect(tagalog.body.value.games.map((item: Item) => item.gameName)).toEqual(['Lucky Child']);
    const accented = await inTagalog(`/wps/relay/games?gameName=${encodeURIComponent('KAPÉHAN')}`);
    expect(accented.body.value.games.map((item: Item) => item.gameName)).toEqual(['Kapehan ng Hari']);
    const wildcard = await games(`gameName=${encodeURIComponent('%')}`);
    expect(wildcard.body.value).toEqual({ games: [], totalPages: 0 });
  });

  it('searches through the trigram index rather than a scan', async () => {
    const plan = await testApp.database.db.connection().execute(async (connection) => {
      // With a handful of rows the planner prefers a scan; forbidding it shows the index can serve.
      await sql`set enable_seqscan = off`.execute(connection);
      const explained = await sql<{ 'QUERY PLAN': string }>`
        explain select id from games where search_text like ${'%cafe%'}`.execute(connection);
      await sql`reset enable_seqscan`.execute(connection);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('games_search_trgm_idx');
  });

  it('lists hot games', async () => {
    const hot = await visitor.call('GET', '/wps/relay/hotGames?isPlatform=2');
    expect(hot.body.value.games.map((item: Item) => item.gameName)).toEqual(['Café Royale']);
    expect(hot.body.value.games[0].isHot).toBe(1);
  });

  it('keeps favourites per member, one toggle per second, and needs a login', async () => {
    expect((await visitor.call('GET', '/wps/relay/favorites')).status).toBe(401);
    expect((await visitor.call('POST', '/wps/relay/favorites', { nodeId: 'ALPHA_cafe' })).status).toBe(401);
    const member = createAccountsClient(testApp.app, '203.0.113.71');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const added = await member.call('POST', '/wps/relay/favorites', {
      nodeId: 'ALPHA_cafe',
      vendor: 'ALPHA',
      gameType: 'RNG',
    });
    expect(added.status).toBe(200);
    const tooSoon = await member.call('POST', '/wps/relay/favorites', { nodeId: 'ALPHA_nino' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('RATE_LIMITED');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await member.call('POST', '/wps/relay/favorites', { nodeId: 'ALPHA_cafe' })).status).toBe(200);
    const list = await member.call('GET', '/wps/relay/favorites?pageNo=1&pageSize=999');
    expect(list.body.value).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(list.body.value.content.map((item: Item) => item.nodeId)).toEqual(['ALPHA_cafe']);
    expect((await member.call('GET', '/wps/relay/favorites?pageSize=1000')).status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await member.call('POST', '/wps/relay/favorites', { nodeId: 'NOPE_x' })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await member.call('DELETE', '/wps/relay/favorites/ALPHA_cafe')).status).toBe(200);
    const empty = await member.call('GET', '/wps/relay/favorites');
    expect(empty.body.value).toEqual({ content: [], pageNum: 1, totalPages: 0 });
  });

  it('lists recent games from the member’s own rounds, latest first, and winners from real wins', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.72');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    expect((await member.call('GET', '/wps/relay/recent')).body.value).toEqual({ list: [], totalPages: 0 });
    const memberId = await memberIdOf(testApp, 'demo');
    const merchantId = await demoMerchantId(testApp);
    const db = testApp.database.db;
    const gameRow = (code: string) =>
      db
        .selectFrom('games')
        .select(['id', 'vendor_id'])
        .where('game_code', '=', code)
        .executeTakeFirstOrThrow();
    let second = 0;
    for (const [code, win] of [
      ['cafe', 0n],
      ['live-bac', 150_00n],
      ['cafe', 2_500_00n],
    ] as const) {
      const game = await gameRow(code);
      second += 1;
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second));
      await db
        .insertInto('game_rounds')
        .values({
          id: `round-${second}`,
          merchant_id: merchantId,
          member_id: memberId,
          game_id: game.id,
          vendor_id: game.vendor_id,
          vendor_round_id: `r-${second}`,
          currency: 'PHP',
          stake_minor: 100_00n,
          win_minor: win,
          status: 'settled',
          opened_at: at,
          settled_at: at,
        })
        .execute();
    }
    const recent = await member.call('GET', '/wps/relay/recent?page=1&pageSize=12');
    expect(recent.body.value.list.map((item: Item) => item.gameCode)).toEqual(['cafe', 'live-bac']);
    expect(recent.body.value.totalPages).toBe(1);
    const live = await member.call('GET', '/wps/relay/recent?gameType=LIVE');
    expect(live.body.value.list.map((item: Item) => item.gameCode)).toEqual(['live-bac']);
    expect((await member.call('GET', '/wps/relay/recent?pageSize=13')).status).toBe(422);
    expect((await visitor.call('GET', '/wps/relay/recent')).status).toBe(401);

    const winners = await visitor.call('GET', '/wps/relay/winners?gameCategory=ALL&limitNum=20');
    expect(winners.status).toBe(200);
    const list = winners.body.value.list as Item[];
    expect(list.map((item) => [item.gameName, item.winAmount])).toEqual([
      ['Café Royale', '2500.00'],
      ['Live Baccarat', '150.00'],
    ]);
    expect(list[0]?.customerName).toBe('d***o');
    expect(list[0]?.customerName).not.toContain('demo');
    expect(list[0]?.winTime).toBe('2026-01-01T00:00:03.000Z');
    const liveWinners = await visitor.call('GET', '/wps/relay/winners?gameCategory=LIVE&limitNum=1');
    expect(liveWinners.body.value.list.map((item: Item) => item.gameCode)).toEqual(['live-bac']);
  });
});
