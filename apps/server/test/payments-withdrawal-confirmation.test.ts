import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { demoMerchantId, fund, memberIdOf } from './support/game-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MINUTE_MS = 60_000;
const TIMEOUT_MINUTES = 60;

let testApp: TestApp;
let nowMs = Date.now();
let merchantId: string;
let memberId: string;
let player: AccountsClient;
let payoutAccountId: string;
let operatorToken: string;
let proof: Buffer;
let fundCount = 0;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  memberId = await memberIdOf(testApp, 'demo');
  await patchDemoSettings(testApp, {
    withdrawal: {
      minAmount: '100.00',
      maxAmount: '50000.00',
      turnoverMultiplier: 0,
      confirmTimeoutMinutes: TIMEOUT_MINUTES,
    },
  });
  await testApp.app.members.setPaymentPassword(memberId, '246810');
  player = createAccountsClient(testApp.app, '203.0.113.71');
  expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
  const bound = await player.call('POST', '/wps/member/payoutAccounts', {
    kind: 'ewallet',
    provider: 'gcash',
    accountName: 'Juan Dela Cruz',
    accountNumber: '09171234567',
  });
  payoutAccountId = bound.body.value.id;
  operatorToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'cashier',
      merchantId,
      roleId: 'finance',
      nowMs,
    })
  ).token;
  proof = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#f0f0f0' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await testApp.close();
});

function operator(method: 'GET' | 'POST', url: string, body?: object) {
  return testApp.app
    .inject({
      method,
      url,
      headers: { authorization: `Bearer ${operatorToken}` },
      ...(body ? { payload: body } : {}),
    })
    .then((response) => ({ status: response.statusCode, headers: response.headers, body: response.json() }));
}

/** A withdrawal the member requested and an operator then marked paid. */
async function paidWithdrawal(amount: string): Promise<string> {
  await fund(testApp, memberId, 1_000_000n, `confirmation-fund-${++fundCount}`);
  const requested = await player.sealed('POST', '/wps/payment/withdrawals', {
    payoutAccountId,
    amount,
    paymentPassword: '246810',
  });
  expect(requested.body.value.confirmation).toBeNull();
  const id = requested.body.value.id as string;
  const paid = await operator('POST', `/bo/finance/withdrawals/${id}/paid`, { reason: 'Sent by GCash' });
  expect(paid.body.value).toMatchObject({ status: 'paid', confirmation: 'awaiting', receivedAmount: '0.00' });
  return id;
}

const confirm = (id: string, body: object) =>
  player.call('POST', `/wps/payment/withdrawals/${id}/confirmation`, body);

