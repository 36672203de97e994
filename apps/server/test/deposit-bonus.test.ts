import { signRequest } from '@panalo/crypto/request-signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import {
  memberAt,
  operatorOf,
  promotionBody,
  publishPromotion,
  TERMS,
} from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-04-02T03:00:00Z');
const DAY_MS = 86_400_000;
const yesterday = new Date(NOW - DAY_MS);
const MERCHANT_NO = 'BONUS-MERCHANT';
const SECRET = 'the-gateway-secret-of-the-bonus-test-0123456789';

let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;
let gcash: PaymentMethodRow;
let maya: PaymentMethodRow;
let bank: PaymentMethodRow;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  merchantId = await demoMerchantId(testApp);
  owner = await operatorOf(testApp, { username: 'bonus_owner', merchantId, roleId: 'owner', nowMs: NOW });
  // The gateway's address is never called: deposits are recorded as the deposit call records
  // them, and the gateway's signed callbacks are sent as the gateway sends them.
  const gateway = { baseUrl: 'http://127.0.0.1:9', merchantNo: MERCHANT_NO, secret: SECRET };
  const limits = { minMinor: 100n, maxMinor: 10_000_000n, playerDailyMaxMinor: null };
  gcash = await testApp.app.payments.createMethod({
    merchantId,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash' },
    ...limits,
    gateway: { ...gateway, channel: 'GCASH' },
  });
  maya = await testApp.app.payments.createMethod({
    merchantId,
    code: 'maya',
    kind: 'gateway',
    names: { EN: 'Maya' },
    ...limits,
    gateway: { ...gateway, channel: 'MAYA' },
  });
  bank = await testApp.app.payments.createMethod({
    merchantId,
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank' },
    ...limits,
  });
});

afterAll(async () => {
  await testApp?.close();
});

const RULES = { percent: '50.00', cap: '300.00', minDeposit: '100.00', which: 'any' };

async function depositBonus(rules: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  return publishPromotion(
    owner,
    promotionBody(yesterday, {
      type: 'DEPOSIT',
      kind: 'deposit_bonus',
      rules: { ...RULES, ...rules },
      ...overrides,
    }),
  );
}

/** A member who joined the promotions given, registered yesterday. */
async function joinedMember(...promotionIds: string[]) {
  const member = await memberAt(testApp, merchantId, yesterday);
  for (const id of promotionIds) {
    const joined = await member.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(joined.body.value.state).toBe('JOINED');
  }
  return member;
}

/** A gateway deposit paid: recorded pending, then the gateway's signed PAID callback. */
async function payByGateway(memberId: string, amount: string, method = gcash) {
  const deposit = await testApp.app.payments.createDeposit({
    merchantId,
    memberId,
    method,
    currency: 'PHP',
    amountMinor: BigInt(Math.round(Number(amount) * 100)),
    status: 'pending',
  });
  const answer = await sendPaid(method, deposit.id, amount);
  expect(answer).toEqual({ status: 200, body: { status: 'OK' } });
  return deposit.id;
}

