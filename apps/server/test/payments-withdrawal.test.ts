import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { createFundedMember, type FundedMember } from './support/funded-member.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp, patchDemoSettings, setDemoMainOrigin } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MERCHANT_NO = 'TEST-MERCHANT';
const SECRET = 'the-gateway-secret-of-this-test-0123456789';
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** Simultaneous withdrawal requests of one member, under the payment password's failure limit. */
const BURST_SIZE = 4;

let testApp: TestApp;
let sandbox: SandboxProcess;
let siteHost: string;
let member: FundedMember;
let player: AccountsClient;
let memberId: string;
let merchantId: string;
let gcash: PaymentMethodRow;
let operatorToken: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  siteHost = `127.0.0.1:${address.port}`;
  // The payout's notify address is built from the merchant's main origin: this app's address.
  await setDemoMainOrigin(testApp, `http://${siteHost}`);
  sandbox = await startSandboxProcess('apps/pay-sandbox/src/main.ts', {
    PAY_SANDBOX_PORT: '0',
    PAY_SANDBOX_MERCHANTS: JSON.stringify([{ merchantNo: MERCHANT_NO, secret: SECRET }]),
    PAY_SANDBOX_CALLBACK_DELAY_MS: '50',
    PAY_SANDBOX_PAYOUT_DELAY_MS: '50',
  });
  // A member with no real name registered yet: the first payout account sets it.
  member = await createFundedMember(testApp, {
    account: 'payouts',
    password: 'Payout123',
    gateway: { baseUrl: sandbox.ready.url ?? '', merchantNo: MERCHANT_NO, secret: SECRET },
  });
  ({ player, memberId, merchantId, gcash } = member);
  operatorToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'cashier',
      merchantId,
      roleId: 'finance',
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(async () => {
  await sandbox.close();
  await testApp.close();
});

const balances = () => testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });

