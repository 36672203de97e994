import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import { catalogueGame, memberIdOf, registerTestVendor, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

describe('launching a game (GET /wps/game/launchGame)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createSeededApp();
    const vendor = await registerTestVendor(testApp, {
      vassalage: 'TESTV',
      games: [
        catalogueGame('demo-ok', { demo: true }),
        catalogueGame('real-only'),
        catalogueGame('hot-one', { demo: true }),
        catalogueGame('hot-two', { gameType: 'LIVE' }),
        catalogueGame('broken'),
        catalogueGame('secret'),
      ],
    });
    const games = testApp.app.games;
    for (const code of ['hot-one', 'hot-two']) {
      const game = await games.findGameByCode(vendor.id, code);
      await games.updateGame(game?.id ?? '', { is_hot: true });
    }
    const broken = await games.findGameByCode(vendor.id, 'broken');
    await games.updateGame(broken?.id ?? '', { status: 'maintenance', is_hot: true });
    const secret = await games.findGameByCode(vendor.id, 'secret');
    await games.updateGame(secret?.id ?? '', { status: 'hidden' });
    for (const vassalage of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT']) {
      await registerTestVendor(testApp, {
        vassalage,
        games: [catalogueGame(`${vassalage.toLowerCase()}-1`)],
      });
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  const launch = (client: ReturnType<typeof createAccountsClient>, nodeId: string, mode?: string) =>
    client.call(
      'GET',
      `/wps/game/launchGame?nodeId=${encodeURIComponent(nodeId)}${mode ? `&mode=${mode}` : ''}`,
    );

  it('answers a visitor in real mode with NOT_LOGGED_IN', async () => {
    const reply = await launch(createAccountsClient(testApp.app, '203.0.113.21'), 'TESTV_real-only', 'real');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('NOT_LOGGED_IN');
  });

  it('answers a trial account in real mode with TRIAL_ACCOUNT', async () => {
    const trial = createAccountsClient(testApp.app, '203.0.113.22');
    const login = await trial.call('POST', '/wps/session/login/freeplay', {
      os: 'WEB',
      platform: 'W',
      gatewayVersion: 3,
    });
    trial.token = login.body.value.token;
    const reply = await launch(trial, 'TESTV_real-only', 'real');
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('TRIAL_ACCOUNT');
  });

  it('lets visitors and trial accounts play a demo of a game with supportPlay 0, without a token', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.23');
    const reply = await launch(visitor, 'TESTV_demo-ok', 'demo');
    expect(reply.status).toBe(200);
    const url = new URL(reply.body.value.url);
    expect(url.origin + url.pathname).toBe('https://testv.vendor.test/play/demo-ok');
    expect(url.searchParams.get('mode')).toBe('demo');
    expect(url.searchParams.get('language')).toBe('EN');
    expect(url.searchParams.has('token')).toBe(false);
    // A game page opened on its own (a reload) titles the game with the name in the asked language.
    expect(reply.body.value.gameName).toBe('Game demo-ok');
  });

  it('refuses a demo of a game that offers none', async () => {
    const reply = await launch(createAccountsClient(testApp.app, '203.0.113.24'), 'TESTV_real-only', 'demo');
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FEATURE_DISABLED');
  });

  it('gives a member a launch URL with a fresh token, stored only as its hash', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.25');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const first = await launch(member, 'TESTV_real-only');
    const second = await launch(member, 'TESTV_real-only', 'real');
    expect(first.status).toBe(200);
    const token = tokenOf(first.body.value.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(second.body.value.url)).not.toBe(token);
    expect(new URL(first.body.value.url).searchParams.get('mode')).toBe('real');
    expect(first.body.value.gameName).toBe('Game real-only');
    const rows = await testApp.database.db
      .selectFrom('game_launch_tokens')
      .selectAll()
      .where('member_id', '=', await memberIdOf(testApp, 'demo'))
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).not.toContain(token);
      expect(row.open_by.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1_000);
    }
  });

  it('refuses real play to a self-excluded member even while a session is still open', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.26');
    expect((await member.logIn('agent', 'Agent1234')).success).toBe(true);
    // The exclusion normally ends every session at once; the launch must refuse even if one survived.
    await testApp.database.db
      .updateTable('members')
      .set({ status: 'self_excluded' })
      .where('account_key', '=', 'agent')
      .execute();
    const reply = await launch(member, 'TESTV_real-only');
    expect([401, 403]).toContain(reply.status);
    expect(['NOT_LOGGED_IN', 'SELF_EXCLUDED']).toContain(reply.body.code);
    const tokens = await testApp.database.db
      .selectFrom('game_launch_tokens')
      .select('id')
      .where('member_id', '=', await memberIdOf(testApp, 'agent'))
      .execute();
    expect(tokens).toHaveLength(0);
  });

  it('answers a game under maintenance with GAME_MAINTENANCE and playable hot games as suggestions', async () => {
    const reply = await launch(createAccountsClient(testApp.app, '203.0.113.27'), 'TESTV_broken', 'demo');
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('GAME_MAINTENANCE');
    const suggestions = reply.body.value.suggestions as { nodeId: string }[];
    expect(suggestions.map((game) => game.nodeId).sort()).toEqual(['TESTV_hot-one', 'TESTV_hot-two']);
    expect(suggestions[0]).toMatchObject({
      vassalage: 'TESTV',
      gameCode: expect.any(String),
      gameName: expect.stringMatching(/^Game /),
      iconUrl: expect.stringMatching(/^https:/),
      isHot: 1,
      isGame: 'GAME',
    });
  });

  it('answers GAME_MAINTENANCE for every game of a vendor under maintenance', async () => {
    const merchant = await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const vendor = await testApp.app.games.findVendor(merchant.id, 'TESTV');
    await testApp.app.games.setVendorStatus(vendor?.id ?? '', 'maintenance');
    try {
      const reply = await launch(createAccountsClient(testApp.app, '203.0.113.28'), 'TESTV_demo-ok', 'demo');
      expect(reply.body.code).toBe('GAME_MAINTENANCE');
      // Every hot game is this vendor's, so there is nothing playable to suggest.
      expect(reply.body.value.suggestions).toEqual([]);
    } finally {
      await testApp.app.games.setVendorStatus(vendor?.id ?? '', 'active');
    }
  });

  it('answers NOT_FOUND for a hidden game and an unknown node', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.29');
    expect((await launch(visitor, 'TESTV_secret', 'demo')).body.code).toBe('NOT_FOUND');
    expect((await launch(visitor, 'NOPE_nothing', 'demo')).body.code).toBe('NOT_FOUND');
  });

  it.each([
    ['TCG_LOTTO_VN', '/vnLottery'],
    ['TCG_SEA', '/seaLottery'],
    ['LOTT', '/lottery'],
    ['ELOTT', '/lottery'],
  ])('routes a %s game to %s with its game code', async (vassalage, route) => {
    const gameCode = `${vassalage.toLowerCase()}-1`;
    const reply = await launch(createAccountsClient(testApp.app, '203.0.113.30'), `${vassalage}_${gameCode}`);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({ route, gameCode });
  });
});
