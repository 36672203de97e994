import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperatorWithSession, insertOtherMerchant } from './support/bo-client.ts';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Noon in Manila on 2026-11-22 (UTC+8): the dashboard's today.
const NOW_MS = Date.parse('2026-11-22T04:00:00Z');
const MINUTE_MS = 60_000;

let testApp: TestApp;
let merchantId: string;
let financeToken: string;
let otherOwnerToken: string;

async function dashboard(token: string, query = '') {
  const reply = await testApp.app.inject({
    method: 'GET',
    url: `/bo/dashboard${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: reply.statusCode, body: reply.json() };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW_MS) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  financeToken = (
    await insertOperatorWithSession(db, { username: 'desk', merchantId, roleId: 'finance', nowMs: NOW_MS })
  ).token;
  const otherId = await insertOtherMerchant(db, 'elsewhere');
  otherOwnerToken = (
    await insertOperatorWithSession(db, {
      username: 'elsewhere_owner',
      merchantId: otherId,
      roleId: 'owner',
      nowMs: NOW_MS,
    })
  ).token;

  const method = await testApp.app.payments.createMethod({
    merchantId,
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank' },
    minMinor: 100n,
    maxMinor: 100_000_000n,
    playerDailyMaxMinor: null,
  });
  const ana = await testApp.app.members.createMember({ merchantId, account: 'dashana', password: null });
  const ben = await testApp.app.members.createMember({ merchantId, account: 'dashben', password: null });
  const deposit = async (memberId: string, amountMinor: bigint, creditedAt: string | null) => {
    const row = await testApp.app.payments.createDeposit({
      merchantId,
      memberId,
      method,
      currency: 'PHP',
      amountMinor,
      status: 'review',
    });
    if (creditedAt) {
      await db
        .updateTable('deposits')
        .set({ status: 'credited', credited_at: new Date(creditedAt) })
        .where('id', '=', row.id)
        .execute();
    }
  };
  // Manila 2026-11-21 10:00 and 2026-11-22 09:00 and 11:00; one bank transfer still in review.
  await deposit(ana.id, 100_000n, '2026-11-21T02:00:00Z');
  await deposit(ana.id, 40_000n, '2026-11-22T01:00:00Z');
  await deposit(ben.id, 25_000n, '2026-11-22T03:00:00Z');
  await deposit(ben.id, 7_500n, null);

  await db
    .insertInto('payout_accounts')
    .values({
      id: 'dash-account',
      merchant_id: merchantId,
      member_id: ana.id,
      kind: 'bank',
      provider: 'BDO',
      account_name: 'Ana',
      account_number: '123456',
    })
    .execute();
  // A member has one open withdrawal at most, so the two waiting ones are Ana's and Ben's.
  await db
    .insertInto('payout_accounts')
    .values({
      id: 'dash-account-ben',
      merchant_id: merchantId,
      member_id: ben.id,
      kind: 'bank',
      provider: 'BDO',
      account_name: 'Ben',
      account_number: '654321',
    })
    .execute();
  const withdrawal = (
    id: string,
    amountMinor: bigint,
    status: 'review' | 'paid',
    paidAt: Date | null,
    owner: { memberId: string; accountId: string } = { memberId: ana.id, accountId: 'dash-account' },
  ) => ({
    id,
    merchant_id: merchantId,
    member_id: owner.memberId,
    payout_account_id: owner.accountId,
    currency: 'PHP',
    amount_minor: amountMinor,
    status,
    hold_key: `withdrawal:${id}`,
    paid_at: paidAt,
  });
  await db
    .insertInto('withdrawals')
    .values([
      withdrawal('dash-paid', 30_000n, 'paid', new Date('2026-11-22T02:30:00Z')),
      withdrawal('dash-waiting-1', 12_000n, 'review', null),
      withdrawal('dash-waiting-2', 8_000n, 'review', null, {
        memberId: ben.id,
        accountId: 'dash-account-ben',
      }),
    ])
    .execute();

  const vendor = await registerTestVendor(testApp, {
    vassalage: 'DASHV',
    games: [catalogueGame('dash-slot')],
  });
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('vendor_id', '=', vendor.id)
    .executeTakeFirstOrThrow();
  const round = (id: string, stakeMinor: bigint, winMinor: bigint, status: 'settled' | 'rolled_back') => ({
    id,
    merchant_id: merchantId,
    member_id: ben.id,
    game_id: game.id,
    vendor_id: vendor.id,
    vendor_round_id: id,
    currency: 'PHP',
    stake_minor: stakeMinor,
    win_minor: winMinor,
    status,
    opened_at: new Date(NOW_MS - 10 * MINUTE_MS),
    settled_at: new Date(NOW_MS - 9 * MINUTE_MS),
  });
  await db
    .insertInto('game_rounds')
    .values([
      round('dash-round-1', 10_000n, 3_000n, 'settled'),
      round('dash-round-2', 5_000n, 0n, 'settled'),
      round('dash-round-3', 90_000n, 0n, 'rolled_back'),
    ])
    .execute();

  const session = (id: string, memberId: string, lastSeenMinutesAgo: number, ended = false) => ({
    id,
    token_hash: `hash-${id}`,
    member_id: memberId,
    merchant_id: merchantId,
    login_method: 'password',
    last_seen_at: new Date(NOW_MS - lastSeenMinutesAgo * MINUTE_MS),
    idle_expires_at: new Date(NOW_MS + 60 * MINUTE_MS),
    expires_at: new Date(NOW_MS + 24 * 60 * MINUTE_MS),
    ended_at: ended ? new Date(NOW_MS - MINUTE_MS) : null,
  });
  await db
    .insertInto('member_sessions')
    .values([
      // Ana on two devices counts once; Ben's recent session has ended, his other is stale.
      session('dash-ana-phone', ana.id, 2),
      session('dash-ana-laptop', ana.id, 10),
      session('dash-ben-ended', ben.id, 1, true),
      session('dash-ben-stale', ben.id, 40),
    ])
    .execute();
});

afterAll(async () => {
  await testApp.close();
});

describe('the back-office dashboard', () => {
  it('sums the last seven Manila days, today last, with the queues and who is online', async () => {
    const { status, body } = await dashboard(financeToken);
    expect(status).toBe(200);
    const value = body.value;
    expect(value.today).toBe('2026-11-22');
    expect(value.days.map((day: { day: string }) => day.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(value.days.at(-2)).toMatchObject({
      deposits: 1,
      depositAmount: '1000.00',
      firstDeposits: 1,
      withdrawalAmount: '0.00',
      netDeposits: '1000.00',
    });
    expect(value.days.at(-1)).toMatchObject({
      deposits: 2,
      depositAmount: '650.00',
      firstDeposits: 1,
      withdrawalAmount: '300.00',
      netDeposits: '350.00',
      betAmount: '150.00',
      ggr: '120.00',
      rounds: 2,
    });
    expect(value.days.at(0)).toMatchObject({ deposits: 0, depositAmount: '0.00', registrations: 0 });
    expect(value.onlinePlayers).toBe(1);
    expect(value.queues).toEqual({
      withdrawalsInReview: 2,
      withdrawalsInReviewAmount: '200.00',
      bankDepositsInReview: 1,
      bankDepositsInReviewAmount: '75.00',
    });
  });

  it('shows another merchant’s operator only their own, empty, figures', async () => {
    const { body } = await dashboard(otherOwnerToken);
    expect(body.value.onlinePlayers).toBe(0);
    expect(body.value.queues.withdrawalsInReview).toBe(0);
    expect(body.value.days.every((day: { deposits: number }) => day.deposits === 0)).toBe(true);
    expect((await dashboard(otherOwnerToken, `?merchantId=${merchantId}`)).body.code).toBe('FORBIDDEN');
  });
});
