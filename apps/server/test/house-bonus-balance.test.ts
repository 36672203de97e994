import { parseState } from '@panalo/games/state-json.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { demoMerchantId, fund, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

type Reply = { status: number; body: Envelope };

/**
 * The balances our game client shows (docs/promotions.md "The money rules"): the table answers the
 * member's cash and bonus wallet apart, so that the client shows what can be staked; a round played
 * the full way answers both after it, of one moment; a one-step round's statement stakes cash only,
 * and its answer reads the bonus again only for a member who holds bonus money.
 */
describe('the bonus balance in our game client', () => {
  let testApp: TestApp;
  let merchantId: string;
  let counter = 0;
  const requestId = () => `bal-req-${String(++counter).padStart(5, '0')}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date('2030-05-01T04:00:00Z') });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    merchantId = await demoMerchantId(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** A new member of the demo merchant with `cash` in cash and `bonus` in the bonus wallet, logged in. */
  async function newMember(cashMinor: bigint, bonusMinor: bigint) {
    counter += 1;
    const account = `balance${counter}`;
    const { id: memberId } = await testApp.app.members.createMember({
      merchantId,
      account,
      password: 'Balance123',
    });
    if (cashMinor > 0n) await fund(testApp, memberId, cashMinor, `bonus-balance-cash-${memberId}`);
    if (bonusMinor > 0n) {
      // As a bonus's activation credits it.
      await testApp.app.wallet.transfer({
        merchantId,
        currency: 'PHP',
        key: `bonus:${memberId}:grant`,
        code: 'bonus',
        reference: `bonus:${memberId}`,
        from: { house: 'bonus_funding', shardKey: memberId },
        to: { memberId, wallet: 'bonus' },
        amountMinor: bonusMinor,
      });
    }
    const client = createAccountsClient(testApp.app, `203.0.113.${100 + (counter % 100)}`);
    expect((await client.logIn(account, 'Balance123')).success).toBe(true);
    return { memberId, client };
  }

  async function call(url: string, token: string | null, payload: unknown): Promise<Reply> {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(token ? { 'x-game-token': token } : {}),
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** Launches one of our games and opens its table, as the game client does; answers the token and table. */
  async function open(member: Awaited<ReturnType<typeof newMember>>, gameCode: string) {
    const reply = await member.client.call(
      'GET',
      `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`,
    );
    expect(reply.status).toBe(200);
    const token = tokenOf(reply.body.value.url);
    const table = await call('/wps/game/house/open', null, { mode: 'real', token });
    expect(table.status).toBe(200);
    return { token, table: table.body.value };
  }

  const dice = (token: string, stake: string, target = '50.00') =>
    call('/wps/game/house/bet', token, { requestId: requestId(), stake, direction: 'under', target });

  const balancesOf = (memberId: string) =>
    testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });

  const minorOf = (wire: string) => BigInt(wire.replace('.', ''));

  /** A bonus converted to cash by hand, as the bonus engine moves it. */
  async function convertBonus(memberId: string, amountMinor: bigint) {
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: `bonus:${memberId}:convert`,
      code: 'bonus_convert',
      reference: `bonus:${memberId}`,
      from: { memberId, wallet: 'bonus' },
      to: { memberId, wallet: 'cash' },
      amountMinor,
    });
  }

  it('opens a table with the cash and the bonus wallet apart, and demo play with no bonus', async () => {
    const member = await newMember(12_000n, 2_000n);
    const { table } = await open(member, 'dice');
    expect(table).toMatchObject({ mode: 'real', balance: '120.00', bonusBalance: '20.00' });
    const without = await newMember(5_000n, 0n);
    expect((await open(without, 'dice')).table).toMatchObject({ balance: '50.00', bonusBalance: '0.00' });
    const demo = await call('/wps/game/house/open', null, { mode: 'demo', gameCode: 'dice' });
    expect(demo.body.value).toMatchObject({ mode: 'demo', balance: '10000.00', bonusBalance: '0.00' });
    const demoBet = await dice(demo.body.value.token, '1.00');
    expect([demoBet.status, demoBet.body.value.bonusBalance]).toEqual([200, '0.00']);
  });

  it('answers a round played the full way on bonus money with both balances after it', async () => {
    const member = await newMember(300n, 1_000n);
    const { token } = await open(member, 'dice');
    const reply = await dice(token, '5.00', '90.00');
    expect([reply.status, reply.body.code]).toEqual([200, undefined]);
    const after = await balancesOf(member.memberId);
    expect(reply.body.value).toMatchObject({
      balance: reply.body.value.round.balanceAfter,
      bonusBalance: (Number(after.bonusMinor) / 100).toFixed(2),
    });
    expect(minorOf(reply.body.value.balance)).toBe(after.cashMinor);
    // Cash paid ₱3.00 of the stake and bonus money the rest.
    expect(BigInt(reply.body.value.round.balanceBefore.replace('.', ''))).toBe(300n);
  });

  it('answers a one-step round of a member without bonus money with the cash alone, reading nothing more', async () => {
    const member = await newMember(10_000n, 0n);
    const { token } = await open(member, 'dice');
    const reads = vi.spyOn(testApp.app.wallet, 'getBalances');
    try {
      for (let bet = 0; bet < 3; bet += 1) {
        const reply = await dice(token, '5.00');
        expect([reply.status, reply.body.value.bonusBalance]).toEqual([200, null]);
        expect(reply.body.value.balance).toBe(reply.body.value.round.balanceAfter);
      }
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('reads both balances after a one-step round of a member holding bonus money, so that a conversion is never counted twice', async () => {
    const member = await newMember(10_000n, 1_000n);
    const { token } = await open(member, 'dice');
    const first = await dice(token, '5.00');
    expect([first.status, first.body.value.bonusBalance]).toEqual([200, '10.00']);
    expect(minorOf(first.body.value.balance)).toBe((await balancesOf(member.memberId)).cashMinor);
    // The bonus turns into cash between two bets: the next answer moves both at once.
    await convertBonus(member.memberId, 1_000n);
    const cashBefore = (await balancesOf(member.memberId)).cashMinor;
    const second = await dice(token, '5.00');
    expect(second.body.value.bonusBalance).toBe('0.00');
    const won = minorOf(second.body.value.round.win);
    expect(minorOf(second.body.value.balance)).toBe(cashBefore - 500n + won);
    // With no bonus money left, the member's rounds read nothing more.
    const reads = vi.spyOn(testApp.app.wallet, 'getBalances');
    try {
      const third = await dice(token, '5.00');
      expect([third.status, third.body.value.bonusBalance]).toEqual([200, null]);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it("answers a mines round's bet and actions with both balances as the round moved them", async () => {
    const member = await newMember(300n, 1_000n);
    const { token, table } = await open(member, 'mines');
    expect(table).toMatchObject({ balance: '3.00', bonusBalance: '10.00' });
    const opened = await call('/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '5.00',
      mineCount: 3,
    });
    expect(opened.body.value).toMatchObject({ balance: '0.00', bonusBalance: '8.00' });
    const roundId = opened.body.value.round.roundId;
    const row = await testApp.database.db
      .selectFrom('game_rounds')
      .select('state')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    const { mines } = parseState<{ mines: number[] }>(String(row.state));
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile));
    const picked = await call('/wps/game/house/action', token, { roundId, type: 'pick', tile: safe });
    expect(picked.body.value).toMatchObject({ balance: '0.00', bonusBalance: '8.00' });
    const cashed = await call('/wps/game/house/action', token, { roundId, type: 'cash-out' });
    expect(cashed.body.value.round.status).toBe('settled');
    const after = await balancesOf(member.memberId);
    expect(after.bonusMinor).toBeGreaterThan(800n);
    expect([minorOf(cashed.body.value.balance), minorOf(cashed.body.value.bonusBalance)]).toEqual([
      after.cashMinor,
      after.bonusMinor,
    ]);
  });
});