async function sendPaid(method: PaymentMethodRow, depositId: string, amount: string) {
  const body = JSON.stringify({
    merchantNo: MERCHANT_NO,
    orderId: depositId,
    gatewayOrderId: `GW-${depositId}`,
    amount,
    currency: 'PHP',
    status: 'PAID',
  });
  const timestamp = Math.floor(NOW / 1000);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/pay/hosted/${method.id}/callback`,
    headers: {
      'content-type': 'application/json',
      'x-pay-timestamp': String(timestamp),
      'x-pay-signature': signRequest(SECRET, timestamp, body),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { status: string } };
}

async function bonusesOf(memberId: string) {
  return testApp.database.db
    .selectFrom('member_bonuses')
    .select(['amount_minor', 'deposit_minor', 'wagering_required_minor', 'status', 'promotion_id'])
    .where('member_id', '=', memberId)
    .orderBy('granted_at')
    .orderBy('id')
    .execute();
}

async function balancesOf(memberId: string) {
  return testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
}

async function stateOf(
  client: { call: (m: 'GET', u: string) => Promise<{ body: { value?: unknown } }> },
  id: string,
) {
  return (await client.call('GET', `/wps/promotion/detail?id=${id}`)).body.value as {
    state: string;
    entry: { status: string; amount: string | null } | null;
    bonus: { amount: string; depositAmount: string | null } | null;
  };
}

describe('a deposit bonus', () => {
  it('grants percent × deposit on the qualifying deposit, with the deposit credited in the same step', async () => {
    const id = await depositBonus();
    const member = await joinedMember(id);
    await payByGateway(member.id, '400.00');
    expect(await balancesOf(member.id)).toEqual({ cashMinor: 40_000n, bonusMinor: 20_000n });
    expect(await bonusesOf(member.id)).toEqual([
      {
        amount_minor: 20_000n,
        deposit_minor: 40_000n,
        wagering_required_minor: 100_000n,
        status: 'active',
        promotion_id: id,
      },
    ]);
    expect(await stateOf(member.client, id)).toMatchObject({
      state: 'PROCESS',
      entry: { status: 'issued', amount: '200.00' },
      bonus: { amount: '200.00', depositAmount: '400.00' },
    });
  });

  it('grants at most its cap, and counts the deposit in wagering when its terms say so', async () => {
    const id = await depositBonus({}, { bonusTerms: { ...TERMS, includeDeposit: true } });
    const member = await joinedMember(id);
    await payByGateway(member.id, '1000.00');
    expect(await bonusesOf(member.id)).toMatchObject([
      { amount_minor: 30_000n, deposit_minor: 100_000n, wagering_required_minor: 5n * 130_000n },
    ]);
  });

  it('ignores a deposit below the minimum and grants on the next one that meets it', async () => {
    const id = await depositBonus();
    const member = await joinedMember(id);
    await payByGateway(member.id, '99.99');
    expect(await bonusesOf(member.id)).toEqual([]);
    expect((await stateOf(member.client, id)).state).toBe('JOINED');
    await payByGateway(member.id, '100.00');
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 5_000n }]);
  });

  it("grants a first-deposit bonus on the member's first credited deposit only", async () => {
    const id = await depositBonus({ which: 'first' });
    const fresh = await joinedMember(id);
    await payByGateway(fresh.id, '200.00');
    expect(await bonusesOf(fresh.id)).toMatchObject([{ amount_minor: 10_000n }]);

    const deposited = await memberAt(testApp, merchantId, yesterday);
    await payByGateway(deposited.id, '200.00');
    await deposited.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    await payByGateway(deposited.id, '200.00');
    expect(await bonusesOf(deposited.id)).toEqual([]);
    expect((await stateOf(deposited.client, id)).state).toBe('JOINED');
  });

  it("grants an nth-deposit bonus on the member's nth credited deposit, not before nor after", async () => {
    const id = await depositBonus({ which: 'nth', nth: 2 });
    const member = await joinedMember(id);
    await payByGateway(member.id, '200.00');
    expect(await bonusesOf(member.id)).toEqual([]);
    await payByGateway(member.id, '300.00');
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 15_000n, deposit_minor: 30_000n }]);
  });

  it('grants only on the payment methods it names, bank transfers approved by an operator included', async () => {
    const id = await depositBonus({ methods: ['maya', 'bank'] });
    const member = await joinedMember(id);
    await payByGateway(member.id, '200.00', gcash);
    expect(await bonusesOf(member.id)).toEqual([]);
    const transfer = await testApp.app.payments.createDeposit({
      merchantId,
      memberId: member.id,
      method: bank,
      currency: 'PHP',
      amountMinor: 40_000n,
      status: 'review',
      reference: 'BANK-0001',
    });
    const approved = await owner.call('POST', `/bo/finance/deposits/${transfer.id}/approve`);
    expect(approved.body.success).toBe(true);
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 20_000n, deposit_minor: 40_000n }]);
    // Once-only: a later deposit by a named method grants nothing more.
    await payByGateway(member.id, '200.00', maya);
    expect(await bonusesOf(member.id)).toHaveLength(1);
  });

  it('grants once for one deposit, however often or at once its callback arrives', async () => {
    const id = await depositBonus();
    const member = await joinedMember(id);
    const deposit = await testApp.app.payments.createDeposit({
      merchantId,
      memberId: member.id,
      method: gcash,
      currency: 'PHP',
      amountMinor: 20_000n,
      status: 'pending',
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendPaid(gcash, deposit.id, '200.00')));
    for (const answer of answers) expect(answer.body.status).toBe('OK');
    expect(await sendPaid(gcash, deposit.id, '200.00')).toMatchObject({ body: { status: 'OK' } });
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 10_000n }]);
    expect(await balancesOf(member.id)).toEqual({ cashMinor: 20_000n, bonusMinor: 10_000n });
  });

  it('grants once for one deposit of a promotion granting on several, every callback answered OK', async () => {
    const id = await depositBonus({}, { grantsPerMember: 0 });
    const member = await joinedMember(id);
    const deposit = await testApp.app.payments.createDeposit({
      merchantId,
      memberId: member.id,
      method: gcash,
      currency: 'PHP',
      amountMinor: 30_000n,
      status: 'pending',
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendPaid(gcash, deposit.id, '300.00')));
    expect(answers.map((answer) => answer.body.status)).toEqual(['OK', 'OK', 'OK', 'OK', 'OK']);
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 15_000n }]);
    expect((await stateOf(member.client, id)).state).toBe('JOINED');
  });

  it('grants a first-deposit bonus once when two first deposits are credited at the same moment', async () => {
    const id = await depositBonus({ which: 'first' }, { grantsPerMember: 5 });
    const member = await joinedMember(id);
    const deposits = await Promise.all(
      [0, 1].map(() =>
        testApp.app.payments.createDeposit({
          merchantId,
          memberId: member.id,
          method: gcash,
          currency: 'PHP',
          amountMinor: 20_000n,
          status: 'pending',
        }),
      ),
    );
    await Promise.all(deposits.map((deposit) => sendPaid(gcash, deposit.id, '200.00')));
    expect(await bonusesOf(member.id)).toHaveLength(1);
    expect((await balancesOf(member.id)).cashMinor).toBe(40_000n);
  });

  it('grants on as many deposits as it allows, each an entry of its own, then no more', async () => {
    const id = await depositBonus({}, { grantsPerMember: 2 });
    const member = await joinedMember(id);
    await payByGateway(member.id, '200.00');
    expect((await stateOf(member.client, id)).state).toBe('JOINED');
    await payByGateway(member.id, '300.00');
    await payByGateway(member.id, '400.00');
    expect(await bonusesOf(member.id)).toMatchObject([
      { amount_minor: 10_000n, status: 'active' },
      { amount_minor: 15_000n, status: 'waiting' },
    ]);
    const entries = await testApp.database.db
      .selectFrom('promotion_entries')
      .select(['cycle', 'status'])
      .where('member_id', '=', member.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.status)).toEqual(['issued', 'issued', 'issued']);
    expect(entries[0]?.cycle).toBe('');
    expect(entries.slice(1).every((entry) => entry.cycle.length > 0)).toBe(true);
    expect((await stateOf(member.client, id)).state).toBe('PROCESS');
  });

  it('leaves the entry joined when its budget refuses the grant, and the deposit is credited still', async () => {
    const id = await depositBonus({}, { budgetPerDay: '50.00' });
    const member = await joinedMember(id);
    await payByGateway(member.id, '400.00');
    expect(await bonusesOf(member.id)).toEqual([]);
    expect(await balancesOf(member.id)).toEqual({ cashMinor: 40_000n, bonusMinor: 0n });
    expect((await stateOf(member.client, id)).state).toBe('JOINED');
    // A smaller deposit's bonus fits the budget.
    await payByGateway(member.id, '100.00');
    expect(await bonusesOf(member.id)).toMatchObject([{ amount_minor: 5_000n }]);
  });

  it('grants nothing to a member who did not join, and one bonus per deposit to one who joined two', async () => {
    const first = await depositBonus();
    const second = await depositBonus({ percent: '10.00' });
    const stranger = await memberAt(testApp, merchantId, yesterday);
    await payByGateway(stranger.id, '400.00');
    expect(await bonusesOf(stranger.id)).toEqual([]);
    const member = await joinedMember(first, second);
    await payByGateway(member.id, '400.00');
    expect(await bonusesOf(member.id)).toMatchObject([{ promotion_id: first, amount_minor: 20_000n }]);
    await payByGateway(member.id, '400.00');
    expect(await bonusesOf(member.id)).toMatchObject([
      { promotion_id: first, amount_minor: 20_000n },
      { promotion_id: second, amount_minor: 4_000n },
    ]);
  });
});
