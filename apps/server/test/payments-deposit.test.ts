import { signRequest } from '@panalo/crypto/request-signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp, setDemoMainOrigin } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MERCHANT_NO = 'TEST-MERCHANT';
const SECRET = 'the-gateway-secret-of-this-test-0123456789';
const POLL_MS = 50;
const CALLBACK_WAIT_MS = 10_000;

let testApp: TestApp;
let sandbox: SandboxProcess;
let siteHost: string;
let token: string;
let memberId: string;
let merchantId: string;
let gcash: PaymentMethodRow;
let unreachable: PaymentMethodRow;

beforeAll(async () => {
  testApp = await createSeededApp();
  // The gateway calls back over HTTP, so the app listens, and the demo merchant's main origin is
  // its address: the notify and return addresses are built from that configuration alone.
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  siteHost = `127.0.0.1:${address.port}`;
  await setDemoMainOrigin(testApp, `http://${siteHost}`);
  sandbox = await startSandboxProcess('apps/pay-sandbox/src/main.ts', {
    PAY_SANDBOX_PORT: '0',
    PAY_SANDBOX_MERCHANTS: JSON.stringify([{ merchantNo: MERCHANT_NO, secret: SECRET }]),
    PAY_SANDBOX_CALLBACK_DELAY_MS: '50',
  });

  const player = createAccountsClient(testApp.app);
  expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
  token = player.token ?? '';
  const member = await testApp.database.db
    .selectFrom('members')
    .select(['id', 'merchant_id'])
    .where('account_key', '=', 'demo')
    .executeTakeFirstOrThrow();
  memberId = member.id;
  merchantId = member.merchant_id;
  const gateway = { baseUrl: sandbox.ready.url ?? '', merchantNo: MERCHANT_NO, secret: SECRET };
  gcash = await testApp.app.payments.createMethod({
    merchantId,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash', TY: 'GCash' },
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    playerDailyMaxMinor: 6_000_000n,
    gateway: { ...gateway, channel: 'GCASH' },
  });
  // A gateway whose address answers nothing: port 9 (discard) is closed on a test machine.
  unreachable = await testApp.app.payments.createMethod({
    merchantId,
    code: 'offline',
    kind: 'gateway',
    names: { EN: 'Offline' },
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    playerDailyMaxMinor: null,
    gateway: { ...gateway, baseUrl: 'http://127.0.0.1:9', channel: 'NONE' },
  });
});

afterAll(async () => {
  await sandbox.close();
  await testApp.close();
});

async function call(method: 'GET' | 'POST', url: string, body?: object, bearer: string | null = token) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { host: siteHost, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(body ? { payload: body } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in assertions.
  return { status: response.statusCode, body: response.json() as any };
}

async function cashMinor(): Promise<bigint> {
  return (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;
}

async function depositCredits(depositId: string): Promise<number> {
  const rows = await testApp.database.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('reference', '=', depositId)
    .where('code', '=', 'deposit')
    .execute();
  return rows.length;
}

async function waitForStatus(depositId: string, status: string) {
  const deadline = Date.now() + CALLBACK_WAIT_MS;
  for (;;) {
    const deposit = await testApp.app.payments.findDeposit(depositId);
    if (deposit?.status === status) return deposit;
    if (Date.now() > deadline) throw new Error(`deposit ${depositId} stayed ${deposit?.status}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function waitForCallbacks(depositId: string, count: number) {
  const deadline = Date.now() + CALLBACK_WAIT_MS;
  for (;;) {
    const rows = await testApp.database.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('deposit_id', '=', depositId)
      .orderBy('created_at')
      .execute();
    if (rows.length >= count) return rows.map((row) => row.outcome);
    if (Date.now() > deadline) throw new Error(`only ${rows.length} callbacks for ${depositId}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** What the payer's browser does on the gateway's page: press a button, follow the redirect. */
async function pressOnGatewayPage(payUrl: string, action: 'pay' | 'decline' | 'resend') {
  const response = await fetch(`${payUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

async function startDeposit(amount: string, methodId = gcash.id) {
  return call('POST', '/wps/payment/deposits?language=EN', { methodId, amount });
}

/** Sends a callback as a gateway would, signed with `secret` at `timestamp`. */
async function sendCallback(payload: object, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify({ merchantNo: MERCHANT_NO, ...payload });
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/pay/hosted/${gcash.id}/callback`,
    headers: {
      'content-type': 'application/json',
      'x-pay-timestamp': String(timestamp),
      'x-pay-signature': signRequest(options.secret ?? SECRET, timestamp, body),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { status: string } };
}

describe('deposits through a hosted gateway', () => {
  it('lists the enabled methods with their limits, to members only', async () => {
    const listed = await call('GET', '/wps/payment/methods?language=EN');
    expect(listed.body.value.list).toContainEqual(
      expect.objectContaining({
        code: 'gcash',
        kind: 'gateway',
        name: 'GCash',
        minAmount: '100.00',
        maxAmount: '50000.00',
      }),
    );
    expect((await call('GET', '/wps/payment/methods', undefined, null)).body.code).toBe('NOT_LOGGED_IN');
  });

  it('credits the player once when the payer pays, however often the gateway calls back', async () => {
    const before = await cashMinor();
    const started = await startDeposit('500');
    expect(started.body.success).toBe(true);
    const { deposit, payUrl } = started.body.value;
    expect(deposit).toMatchObject({ amount: '500.00', status: 'pending' });
    expect(payUrl.startsWith(sandbox.ready.url)).toBe(true);
    expect(await cashMinor()).toBe(before);

    const returnTo = await pressOnGatewayPage(payUrl, 'pay');
    expect(returnTo).toBe(`http://${siteHost}/member?page=depositv2&deposit=${deposit.id}`);
    const credited = await waitForStatus(deposit.id, 'credited');
    expect(credited.transfer_id).not.toBeNull();
    expect(await cashMinor()).toBe(before + 50_000n);

    await pressOnGatewayPage(payUrl, 'resend');
    await pressOnGatewayPage(payUrl, 'resend');
    expect(await waitForCallbacks(deposit.id, 3)).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await cashMinor()).toBe(before + 50_000n);
    expect(await depositCredits(deposit.id)).toBe(1);
    const shown = await call('GET', `/wps/payment/deposits/${deposit.id}?language=EN`);
    expect(shown.body.value).toMatchObject({ status: 'credited', payUrl: null });
  });

  it('closes the deposit without money when the payer declines', async () => {
    const before = await cashMinor();
    const { deposit, payUrl } = (await startDeposit('250.50')).body.value;
    await pressOnGatewayPage(payUrl, 'decline');
    await waitForStatus(deposit.id, 'failed');
    expect(await cashMinor()).toBe(before);
    expect(await depositCredits(deposit.id)).toBe(0);
  });

  it("refuses amounts outside the method's limits and beyond the player's daily total", async () => {
    const small = await startDeposit('99.99');
    expect(small.status).toBe(422);
    expect(small.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'minimum' } });
    expect((await startDeposit('50000.01')).body.value).toEqual({ limit: 'maximum' });
    // 500 + 250.50 today already; the daily limit is 60,000.
    expect((await startDeposit('50000')).body.success).toBe(true);
    expect((await startDeposit('10000')).body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'daily' },
    });
    expect((await startDeposit('1.234')).status).toBe(422);
    expect((await call('POST', '/wps/payment/deposits', { methodId: gcash.id, amount: 500 })).status).toBe(
      422,
    );
  });

  it('answers PAYMENT_UNAVAILABLE and closes the deposit when the gateway does not answer', async () => {
    const refused = await startDeposit('150', unreachable.id);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('PAYMENT_UNAVAILABLE');
    const last = await testApp.database.db
      .selectFrom('deposits')
      .select('status')
      .where('method_id', '=', unreachable.id)
      .executeTakeFirstOrThrow();
    expect(last.status).toBe('failed');
  });

  it('a trial account and an unknown method cannot deposit', async () => {
    const trial = await testApp.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: {},
    });
    const trialToken = trial.json().value.token as string;
    expect((await call('GET', '/wps/payment/methods', undefined, trialToken)).body.code).toBe(
      'TRIAL_ACCOUNT',
    );
    expect((await startDeposit('500', 'no-such-method')).body.code).toBe('NOT_FOUND');
  });
});

