import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxVendorSecret } from '../src/seed/demo-vendors.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { callWallet, fund, memberIdOf } from './support/game-fixtures.ts';
import { patchDemoSettings } from './support/seeded-app.ts';
import {
  startTransferWorld,
  TRANSFER_VENDOR,
  type TransferWorld,
} from './support/transfer-vendor-fixtures.ts';

/**
 * Transfer-wallet vendors (workflows/vendor-transfer.ts): the member's main wallet and the wallet the
 * vendor keeps, moved between over the vendor sandbox's real HTTP protocol, with its failures.
 */
describe('transfer wallets with the vendor sandbox', () => {
  let world: TransferWorld;
  let member: AccountsClient;
  let memberId: string;
  const requestId = () => `req-${randomUUID()}`;

  beforeAll(async () => {
    world = await startTransferWorld();
    memberId = await memberIdOf(world.testApp, 'demo');
    await fund(world.testApp, memberId, 100_000n, 'transfer-wallet-fund');
    member = createAccountsClient(world.testApp.app, '203.0.113.81');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });

  const cash = async () =>
    (
      await world.testApp.app.wallet.getBalances({
        merchantId: world.merchantId,
        memberId,
        currency: 'PHP',
      })
    ).cashMinor;
  const move = (from: string, to: string, amount: string, id = requestId()) =>
    member.call('POST', '/wps/v2/wallets/transfer', { from, to, amount, requestId: id });
  const rowOf = (transferId: string) =>
    world.testApp.database.db
      .selectFrom('vendor_transfers')
      .selectAll()
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
  const settleNow = () => world.testApp.app.vendorTransfers.settlePending({ minAgeMs: 0 });

  it('lists the main wallet and the transfer vendor with its balance', async () => {
    const listed = await member.call('GET', '/wps/v2/wallets/merchant');
    expect(listed.status).toBe(200);
    expect(listed.body.value).toEqual({
      isSingle: true,
      currencySymbol: '₱',
      mainWallet: '1000.00',
      vendors: [{ vassalage: TRANSFER_VENDOR, name: 'Diwata Games', balance: '0.00', status: 'OK' }],
    });
  });

  it('moves money in and out once per request id, with the balance event and the ledger code', async () => {
    const address = world.testApp.app.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${address.port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: member.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed: unknown[] = [];
    socket.on('balance', (payload) => pushed.push(payload));
    const id = requestId();
    const first = await move('MAIN', TRANSFER_VENDOR, '100.00', id);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      status: 'DONE',
      mainWallet: '900.00',
      vendor: { vassalage: TRANSFER_VENDOR, balance: '100.00' },
    });
    const again = await move('MAIN', TRANSFER_VENDOR, '100.00', id);
    expect(again.body.value).toEqual(first.body.value);
    expect(await cash()).toBe(90_000n);
    expect(await world.vendorBalance(memberId)).toBe(10_000n);
    // The same request id for another move is refused rather than answered with the first.
    expect((await move('MAIN', TRANSFER_VENDOR, '5.00', id)).body.code).toBe('CONFLICT');

    const out = await move(TRANSFER_VENDOR, 'MAIN', '30.00');
    expect(out.body.value).toMatchObject({
      status: 'DONE',
      mainWallet: '930.00',
      vendor: { balance: '70.00' },
    });
    // One push per change of the cash, none for the repeat.
    await expect.poll(() => pushed.length).toBe(2);
    expect(pushed).toEqual([
      { balance: '900.00', currencySymbol: '₱' },
      { balance: '930.00', currencySymbol: '₱' },
    ]);
    socket.disconnect();
    const lines = await member.call('GET', '/wps/member/transactions?type=transfer');
    expect(lines.body.value.list.slice(0, 2)).toMatchObject([
      { code: 'vendor_transfer', amount: '30.00' },
      { code: 'vendor_transfer', amount: '-100.00' },
    ]);
  });

  it('refuses what the contract refuses', async () => {
    const expectError = async (reply: Awaited<ReturnType<typeof move>>, status: number, code: string) => {
      expect(reply.status).toBe(status);
      expect(reply.body.code).toBe(code);
      return reply.body.value;
    };
    expect(await expectError(await move('MAIN', 'MAIN', '1.00'), 422, 'VALIDATION')).toMatchObject({
      fields: { to: expect.any(String) },
    });
    expect(await expectError(await move(TRANSFER_VENDOR, 'LAKAN', '1.00'), 422, 'VALIDATION')).toMatchObject({
      fields: { to: expect.any(String) },
    });
    // A seamless vendor has no transfer wallet.
    expect(await expectError(await move('MAIN', 'LAKAN', '1.00'), 422, 'VALIDATION')).toMatchObject({
      fields: { to: expect.any(String) },
    });
    expect(await expectError(await move('NOPE', 'MAIN', '1.00'), 422, 'VALIDATION')).toMatchObject({
      fields: { from: expect.any(String) },
    });
    expect(await expectError(await move('MAIN', TRANSFER_VENDOR, '0.00'), 422, 'VALIDATION')).toMatchObject({
      fields: { amount: expect.any(String) },
    });
    await expectError(await move('MAIN', TRANSFER_VENDOR, '12.345'), 422, 'VALIDATION');
    await expectError(
      await member.call('POST', '/wps/v2/wallets/transfer', {
        from: 'MAIN',
        to: TRANSFER_VENDOR,
        amount: '1.00',
        requestId: 'short',
      }),
      422,
      'VALIDATION',
    );
    const before = await cash();
    await expectError(await move('MAIN', TRANSFER_VENDOR, '999999.00'), 422, 'INSUFFICIENT_FUNDS');
    await expectError(await move(TRANSFER_VENDOR, 'MAIN', '999999.00'), 422, 'INSUFFICIENT_FUNDS');
    expect(await cash()).toBe(before);

    await world.testApp.app.games.setVendorStatus(world.vendor.id, 'maintenance');
    try {
      await expectError(await move('MAIN', TRANSFER_VENDOR, '1.00'), 409, 'CONFLICT');
      const listed = await member.call('GET', '/wps/v2/wallets/merchant');
      expect(listed.body.value.vendors[0]).toMatchObject({ status: 'MAINTENANCE', balance: '70.00' });
    } finally {
      await world.testApp.app.games.setVendorStatus(world.vendor.id, 'active');
    }

    const visitor = createAccountsClient(world.testApp.app, '203.0.113.82');
    await expectError(await visitor.call('GET', '/wps/v2/wallets/merchant'), 401, 'NOT_LOGGED_IN');
  });

  it('refuses a trial account, and a self-excluded member moving money in but not out', async () => {
    const trial = createAccountsClient(world.testApp.app, '203.0.113.83');
    const login = await trial.call('POST', '/wps/session/login/freeplay', {
      os: 'WEB',
      platform: 'W',
      gatewayVersion: 3,
    });
    trial.token = login.body.value.token;
    for (const reply of [
      await trial.call('GET', '/wps/v2/wallets/merchant'),
      await trial.call('POST', '/wps/v2/wallets/transfer', {
        from: 'MAIN',
        to: TRANSFER_VENDOR,
        amount: '1.00',
        requestId: requestId(),
      }),
      await trial.call('POST', '/wps/v2/wallets/recall', { requestId: requestId() }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('TRIAL_ACCOUNT');
    }
    // A self-excluded member's sessions have ended, so the routes never get that far; the
    // workflow refuses on its own all the same, moving in but not out.
    const merchant = { id: world.merchantId, currency: 'PHP' };
    const excluded = { id: memberId, status: 'self_excluded' };
    await expect(
      world.testApp.app.vendorTransfers.transfer(merchant, excluded, {
        from: 'MAIN',
        to: TRANSFER_VENDOR,
        amountMinor: 100n,
        requestId: requestId(),
      }),
    ).rejects.toMatchObject({ code: 'SELF_EXCLUDED' });
    const out = await world.testApp.app.vendorTransfers.transfer(merchant, excluded, {
      from: TRANSFER_VENDOR,
      to: 'MAIN',
      amountMinor: 1_000n,
      requestId: requestId(),
    });
    expect(out).toMatchObject({ status: 'DONE', vendorBalanceMinor: 6_000n });
  });

  it('refunds a deposit the vendor refuses, and leaves unanswered ones pending until settled', async () => {
    const start = (await cash()) + (await world.vendorBalance(memberId));
    await world.injectFaults(['refuse']);
    const refused = await move('MAIN', TRANSFER_VENDOR, '5.00');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');

    // Cut before applying: pending, then the vendor says it never applied it: refunded.
    await world.injectFaults(['drop']);
    const lost = await move('MAIN', TRANSFER_VENDOR, '7.00');
    expect(lost.body.value).toMatchObject({ status: 'PENDING', vendor: { balance: null } });
    expect((await cash()) + (await world.vendorBalance(memberId))).toBe(start - 700n);
    // Cut after applying: pending, then the vendor confirms it: done.
    await world.injectFaults(['apply_then_drop']);
    const applied = await move('MAIN', TRANSFER_VENDOR, '9.00');
    expect(applied.body.value.status).toBe('PENDING');
    // An unanswered withdrawal the vendor did apply: the money arrives when settled.
    await world.injectFaults(['apply_then_drop']);
    const outApplied = await move(TRANSFER_VENDOR, 'MAIN', '4.00');
    expect(outApplied.body.value.status).toBe('PENDING');
    // A withdrawal that failed with a 500 before applying: nothing moves.
    await world.injectFaults(['error']);
    const outLost = await move(TRANSFER_VENDOR, 'MAIN', '3.00');
    expect(outLost.body.value.status).toBe('PENDING');

    // Too young for the job's default age; then settled.
    expect(await world.testApp.app.vendorTransfers.settlePending()).toEqual({ settled: 0, left: 0 });
    expect(await settleNow()).toEqual({ settled: 4, left: 0 });
    expect(await rowOf(lost.body.value.transferId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await rowOf(applied.body.value.transferId)).toMatchObject({ status: 'done' });
    expect(await rowOf(outApplied.body.value.transferId)).toMatchObject({ status: 'done' });
    expect(await rowOf(outLost.body.value.transferId)).toMatchObject({ status: 'failed' });
    expect((await cash()) + (await world.vendorBalance(memberId))).toBe(start);
    // A repeat of a settled request answers its outcome.
    const repeated = await move(
      'MAIN',
      TRANSFER_VENDOR,
      '9.00',
      (await rowOf(applied.body.value.transferId)).request_id,
    );
    expect(repeated.body.value).toMatchObject({ transferId: applied.body.value.transferId, status: 'DONE' });
  });

  it('keeps asking a vendor that does not answer, a bounded number of times', async () => {
    const start = (await cash()) + (await world.vendorBalance(memberId));
    await world.injectFaults(['drop', ...Array.from({ length: 10 }, () => 'error' as const)]);
    const lost = await move('MAIN', TRANSFER_VENDOR, '2.00');
    expect(lost.body.value.status).toBe('PENDING');
    for (let attempt = 0; attempt < 12; attempt += 1) await settleNow();
    expect(await rowOf(lost.body.value.transferId)).toMatchObject({ status: 'pending', attempts: 10 });
    await world.injectFaults([]);
    // Left for an operator: the job no longer asks, the money stays aside in the clearing account.
    expect(await settleNow()).toEqual({ settled: 0, left: 0 });
    expect((await cash()) + (await world.vendorBalance(memberId))).toBe(start - 200n);
    await world.testApp.database.db
      .updateTable('vendor_transfers')
      .set({ attempts: 0 })
      .where('id', '=', lost.body.value.transferId)
      .execute();
    expect(await settleNow()).toEqual({ settled: 1, left: 0 });
    expect((await cash()) + (await world.vendorBalance(memberId))).toBe(start);
  });

  it('times out a slow deposit, and a late delivery cannot land after the refund', async () => {
    const start = (await cash()) + (await world.vendorBalance(memberId));
    // The vendor sits on the deposit for 8 s; we give up after 3 s.
    const sentAt = Date.now();
    await world.injectFaults(['slow'], 8_000);
    const slow = await move('MAIN', TRANSFER_VENDOR, '6.00');
    expect(slow.body.value.status).toBe('PENDING');
    // The status call overtakes the late deposit: "not applied", and the deposit is then refused.
    expect(await settleNow()).toEqual({ settled: 1, left: 0 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + 8_500 - Date.now())));
    expect(await rowOf(slow.body.value.transferId)).toMatchObject({ status: 'failed' });
    expect((await cash()) + (await world.vendorBalance(memberId))).toBe(start);
  }, 30_000);

  it('answers CONFLICT for a vendor that cannot be reached, and lists it as unavailable', async () => {
    const before = await cash();
    await world.testApp.database.db
      .updateTable('game_vendors')
      .set({ api_url: `http://127.0.0.1:${await closedPort()}/diwata` })
      .where('id', '=', world.vendor.id)
      .execute();
    try {
      const refused = await move('MAIN', TRANSFER_VENDOR, '1.00');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CONFLICT');
      expect(await cash()).toBe(before);
      const listed = await member.call('GET', '/wps/v2/wallets/merchant');
      expect(listed.body.value.vendors[0]).toMatchObject({ balance: null, status: 'UNAVAILABLE' });
    } finally {
      await world.testApp.database.db
        .updateTable('game_vendors')
        .set({ api_url: world.vendorUrl })
        .where('id', '=', world.vendor.id)
        .execute();
    }
  });

  it('counts vendor money in the consolidated funds and the one-wallet balance total, and recalls it', async () => {
    const atVendor = await world.vendorBalance(memberId);
    expect(atVendor).toBeGreaterThan(0n);
    const funds = await member.call('GET', '/wps/member/info/funds/consolidated');
    expect(funds.body.value.vendorWallets).toEqual([
      { vassalage: TRANSFER_VENDOR, balance: formatMinor(atVendor) },
    ]);
    expect(funds.body.value.total).toBe(formatMinor((await cash()) + atVendor));
    const balance = await member.call('GET', '/wps/v2/wallets/balance');
    expect(balance.body.value).toMatchObject({
      balance: formatMinor(await cash()),
      total: formatMinor((await cash()) + atVendor),
    });

    const before = await cash();
    const id = requestId();
    const recalled = await member.call('POST', '/wps/v2/wallets/recall', { requestId: id });
    expect(recalled.status).toBe(200);
    expect(recalled.body.value).toMatchObject({
      isSingle: true,
      mainWallet: formatMinor(before + atVendor),
      vendors: [{ vassalage: TRANSFER_VENDOR, balance: '0.00', status: 'OK' }],
    });
    expect(await world.vendorBalance(memberId)).toBe(0n);
    const again = await member.call('POST', '/wps/v2/wallets/recall', { requestId: id });
    expect(again.body.value.mainWallet).toBe(formatMinor(before + atVendor));
  });

  it('launches in a one-wallet merchant by moving the whole main wallet to the vendor', async () => {
    const total = (await cash()) + (await world.vendorBalance(memberId));
    const launched = await member.call(
      'GET',
      `/wps/game/launchGame?nodeId=${TRANSFER_VENDOR}_diwata-hi-lo&mode=real`,
    );
    expect(launched.status).toBe(200);
    expect(await cash()).toBe(0n);
    expect(await world.vendorBalance(memberId)).toBe(total);
    const url = new URL(launched.body.value.url);
    const page = await fetch(url);
    expect(await page.text()).toContain('Diwata Hi-Lo');
    const post = async (path: string, body: object) =>
      (await fetch(`${url.origin}/diwata/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json())) as Record<string, string>;
    const started = await post('start', {
      gameCode: 'diwata-hi-lo',
      mode: 'real',
      token: url.searchParams.get('token'),
    });
    expect(started.balance).toBe(formatMinor(total));
    const played = await post('play', { sessionId: started.sessionId, stake: '10.00', pick: 'higher' });
    expect(played.status).toBe('OK');
    const win = BigInt((played.win ?? 'x').replace('.', ''));
    expect(played.balance).toBe(formatMinor(total - 1_000n + win));
    // The round moved the vendor's wallet, not ours.
    expect(await cash()).toBe(0n);
    expect(await world.vendorBalance(memberId)).toBe(total - 1_000n + win);
    // Opening a seamless vendor's game brings the money home again.
    const elsewhere = await member.call('GET', '/wps/game/launchGame?nodeId=LAKAN_lakan-coin-flip&mode=real');
    expect(elsewhere.status).toBe(200);
    expect(await cash()).toBe(total - 1_000n + win);
    expect(await world.vendorBalance(memberId)).toBe(0n);
    // Demo play is the vendor's own demo page: nothing moves.
    const before = await cash();
    const demo = await member.call(
      'GET',
      `/wps/game/launchGame?nodeId=${TRANSFER_VENDOR}_diwata-coin-flip&mode=demo`,
    );
    expect(demo.body.value.url).toContain('mode=demo');
    // Our seamless wallet tells a transfer vendor whom a token names, but moves none of our cash for it.
    const secret = sandboxVendorSecret(world.testApp.config.appSecret, TRANSFER_VENDOR);
    const debit = await callWallet(
      world.testApp.app,
      'debit',
      {
        vendor: TRANSFER_VENDOR,
        currency: 'PHP',
        playerToken: url.searchParams.get('token'),
        roundId: 'diwata-r1',
        transactionId: 'diwata-d1',
        gameCode: 'diwata-hi-lo',
        amount: '1.00',
      },
      { secret },
    );
    expect(debit.status).toBe('ERROR');
    expect(await cash()).toBe(before);
  });

  it('launches in a transfer-wallet merchant without moving anything', async () => {
    await patchDemoSettings(world.testApp, { wallet: { mode: 'transfer' } });
    try {
      await member.call('POST', '/wps/v2/wallets/recall', { requestId: requestId() });
      const before = await cash();
      const launched = await member.call(
        'GET',
        `/wps/game/launchGame?nodeId=${TRANSFER_VENDOR}_diwata-coin-flip&mode=real`,
      );
      expect(launched.status).toBe(200);
      expect(await cash()).toBe(before);
      expect(await world.vendorBalance(memberId)).toBe(0n);
      const listed = await member.call('GET', '/wps/v2/wallets/merchant');
      expect(listed.body.value.isSingle).toBe(false);
      const balance = await member.call('GET', '/wps/v2/wallets/balance');
      expect(balance.body.value.total).toBe(balance.body.value.balance);
    } finally {
      await patchDemoSettings(world.testApp, { wallet: { mode: 'single' } });
    }
  });

  it("shows an operator the player's transfers, pending first", async () => {
    const session = await insertOperatorWithSession(world.testApp.database.db, {
      username: 'transfer-risk',
      merchantId: world.merchantId,
      roleId: 'admin',
      nowMs: Date.now(),
    });
    const operator = createBackOfficeClient(world.testApp.app);
    operator.token = session.token;
    await world.injectFaults(['drop']);
    const lost = await move('MAIN', TRANSFER_VENDOR, '1.50');
    expect(lost.body.value.status).toBe('PENDING');
    const listed = await operator.call('GET', `/bo/players/${memberId}/vendor-transfers`);
    expect(listed.status).toBe(200);
    const list = listed.body.value.list as { id: string; status: string }[];
    expect(list[0]).toMatchObject({
      id: lost.body.value.transferId,
      vassalage: TRANSFER_VENDOR,
      direction: 'in',
      amount: '1.50',
      status: 'pending',
      attempts: 0,
      settledAt: null,
    });
    expect(list.slice(1).every((row) => row.status !== 'pending')).toBe(true);
    await settleNow();
    const after = await operator.call('GET', `/bo/players/${memberId}/vendor-transfers`);
    expect(
      after.body.value.list.find((row: { id: string }) => row.id === lost.body.value.transferId),
    ).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
  });

  it('registers the settling job', () => {
    expect(world.testApp.app.jobs.definitions.map((definition) => definition.name)).toContain(
      'vendor-transfers.settle-pending',
    );
  });
});

/** A loopback port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function formatMinor(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}
