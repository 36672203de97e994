import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  memberIdOf,
  registerTestVendor,
  TEST_VENDOR_SECRET,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/** The lottery calls of spec §7: the lottery menu, the opened numbers, and the lobby launch. */
describe('lottery menu, opened numbers and lobby launch', () => {
  let testApp: TestApp;
  const drawnAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  beforeAll(async () => {
    testApp = await createSeededApp();
    await registerTestVendor(testApp, {
      vassalage: 'LOTT',
      games: [
        catalogueGame('lotto-3', { gameType: 'LOTT' }),
        catalogueGame('lotto-quick', { gameType: 'ELOTT' }),
        catalogueGame('lotto-hidden', { gameType: 'LOTT' }),
        catalogueGame('lotto-down', { gameType: 'LOTT' }),
      ],
    });
    await registerTestVendor(testApp, {
      vassalage: 'TCG_LOTTO_VN',
      games: [catalogueGame('vn-south', { gameType: 'LOTT' })],
    });
    // A casino vendor: neither its games in the menu nor its reports of draws.
    await registerTestVendor(testApp, { vassalage: 'CASINOX', games: [catalogueGame('coin')] });
    const games = testApp.app.games;
    const lott = await games.findVendor(await demoMerchantId(testApp), 'LOTT');
    const hidden = await games.findGameByCode(lott?.id ?? '', 'lotto-hidden');
    await games.updateGame(hidden?.id ?? '', { status: 'hidden' });
    const down = await games.findGameByCode(lott?.id ?? '', 'lotto-down');
    await games.updateGame(down?.id ?? '', { status: 'maintenance' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const report = (body: Record<string, unknown>, options: Parameters<typeof callWallet>[3] = {}) =>
    callWallet(testApp.app, 'draws', body, options);

  it("lists the merchant's visible lottery games in the lottery menu, each with the page that opens it", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?language=TY' });
    const reply = { status: response.statusCode, body: response.json() };
    expect(reply.status).toBe(200);
    const menu = reply.body.value.gameMenus as {
      nodeId: string;
      route: string;
      gameName: string;
      gameType: string;
    }[];
    expect(menu.map((game) => game.nodeId)).toEqual([
      'LOTT_lotto-3',
      'LOTT_lotto-quick',
      'LOTT_lotto-down',
      'TCG_LOTTO_VN_vn-south',
    ]);
    expect(menu.find((game) => game.nodeId === 'TCG_LOTTO_VN_vn-south')?.route).toBe('/vnLottery');
    expect(menu.find((game) => game.nodeId === 'LOTT_lotto-quick')).toMatchObject({
      route: '/lottery',
      gameName: 'Laro lotto-quick',
      gameType: 'ELOTT',
    });
  });

  it("records a lottery vendor's signed draw once; a repeat answers duplicate and keeps the first numbers", async () => {
    const draw = {
      vendor: 'LOTT',
      gameCode: 'lotto-3',
      numero: '20260101-0001',
      numbers: [3, 7, 15],
      drawnAt: drawnAt(10),
    };
    expect(await report(draw)).toMatchObject({ status: 'OK' });
    const again = await report({ ...draw, numbers: [1, 2, 3] });
    expect(again).toMatchObject({ status: 'OK', duplicate: true });
    const rows = await testApp.database.db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('numero', '=', draw.numero)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.numbers).toEqual([3, 7, 15]);
  });

  it('refuses draws with a bad signature, from a vendor that is not a lottery, of an unknown game or malformed', async () => {
    const draw = {
      vendor: 'LOTT',
      gameCode: 'lotto-3',
      numero: '20260101-0099',
      numbers: [1, 2, 3],
      drawnAt: drawnAt(1),
    };
    expect((await report(draw, { secret: 'not-the-secret' })).status).toBe('INVALID_SIGNATURE');
    expect((await report(draw, { timestampSeconds: Math.floor(Date.now() / 1000) - 3_600 })).status).toBe(
      'INVALID_SIGNATURE',
    );
    expect((await report({ ...draw, vendor: 'CASINOX', gameCode: 'coin' })).status).toBe('INVALID_DRAW');
    expect((await report({ ...draw, gameCode: 'no-such-game' })).status).toBe('INVALID_DRAW');
    expect((await report({ ...draw, numbers: [] })).status).toBe('INVALID_DRAW');
    expect((await report({ ...draw, numbers: [1, 2, 100] })).status).toBe('INVALID_DRAW');
    expect((await report({ ...draw, numero: 'a b' })).status).toBe('INVALID_DRAW');
    expect((await report({ ...draw, drawnAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(
      'INVALID_DRAW',
    );
    const stored = await testApp.database.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('numero', '=', draw.numero)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it("answers a game's opened numbers latest first, paged, and each game's latest draw", async () => {
    for (const [index, numbers] of [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ].entries()) {
      const numero = `20260102-000${index + 1}`;
      expect(
        (
          await report({
            vendor: 'LOTT',
            gameCode: 'lotto-quick',
            numero,
            numbers,
            drawnAt: drawnAt(5 - index),
          })
        ).status,
      ).toBe('OK');
    }
    const visitor = createAccountsClient(testApp.app, '203.0.113.141');
    const first = await visitor.call('GET', '/lgw/vn/numeros/opened/game?gameCode=lotto-quick&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.value.totalPages).toBe(2);
    expect(first.body.value.list).toEqual([
      expect.objectContaining({ gameCode: 'lotto-quick', numero: '20260102-0003', openNumbers: [7, 8, 9] }),
      expect.objectContaining({ numero: '20260102-0002', openNumbers: [4, 5, 6] }),
    ]);
    const second = await visitor.call(
      'GET',
      '/lgw/vn/numeros/opened/game?gameCode=lotto-quick&pageSize=2&pageNo=2',
    );
    expect(second.body.value.list.map((draw: { numero: string }) => draw.numero)).toEqual(['20260102-0001']);
    const beyond = await visitor.call(
      'GET',
      '/lgw/vn/numeros/opened/game?gameCode=lotto-quick&pageSize=2&pageNo=3',
    );
    expect(beyond.body.value.list).toEqual([]);

    const latest = await visitor.call('GET', '/lotto/lgw/games/opened/numero');
    expect(latest.status).toBe(200);
    expect(latest.body.value.list).toEqual([
      expect.objectContaining({ gameCode: 'lotto-3', numero: '20260101-0001', openNumbers: [3, 7, 15] }),
      expect.objectContaining({ gameCode: 'lotto-quick', numero: '20260102-0003' }),
    ]);
  });

  it('refuses a page size above the limit and an unknown or non-lottery game', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.142');
    expect(
      (await visitor.call('GET', '/lgw/vn/numeros/opened/game?gameCode=lotto-3&pageSize=51')).status,
    ).toBe(422);
    expect((await visitor.call('GET', '/lgw/vn/numeros/opened/game?gameCode=coin')).status).toBe(404);
    expect((await visitor.call('GET', '/lgw/vn/numeros/opened/game?gameCode=lotto-hidden')).status).toBe(404);
  });

  it("launches a lottery game for a member into the vendor's page, passing the lobby launch's parameters", async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.143');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await member.call(
      'GET',
      '/lgw/vn/games/launch?gameCode=lotto-3&lottoArea=VN&launchMode=LOTT&prizeMode=ELOTT&view=lobby&device=MOBILE&backUrl=%2Flott',
    );
    expect(reply.status).toBe(200);
    const url = new URL(reply.body.value.url);
    expect(url.origin + url.pathname).toBe('https://lott.vendor.test/play/lotto-3');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      gameCode: 'lotto-3',
      mode: 'real',
      language: 'EN',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      prizeMode: 'ELOTT',
      view: 'lobby',
      device: 'MOBILE',
      backUrl: '/lott',
    });
    // The token names the member to the vendor, as any launch token does.
    const authenticated = await callWallet(
      testApp.app,
      'authenticate',
      {
        vendor: 'LOTT',
        playerToken: tokenOf(reply.body.value.url),
        currency: 'PHP',
      },
      { secret: TEST_VENDOR_SECRET },
    );
    expect(authenticated).toMatchObject({ status: 'OK', playerId: await memberIdOf(testApp, 'demo') });
  });

  it('refuses the lobby launch to a visitor, a trial account, an unknown game, a game under maintenance and a foreign backUrl', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.144');
    const asVisitor = await visitor.call('GET', '/lgw/vn/games/launch?gameCode=lotto-3');
    expect([asVisitor.status, asVisitor.body.code]).toEqual([401, 'NOT_LOGGED_IN']);

    const trial = createAccountsClient(testApp.app, '203.0.113.145');
    const login = await trial.call('POST', '/wps/session/login/freeplay', {
      os: 'WEB',
      platform: 'W',
      gatewayVersion: 3,
    });
    trial.token = login.body.value.token;
    const asTrial = await trial.call('GET', '/wps/game/launchGame?nodeId=LOTT_lotto-3');
    // The general launch only names the page; the page's own launch is where a trial account stops.
    expect(asTrial.body.value).toEqual({ route: '/lottery', gameCode: 'lotto-3' });
    const trialLobby = await trial.call('GET', '/lgw/vn/games/launch?gameCode=lotto-3');
    expect([trialLobby.status, trialLobby.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);

    const member = createAccountsClient(testApp.app, '203.0.113.146');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    expect((await member.call('GET', '/lgw/vn/games/launch?gameCode=coin')).status).toBe(404);
    expect((await member.call('GET', '/lgw/vn/games/launch?gameCode=lotto-hidden')).status).toBe(404);
    const down = await member.call('GET', '/lgw/vn/games/launch?gameCode=lotto-down');
    expect([down.status, down.body.code]).toEqual([409, 'GAME_MAINTENANCE']);
    const foreign = await member.call(
      'GET',
      `/lgw/vn/games/launch?gameCode=lotto-3&backUrl=${encodeURIComponent('//evil.test/x')}`,
    );
    expect(foreign.status).toBe(422);
    expect((await member.call('GET', '/lgw/vn/games/launch?gameCode=lotto-3&prizeMode=BIG')).status).toBe(
      422,
    );
  });
});
