import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { demoMerchantId, fund, memberIdOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let merchantId: string;
let agent: AccountsClient;
let downline: AccountsClient;
let agentId: string;
let downlineId: string;
let subDownlineId: string;
let counter = 0;
const requestId = () => `transfer-request-${++counter}`;

beforeAll(async () => {
  testApp = await createSeededApp();
  merchantId = await demoMerchantId(testApp);
  agentId = await memberIdOf(testApp, 'agent');
  const members = testApp.app.members;
  downlineId = (
    await members.createMember({
      merchantId,
      account: 'downline1',
      password: 'Downline123',
      uplineId: agentId,
      type: 1,
    })
  ).id;
  subDownlineId = (
    await members.createMember({
      merchantId,
      account: 'subdown1',
      password: 'Subdown123',
      uplineId: downlineId,
    })
  ).id;
  await members.setPaymentPassword(agentId, '111222');
  await members.setPaymentPassword(downlineId, '333444');
  await fund(testApp, agentId, 100_000n, 'transfer-test-fund');
  agent = createAccountsClient(testApp.app, '203.0.113.61');
  expect((await agent.logIn('agent', 'Agent1234')).success).toBe(true);
  downline = createAccountsClient(testApp.app, '203.0.113.62');
  expect((await downline.logIn('downline1', 'Downline123')).success).toBe(true);
});

afterAll(async () => {
  await testApp.close();
});

const cash = async (memberId: string) =>
  (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;

function transfer(client: AccountsClient, body: Record<string, unknown>) {
  return client.sealed('POST', '/wps/member/transfers', { requestId: requestId(), ...body });
}

describe('transfers inside an agent tree', () => {
  it('moves cash from an agent to anyone in its tree, once per request id', async () => {
    const body = {
      direction: 'downline',
      account: 'downline1',
      amount: '250',
      paymentPassword: '111222',
      requestId: 'once-only-0001',
    };
    const first = await agent.sealed('POST', '/wps/member/transfers', body);
    expect(first.body.value).toEqual({ balance: '750.00', recipient: 'downline1', duplicate: false });
    const again = await agent.sealed('POST', '/wps/member/transfers', body);
    expect(again.body.value.duplicate).toBe(true);
    expect(await cash(downlineId)).toBe(25_000n);
    const deeper = await transfer(agent, {
      direction: 'downline',
      account: 'subdown1',
      amount: '50',
      paymentPassword: '111222',
    });
    expect(deeper.body.success).toBe(true);
    expect(await cash(subDownlineId)).toBe(5_000n);
    expect(await cash(agentId)).toBe(70_000n);
  });

  it('refuses someone outside the tree, a non-agent, a wrong payment password and more than the balance', async () => {
    const outside = await transfer(agent, {
      direction: 'downline',
      account: 'demo',
      amount: '1',
      paymentPassword: '111222',
    });
    expect(outside.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { account: 'This account is not in your team.' }, reasons: { account: 'notInTree' } },
    });
    const sub = createAccountsClient(testApp.app, '203.0.113.63');
    await sub.logIn('subdown1', 'Subdown123');
    await testApp.app.members.setPaymentPassword(subDownlineId, '555666');
    expect(
      (
        await transfer(sub, {
          direction: 'downline',
          account: 'demo',
          amount: '1',
          paymentPassword: '555666',
        })
      ).body.code,
    ).toBe('NON_AGENT');
    expect(
      (
        await transfer(agent, {
          direction: 'downline',
          account: 'downline1',
          amount: '1',
          paymentPassword: '000000',
        })
      ).body.code,
    ).toBe('PAYMENT_PASSWORD_INVALID');
    expect(
      (
        await transfer(agent, {
          direction: 'downline',
          account: 'downline1',
          amount: '700.01',
          paymentPassword: '111222',
        })
      ).body.code,
    ).toBe('INSUFFICIENT_FUNDS');
    const plain = await agent.call('POST', '/wps/member/transfers', {
      direction: 'upline',
      amount: '1',
      paymentPassword: '1',
      requestId: requestId(),
    });
    expect(plain.body.code).toBe('ENCRYPTION_REQUIRED');
    expect(await cash(agentId)).toBe(70_000n);
  });

  it('moves cash from a member to its direct upline, and refuses one without an upline', async () => {
    expect((await downline.call('GET', '/wps/member/upline')).body.value).toEqual({
      account: 'agent',
      isAgent: true,
    });
    const up = await transfer(downline, { direction: 'upline', amount: '100', paymentPassword: '333444' });
    expect(up.body.value).toMatchObject({ recipient: 'agent', balance: '150.00' });
    expect(await cash(agentId)).toBe(80_000n);
    const demo = createAccountsClient(testApp.app, '203.0.113.64');
    await demo.logIn('demo', 'Demo1234');
    await testApp.app.members.setPaymentPassword(await memberIdOf(testApp, 'demo'), '777888');
    expect(
      (await transfer(demo, { direction: 'upline', amount: '1', paymentPassword: '777888' })).body,
    ).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'NO_UPLINE' },
    });
    // Both sides' statements show the transfer.
    const statement = await testApp.app.wallet.listTransfers({
      merchantId,
      memberId: downlineId,
      currency: 'PHP',
      codes: ['transfer'],
      page: 1,
      pageSize: 10,
    });
    expect(statement.list.map((line) => line.amountMinor)).toEqual([-10_000n, 25_000n]);
  });

  it('counts wrong payment passwords together on transfers, withdrawals and the password change', async () => {
    const limited = createAccountsClient(testApp.app, '203.0.113.65');
    await limited.logIn('subdown1', 'Subdown123');
    const wrongTransfer = () =>
      transfer(limited, { direction: 'upline', amount: '1', paymentPassword: '000000' });
    const wrongChange = () =>
      limited.sealed('POST', '/wps/member/paymentPassword', {
        currentPassword: '000000',
        newPaymentPassword: '121212',
        confirmPaymentPassword: '121212',
      });
    const wrongWithdrawal = () =>
      limited.sealed('POST', '/wps/payment/withdrawals', {
        payoutAccountId: 'none',
        amount: '100',
        paymentPassword: '000000',
      });
    for (const attempt of [wrongTransfer, wrongChange, wrongWithdrawal, wrongTransfer, wrongChange]) {
      expect((await attempt()).body.code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    // The sixth attempt is refused even with the right password, on every page.
    const right = await transfer(limited, { direction: 'upline', amount: '1', paymentPassword: '555666' });
    expect(right.body.code).toBe('RATE_LIMITED');
    expect(right.headers['retry-after']).toBeDefined();
    expect((await wrongChange()).body.code).toBe('RATE_LIMITED');
    expect(await cash(subDownlineId)).toBe(5_000n);
  });

  it('clears the count of wrong payment passwords once a transfer goes through', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wrong = await transfer(downline, { direction: 'upline', amount: '1', paymentPassword: '000000' });
      expect(wrong.body.code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    const up = await transfer(downline, { direction: 'upline', amount: '1', paymentPassword: '333444' });
    expect(up.body.success).toBe(true);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wrong = await transfer(downline, { direction: 'upline', amount: '1', paymentPassword: '000000' });
      expect(wrong.body.code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    expect(
      (await transfer(downline, { direction: 'upline', amount: '1', paymentPassword: '333444' })).body
        .success,
    ).toBe(true);
  });
});
