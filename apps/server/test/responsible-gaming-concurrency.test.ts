import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { callWallet, catalogueGame, fund, registerTestVendor, tokenOf } from './support/game-fixtures.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import {
  startTransferWorld,
  TRANSFER_VENDOR,
  type TransferWorld,
} from './support/transfer-vendor-fixtures.ts';

/**
 * Responsible-gaming limits under simultaneous requests (issue 13, item 3): a limit holds
 * whatever the interleaving, on every path money takes (deposits through a gateway and by bank
 * transfer, our games' bets, vendors' seamless debits, moves into a transfer-wallet vendor).
 * The app keeps the real clock: the database stamps deposits and ledger transfers itself, and
 * the limits' periods must be the days those stamps fall in.
 */

const BURST = 40;
const DEPOSIT_BURST = 30;
const MERCHANT_NO = 'RG-BURST';
const GATEWAY_SECRET = 'the-gateway-secret-of-the-burst-0123456789';

type Player = { client: AccountsClient; memberId: string; merchantId: string };

let registered = 0;
/** A fresh member, logged in: each test's limits are its own. */
async function newPlayer(testApp: TestApp, prefix: string): Promise<Player> {
  registered += 1;
  const username = `${prefix}${registered}burst`;
  const client = createAccountsClient(testApp.app, `198.51.100.${registered + 10}`);
  const reply = await client.sealed('PUT', '/wps/member/register', {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    registerMethod: 'WEB',
  });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  client.token = reply.body.value.token;
  const member = await testApp.database.db
    .selectFrom('members')
    .select(['id', 'merchant_id'])
    .where('account_key', '=', username)
    .executeTakeFirstOrThrow();
  return { client, memberId: member.id, merchantId: member.merchant_id };
}

