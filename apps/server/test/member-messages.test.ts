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
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank' },
    minMinor: 100n,
    maxMinor: 100_000_000n,
    playerDailyMaxMinor: null,
  });
  cashierToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'cashier',
      merchantId,
      roleId: 'finance',
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(async () => {
  await testApp.close();
});

async function bankDepositInReview(amountMinor: bigint) {
  return testApp.app.payments.createDeposit({
    merchantId,
    memberId,
    method: bank,
    currency: 'PHP',
    amountMinor,
    status: 'review',
    reference: 'REF-12345',
  });
}

const decide = (id: string, kind: 'approve' | 'reject', body?: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/bo/finance/deposits/${id}/${kind}`,
    headers: { authorization: `Bearer ${cashierToken}` },
    ...(body ? { payload: body } : {}),
  });

describe('the member inbox', () => {
  it('tells a deposit arrived or failed once, in the reader’s language, and counts it unread', async () => {
    const arrived = await bankDepositInReview(150_000n);
    expect((await decide(arrived.id, 'approve')).statusCode).toBe(200);
    expect((await decide(arrived.id, 'approve')).statusCode).toBe(409);
    const failed = await bankDepositInReview(20_000n);
    expect(
      (await decide(failed.id, 'reject', { reason: 'No transfer with this reference.' })).statusCode,
    ).toBe(200);

    const english = (await player.call('GET', '/wps/member/messages')).body.value;
    expect(english.unread).toBe(2);
    expect(english.list.map((message: { title: string }) => message.title)).toEqual([
      'Deposit not completed',
      'Deposit received',
    ]);
    expect(english.list[1].content).toBe(
      'Your deposit of ₱1,500.00 has arrived in your Panalo balance. Good luck!',
    );
    expect(english.list[0].content).toContain('No transfer with this reference.');
    const tagalog = await testApp.app.inject({
      method: 'GET',
      url: '/wps/member/messages?language=TY',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(tagalog.json().value.list[1].title).toBe('Natanggap ang deposito');
    expect((await player.call('GET', '/wps/system/publicState')).body.value.unreadMessage).toBe(2);
  });

  it('sends one message per event however often it is told', async () => {
    const input = {
      merchantId,
      memberId,
      kind: 'deposit_arrived' as const,
      params: { amount: '₱1.00' },
      dedupeKey: 'deposit:once:arrived',
    };
    expect(await testApp.app.inbox.send(input)).toBe(true);
    expect(await testApp.app.inbox.send(input)).toBe(false);
    expect(await testApp.app.inbox.countUnread(memberId)).toBe(3);
  });

  it('marks the named messages read, then all, and never another member’s', async () => {
    const other = await testApp.app.members.createMember({
      merchantId,
      account: 'someoneelse',
      password: 'Someone123',
    });
    await testApp.app.inbox.send({
      merchantId,
      memberId: other.id,
      kind: 'deposit_arrived',
      params: { amount: '₱5.00' },
      dedupeKey: 'deposit:other:arrived',
    });
    const otherMessage = (
      await testApp.database.db
        .selectFrom('member_messages')
        .select('id')
        .where('member_id', '=', other.id)
        .executeTakeFirstOrThrow()
    ).id;
    const list = (await player.call('GET', '/wps/member/messages')).body.value.list;
    const marked = await player.call('POST', '/wps/member/messages/read', {
      ids: [list[0].id, otherMessage],
    });
    expect(marked.body.value.unread).toBe(2);
    expect(await testApp.app.inbox.countUnread(other.id)).toBe(1);
    expect((await player.call('POST', '/wps/member/messages/read', {})).body.value.unread).toBe(0);
    expect(await testApp.app.inbox.countUnread(other.id)).toBe(1);
  });

  it('sends many messages in one call, each event once however often the batch is told', async () => {
    const members = await Promise.all(
      ['manyone', 'manytwo'].map((account) =>
        testApp.app.members.createMember({ merchantId, account, password: 'Manymany123' }),
      ),
    );
    const messageOf = (member: { id: string }, key: string) => ({
      merchantId,
      memberId: member.id,
      kind: 'vip_down' as const,
      params: { label: 'VIP1', levelEN: 'VIP1 Bronze', levelTY: 'VIP1 Tanso' },
      dedupeKey: key,
    });
    const [first, second] = members;
    if (!first || !second) throw new Error('two members were made');
    expect(
      await testApp.app.inbox.sendMany([
        messageOf(first, 'vip:a'),
        messageOf(second, 'vip:a'),
        messageOf(first, 'vip:b'),
      ]),
    ).toBe(3);
    // Told again with one new event, and the same event twice in one batch: one more message.
    expect(
      await testApp.app.inbox.sendMany([
        messageOf(first, 'vip:a'),
        messageOf(second, 'vip:c'),
        messageOf(second, 'vip:c'),
      ]),
    ).toBe(1);
    expect(await testApp.app.inbox.countUnread(first.id)).toBe(2);
    expect(await testApp.app.inbox.countUnread(second.id)).toBe(2);
    const rows = await testApp.database.db
      .selectFrom('member_messages')
      .select(['member_id', 'dedupe_key', 'params'])
      .where('member_id', 'in', [first.id, second.id])
      .orderBy('dedupe_key')
      .execute();
    expect(rows.filter((row) => row.member_id === second.id).map((row) => row.dedupe_key)).toEqual([
      'vip:a',
      'vip:c',
    ]);
    expect(rows[0]?.params).toEqual({ label: 'VIP1', levelEN: 'VIP1 Bronze', levelTY: 'VIP1 Tanso' });
  });

  it('gives a trial account no unread count and no inbox', async () => {
    const trial = createAccountsClient(testApp.app, '203.0.113.77');
    const token = (await trial.call('POST', '/wps/session/login/freeplay', {})).body.value.token;
    trial.token = token;
    expect((await trial.call('GET', '/wps/system/publicState')).body.value.unreadMessage).toBeUndefined();
    expect((await trial.call('GET', '/wps/member/messages')).body.code).toBe('TRIAL_ACCOUNT');
  });
});
