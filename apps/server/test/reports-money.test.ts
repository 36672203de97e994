import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from '../src/modules/wallet/wallet.service.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let token: string;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  const { db } = testApp.database;
  merchantId = (
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
        ggr: '0.00',
        bonuses: '0.00',
        ngr: '0.00',
        agentPay: '0.00',
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
        ggr: '0.00',
        bonuses: '0.00',
        ngr: '0.00',
        agentPay: '0.00',
      },
    ]);
  });
});

/** Today in Manila (the demo merchant's time zone), yyyy-MM-dd. */
const manilaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Today's money row of the demo merchant, in pesos as numbers of centavos. */
async function todaysTotals() {
  const day = manilaDay();
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/bo/reports/money?from=${day}&to=${day}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = response.json().value.rows;
  const centavos = (amount: string) => Math.round(Number(amount) * 100);
  return {
    ggr: centavos(row.ggr),
    bonuses: centavos(row.bonuses),
    ngr: centavos(row.ngr),
    agentPay: centavos(row.agentPay),
  };
}

// The ledger stamps transfers with the database's own clock, so these rows are all real-time:
// the report is read for today and compared with itself before and after.
describe('NGR in the money report', () => {
  it('a bonus paid by the house lowers NGR and leaves GGR alone; agent pay stands beside NGR', async () => {
    const { wallet, members } = testApp.app;
    const player = await members.createMember({ merchantId, account: 'ngrplayer', password: null });
    const agent = await members.createMember({ merchantId, account: 'ngragent', password: null });
    type Code = 'bonus' | 'salary' | 'dividend' | 'adjustment';
    const move = (key: string, code: Code, from: AccountRef, to: AccountRef, amountMinor: bigint) =>
      wallet.transfer({ merchantId, currency: 'PHP', key, code, reference: key, from, to, amountMinor });
    const house = (purpose: 'bonus_funding' | 'adjustment'): AccountRef => ({
      house: purpose,
      shardKey: player.id,
    });
    const walletOf = (memberId: string, name: 'cash' | 'bonus'): AccountRef => ({ memberId, wallet: name });

    const before = await todaysTotals();
    await move('ngr-welcome', 'bonus', house('bonus_funding'), walletOf(player.id, 'bonus'), 20_000n);
    await move('ngr-cashback', 'bonus', house('bonus_funding'), walletOf(player.id, 'cash'), 5_000n);
    const afterBonuses = await todaysTotals();
    expect(afterBonuses.ggr).toBe(before.ggr);
    expect(afterBonuses.bonuses - before.bonuses).toBe(25_000);
    expect(afterBonuses.ngr - before.ngr).toBe(-25_000);

    // A bonus turned into cash is the player's own money moving, and a forfeited bonus goes back
    // to the house: the first costs nothing, the second gives back what it cost.
    await move('ngr-release', 'bonus', walletOf(player.id, 'bonus'), walletOf(player.id, 'cash'), 10_000n);
    await move('ngr-forfeit', 'bonus', walletOf(player.id, 'bonus'), house('bonus_funding'), 2_000n);
    // Agent pay and an operator's adjustment are not player rewards.
    await move('ngr-salary', 'salary', house('bonus_funding'), walletOf(agent.id, 'cash'), 3_000n);
    await move('ngr-dividend', 'dividend', house('bonus_funding'), walletOf(agent.id, 'cash'), 4_000n);
    await move('ngr-adjust', 'adjustment', house('adjustment'), walletOf(player.id, 'cash'), 1_000n);

    // A settled round adds to GGR and so to NGR; a rolled back one counts nowhere.
    const vendor = await registerTestVendor(testApp, {
      vassalage: 'NGRV',
      games: [catalogueGame('ngr-slot')],
    });
    const game = await testApp.database.db
      .selectFrom('games')
      .select('id')
      .where('vendor_id', '=', vendor.id)
      .executeTakeFirstOrThrow();
    const round = (id: string, status: 'settled' | 'rolled_back') => ({
      id,
      merchant_id: merchantId,
      member_id: player.id,
      game_id: game.id,
      vendor_id: vendor.id,
      vendor_round_id: id,
      currency: 'PHP',
      stake_minor: 100_000n,
      win_minor: 40_000n,
      status,
      opened_at: new Date(),
      settled_at: new Date(),
    });
    await testApp.database.db
      .insertInto('game_rounds')
      .values([round('ngr-round-1', 'settled'), round('ngr-round-2', 'rolled_back')])
      .execute();

    const after = await todaysTotals();
    expect({
      ggr: after.ggr - before.ggr,
      bonuses: after.bonuses - before.bonuses,
      ngr: after.ngr - before.ngr,
      agentPay: after.agentPay - before.agentPay,
    }).toEqual({ ggr: 60_000, bonuses: 23_000, ngr: 37_000, agentPay: 7_000 });
    expect(after.ngr).toBe(after.ggr - after.bonuses);
  });
});