async function setLimit(player: Player, kind: 'deposit' | 'loss', value: string): Promise<void> {
  const reply = await player.client.call('PUT', '/wps/member/responsibleGaming/limit', {
    kind,
    period: 'day',
    value,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** What the member's daily loss limit has used today, as the limits page shows it (minor units). */
async function lossToday(testApp: TestApp, player: Player): Promise<bigint> {
  const overview = await testApp.app.responsibleGaming.getOverview(player);
  const limit = overview.limits.find((row) => row.kind === 'loss' && row.period === 'day');
  if (!limit) throw new Error('no daily loss limit');
  return limit.used;
}

describe('limits under a burst of simultaneous requests', () => {
  let testApp: TestApp;
  let payments: SandboxProcess;
  let gateway: PaymentMethodRow;
  let bank: PaymentMethodRow;
  let receipt: Buffer;

  beforeAll(async () => {
    testApp = await createSeededApp();
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    await registerTestVendor(testApp, { vassalage: 'RGB', games: [catalogueGame('slot-1')] });
    payments = await startSandboxProcess('apps/pay-sandbox/src/main.ts', {
      PAY_SANDBOX_PORT: '0',
      PAY_SANDBOX_MERCHANTS: JSON.stringify([{ merchantNo: MERCHANT_NO, secret: GATEWAY_SECRET }]),
      PAY_SANDBOX_CALLBACK_DELAY_MS: '60000',
    });
    const merchant = await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    gateway = await testApp.app.payments.createMethod({
      merchantId: merchant.id,
      code: 'burstgcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: {
        baseUrl: payments.ready.url ?? '',
        merchantNo: MERCHANT_NO,
        secret: GATEWAY_SECRET,
        channel: 'GCASH',
      },
    });
    bank = await testApp.app.payments.createMethod({
      merchantId: merchant.id,
      code: 'burstbdo',
      kind: 'bank_transfer',
      names: { EN: 'BDO bank transfer' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      bankAccount: { bankName: 'BDO', accountName: 'Panalo Gaming Inc.', accountNumber: '001234567890' },
    });
    receipt = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#e8f0ff' } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(async () => {
    await payments?.close();
    await testApp?.close();
  });

  it('thirty simultaneous ₱500 gateway deposits under a ₱1,000 daily limit: two orders open, the rest are refused', async () => {
    const player = await newPlayer(testApp, 'dep');
    await setLimit(player, 'deposit', '1000');
    const replies = await Promise.all(
      Array.from({ length: DEPOSIT_BURST }, () =>
        player.client.call('POST', '/wps/payment/deposits', { methodId: gateway.id, amount: '500.00' }),
      ),
    );
    const opened = replies.filter((reply) => reply.status === 200);
    expect(opened.length).toBe(2);
    for (const reply of replies.filter((each) => each.status !== 200)) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'responsible' } });
    }
    const recorded = await testApp.database.db
      .selectFrom('deposits')
      .select('id')
      .where('member_id', '=', player.memberId)
      .where('status', 'in', ['pending', 'review', 'credited'])
      .execute();
    expect(recorded.length).toBe(2);
  });

  it('thirty simultaneous ₱500 bank-transfer deposits under a ₱1,000 daily limit: two go to review', async () => {
    const player = await newPlayer(testApp, 'bank');
    await setLimit(player, 'deposit', '1000');
    const submit = (index: number) => {
      const boundary = `----burst${index}`;
      const field = (name: string, value: string) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      const payload = Buffer.concat([
        field('methodId', bank.id),
        field('amount', '500.00'),
        field('reference', `BDO-${index}`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        receipt,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return testApp.app.inject({
        method: 'POST',
        url: '/wps/payment/deposits/bank?language=EN',
        headers: {
          authorization: `Bearer ${player.client.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    };
    const replies = await Promise.all(Array.from({ length: DEPOSIT_BURST }, (_, index) => submit(index)));
    const accepted = replies.filter((reply) => reply.statusCode === 200);
    expect(accepted.length).toBe(2);
    for (const reply of replies.filter((each) => each.statusCode !== 200)) {
      expect(reply.json()).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'responsible' } });
    }
  });

  it('forty simultaneous ₱50 bets at our dice table under a ₱100 daily loss limit never lose more than ₱100', async () => {
    const player = await newPlayer(testApp, 'dice');
    await fund(testApp, player.memberId, 500_000n, `rg-burst-dice-${player.memberId}`);
    await setLimit(player, 'loss', '100');
    const launched = await player.client.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const token = tokenOf(launched.body.value.url);
    const call = async (url: string, payload: object, headers: Record<string, string> = {}) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
        payload: JSON.stringify(payload),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const opened = await call('/wps/game/house/open', { mode: 'real', token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // A bet that almost never wins: each one taken adds about its stake to the day's loss.
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        call(
          '/wps/game/house/bet',
          { requestId: `burst-bet-${index}`, stake: '50.00', direction: 'under', target: '2.00' },
          { 'x-game-token': token },
        ),
      ),
    );
    const taken = replies.filter((reply) => reply.status === 200);
    expect(taken.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies.filter((each) => each.status !== 200)) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'loss' } });
    }
    expect(await lossToday(testApp, player)).toBeLessThanOrEqual(10_000n);
  });

  it('forty simultaneous ₱50 vendor debits on /wallet/v1 under a ₱100 daily loss limit: two are taken', async () => {
    const player = await newPlayer(testApp, 'vendor');
    await fund(testApp, player.memberId, 500_000n, `rg-burst-vendor-${player.memberId}`);
    await setLimit(player, 'loss', '100');
    const launched = await player.client.call('GET', '/wps/game/launchGame?nodeId=RGB_slot-1&mode=real');
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const base = {
      vendor: 'RGB',
      playerToken: tokenOf(launched.body.value.url),
      currency: 'PHP',
      gameCode: 'slot-1',
      amount: '50.00',
    };
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        callWallet(testApp.app, 'debit', {
          ...base,
          transactionId: `rg-burst-${index}`,
          roundId: `rg-burst-round-${index}`,
        }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 'OK').length).toBe(2);
    expect(replies.filter((reply) => reply.status === 'ERROR').length).toBe(BURST - 2);
    expect(await lossToday(testApp, player)).toBe(10_000n);
  });
});

describe('a transfer-wallet vendor under the loss limit', () => {
  let world: TransferWorld;

  beforeAll(async () => {
    world = await startTransferWorld();
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });

  const move = (player: Player, from: string, to: string, amount: string, requestId: string) =>
    player.client.call('POST', '/wps/v2/wallets/transfer', { from, to, amount, requestId });

  it('counts what goes out to the vendor towards the loss limit, and refuses a burst past it', async () => {
    const player = await newPlayer(world.testApp, 'diwata');
    await fund(world.testApp, player.memberId, 500_000n, `rg-burst-diwata-${player.memberId}`);
    await setLimit(player, 'loss', '100');
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        move(player, 'MAIN', TRANSFER_VENDOR, '50.00', `rg-out-${player.memberId}-${index}`),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200).length).toBe(2);
    for (const reply of replies.filter((each) => each.status !== 200)) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'loss' } });
    }
    expect(await lossToday(world.testApp, player)).toBe(10_000n);
    // Under the burst's load a move may still be unconfirmed (the job settles it): its money has
    // left the main wallet all the same, and counts.
    for (const reply of replies.filter((each) => each.status === 200)) {
      expect(['DONE', 'PENDING']).toContain(reply.body.value.status);
    }
  });

  it('counts money brought home from the vendor back, so the limit leaves room again', async () => {
    const player = await newPlayer(world.testApp, 'netted');
    await fund(world.testApp, player.memberId, 500_000n, `rg-netted-${player.memberId}`);
    await setLimit(player, 'loss', '100');
    const id = (step: string) => `rg-${step}-${player.memberId}`;
    expect((await move(player, 'MAIN', TRANSFER_VENDOR, '100.00', id('out'))).body.value).toMatchObject({
      status: 'DONE',
    });
    const full = await move(player, 'MAIN', TRANSFER_VENDOR, '1.00', id('full'));
    expect(full.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'loss', remaining: '0.00' } });
    // ₱40 home leaves room for ₱40 more, not ₱41.
    expect((await move(player, TRANSFER_VENDOR, 'MAIN', '40.00', id('home'))).status).toBe(200);
    expect(await lossToday(world.testApp, player)).toBe(6_000n);
    const over = await move(player, 'MAIN', TRANSFER_VENDOR, '41.00', id('over'));
    expect(over.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'loss', remaining: '40.00' } });
    expect((await move(player, 'MAIN', TRANSFER_VENDOR, '40.00', id('again'))).status).toBe(200);
    expect(await lossToday(world.testApp, player)).toBe(10_000n);
  });

  it('a launch in a one-wallet merchant moves only what the loss limit leaves to the vendor', async () => {
    const player = await newPlayer(world.testApp, 'launch');
    await fund(world.testApp, player.memberId, 100_000n, `rg-launch-${player.memberId}`);
    await setLimit(player, 'loss', '100');
    const launched = await player.client.call(
      'GET',
      `/wps/game/launchGame?nodeId=${TRANSFER_VENDOR}_diwata-hi-lo&mode=real`,
    );
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(await world.vendorBalance(player.memberId)).toBe(10_000n);
    expect(await lossToday(world.testApp, player)).toBe(10_000n);
    const cash = await world.testApp.app.wallet.getBalances({
      merchantId: player.merchantId,
      memberId: player.memberId,
      currency: 'PHP',
    });
    expect(cash.cashMinor).toBe(90_000n);
  });

  it('refuses a move out to the vendor during a break, and still lets money come home', async () => {
    const player = await newPlayer(world.testApp, 'pause');
    await fund(world.testApp, player.memberId, 100_000n, `rg-pause-${player.memberId}`);
    expect(
      (await move(player, 'MAIN', TRANSFER_VENDOR, '30.00', `rg-pause-out-${player.memberId}`)).status,
    ).toBe(200);
    const paused = await player.client.call('POST', '/wps/member/responsibleGaming/break', {
      kind: 'break_1d',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    // The break ended the member's sessions; a move made with a status read before it began (a
    // request already past its session check) is refused by the limits' own check.
    const merchant = { id: player.merchantId, currency: 'PHP' };
    const member = { id: player.memberId, status: 'active' };
    await expect(
      world.testApp.app.vendorTransfers.transfer(merchant, member, {
        from: 'MAIN',
        to: TRANSFER_VENDOR,
        amountMinor: 1_000n,
        requestId: `rg-pause-late-${player.memberId}`,
      }),
    ).rejects.toMatchObject({ code: 'SELF_EXCLUDED' });
    const home = await world.testApp.app.vendorTransfers.transfer(merchant, member, {
      from: TRANSFER_VENDOR,
      to: 'MAIN',
      amountMinor: 3_000n,
      requestId: `rg-pause-home-${player.memberId}`,
    });
    expect(home.status).toBe('DONE');
  });
});
