import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let player: AccountsClient;
let merchantId: string;
let memberId: string;

/** Today in Manila (the demo merchant's time zone), yyyy-MM-dd. */
const manilaDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  testApp = await createSeededApp();
  player = createAccountsClient(testApp.app);
  const registered = await player.sealed('PUT', '/wps/member/register', {
    username: 'statement1',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    registerMethod: 'WEB',
  });
  player.token = registered.body.value.token;
  const member = await testApp.database.db
    .selectFrom('members')
    .select(['id', 'merchant_id'])
    .where('account_key', '=', 'statement1')
    .executeTakeFirstOrThrow();
  memberId = member.id;
  merchantId = member.merchant_id;
  const wallet = testApp.app.wallet;
  const base = { merchantId, memberId, currency: 'PHP' };
  await wallet.transfer({
    merchantId,
    currency: 'PHP',
    key: 'st-deposit',
    code: 'deposit',
    reference: 'dep-1',
    from: { house: 'deposit:gcash', shardKey: memberId },
    to: { memberId, wallet: 'cash' },
    amountMinor: 100_000n,
  });
  await wallet.debitForBet({ ...base, key: 'st-bet-1', amountMinor: 2_500n });
  await wallet.creditForWin({ ...base, key: 'st-win-1', amountMinor: 6_000n });
  await wallet.debitForBet({ ...base, key: 'st-bet-2', amountMinor: 1_000n });
});

afterAll(async () => {
  await testApp.close();
});

describe('transaction history', () => {
  it('lists every line newest first, signed, with the balance after each', async () => {
    const reply = await player.call('GET', '/wps/member/transactions');
    expect(reply.status).toBe(200);
    expect(reply.body.value.total).toBe(4);
    expect(
      reply.body.value.list.map((line: { code: string; amount: string; balanceAfter: string }) => [
        line.code,
        line.amount,
        line.balanceAfter,
      ]),
    ).toEqual([
      ['bet', '-10.00', '1025.00'],
      ['win', '60.00', '1035.00'],
      ['bet', '-25.00', '975.00'],
      ['deposit', '1000.00', '1000.00'],
    ]);
  });

  it('filters by type and pages', async () => {
    const bets = await player.call('GET', '/wps/member/transactions?type=bet&pageSize=1&page=2');
    expect(bets.body.value).toMatchObject({ total: 2, totalPages: 2 });
    expect(bets.body.value.list).toHaveLength(1);
    expect(bets.body.value.list[0]).toMatchObject({ code: 'bet', amount: '-25.00' });
    const deposits = await player.call('GET', '/wps/member/transactions?type=deposit');
    expect(deposits.body.value.list.map((line: { reference: string }) => line.reference)).toEqual(['dep-1']);
  });

  it('filters by the merchant’s calendar days: yesterday holds nothing of today', async () => {
    const today = await player.call('GET', `/wps/member/transactions?from=${manilaDay()}&to=${manilaDay()}`);
    expect(today.body.value.total).toBe(4);
    const yesterday = await player.call(
      'GET',
      `/wps/member/transactions?from=${manilaDay(-1)}&to=${manilaDay(-1)}`,
    );
    expect(yesterday.body.value.total).toBe(0);
  });

  it('refuses a page size above the bound and asks for a login', async () => {
    expect((await player.call('GET', '/wps/member/transactions?pageSize=51')).status).toBe(422);
    const visitor = createAccountsClient(testApp.app, '198.51.100.3');
    expect((await visitor.call('GET', '/wps/member/transactions')).status).toBe(401);
  });
});

