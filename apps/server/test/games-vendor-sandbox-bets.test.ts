import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureDemoVendors, SANDBOX_VENDOR_CODES, sandboxVendorSecret } from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { demoMerchantId, fund, memberIdOf } from './support/game-fixtures.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const minorOf = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The sandbox's sportsbook and lottery in their own process: a stake now, a win later, both
 * through this app's /wallet/v1 over HTTP; the lottery's draws reported on /wallet/v1/draws.
 */
describe('sports bets and lottery tickets with the vendor sandbox', () => {
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
      // Every accepted call is delivered twice: a stake, a win or a draw must count once.
      VENDOR_SANDBOX_DUPLICATE_RATE: '1',
    });
    await configureDemoVendors(testApp.database.db, testApp.app.games, {
      url: sandbox.ready.url ?? '',
      appSecret: testApp.config.appSecret,
    });
    memberId = await memberIdOf(testApp, 'demo');
    merchantId = await demoMerchantId(testApp);
    await fund(testApp, memberId, 50_000n, 'sandbox-bets-fund');
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
    // biome-ignore lint/suspicious/noExplicitAny: the sandbox's replies are read field by field.
    return { status: response.status, body: (await response.json()) as any };
  };
  const roundsOf = (vassalage: string) =>
    testApp.database.db
      .selectFrom('game_rounds')
      .innerJoin('games', 'games.id', 'game_rounds.game_id')
      .select(['game_rounds.status', 'game_rounds.stake_minor', 'game_rounds.win_minor'])
      .where('game_rounds.member_id', '=', memberId)
      .where('games.vassalage', '=', vassalage)
      .execute();

  it('imports the sportsbook into SPORTS and both lottery vendors into LOTT and ELOTT', async () => {
    const lanes = await testApp.app.inject({ method: 'GET', url: '/wps/relay/vendors' });
    const list = lanes.json().value.list as { gameCategory: string; cards: { vassalage: string }[] }[];
    const vendorsOf = (category: string) =>
      list.find((lane) => lane.gameCategory === category)?.cards.map((card) => card.vassalage);
    expect(vendorsOf('SPORTS')).toEqual(['TAMBULI']);
    expect(vendorsOf('LOTT')).toEqual(['LOTT', 'TCG_SEA']);
    expect(vendorsOf('ELOTT')).toEqual(['LOTT', 'TCG_SEA']);
  });

  it('takes a sports stake when the bet is placed and pays it when the bet is settled', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.150');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call(
      'GET',
      '/wps/game/launchGame?nodeId=TAMBULI_tambuli-sportsbook&mode=real',
    );
    const launchUrl = new URL(launched.body.value.url);
    expect(await (await fetch(launchUrl)).text()).toContain('Maynila Makisig');
    const api = `${launchUrl.origin}/tambuli/api`;
    const started = await post(`${api}/start`, {
      gameCode: 'tambuli-sportsbook',
      mode: 'real',
      token: launchUrl.searchParams.get('token'),
    });
    expect(started.status).toBe(200);

    const before = await cash();
    const placed = await post(`${api}/bet`, {
      sessionId: started.body.sessionId,
      fixtureId: 'F1',
      outcome: 'home',
      stake: '10.00',
    });
    expect(placed.body).toMatchObject({ status: 'OK', bet: { status: 'open', odds: '2.10' } });
    expect(await cash()).toBe(before - 1_000n);
    expect(await roundsOf('TAMBULI')).toEqual([{ status: 'open', stake_minor: 1_000n, win_minor: 0n }]);

    const settled = await post(`${api}/settle`, { sessionId: started.body.sessionId });
    const bet = settled.body.bets[0];
    expect(['won', 'lost']).toContain(bet.status);
    const winMinor = bet.status === 'won' ? 2_100n : 0n;
    expect(minorOf(bet.win)).toBe(winMinor);
    expect(await cash()).toBe(before - 1_000n + winMinor);
    expect(minorOf(settled.body.balance)).toBe(before - 1_000n + winMinor);
    expect(await roundsOf('TAMBULI')).toEqual([
      { status: 'settled', stake_minor: 1_000n, win_minor: winMinor },
    ]);
  });

  it('takes a lottery stake when the ticket is bought, pays it at the draw, and reports the draw', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.151');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const routed = await member.call('GET', '/wps/game/launchGame?nodeId=LOTT_bituin-quick-2&mode=real');
    expect(routed.body.value).toEqual({ route: '/lottery', gameCode: 'bituin-quick-2' });
    const launched = await member.call('GET', '/lgw/vn/games/launch?gameCode=bituin-quick-2&prizeMode=ELOTT');
    expect(launched.status).toBe(200);
    const launchUrl = new URL(launched.body.value.url);
    expect(launchUrl.searchParams.get('prizeMode')).toBe('ELOTT');
    const api = `${launchUrl.origin}/bituin/api`;
    const started = await post(`${api}/start`, {
      gameCode: 'bituin-quick-2',
      mode: 'real',
      token: launchUrl.searchParams.get('token'),
    });
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId;

    expect((await post(`${api}/ticket`, { sessionId, numbers: [1, 1], stake: '5.00' })).status).toBe(422);
    expect((await post(`${api}/ticket`, { sessionId, numbers: [0, 13], stake: '5.00' })).status).toBe(422);
    const before = await cash();
    const bought = await post(`${api}/ticket`, { sessionId, numbers: [3, 9], stake: '5.00' });
    expect(bought.body).toMatchObject({ status: 'OK', ticket: { status: 'open', numbers: [3, 9] } });
    expect(await cash()).toBe(before - 500n);
    expect(await roundsOf('LOTT')).toEqual([{ status: 'open', stake_minor: 500n, win_minor: 0n }]);

    const drawn = await post(`${api}/draw`, { sessionId });
    const numbers = drawn.body.draw.numbers as number[];
    expect(numbers).toHaveLength(2);
    const matched = [3, 9].filter((number) => numbers.includes(number)).length;
    // Both numbers pay 30 times the stake, one of two pays the stake back.
    const winMinor = matched === 2 ? 15_000n : matched === 1 ? 500n : 0n;
    const ticket = drawn.body.tickets.find(
      (candidate: { id: string }) => candidate.id === bought.body.ticket.id,
    );
    expect(ticket).toMatchObject({ matched, status: winMinor > 0n ? 'won' : 'lost' });
    expect(await cash()).toBe(before - 500n + winMinor);
    expect(await roundsOf('LOTT')).toEqual([{ status: 'settled', stake_minor: 500n, win_minor: winMinor }]);

    // The draw reached the platform, once, and the lottery pages can show it.
    const opened = await member.call('GET', '/lgw/vn/numeros/opened/game?gameCode=bituin-quick-2');
    expect(opened.body.value.list).toEqual([
      expect.objectContaining({ numero: drawn.body.draw.numero, openNumbers: numbers }),
    ]);
  });

  it('sells a 4D ticket on /seaLottery, pays the digits matched in place from the last, and reports the draw', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.152');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    // Spec §4: a TCG_SEA game opens on /seaLottery, which asks for its frame with lottoArea SEA.
    const routed = await member.call('GET', '/wps/game/launchGame?nodeId=TCG_SEA_dagat-4d&mode=real');
    expect(routed.body.value).toEqual({ route: '/seaLottery', gameCode: 'dagat-4d' });
    const launched = await member.call(
      'GET',
      '/lgw/vn/games/launch?gameCode=dagat-4d&lottoArea=SEA&prizeMode=ELOTT&view=betting',
    );
    expect(launched.status).toBe(200);
    const launchUrl = new URL(launched.body.value.url);
    expect(launchUrl.pathname).toBe('/dagat/play/dagat-4d');
    expect(launchUrl.searchParams.get('lottoArea')).toBe('SEA');
    const page = await (await fetch(launchUrl)).text();
    expect(page).toContain('Dagat 4D Draw');
    expect(page).toContain('data-testid="digit-3"');
    const api = `${launchUrl.origin}/dagat/api`;
    const started = await post(`${api}/start`, {
      gameCode: 'dagat-4d',
      mode: 'real',
      token: launchUrl.searchParams.get('token'),
    });
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId;

    // Four digits from 0 to 9: three, or a 10, are refused; a repeated digit is a fair pick.
    expect((await post(`${api}/ticket`, { sessionId, numbers: [1, 2, 3], stake: '2.00' })).status).toBe(422);
    expect((await post(`${api}/ticket`, { sessionId, numbers: [1, 2, 3, 10], stake: '2.00' })).status).toBe(
      422,
    );
    const before = await cash();
    const pick = [7, 7, 0, 1];
    const bought = await post(`${api}/ticket`, { sessionId, numbers: pick, stake: '2.00' });
    // In place order, not sorted as a lotto's numbers are.
    expect(bought.body).toMatchObject({ status: 'OK', ticket: { status: 'open', numbers: pick } });
    expect(await cash()).toBe(before - 200n);
    expect(await roundsOf('TCG_SEA')).toEqual([{ status: 'open', stake_minor: 200n, win_minor: 0n }]);

    const drawn = await post(`${api}/draw`, { sessionId });
    const digits = drawn.body.draw.numbers as number[];
    expect(digits).toHaveLength(4);
    for (const digit of digits) expect(digit >= 0 && digit <= 9 && Number.isInteger(digit)).toBe(true);
    let matched = 0;
    while (matched < 4 && pick[3 - matched] === digits[3 - matched]) matched += 1;
    // All four in place pay 6000 times the stake, the last three 300 times, anything else nothing.
    const winMinor = matched === 4 ? 1_200_000n : matched === 3 ? 60_000n : 0n;
    const ticket = drawn.body.tickets.find(
      (candidate: { id: string }) => candidate.id === bought.body.ticket.id,
    );
    expect(ticket).toMatchObject({ matched, status: winMinor > 0n ? 'won' : 'lost' });
    expect(await cash()).toBe(before - 200n + winMinor);
    expect(await roundsOf('TCG_SEA')).toEqual([
      { status: 'settled', stake_minor: 200n, win_minor: winMinor },
    ]);

    const opened = await member.call('GET', '/lgw/vn/numeros/opened/game?gameCode=dagat-4d');
    expect(opened.body.value.list).toEqual([
      expect.objectContaining({ numero: drawn.body.draw.numero, openNumbers: digits }),
    ]);
  });
});
