import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
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
});
