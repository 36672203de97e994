import { signRequest } from '@panalo/crypto/request-signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueGame,
  demoMerchantId,
  fund,
  registerTestVendor,
  TEST_VENDOR_SECRET,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Vendors and payment gateways sign what they send, so a forged body stops at the signature. These
// bodies are signed with the right secret and carry bad contents, so that they reach the handlers
// behind the signature: NUL-bearing, wrong-typed, oversize and negative fields, one at a time, and
// bodies that are no JSON object. No answer is a server error.

const nowMs = Date.parse('2026-11-23T11:00:00Z');
const nowSeconds = nowMs / 1000;
const GATEWAY_SECRET = 'fuzz-gateway-secret';
let testApp: TestApp;
let failures: string[];

/** Each field's bad values; a field also goes missing. */
const BAD_VALUES: readonly unknown[] = [
  'a\u0000b',
  '\u0007',
  12_345,
  -1,
  1e308,
  true,
  null,
  {},
  ['x'],
  'x'.repeat(5_000),
  '1e400',
  '-1.00',
  '99999999999999.99',
  '0.001',
  '',
];

/** Bodies that are not a JSON object, or not JSON at all. */
const RAW_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"\\u0000"',
  '{"a":',
  '{"a":"\u0000"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}',
];

type Signed = { url: string; secret: string; timestampHeader: string; signatureHeader: string };

async function sendSigned(target: Signed, caseName: string, rawBody: string): Promise<void> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: target.url,
    headers: {
      'content-type': 'application/json',
      [target.timestampHeader]: String(nowSeconds),
      [target.signatureHeader]: signRequest(target.secret, nowSeconds, rawBody),
    },
    payload: rawBody,
  });
  if (response.statusCode >= 500) {
    failures.push(`${target.url} [${caseName}] ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

/** The base body, then each field missing and with each bad value, then the raw bodies. */
async function fuzzSigned(target: Signed, base: (index: number) => Record<string, unknown>): Promise<void> {
  let index = 0;
  const requests: Promise<void>[] = [sendSigned(target, 'base', JSON.stringify(base(index)))];
  for (const field of Object.keys(base(0))) {
    for (const value of [undefined, ...BAD_VALUES]) {
      index += 1;
      const body = { ...base(index), [field]: value };
      requests.push(
        sendSigned(target, `${field}=${JSON.stringify(value)?.slice(0, 20)}`, JSON.stringify(body)),
      );
    }
  }
  for (const raw of RAW_BODIES) requests.push(sendSigned(target, `raw ${raw.slice(0, 20)}`, raw));
  await Promise.all(requests);
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  failures = [];
  // A seeded app takes long to build on a busy machine.
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('signed callbacks with bad contents', () => {
  it('the seamless wallet and the draw reports answer in their protocol, never 500', async () => {
    const { app } = testApp;
    const merchantId = await demoMerchantId(testApp);
    await registerTestVendor(testApp, { vassalage: 'FUZZ', games: [catalogueGame('FUZZ1')] });
    await registerTestVendor(testApp, {
      vassalage: 'LOTT',
      games: [catalogueGame('LOTT1', { gameType: 'LOTT' })],
    });
    const game = await app.games.findGameByNodeId(merchantId, 'FUZZ_FUZZ1');
    if (!game) throw new Error('the fuzz vendor has no game');
    const member = await app.members.createMember({ merchantId, account: 'fuzzwallet', password: null });
    await fund(testApp, member.id, 10_000_000n, 'fuzz:wallet');
    const { session } = await app.members.startSession({
      member,
      policy: { idleMinutes: 600, absoluteMinutes: 720 },
      method: 'username',
      agentPage: false,
      passwordChangeRequired: false,
      ip: '127.0.0.1',
      country: null,
      userAgent: null,
    });
    const playerToken = await app.games.issueLaunchToken({
      merchantId,
      memberId: member.id,
      sessionId: session.id,
      game,
    });

    for (const action of ['authenticate', 'balance', 'debit', 'credit', 'rollback']) {
      await fuzzSigned(
        {
          url: `/wallet/v1/${action}`,
          secret: TEST_VENDOR_SECRET,
          timestampHeader: 'x-timestamp',
          signatureHeader: 'x-signature',
        },
        (index) => ({
          vendor: 'FUZZ',
          playerToken,
          playerId: member.id,
          currency: 'PHP',
          transactionId: `fz-${action}-${index}`,
          roundId: `fr-${index}`,
          gameCode: 'FUZZ1',
          amount: '1.00',
          refTransactionId: `fz-debit-${index}`,
        }),
      );
    }
    await fuzzSigned(
      {
        url: '/wallet/v1/draws',
        secret: TEST_VENDOR_SECRET,
        timestampHeader: 'x-timestamp',
        signatureHeader: 'x-signature',
      },
      (index) => ({
        vendor: 'LOTT',
        gameCode: 'LOTT1',
        numero: `2026112300${index}`,
        numbers: [1, 2, 3],
        drawnAt: '2026-11-23T10:59:00.000Z',
      }),
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('the payment callbacks answer in the gateway protocol, never 500', async () => {
    const { app } = testApp;
    const merchantId = await demoMerchantId(testApp);
    const method = await app.payments.createMethod({
      merchantId,
      code: 'gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: GATEWAY_SECRET, channel: 'GCASH' },
    });
    const member = await app.members.createMember({ merchantId, account: 'fuzzpay', password: null });
    const deposit = await app.payments.createDeposit({
      merchantId,
      memberId: member.id,
      method,
      currency: 'PHP',
      amountMinor: 100_000n,
      status: 'pending',
    });
    const signed = (path: string): Signed => ({
      url: `/pay/hosted/${method.id}/${path}`,
      secret: GATEWAY_SECRET,
      timestampHeader: 'x-pay-timestamp',
      signatureHeader: 'x-pay-signature',
    });
    await fuzzSigned(signed('callback'), (index) => ({
      orderId: deposit.id,
      gatewayOrderId: `g-${index}`,
      amount: '1000.00',
      currency: 'PHP',
      status: 'FAILED',
    }));
    await fuzzSigned(signed('payout-callback'), (index) => ({
      payoutId: `p-${index}`,
      gatewayPayoutId: `g-${index}`,
      amount: '1000.00',
      currency: 'PHP',
      status: 'PAID',
    }));
    expect(failures).toEqual([]);

    // A body that is no JSON, or one holding a NUL, is refused in the gateway's own answer shape
    // before anything is recorded (the envelope failed to serialise against it, a 500).
    const callbacksBefore = await countCallbacks();
    const url = `/pay/hosted/${method.id}/callback`;
    const text = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect([text.statusCode, text.json()]).toEqual([400, { status: 'ERROR', message: 'MALFORMED' }]);
    const rawBody = JSON.stringify({ orderId: `${deposit.id}\u0000`, amount: '1000.00', currency: 'PHP' });
    const nul = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-pay-timestamp': String(nowSeconds),
        'x-pay-signature': signRequest(GATEWAY_SECRET, nowSeconds, rawBody),
      },
      payload: rawBody,
    });
    expect([nul.statusCode, nul.json()]).toEqual([400, { status: 'ERROR', message: 'MALFORMED' }]);
    expect(await countCallbacks()).toBe(callbacksBefore);
  }, 120_000);
});

async function countCallbacks(): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('payment_callbacks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
