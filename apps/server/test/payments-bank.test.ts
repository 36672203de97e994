import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let player: AccountsClient;
let memberId: string;
let merchantId: string;
let bank: PaymentMethodRow;
let cashierToken: string;
let riskToken: string;
let receipt: Buffer;

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
  bank = await testApp.app.payments.createMethod({
    merchantId,
    code: 'bdo',
    kind: 'bank_transfer',
    names: { EN: 'BDO bank transfer' },
    minMinor: 50_000n,
    maxMinor: 10_000_000n,
    playerDailyMaxMinor: null,
    bankAccount: { bankName: 'BDO', accountName: 'Panalo Gaming Inc.', accountNumber: '001234567890' },
  });
  const nowMs = Date.now();
  cashierToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'cashier',
      merchantId,
      roleId: 'finance',
      nowMs,
    })
  ).token;
  riskToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'riskdesk',
      merchantId,
      roleId: 'risk',
      nowMs,
    })
  ).token;
  receipt = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#e8f0ff' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await testApp.close();
});

/** A multipart form as a browser sends it: text fields, then the one file. */
function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null,
) {
  const boundary = `----panalo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function submit(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null = {
    name: 'slip.png',
    type: 'image/png',
    data: receipt,
  },
) {
  const body = multipart(fields, file);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/wps/payment/deposits/bank?language=EN',
    headers: { authorization: `Bearer ${player.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in assertions.
  return { status: response.statusCode, body: response.json() as any };
}

async function operator(token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
  return response;
}

const cash = async () =>
  (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;

describe('bank transfer deposits', () => {
  it('takes the amount, the reference and a real image for review, and refuses anything less', async () => {
    const submitted = await submit({ methodId: bank.id, amount: '1500', reference: 'BDO-778899' });
    expect(submitted.body.value).toMatchObject({
      status: 'review',
      amount: '1500.00',
      reference: 'BDO-778899',
    });

    const fake = await submit(
      { methodId: bank.id, amount: '1500', reference: 'BDO-778899' },
      { name: 'slip.png', type: 'image/png', data: Buffer.from('not an image at all') },
    );
    expect(fake.status).toBe(422);
    expect((await submit({ methodId: bank.id, amount: '1500', reference: '?' })).body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { reference: 'format' } },
    });
    expect((await submit({ methodId: bank.id, amount: '499.99', reference: 'B1' })).body.code).toBe(
      'VALIDATION',
    );
    expect(
      (await submit({ methodId: bank.id, amount: '499.99', reference: 'BDO-12345' })).body,
    ).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'minimum' },
    });
    expect((await submit({ methodId: bank.id, amount: '1500', reference: 'BDO-12345' }, null)).status).toBe(
      400,
    );
    const rows = await testApp.database.db
      .selectFrom('deposits')
      .select('status')
      .where('method_id', '=', bank.id)
      .execute();
    expect(rows).toEqual([{ status: 'review' }]);
  });

  it('shows the receipt to finance staff only, and credits the player once on approval', async () => {
    const queue = await operator(cashierToken, 'GET', '/bo/finance/deposits');
    const item = queue.json().value.list[0];
    expect(item).toMatchObject({
      memberAccount: 'demo',
      methodName: 'BDO bank transfer',
      amount: '1500.00',
      hasReceipt: true,
    });

    const image = await operator(cashierToken, 'GET', `/bo/finance/deposits/${item.id}/receipt`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // Payment proofs never reach the public media path.
    const stored = await testApp.app.payments.findDeposit(item.id);
    const publicTry = await testApp.app.inject({
      method: 'GET',
      url: `/media/uploads/${stored?.receipt_path}`,
    });
    expect(publicTry.statusCode).toBe(404);

    const before = await cash();
    expect((await operator(riskToken, 'POST', `/bo/finance/deposits/${item.id}/approve`)).statusCode).toBe(
      403,
    );
    const approved = await operator(cashierToken, 'POST', `/bo/finance/deposits/${item.id}/approve`);
    expect(approved.json().value).toMatchObject({ status: 'credited', reviewedBy: 'cashier' });
    expect(await cash()).toBe(before + 150_000n);
    const again = await operator(cashierToken, 'POST', `/bo/finance/deposits/${item.id}/approve`);
    expect(again.json().code).toBe('CONFLICT');
    expect(await cash()).toBe(before + 150_000n);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', item.id)
      .execute();
    expect(audit).toEqual([{ action: 'deposit.approve' }]);
  });

  it('lets only one of a racing approval and rejection win, with the money to match', async () => {
    const { body } = await submit({ methodId: bank.id, amount: '800', reference: 'BDO-RACE-1' });
    const before = await cash();
    const [approve, reject] = await Promise.all([
      operator(cashierToken, 'POST', `/bo/finance/deposits/${body.value.id}/approve`),
      operator(cashierToken, 'POST', `/bo/finance/deposits/${body.value.id}/reject`, {
        reason: 'No such transfer',
      }),
    ]);
    const statuses = [approve.statusCode, reject.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const final = await testApp.app.payments.findDeposit(body.value.id);
    expect(await cash()).toBe(final?.status === 'credited' ? before + 80_000n : before);
  });
});

describe('manual adjustments', () => {
  it('credits and debits with a reason, once per request id, never below zero', async () => {
    const before = await cash();
    const adjust = (body: object, token = cashierToken) =>
      operator(token, 'POST', `/bo/players/${memberId}/adjustments`, {
        memberId,
        reason: 'Goodwill for a failed round',
        ...body,
      });
    const credited = await adjust({ direction: 'credit', amount: '250', requestId: 'adjust-0001' });
    expect(credited.json().value).toEqual({
      balance: ((before + 25_000n) / 100n).toString().concat('.00'),
      duplicate: false,
    });
    expect(
      (await adjust({ direction: 'credit', amount: '250', requestId: 'adjust-0001' })).json().value.duplicate,
    ).toBe(true);
    expect(await cash()).toBe(before + 25_000n);
    const tooMuch = await adjust({ direction: 'debit', amount: '99999999', requestId: 'adjust-0002' });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await adjust({ direction: 'debit', amount: '50', requestId: 'adjust-0003' })).statusCode).toBe(
      200,
    );
    expect(await cash()).toBe(before + 20_000n);
    expect(
      (await adjust({ direction: 'credit', amount: '1', requestId: 'adjust-0004' }, riskToken)).statusCode,
    ).toBe(403);
    expect(
      (await adjust({ direction: 'credit', amount: '1', requestId: 'adjust-0005', reason: '' })).statusCode,
    ).toBe(422);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'balance.adjust')
      .execute();
    expect(audit).toHaveLength(2);
  });
});