function operator(method: 'GET' | 'POST', url: string, body?: object) {
  return testApp.app
    .inject({
      method,
      url,
      headers: { host: siteHost, authorization: `Bearer ${operatorToken}` },
      ...(body ? { payload: body } : {}),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
}

async function bindAccount(accountName = 'Demo Player', accountNumber = '0917 123 4567') {
  return player.call('POST', '/wps/member/payoutAccounts', {
    kind: 'ewallet',
    provider: 'gcash',
    accountName,
    accountNumber,
  });
}

async function withdraw(payoutAccountId: string, amount: string, paymentPassword = '246810') {
  return player.sealed('POST', '/wps/payment/withdrawals', { payoutAccountId, amount, paymentPassword });
}

async function waitForWithdrawal(id: string, status: string) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const row = await testApp.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`withdrawal ${id} stayed ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe('payout accounts', () => {
  it('refuses an account name that the payee-name pattern of registration refuses', async () => {
    // The demo merchant's rule: letters, spaces, dots, apostrophes and hyphens, 2 to 50 of them.
    for (const accountName of ['<b>Demo</b> Player', 'Demo Player 2', 'D;', 'Demo'.padEnd(51, 'x')]) {
      expect((await bindAccount(accountName)).body).toMatchObject({
        code: 'VALIDATION',
        value: { reasons: { accountName: 'format' } },
      });
    }
    expect((await player.call('GET', '/wps/member/payoutAccounts')).body.value.list).toEqual([]);
    expect((await testApp.app.members.findById(memberId))?.payee_name).toBeNull();
  });

  it('sets the real name with the first account and refuses another name after', async () => {
    const first = await bindAccount();
    expect(first.body.value).toMatchObject({
      kind: 'ewallet',
      provider: 'GCASH',
      accountNumberMasked: '•••• 4567',
    });
    const member = await testApp.app.members.findById(memberId);
    expect(member?.payee_name).toBe('Demo Player');
    const other = await bindAccount('Someone Else', '09181234567');
    expect(other.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { accountName: 'payeeMismatch' } },
    });
    // The same name written differently is the same person.
    expect((await bindAccount('  demo   PLAYER ', '09181234567')).body.success).toBe(true);
    expect((await bindAccount('Demo Player', '0917-123-4567')).body.code).toBe('VALIDATION');
    expect(
      (
        await player.call('POST', '/wps/member/payoutAccounts', {
          kind: 'ewallet',
          provider: 'PAYPAL',
          accountName: 'Demo Player',
          accountNumber: '123456789',
        })
      ).body.code,
    ).toBe('VALIDATION');
  });
});

describe('withdrawals', () => {
  let accountId: string;

  beforeAll(async () => {
    accountId = (await player.call('GET', '/wps/member/payoutAccounts')).body.value.list[0].id;
  });

  it('needs a payment password, the right one, the turnover done and an amount in range', async () => {
    await member.creditDeposit(200_000n);
    expect((await withdraw(accountId, '500')).body.code).toBe('PAYMENT_PASSWORD_REQUIRED');
    const setPassword = (body: object) => player.sealed('POST', '/wps/member/paymentPassword', body);
    expect(
      (
        await setPassword({
          currentPassword: 'wrong',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246810',
        })
      ).body.code,
    ).toBe('BAD_CREDENTIALS');
    expect(
      (
        await setPassword({
          currentPassword: 'Payout123',
          newPaymentPassword: '24681',
          confirmPaymentPassword: '24681',
        })
      ).body.code,
    ).toBe('VALIDATION');
    expect(
      (
        await setPassword({
          currentPassword: 'Payout123',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246811',
        })
      ).body.code,
    ).toBe('VALIDATION');
    expect(
      (
        await setPassword({
          currentPassword: 'Payout123',
          newPaymentPassword: '135790',
          confirmPaymentPassword: '135790',
        })
      ).body.success,
    ).toBe(true);
    // Once set, changing it takes the current payment password, not the login one.
    expect(
      (
        await setPassword({
          currentPassword: 'Payout123',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246810',
        })
      ).body.code,
    ).toBe('PAYMENT_PASSWORD_INVALID');
    expect(
      (
        await setPassword({
          currentPassword: '135790',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246810',
        })
      ).body.success,
    ).toBe(true);
    expect((await withdraw(accountId, '500', 'wrong')).body.code).toBe('PAYMENT_PASSWORD_INVALID');

    const overview = await player.call('GET', '/wps/payment/withdrawals/overview');
    expect(overview.body.value).toMatchObject({
      minAmount: '100.00',
      balance: '2000.00',
      // The balance is there, but no request is taken before the turnover is done.
      withdrawable: '0.00',
      turnoverLeft: '2000.00',
      hasPaymentPassword: true,
      hasOpenWithdrawal: false,
    });
    const refused = await withdraw(accountId, '500');
    expect(refused.body).toMatchObject({ code: 'TURNOVER_REQUIRED', value: { turnoverLeftMinor: '200000' } });

    await member.wager(150_000n);
    expect((await withdraw(accountId, '100')).body.code).toBe('TURNOVER_REQUIRED');
    await member.wager(50_000n);
    expect((await withdraw(accountId, '99.99')).body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'minimum' },
    });
    expect((await withdraw(accountId, '50000.01')).body.value).toEqual({ limit: 'maximum' });
    expect((await withdraw('not-mine', '100')).body.code).toBe('NOT_FOUND');
    expect(
      (
        await player.call('POST', '/wps/payment/withdrawals', {
          payoutAccountId: accountId,
          amount: '100',
          paymentPassword: '246810',
        })
      ).body.code,
    ).toBe('ENCRYPTION_REQUIRED');
  });

  it('holds the amount, refuses a second request and more than the balance, and gives it back when refused', async () => {
    // 2,000 deposited, 2,000 wagered: the balance is zero; another deposit without turnover is due.
    await patchDemoSettings(testApp, {
      withdrawal: { minAmount: '100.00', maxAmount: '50000.00', turnoverMultiplier: 0 },
    });
    await member.creditDeposit(100_000n);
    expect((await withdraw(accountId, '1000.01')).body.code).toBe('INSUFFICIENT_FUNDS');
    const requested = await withdraw(accountId, '600');
    expect(requested.body.value).toMatchObject({ status: 'review', amount: '600.00' });
    expect((await balances()).cashMinor).toBe(40_000n);
    // The open withdrawal holds its amount, and no second request is taken while it is open.
    expect((await player.call('GET', '/wps/payment/withdrawals/overview')).body.value).toMatchObject({
      balance: '400.00',
      withdrawable: '0.00',
      hasOpenWithdrawal: true,
    });
    expect((await withdraw(accountId, '100')).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'WITHDRAWAL_OPEN' },
    });

    const queue = await operator('GET', '/bo/finance/withdrawals');
    expect(queue.body.value.list.map((item: { id: string }) => item.id)).toContain(requested.body.value.id);
    const rejected = await operator('POST', `/bo/finance/withdrawals/${requested.body.value.id}/reject`, {
      reason: 'Name does not match the bank',
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reviewedBy: 'cashier' });
    expect((await balances()).cashMinor).toBe(100_000n);
    expect((await player.call('GET', '/wps/payment/withdrawals/overview')).body.value).toMatchObject({
      balance: '1000.00',
      withdrawable: '1000.00',
    });
    // Above one withdrawal's maximum, a request takes the maximum.
    await patchDemoSettings(testApp, {
      withdrawal: { minAmount: '100.00', maxAmount: '800.00', turnoverMultiplier: 0 },
    });
    expect((await player.call('GET', '/wps/payment/withdrawals/overview')).body.value.withdrawable).toBe(
      '800.00',
    );
    await patchDemoSettings(testApp, {
      withdrawal: { minAmount: '100.00', maxAmount: '50000.00', turnoverMultiplier: 0 },
    });
    // Deciding twice is a conflict, and changes nothing.
    const again = await operator('POST', `/bo/finance/withdrawals/${requested.body.value.id}/reject`, {
      reason: 'x',
    });
    expect(again.body.code).toBe('CONFLICT');
    expect((await balances()).cashMinor).toBe(100_000n);
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', requested.body.value.id)
      .execute();
    expect(audit).toEqual([{ action: 'withdrawal.reject', actor_name: 'cashier' }]);
  });

  it('pays out through the gateway: the held amount leaves the ledger when the gateway says PAID', async () => {
    const requested = await withdraw(accountId, '300');
    const id = requested.body.value.id;
    expect((await balances()).cashMinor).toBe(70_000n);
    const paying = await operator('POST', `/bo/finance/withdrawals/${id}/payout`, { methodId: gcash.id });
    expect(paying.body.value.status).toBe('paying');
    const paid = await waitForWithdrawal(id, 'paid');
    expect(paid.gateway_payout_id).toMatch(/^PSP/);
    expect((await balances()).cashMinor).toBe(70_000n);
    // The status moves first (the guard against a second delivery), the ledger right after.
    await expect
      .poll(
        async () =>
          (
            await testApp.database.db
              .selectFrom('ledger_holds')
              .select('status')
              .where('idempotency_key', '=', `withdrawal:${id}`)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: WAIT_MS },
      )
      .toBe('captured');
    const listed = await player.call('GET', '/wps/payment/withdrawals');
    expect(listed.body.value.list[0]).toMatchObject({
      id,
      status: 'paid',
      amount: '300.00',
      confirmation: 'awaiting',
      remainingAmount: '300.00',
    });
  });

  it('gives the amount back when the gateway reports the payout failed', async () => {
    // The sandbox fails payouts to account numbers ending in 0000.
    const failing = await bindAccount('Demo Player', '09170000000');
    const requested = await withdraw(failing.body.value.id, '200');
    expect((await balances()).cashMinor).toBe(50_000n);
    await operator('POST', `/bo/finance/withdrawals/${requested.body.value.id}/payout`, {
      methodId: gcash.id,
    });
    await waitForWithdrawal(requested.body.value.id, 'failed');
    await expect.poll(async () => (await balances()).cashMinor, { timeout: WAIT_MS }).toBe(70_000n);
  });

  it('can be marked paid by hand, and an operator without finance.write cannot decide', async () => {
    const requested = await withdraw(accountId, '100');
    const risk = await insertOperatorWithSession(testApp.database.db, {
      username: 'riskdesk',
      merchantId,
      roleId: 'risk',
      nowMs: Date.now(),
    });
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/bo/finance/withdrawals/${requested.body.value.id}/paid`,
      headers: { authorization: `Bearer ${risk.token}` },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const paid = await operator('POST', `/bo/finance/withdrawals/${requested.body.value.id}/paid`, {
      reason: 'Paid over the counter',
    });
    expect(paid.body.value.status).toBe('paid');
    expect((await balances()).cashMinor).toBe(60_000n);
    // The two deposits above, both credited, were all the money the member had.
    const deposits = await testApp.database.db
      .selectFrom('deposits')
      .select('status')
      .where('member_id', '=', memberId)
      .execute();
    expect(deposits.map((deposit) => deposit.status)).toEqual(['credited', 'credited']);
  });

  it('opens one withdrawal of a burst of simultaneous requests and refuses the others as already open', async () => {
    expect((await balances()).cashMinor).toBe(60_000n);
    const burst = await Promise.all(Array.from({ length: BURST_SIZE }, () => withdraw(accountId, '100')));
    const opened = burst.filter((reply) => reply.body.success);
    expect(opened).toHaveLength(1);
    for (const reply of burst.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'WITHDRAWAL_OPEN' } });
    }
    const open = await testApp.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', 'in', ['review', 'paying'])
      .execute();
    expect(open.map((row) => row.id)).toEqual([opened[0]?.body.value.id]);
    // Whatever a refused request held is given back: only the open withdrawal's amount is out of play.
    expect(await balances()).toMatchObject({ cashMinor: 50_000n });
    const held = await testApp.database.db
      .selectFrom('ledger_holds')
      .select('idempotency_key')
      .where('member_id', '=', memberId)
      .where('status', '=', 'held')
      .execute();
    expect(held.map((row) => row.idempotency_key)).toEqual([`withdrawal:${opened[0]?.body.value.id}`]);
  });
});
