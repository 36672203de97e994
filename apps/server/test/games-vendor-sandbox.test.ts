import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureDemoVendors, SANDBOX_VENDOR_CODES, sandboxVendorSecret } from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { demoMerchantId, fund, memberIdOf } from './support/game-fixtures.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/** The vendor sandbox in its own process, calling this app's /wallet/v1 over HTTP as a vendor does. */
describe('a round with the vendor sandbox', () => {
  let testApp: TestApp;
  let sandbox: SandboxProcess;
  let memberId: string;
  let merchantId: string;

  beforeAll(async () => {
    testApp = await createSeededApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    sandbox = await startSandboxProcess('apps/vendor-sandbox/src/main.ts', {
      VENDOR_SANDBOX_PORT: '0',
      VENDOR_SANDBOX_WALLET_URL: `http://127.0.0.1:${address.port}`,
      VENDOR_SANDBOX_SECRETS: JSON.stringify(
        SANDBOX_VENDOR_CODES.map((vendor) => ({
          vendor,
          secret: sandboxVendorSecret(testApp.config.appSecret, vendor),
        })),
      ),
      // Every accepted call is delivered a second time: the platform must answer it as a duplicate.
      VENDOR_SANDBOX_DUPLICATE_RATE: '1',
    });
    memberId = await memberIdOf(testApp, 'demo');
    merchantId = await demoMerchantId(testApp);
    await fund(testApp, memberId, 50_000n, 'sandbox-fund');
  });
  afterAll(async () => {
    await sandbox?.close();
    await testApp?.close();
  });

  const cash = async () =>
    (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;
  const post = async (url: string, body: object) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  it('imports both vendors and their RNG and LIVE games, without art, into the demo registry', async () => {
    const imported = await configureDemoVendors(testApp.database.db, testApp.app.games, {
      url: sandbox.ready.url ?? '',
      appSecret: testApp.config.appSecret,
    });
    expect(imported).toBeGreaterThanOrEqual(4);
    const games = await testApp.database.db
      .selectFrom('games')
      .select(['vassalage', 'game_type', 'icon_url', 'names', 'support_play'])
      .where('merchant_id', '=', merchantId)
      .execute();
    for (const vendor of ['LAKAN', 'SAMPAGUITA']) {
      const own = games.filter((game) => game.vassalage === vendor);
      expect(new Set(own.map((game) => game.game_type))).toEqual(new Set(['RNG', 'LIVE']));
      for (const game of own) {
        expect(game.names).toMatchObject({ EN: expect.any(String), TY: expect.any(String) });
        // The sandbox's vendors bring no art of their own: the site draws their games' covers.
        expect(game.icon_url).toBeNull();
      }
    }
  });

  it('plays one real round through the launch URL: stake and win move the member balance once', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.70');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=LAKAN_lakan-coin-flip&mode=real');
    expect(launched.status).toBe(200);
    const launchUrl = new URL(launched.body.value.url);
    const page = await fetch(launchUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Lakan Coin Flip');

    const before = await cash();
    const started = await post(`${launchUrl.origin}/lakan/api/start`, {
      gameCode: 'lakan-coin-flip',
      mode: 'real',
      token: launchUrl.searchParams.get('token'),
    });
    expect(started).toMatchObject({ status: 200, body: { balance: '500.00' } });
    const played = await post(`${launchUrl.origin}/lakan/api/play`, {
      sessionId: started.body.sessionId,
      stake: '10.00',
      pick: 'heads',
    });
    expect(played.body.status).toBe('OK');
    const winMinor = BigInt(played.body.win?.replace('.', '') ?? 'x');
    expect([0n, 1_950n]).toContain(winMinor);
    expect(played.body.balance).toBe(
      `${(before - 1_000n + winMinor) / 100n}.${String((before - 1_000n + winMinor) % 100n).padStart(2, '0')}`,
    );
    expect(await cash()).toBe(before - 1_000n + winMinor);
    const rounds = await testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ status: 'settled', stake_minor: 1_000n, win_minor: winMinor });
    const calls = await testApp.database.db
      .selectFrom('game_vendor_transactions')
      .select('type')
      .where('round_id', '=', rounds[0]?.id ?? '')
      .execute();
    expect(calls.map((call) => call.type).sort()).toEqual(['credit', 'debit']);

    // The vendor's own round fails after the stake: it rolls the stake back.
    const failed = await post(`${launchUrl.origin}/lakan/api/play`, {
      sessionId: started.body.sessionId,
      stake: '5.00',
      pick: 'tails',
      inject: 'round_failure',
    });
    expect(failed.body.status).toBe('ROUND_FAILED');
    expect(await cash()).toBe(before - 1_000n + winMinor);
    const rolledBack = await testApp.database.db
      .selectFrom('game_rounds')
      .select('status')
      .where('member_id', '=', memberId)
      .where('stake_minor', '=', 500n)
      .executeTakeFirstOrThrow();
    expect(rolledBack.status).toBe('rolled_back');

    // The vendor corrects the paid round afterwards: a new total payout of 30.00, then a void
    // (the stake comes back, the payout goes); each call is delivered twice and applied once.
    const paidRound = () =>
      testApp.database.db
        .selectFrom('game_rounds')
        .select(['status', 'win_minor', 'valid_bet_minor'])
        .where('id', '=', rounds[0]?.id ?? '')
        .executeTakeFirstOrThrow();
    const resettled = await post(`${launchUrl.origin}/lakan/api/resettle`, {
      sessionId: started.body.sessionId,
      amount: '30.00',
    });
    expect(resettled).toMatchObject({ status: 200, body: { status: 'OK' } });
    expect(await cash()).toBe(before - 1_000n + 3_000n);
    expect(await paidRound()).toMatchObject({
      status: 'resettled',
      win_minor: 3_000n,
      valid_bet_minor: 1_000n,
    });
    const voided = await post(`${launchUrl.origin}/lakan/api/void`, { sessionId: started.body.sessionId });
    expect(voided).toMatchObject({ status: 200, body: { status: 'OK' } });
    expect(await cash()).toBe(before);
    expect(await paidRound()).toMatchObject({ status: 'void', valid_bet_minor: 0n });
    const again = await post(`${launchUrl.origin}/lakan/api/void`, { sessionId: started.body.sessionId });
    expect(again.status).toBe(404);
  });

  it('plays a demo round with play money that never reaches the ledger', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.71');
    const launched = await visitor.call(
      'GET',
      '/wps/game/launchGame?nodeId=SAMPAGUITA_sampaguita-live-wheel&mode=demo',
    );
    const launchUrl = new URL(launched.body.value.url);
    const transfersBefore = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(({ fn }) => fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    const started = await post(`${launchUrl.origin}/sampaguita/api/start`, {
      gameCode: 'sampaguita-live-wheel',
      mode: 'demo',
    });
    expect(started.body.balance).toBe('1000.00');
    const played = await post(`${launchUrl.origin}/sampaguita/api/play`, {
      sessionId: started.body.sessionId,
      stake: '10.00',
      pick: 'spin',
    });
    expect(played.body.status).toBe('OK');
    const transfersAfter = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(({ fn }) => fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(transfersAfter.count).toBe(transfersBefore.count);
  });
});
