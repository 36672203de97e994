import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

describe('the member balance on the wire', () => {
  let testApp: TestApp;
  let player: AccountsClient;
  let memberId: string;
  let merchantId: string;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testApp = await createSeededApp();
    player = createAccountsClient(testApp.app);
    expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
    const member = await testApp.database.db
      .selectFrom('members')
      .select(['id', 'merchant_id'])
      .where('account_key', '=', 'demo')
      .executeTakeFirstOrThrow();
    memberId = member.id;
    merchantId = member.merchant_id;
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await testApp.close();
  });

  const deposit = (key: string, amountMinor: bigint) =>
    testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key,
      code: 'deposit',
      from: { house: 'deposit:gcash', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor,
    });

  it('an existing member without accounts yet has a balance of 0.00', async () => {
    const reply = await player.call('GET', '/wps/v2/wallets/balance');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({
      balance: '0.00',
      bonusBalance: '0.00',
      total: '0.00',
      currency: 'PHP',
      currencySymbol: '₱',
    });
  });

  it('answers the balance as a decimal string with two digits after a deposit', async () => {
    await deposit('wire-dep-1', 125_050n);
    const reply = await player.call('GET', '/wps/v2/wallets/balance');
    expect(reply.body.value.balance).toBe('1250.50');
  });

  it('gives members their balance and currency symbol in the public state, and visitors neither', async () => {
    const member = await player.call('GET', '/wps/system/publicState');
    expect(member.body.value).toMatchObject({ balance: '1250.50', currencySymbol: '₱' });
    const visitor = await createAccountsClient(testApp.app, '203.0.113.77').call(
      'GET',
      '/wps/system/publicState',
    );
    expect(visitor.body.success).toBe(true);
    expect(visitor.body.value).not.toHaveProperty('balance');
    expect(visitor.body.value).not.toHaveProperty('currencySymbol');
  });

  it('refuses the balance without a session', async () => {
    const reply = await createAccountsClient(testApp.app, '203.0.113.78').call(
      'GET',
      '/wps/v2/wallets/balance',
    );
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('NOT_LOGGED_IN');
  });

  it('pushes the new balance to the member’s sockets after each change, and nothing for a duplicate', async () => {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: player.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received: unknown[] = [];
    socket.on('balance', (payload) => received.push(payload));

    await testApp.app.wallet.debitForBet({
      merchantId,
      memberId,
      currency: 'PHP',
      key: 'wire-bet-1',
      amountMinor: 50n,
    });
    await testApp.app.wallet.debitForBet({
      merchantId,
      memberId,
      currency: 'PHP',
      key: 'wire-bet-1',
      amountMinor: 50n,
    });
    await testApp.app.wallet.creditForWin({
      merchantId,
      memberId,
      currency: 'PHP',
      key: 'wire-win-1',
      amountMinor: 1_000n,
    });
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([
      { balance: '1250.00', currencySymbol: '₱' },
      { balance: '1260.00', currencySymbol: '₱' },
    ]);
  });

  it('sums the consolidated funds: main and bonus wallets and what is on hold', async () => {
    const before = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: 'wire-bonus-1',
      code: 'bonus',
      from: { house: 'bonus_funding', shardKey: memberId },
      to: { memberId, wallet: 'bonus' },
      amountMinor: 2_500n,
    });
    await testApp.app.wallet.hold({
      merchantId,
      memberId,
      currency: 'PHP',
      key: 'wire-hold-1',
      amountMinor: 10_000n,
      reference: 'wire-hold-1',
    });
    const reply = await player.call('GET', '/wps/member/info/funds/consolidated');
    const mainMinor = before.cashMinor - 10_000n;
    const formatted = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
    expect(reply.body.value).toEqual({
      currency: 'PHP',
      currencySymbol: '₱',
      total: formatted(mainMinor + before.bonusMinor + 2_500n + 10_000n),
      mainWallet: formatted(mainMinor),
      bonusWallet: formatted(before.bonusMinor + 2_500n),
      held: '100.00',
      vendorWallets: [],
      isSingle: true,
      dailysalreqtype: false,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
      info: expect.objectContaining({ isAgent: false }),
    });
    // A released hold is back in the main wallet: the total does not change.
    await testApp.app.wallet.release({ merchantId, key: 'wire-hold-1' });
    const after = await player.call('GET', '/wps/member/info/funds/consolidated');
    expect(after.body.value).toMatchObject({ total: reply.body.value.total, held: '0.00' });
  });

  it("reports the merchant's wallet mode and an agent's contract flags from the merchant's switches", async () => {
    const permission = await player.call('GET', '/wps/system/permission');
    expect(permission.body.value.info.merchantWallet).toEqual({ isSingle: true });
    await patchDemoSettings(testApp, { wallet: { mode: 'transfer' } });
    expect((await player.call('GET', '/wps/system/permission')).body.value.info.merchantWallet).toEqual({
      isSingle: false,
    });
    expect((await player.call('GET', '/wps/member/info/funds/consolidated')).body.value.isSingle).toBe(false);
    await patchDemoSettings(testApp, { wallet: { mode: 'single' } });

    const agent = createAccountsClient(testApp.app, '203.0.113.81');
    expect((await agent.logIn('agent', 'Agent1234')).success).toBe(true);
    const { switches } = (await agent.call('GET', '/wps/system/setting/register')).body.value;
    const funds = (await agent.call('GET', '/wps/member/info/funds/consolidated')).body.value;
    expect(funds).toMatchObject({
      dailysalreqtype: switches.DAILYSALARY,
      divtypereq: switches.BONUS,
      contracthoursalreq: switches.HOURLYSALARY,
      realtimesalreqtype: switches.REALTIMESALARY,
      info: {
        isAgent: true,
        enableContract: switches.AGENTPOLICY3,
        enableSalary: switches.DAILYSALARY || switches.HOURLYSALARY || switches.REALTIMESALARY,
      },
    });
    const visitor = await testApp.app.inject({ method: 'GET', url: '/wps/member/info/funds/consolidated' });
    expect(visitor.json().code).toBe('NOT_LOGGED_IN');
  });
});