describe('credit report', () => {
  it('gives each day its opening, credits, debits and closing, each closing the next opening', async () => {
    const reply = await player.call(
      'GET',
      `/wps/member/creditReport?from=${manilaDay(-2)}&to=${manilaDay()}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.value.list).toEqual([
      { date: manilaDay(), opening: '0.00', credits: '1060.00', debits: '35.00', closing: '1025.00' },
      { date: manilaDay(-1), opening: '0.00', credits: '0.00', debits: '0.00', closing: '0.00' },
      { date: manilaDay(-2), opening: '0.00', credits: '0.00', debits: '0.00', closing: '0.00' },
    ]);
    expect(reply.body.value.totals).toEqual({
      opening: '0.00',
      credits: '1060.00',
      debits: '35.00',
      closing: '1025.00',
    });
  });

  it('opens a later range with the balance carried from before it', async () => {
    const reply = await player.call(
      'GET',
      `/wps/member/creditReport?from=${manilaDay(1)}&to=${manilaDay(1)}`,
    );
    expect(reply.body.value.list).toEqual([
      { date: manilaDay(1), opening: '1025.00', credits: '0.00', debits: '0.00', closing: '1025.00' },
    ]);
  });

  it('refuses a range longer than 92 days or one that ends before it starts', async () => {
    expect(
      (await player.call('GET', `/wps/member/creditReport?from=${manilaDay(-100)}&to=${manilaDay()}`)).status,
    ).toBe(422);
    expect(
      (await player.call('GET', `/wps/member/creditReport?from=${manilaDay()}&to=${manilaDay(-1)}`)).status,
    ).toBe(422);
    expect((await player.call('GET', '/wps/member/creditReport?from=2026-02-30&to=2026-03-01')).status).toBe(
      422,
    );
  });
});

describe('game names on stakes and wins', () => {
  it('names the game of each stake and win in the language asked for, and no game elsewhere', async () => {
    const gamer = createAccountsClient(testApp.app, '198.51.100.21');
    const registered = await gamer.sealed('PUT', '/wps/member/register', {
      username: 'statement2',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      termsAccepted: true,
      ageConfirmed: true,
      registerMethod: 'WEB',
    });
    gamer.token = registered.body.value.token;
    const { db } = testApp.database;
    await seedDemoInHouseVendor(db, testApp.app.games);
    const gamerId = (
      await db
        .selectFrom('members')
        .select('id')
        .where('account_key', '=', 'statement2')
        .executeTakeFirstOrThrow()
    ).id;
    const dice = await db
      .selectFrom('games')
      .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
      .select(['games.id', 'games.vendor_id', 'game_vendors.vassalage'])
      .where('games.merchant_id', '=', merchantId)
      .where('games.game_code', '=', 'dice')
      .executeTakeFirstOrThrow();
    // A round a vendor numbers itself: its reference carries the vendor's round id.
    const vendorGame = await db
      .selectFrom('games')
      .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
      .select(['games.id', 'games.vendor_id', 'game_vendors.vassalage'])
      .where('games.merchant_id', '=', merchantId)
      .where('games.game_code', '=', 'mines')
      .executeTakeFirstOrThrow();
    const round = (id: string, game: { id: string; vendor_id: string }, vendorRoundId: string) =>
      db
        .insertInto('game_rounds')
        .values({
          id,
          merchant_id: merchantId,
          member_id: gamerId,
          game_id: game.id,
          vendor_id: game.vendor_id,
          vendor_round_id: vendorRoundId,
          currency: 'PHP',
        })
        .execute();
    // Our own games name a round by its id, vendors by their own round id.
    await round('st-house-round', dice, 'st-house-key');
    await round('st-vendor-round', vendorGame, 'V-77');
    const base = { merchantId, memberId: gamerId, currency: 'PHP' };
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: 'st2-deposit',
      code: 'deposit',
      reference: 'dep-2',
      from: { house: 'deposit:gcash', shardKey: gamerId },
      to: { memberId: gamerId, wallet: 'cash' },
      amountMinor: 10_000n,
    });
    await testApp.app.wallet.debitForBet({
      ...base,
      key: 'st2-bet-house',
      amountMinor: 1_000n,
      reference: 'INHOUSE:st-house-round',
    });
    await testApp.app.wallet.creditForWin({
      ...base,
      key: 'st2-win-house',
      amountMinor: 2_000n,
      reference: 'INHOUSE:st-house-round',
    });
    await testApp.app.wallet.debitForBet({
      ...base,
      key: 'st2-bet-vendor',
      amountMinor: 500n,
      reference: `${vendorGame.vassalage}:V-77`,
    });
    // A reference to no round of the member's names no game.
    await testApp.app.wallet.debitForBet({
      ...base,
      key: 'st2-bet-other',
      amountMinor: 100n,
      reference: 'INHOUSE:not-a-round-of-theirs',
    });

    // The test client asks in English; the member's own language is asked for here directly.
    const namesOf = async (language: string) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/wps/member/transactions?language=${language}`,
          remoteAddress: gamer.ip,
          headers: { authorization: `Bearer ${gamer.token}` },
        })
      )
        .json()
        .value.list.map((line: { code: string; gameName: string | null }) => [line.code, line.gameName]);
    expect(await namesOf('EN')).toEqual([
      ['bet', null],
      ['bet', 'Mines'],
      ['win', 'Dice'],
      ['bet', 'Dice'],
      ['deposit', null],
    ]);
    expect((await namesOf('TY')).slice(1, 3)).toEqual([
      ['bet', 'Mina'],
      ['win', 'Dais'],
    ]);
  });
});