async function reportNotReceived(id: string, note: string | null, file: Buffer | null) {
  const boundary = `----panalo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (note !== null) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/wps/payment/withdrawals/${id}/notReceived?language=EN`,
    headers: {
      authorization: `Bearer ${player.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in assertions.
  return { status: response.statusCode, body: response.json() as any };
}

const withdrawalRow = (id: string) =>
  testApp.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function runAutoReceipt() {
  const job = testApp.app.jobs.definitions.find(
    (definition) => definition.name === 'payment.withdrawal-auto-receipt',
  );
  if (!job) throw new Error('the auto-receipt job is not registered');
  await job.handle({}, { jobId: 'test', retryCount: 0, signal: new AbortController().signal });
}

describe('withdrawal confirmation', () => {
  it('takes the received amount in parts, shows what remains, and closes when all has arrived', async () => {
    const id = await paidWithdrawal('500');
    const part = await confirm(id, { outcome: 'received', receivedAmount: '200' });
    expect(part.body.value).toMatchObject({
      confirmation: 'awaiting',
      receivedAmount: '200.00',
      remainingAmount: '300.00',
    });
    // The received amount only grows, and never past what was paid.
    expect((await confirm(id, { outcome: 'received', receivedAmount: '200' })).body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { receivedAmount: 'range' } },
    });
    expect((await confirm(id, { outcome: 'received', receivedAmount: '500.01' })).body.code).toBe(
      'VALIDATION',
    );
    expect((await confirm(id, { outcome: 'received' })).body.code).toBe('VALIDATION');
    expect((await confirm(id, { outcome: 'received', receivedAmount: 200 })).body.code).toBe('VALIDATION');
    const whole = await confirm(id, { outcome: 'fully_paid' });
    expect(whole.body.value).toMatchObject({
      confirmation: 'received',
      receivedAmount: '500.00',
      remainingAmount: '0.00',
      autoReceiptAt: null,
    });
    expect((await confirm(id, { outcome: 'fully_paid' })).body.code).toBe('CONFLICT');
    expect((await withdrawalRow(id)).confirmed_at?.getTime()).toBe(nowMs);
  });

  it('is only for paid withdrawals of the member themself', async () => {
    await fund(testApp, memberId, 100_000n, `confirmation-fund-${++fundCount}`);
    const open = await player.sealed('POST', '/wps/payment/withdrawals', {
      payoutAccountId,
      amount: '100',
      paymentPassword: '246810',
    });
    expect((await confirm(open.body.value.id, { outcome: 'fully_paid' })).body.code).toBe('CONFLICT');
    expect((await reportNotReceived(open.body.value.id, null, proof)).body.code).toBe('CONFLICT');
    await operator('POST', `/bo/finance/withdrawals/${open.body.value.id}/reject`, { reason: 'Test' });
    const stranger = createAccountsClient(testApp.app, '203.0.113.72');
    await stranger.logIn('agent', 'Agent1234');
    const id = await paidWithdrawal('150');
    const theirs = await stranger.call('POST', `/wps/payment/withdrawals/${id}/confirmation`, {
      outcome: 'fully_paid',
    });
    expect(theirs.body.code).toBe('NOT_FOUND');
    await confirm(id, { outcome: 'fully_paid' });
  });

  it('opens a case with a proof photo when the money did not arrive, which an operator resolves', async () => {
    const id = await paidWithdrawal('300');
    expect((await reportNotReceived(id, 'Nothing in my GCash', null)).body.code).toBe('MALFORMED');
    expect((await reportNotReceived(id, null, Buffer.from('not an image at all'))).body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { file: 'notAnImage' } },
    });
    expect((await reportNotReceived(id, 'x'.repeat(301), proof)).body.code).toBe('VALIDATION');
    // Nothing refused left the withdrawal changed.
    expect((await withdrawalRow(id)).confirmation).toBe('awaiting');
    const cashBefore = (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' }))
      .cashMinor;

    const reported = await reportNotReceived(id, 'Nothing in my GCash', proof);
    expect(reported.body.value).toMatchObject({ confirmation: 'not_received', caseStatus: 'open' });
    expect((await confirm(id, { outcome: 'fully_paid' })).body.code).toBe('CONFLICT');

    const cases = await operator('GET', '/bo/finance/withdrawals?caseStatus=open');
    expect(cases.body.value.list).toEqual([
      expect.objectContaining({
        id,
        status: 'paid',
        confirmation: 'not_received',
        caseStatus: 'open',
        caseNote: 'Nothing in my GCash',
        hasProof: true,
      }),
    ]);
    const photo = await testApp.app.inject({
      method: 'GET',
      url: `/bo/finance/withdrawals/${id}/proof`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(200);

    const resolved = await operator('POST', `/bo/finance/withdrawals/${id}/case/resolve`, {
      resolution: 'GCash confirmed the transfer reached the account',
    });
    expect(resolved.body.value).toMatchObject({
      caseStatus: 'resolved',
      caseResolvedBy: 'cashier',
      caseResolution: 'GCash confirmed the transfer reached the account',
    });
    expect(
      (await operator('POST', `/bo/finance/withdrawals/${id}/case/resolve`, { resolution: 'x' })).body.code,
    ).toBe('CONFLICT');
    expect((await operator('GET', '/bo/finance/withdrawals?caseStatus=open')).body.value.list).toEqual([]);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', id)
      .where('action', '=', 'withdrawal.case.resolve')
      .execute();
    expect(audit).toEqual([{ action: 'withdrawal.case.resolve', actor_name: 'cashier' }]);
    // A case moves no money: the payout had already left the ledger.
    expect((await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor).toBe(
      cashBefore,
    );
    const listed = await player.call('GET', '/wps/payment/withdrawals');
    expect(listed.body.value.list.find((item: { id: string }) => item.id === id)).toMatchObject({
      caseStatus: 'resolved',
      caseResolution: 'GCash confirmed the transfer reached the account',
    });
  });

  it("counts a payout as received once the merchant's timeout has passed without a word", async () => {
    const waiting = await paidWithdrawal('250');
    const partly = await paidWithdrawal('400');
    await confirm(partly, { outcome: 'received', receivedAmount: '100' });
    const disputed = await paidWithdrawal('120');
    await reportNotReceived(disputed, null, proof);
    const paidAt = (await withdrawalRow(waiting)).paid_at?.getTime() ?? 0;
    const listed = await player.call('GET', '/wps/payment/withdrawals');
    expect(listed.body.value.list.find((item: { id: string }) => item.id === waiting).autoReceiptAt).toBe(
      new Date(paidAt + TIMEOUT_MINUTES * MINUTE_MS).toISOString(),
    );
    const cashBefore = (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' }))
      .cashMinor;

    nowMs += (TIMEOUT_MINUTES - 1) * MINUTE_MS;
    await runAutoReceipt();
    expect((await withdrawalRow(waiting)).confirmation).toBe('awaiting');

    nowMs += 2 * MINUTE_MS;
    await runAutoReceipt();
    for (const id of [waiting, partly]) {
      const row = await withdrawalRow(id);
      expect([row.confirmation, row.received_minor, row.confirmed_at?.getTime()]).toEqual([
        'auto_received',
        row.amount_minor,
        nowMs,
      ]);
    }
    // A disputed payout stays with its case; a forced receipt refunds nothing.
    expect((await withdrawalRow(disputed)).confirmation).toBe('not_received');
    expect((await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor).toBe(
      cashBefore,
    );
    // Running again later confirms nothing more.
    const confirmedAtMs = nowMs;
    nowMs += MINUTE_MS;
    await runAutoReceipt();
    expect((await withdrawalRow(waiting)).confirmed_at?.getTime()).toBe(confirmedAtMs);
  });
});
