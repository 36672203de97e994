import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createFundedMember, type FundedMember } from './support/funded-member.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let member: FundedMember;
let player: AccountsClient;
let merchantId: string;
let memberId: string;

/** Today in Manila (the demo merchant's time zone), yyyy-MM-dd. */
const manilaDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

const giveBonus = (key: string, amountMinor: bigint) =>
  testApp.app.wallet.transfer({
    merchantId,
    currency: 'PHP',
    key,
    code: 'bonus',
    reference: key,
    from: { house: 'bonus_funding', shardKey: memberId },
    to: { memberId, wallet: 'bonus' },
    amountMinor,
  });

beforeAll(async () => {
  testApp = await createSeededApp();
  member = await createFundedMember(testApp, { account: 'bonus1', password: 'Bonus1234' });
  ({ player, merchantId, memberId } = member);
});

afterAll(async () => {
  await testApp.close();
});

describe('the bonus wallet page', () => {
  it('a member without a bonus has a zero balance, no movements and no turnover to do', async () => {
    const reply = await player.call('GET', '/wps/member/bonus/details');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({
      balance: '0.00',
      list: [],
      totalPages: 0,
      total: 0,
      turnover: null,
      activeBonus: null,
    });
  });

  it('lists only the bonus wallet’s movements, newest first, signed, with the balance after each', async () => {
    await giveBonus('bonus-welcome', 50_000n);
    // Cash movements stay on the transaction history, not here.
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: 'bonus-page-deposit',
      code: 'deposit',
      from: { house: 'deposit:gcash', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor: 100_000n,
    });
    // A bonus turned into cash leaves the bonus wallet.
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: 'bonus-release',
      code: 'bonus',
      from: { memberId, wallet: 'bonus' },
      to: { memberId, wallet: 'cash' },
      amountMinor: 20_000n,
    });
    await giveBonus('bonus-reload', 5_050n);

    const reply = await player.call('GET', '/wps/member/bonus/details');
    expect(reply.body.value.balance).toBe('350.50');
    expect(reply.body.value.total).toBe(3);
    expect(
      reply.body.value.list.map(
        (line: { reference: string | null; amount: string; balanceAfter: string }) => [
          line.reference,
          line.amount,
          line.balanceAfter,
        ],
      ),
    ).toEqual([
      ['bonus-reload', '50.50', '350.50'],
      [null, '-200.00', '300.00'],
      ['bonus-welcome', '500.00', '500.00'],
    ]);
  });

  it('pages, and keeps to the days asked for', async () => {
    const second = await player.call('GET', '/wps/member/bonus/details?pageSize=2&page=2');
    expect(second.body.value).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.body.value.list.map((line: { amount: string }) => line.amount)).toEqual(['500.00']);
    const today = await player.call(
      'GET',
      `/wps/member/bonus/details?from=${manilaDay(-6)}&to=${manilaDay()}`,
    );
    expect(today.body.value.total).toBe(3);
    const before = await player.call(
      'GET',
      `/wps/member/bonus/details?from=${manilaDay(-30)}&to=${manilaDay(-2)}`,
    );
    expect(before.body.value).toMatchObject({ list: [], total: 0, balance: '350.50' });
    const reversed = await player.call(
      'GET',
      `/wps/member/bonus/details?from=${manilaDay()}&to=${manilaDay(-1)}`,
    );
    expect(reversed.body.code).toBe('VALIDATION');
    const tooMany = await player.call('GET', '/wps/member/bonus/details?pageSize=51');
    expect(tooMany.body.code).toBe('VALIDATION');
  });

  it('shows the wagering a withdrawal still waits for once a deposit is credited', async () => {
    await member.creditDeposit(30_000n);
    await member.wager(12_000n);
    const reply = await player.call('GET', '/wps/member/bonus/details');
    // The demo merchant's multiplier is 1: the 300.00 deposited must be wagered once.
    expect(reply.body.value.turnover).toEqual({ required: '300.00', wagered: '120.00', left: '180.00' });
  });

  it('needs a session, and a trial account has no bonus wallet', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.90');
    expect((await visitor.call('GET', '/wps/member/bonus/details')).body.code).toBe('NOT_LOGGED_IN');
    const trial = createAccountsClient(testApp.app, '203.0.113.91');
    trial.token = (await trial.call('POST', '/wps/session/login/freeplay', {})).body.value.token;
    expect((await trial.call('GET', '/wps/member/bonus/details')).body.code).toBe('TRIAL_ACCOUNT');
  });
});