describe('gateway callbacks that must not be believed', () => {
  async function pendingDeposit(amount: string) {
    const { deposit } = (await startDeposit(amount)).body.value;
    const row = await testApp.app.payments.findDeposit(deposit.id);
    if (!row?.gateway_order_id) throw new Error('no gateway order');
    return row;
  }

  it('a bad signature, a stale timestamp, a wrong amount or currency and an unknown order change nothing', async () => {
    const deposit = await pendingDeposit('300');
    const paid = {
      orderId: deposit.id,
      gatewayOrderId: deposit.gateway_order_id,
      amount: '300.00',
      currency: 'PHP',
      status: 'PAID',
    };
    const before = await cashMinor();
    expect((await sendCallback(paid, { secret: 'not-the-secret' })).status).toBe(401);
    expect((await sendCallback(paid, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(401);
    expect((await sendCallback({ ...paid, amount: '3000.00' })).status).toBe(409);
    expect((await sendCallback({ ...paid, currency: 'USD' })).status).toBe(409);
    expect((await sendCallback({ ...paid, gatewayOrderId: 'PSBOTHER' })).status).toBe(409);
    expect((await sendCallback({ ...paid, orderId: 'no-such-deposit' })).status).toBe(404);
    expect((await sendCallback({ ...paid, amount: 300 })).status).toBe(400);
    expect(await cashMinor()).toBe(before);
    expect((await testApp.app.payments.findDeposit(deposit.id))?.status).toBe('pending');

    const outcomes = await testApp.database.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('method_id', '=', gcash.id)
      .orderBy('created_at', 'desc')
      .limit(7)
      .execute();
    expect(outcomes.map((row) => row.outcome).sort()).toEqual(
      ['bad_signature', 'malformed', 'mismatch', 'mismatch', 'mismatch', 'stale', 'unknown_order'].sort(),
    );
  });

  it('a replayed PAID credits once, and a PAID after FAILED still credits (the money did arrive)', async () => {
    const deposit = await pendingDeposit('400');
    const callback = {
      orderId: deposit.id,
      gatewayOrderId: deposit.gateway_order_id,
      amount: '400.00',
      currency: 'PHP',
    };
    const before = await cashMinor();
    expect((await sendCallback({ ...callback, status: 'FAILED' })).body.status).toBe('OK');
    expect((await testApp.app.payments.findDeposit(deposit.id))?.status).toBe('failed');
    const results = await Promise.all([
      sendCallback({ ...callback, status: 'PAID' }),
      sendCallback({ ...callback, status: 'PAID' }),
      sendCallback({ ...callback, status: 'PAID' }),
    ]);
    expect(results.map((result) => result.body.status)).toEqual(['OK', 'OK', 'OK']);
    expect((await testApp.app.payments.findDeposit(deposit.id))?.status).toBe('credited');
    expect(await cashMinor()).toBe(before + 40_000n);
    expect(await depositCredits(deposit.id)).toBe(1);
    // A FAILED after the credit is late news: the deposit stays credited.
    await sendCallback({ ...callback, status: 'FAILED' });
    expect((await testApp.app.payments.findDeposit(deposit.id))?.status).toBe('credited');
  });
});
