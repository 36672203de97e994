import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  const { db } = testApp.database;
  const merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  token = (
    await insertOperatorWithSession(db, {
      username: 'analyst',
      merchantId,
      roleId: 'finance',
      nowMs: Date.now(),
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
  const first = await testApp.app.members.createMember({ merchantId, account: 'reportone', password: null });
  const second = await testApp.app.members.createMember({ merchantId, account: 'reporttwo', password: null });
  // Manila days: 2026-11-20 16:30 UTC is 2026-11-21 00:30 in Manila.
  const credit = async (
    memberId: string,
    amountMinor: bigint,
    creditedAt: string,
    status: 'credited' | 'rejected' = 'credited',
  ) => {
    const row = await testApp.app.payments.createDeposit({
      merchantId,
      memberId,
      method,
      currency: 'PHP',
      amountMinor,
      status: 'review',
    });
    await db
      .updateTable('deposits')
      .set({ status, credited_at: new Date(creditedAt) })
      .where('id', '=', row.id)
      .execute();
  };
  await credit(first.id, 100_000n, '2026-11-20T16:30:00Z');
  await credit(first.id, 50_000n, '2026-11-21T03:00:00Z');
  await credit(second.id, 20_000n, '2026-11-21T10:00:00Z');
  await credit(second.id, 999_900n, '2026-11-21T11:00:00Z', 'rejected');
  await credit(second.id, 30_000n, '2026-11-22T01:00:00Z');
  await db
    .insertInto('payout_accounts')
    .values({
      id: 'report-account',
      merchant_id: merchantId,
      member_id: first.id,
      kind: 'bank',
      provider: 'BDO',
      account_name: 'A',
      account_number: '123456',
    })
    .execute();
  await db
    .insertInto('withdrawals')
    .values({
      id: 'report-withdrawal',
      merchant_id: merchantId,
      member_id: first.id,
      payout_account_id: 'report-account',
      currency: 'PHP',
      amount_minor: 200_000n,
      status: 'paid',
      hold_key: 'withdrawal:report-withdrawal',
      paid_at: new Date('2026-11-22T02:00:00Z'),
    })
    .execute();
});

afterAll(async () => {
  await testApp.close();
});

describe('the money report', () => {
  it('counts deposits, first deposits, withdrawals paid and the net per Manila day', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/bo/reports/money?from=2026-11-21&to=2026-11-22',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().value.rows.map((row: Record<string, unknown>) => {
      const { merchantId: _merchantId, ...rest } = row;
      return rest;
    });
    expect(rows).toEqual([
      {
        day: '2026-11-21',
        merchantCode: 'panalo',
        deposits: 3,
        depositAmount: '1700.00',
        firstDeposits: 2,
        firstDepositAmount: '1200.00',
        withdrawals: 0,
        withdrawalAmount: '0.00',
        netDeposits: '1700.00',
      },
      {
        day: '2026-11-22',
        merchantCode: 'panalo',
        deposits: 1,
        depositAmount: '300.00',
        firstDeposits: 0,
        firstDepositAmount: '0.00',
        withdrawals: 1,
        withdrawalAmount: '2000.00',
        netDeposits: '-1700.00',
      },
    ]);
  });
});
