import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  memberIdOf,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { sumBalancesByCurrency } from './support/wallet-fixtures.ts';

/**
 * The seamless wallet's resettle and void (apps/vendor-sandbox/README.md, "Resettle and void"):
 * the member's cash moves by the difference, once per transactionId however often it arrives,
 * never below zero; the round's state changes and the member rollups follow it.
 */
describe('the seamless wallet: resettle and void', () => {
  let testApp: TestApp;
  let merchantId: string;
  let memberId: string;
  let token: string;
  let counter = 0;
  const id = (prefix: string) => `${prefix}-${++counter}`;

  beforeAll(async () => {
    testApp = await createSeededApp({});
    await registerTestVendor(testApp, { vassalage: 'TESTV', games: [catalogueGame('slot-1')] });
    merchantId = await demoMerchantId(testApp);
    memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 100_000n, 'resettle-fund');
    const member = createAccountsClient(testApp.app, '203.0.113.41');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await member.call('GET', '/wps/game/launchGame?nodeId=TESTV_slot-1&mode=real');
    token = tokenOf(reply.body.value.url);
    expect((await callWallet(testApp.app, 'authenticate', base())).status).toBe('OK');
  });
  afterAll(async () => {
    await testApp.close();
  });

  function base() {
    return { vendor: 'TESTV', playerToken: token, currency: 'PHP', gameCode: 'slot-1' };
  }
  /** Later calls name the player by id, as a vendor does long after the session. */
  const byId = () => ({ vendor: 'TESTV', playerId: memberId, currency: 'PHP' });
  const cash = async () =>
    (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;
  const roundOf = (vendorRoundId: string) =>
    testApp.database.db
      .selectFrom('game_rounds')
      .select(['status', 'stake_minor', 'win_minor', 'valid_bet_minor', 'resettled_at'])
      .where('vendor_round_id', '=', vendorRoundId)
      .executeTakeFirstOrThrow();

  /** A round staked and settled through the wallet: its id. */
  async function settledRound(stake: string, win: string): Promise<string> {
    const roundId = id('r');
    expect(
      (await callWallet(testApp.app, 'debit', { ...base(), transactionId: id('d'), roundId, amount: stake }))
        .status,
    ).toBe('OK');
    expect(
      (await callWallet(testApp.app, 'credit', { ...byId(), transactionId: id('c'), roundId, amount: win }))
        .status,
    ).toBe('OK');
    return roundId;
  }

  /** The member's rollups equal the sums of their counted bets; the ledger sums to zero. */
  async function expectBooksSound() {
    const db = testApp.database.db;
    const stored = await sql<{ bets: string; stake: string; valid: string; win: string }>`
      select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(valid_bet_minor), 0)::text as valid, coalesce(sum(win_minor), 0)::text as win
      from member_bet_days where member_id = ${memberId}`.execute(db);
    const summed = await sql<{ bets: string; stake: string; valid: string; win: string }>`
      select count(*)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(valid_bet_minor), 0)::text as valid, coalesce(sum(win_minor), 0)::text as win
      from game_rounds where member_id = ${memberId} and status in ('settled', 'resettled')`.execute(db);
    expect(stored.rows[0]).toEqual(summed.rows[0]);
    const months = await sql<{ bets: string; win: string }>`
      select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(win_minor), 0)::text as win
      from member_bet_months where member_id = ${memberId}`.execute(db);
    expect(months.rows[0]).toEqual({ bets: summed.rows[0]?.bets, win: summed.rows[0]?.win });
    for (const total of (await sumBalancesByCurrency(db)).values()) expect(total).toBe(0n);
    expect(await cash()).toBeGreaterThanOrEqual(0n);
  }

  it('refuses an unsigned or wrongly signed resettle and void', async () => {
    const roundId = await settledRound('10.00', '0.00');
    const body = { ...byId(), transactionId: id('s'), refRoundId: roundId, amount: '5.00' };
    expect((await callWallet(testApp.app, 'resettle', body, { secret: 'another-secret' })).status).toBe(
      'INVALID_SIGNATURE',
    );
    expect(
      (
        await callWallet(
          testApp.app,
          'void',
          { ...body, transactionId: id('v') },
          { signature: 'a'.repeat(64) },
        )
      ).status,
    ).toBe('INVALID_SIGNATURE');
    expect((await roundOf(roundId)).status).toBe('settled');
  });

  it('resettles a round up and down by the new total payout; a burst of one id has one effect', async () => {
    const roundId = await settledRound('20.00', '15.00');
    const before = await cash();
    const up = { ...byId(), transactionId: id('s'), refRoundId: roundId, amount: '50.00' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => callWallet(testApp.app, 'resettle', up)),
    );
    expect(replies.every((reply) => reply.status === 'OK')).toBe(true);
    expect(replies.filter((reply) => reply.duplicate !== true)).toHaveLength(1);
    expect(new Set(replies.map((reply) => reply.balance)).size).toBe(1);
    expect(await cash()).toBe(before + 3_500n);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'resettled',
      win_minor: 5_000n,
      valid_bet_minor: 2_000n,
    });
    expect((await roundOf(roundId)).resettled_at).not.toBeNull();
    // The same id with another amount is another call: refused, nothing moves.
    expect((await callWallet(testApp.app, 'resettle', { ...up, amount: '1.00' })).status).toBe('ERROR');

    const down = { ...byId(), transactionId: id('s'), refRoundId: roundId, amount: '5.00' };
    expect(await callWallet(testApp.app, 'resettle', down)).toMatchObject({
      status: 'OK',
      balance: ((Number(before) + 3_500 - 4_500) / 100).toFixed(2),
    });
    expect(await callWallet(testApp.app, 'resettle', down)).toMatchObject({ status: 'OK', duplicate: true });
    expect(await cash()).toBe(before - 1_000n);
    expect(await roundOf(roundId)).toMatchObject({ status: 'resettled', win_minor: 500n });
    await expectBooksSound();
  });

  it('refuses a resettle that would take the balance below zero, and applies it once there is cash', async () => {
    const roundId = await settledRound('10.00', '900.00');
    const spare = (await cash()) - 100n;
    // Everything but 1.00 leaves the member's cash.
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: id('drain'),
      code: 'adjustment',
      from: { memberId, wallet: 'cash' },
      to: { house: 'adjustment', shardKey: memberId },
      amountMinor: spare,
    });
    const call = { ...byId(), transactionId: id('s'), refRoundId: roundId, amount: '0.00' };
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => callWallet(testApp.app, 'resettle', call)),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(4).fill('INSUFFICIENT_FUNDS'));
    expect(replies[0]?.balance).toBe('1.00');
    expect(await cash()).toBe(100n);
    expect((await roundOf(roundId)).status).toBe('settled');
    await expectBooksSound();
    // The vendor retries the same id once the member has the cash: it applies then.
    await fund(testApp, memberId, spare, id('refund'));
    expect(await callWallet(testApp.app, 'resettle', call)).toMatchObject({ status: 'OK' });
    expect(await cash()).toBe(spare + 100n - 90_000n);
    await expectBooksSound();
  });

  it('voids a settled round: the stake comes back, the payout goes, valid bet 0; rollback is refused after', async () => {
    const roundId = await settledRound('30.00', '12.00');
    const before = await cash();
    const call = { ...byId(), transactionId: id('v'), refRoundId: roundId };
    const replies = await Promise.all(Array.from({ length: 6 }, () => callWallet(testApp.app, 'void', call)));
    expect(replies.every((reply) => reply.status === 'OK')).toBe(true);
    expect(replies.filter((reply) => reply.duplicate !== true)).toHaveLength(1);
    expect(await cash()).toBe(before + 1_800n);
    expect(await roundOf(roundId)).toMatchObject({ status: 'void', valid_bet_minor: 0n });
    // A void round is closed to everything else.
    expect((await callWallet(testApp.app, 'void', { ...call, transactionId: id('v') })).status).toBe(
      'ROUND_CLOSED',
    );
    expect(
      (await callWallet(testApp.app, 'resettle', { ...call, transactionId: id('s'), amount: '1.00' })).status,
    ).toBe('ROUND_CLOSED');
    expect(
      (
        await callWallet(testApp.app, 'rollback', {
          ...byId(),
          transactionId: id('x'),
          roundId,
          refTransactionId: 'd-unknown',
        })
      ).status,
    ).toBe('ROUND_CLOSED');
    expect(await cash()).toBe(before + 1_800n);
    await expectBooksSound();
  });

  it('refuses a rollback of a resettled round', async () => {
    const roundId = id('r');
    const debitId = id('d');
    await callWallet(testApp.app, 'debit', { ...base(), transactionId: debitId, roundId, amount: '5.00' });
    await callWallet(testApp.app, 'credit', { ...byId(), transactionId: id('c'), roundId, amount: '0.00' });
    await callWallet(testApp.app, 'resettle', {
      ...byId(),
      transactionId: id('s'),
      refRoundId: roundId,
      amount: '2.00',
    });
    const before = await cash();
    expect(
      (
        await callWallet(testApp.app, 'rollback', {
          ...byId(),
          transactionId: id('x'),
          roundId,
          refTransactionId: debitId,
        })
      ).status,
    ).toBe('ROUND_CLOSED');
    expect(await cash()).toBe(before);
  });

  it('voids an open round as a rollback of its stakes; a resettle of an open or unknown round is refused', async () => {
    const roundId = id('r');
    const before = await cash();
    for (const amount of ['7.00', '3.00']) {
      await callWallet(testApp.app, 'debit', { ...base(), transactionId: id('d'), roundId, amount });
    }
    expect(await cash()).toBe(before - 1_000n);
    expect(
      (
        await callWallet(testApp.app, 'resettle', {
          ...byId(),
          transactionId: id('s'),
          refRoundId: roundId,
          amount: '1.00',
        })
      ).status,
    ).toBe('ERROR');
    expect(
      (
        await callWallet(testApp.app, 'void', {
          ...byId(),
          transactionId: id('v'),
          refRoundId: 'no-such-round',
        })
      ).status,
    ).toBe('TRANSACTION_NOT_FOUND');
    const call = { ...byId(), transactionId: id('v'), refRoundId: roundId };
    const replies = await Promise.all(Array.from({ length: 5 }, () => callWallet(testApp.app, 'void', call)));
    expect(replies.every((reply) => reply.status === 'OK')).toBe(true);
    expect(await cash()).toBe(before);
    expect(await roundOf(roundId)).toMatchObject({ status: 'void', valid_bet_minor: 0n });
    // No further stake lands in it.
    expect(
      (await callWallet(testApp.app, 'debit', { ...base(), transactionId: id('d'), roundId, amount: '1.00' }))
        .status,
    ).toBe('ROUND_CLOSED');
    await expectBooksSound();
  });
});

describe("the back office's vendor rounds without a credit", () => {
  let testApp: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await registerTestVendor(testApp, { vassalage: 'TESTV', games: [catalogueGame('slot-1')] });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists a vendor's open round once the merchant's hours have passed, not the one credited, and only after the merchant's own hours", async () => {
    const merchantId = await demoMerchantId(testApp);
    const memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 10_000n, 'overdue-fund');
    const member = createAccountsClient(testApp.app, '203.0.113.42');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=TESTV_slot-1&mode=real');
    const playerToken = tokenOf(launched.body.value.url);
    const call = { vendor: 'TESTV', playerToken, currency: 'PHP', gameCode: 'slot-1' };
    expect((await callWallet(testApp.app, 'authenticate', call)).status).toBe('OK');
    for (const roundId of ['late-1', 'paid-1']) {
      const debit = await callWallet(testApp.app, 'debit', {
        ...call,
        transactionId: `d-${roundId}`,
        roundId,
        amount: '12.50',
      });
      expect(debit.status).toBe('OK');
    }
    // The database stamps a round's opening with its own clock: the test's starts from there.
    clock = Date.now();
    expect(
      (
        await callWallet(testApp.app, 'credit', {
          ...call,
          transactionId: 'c-paid-1',
          roundId: 'paid-1',
          amount: '0.00',
        })
      ).status,
    ).toBe('OK');

    /** The report as an operator of the merchant signed in at the clock's time sees it. */
    let operators = 0;
    const overdue = async () => {
      const admin = createBackOfficeClient(testApp.app);
      operators += 1;
      admin.token = (
        await insertOperatorWithSession(testApp.database.db, {
          username: `overdue-admin-${operators}`,
          merchantId,
          roleId: 'admin',
          nowMs: clock,
        })
      ).token;
      const reply = await admin.call('GET', '/bo/reports/overdue-vendor-rounds?preset=past7Days');
      expect(reply.body.success).toBe(true);
      return reply.body.value.rows as Array<Record<string, unknown>>;
    };
    // Within the default 24 hours: not yet listed.
    clock += 23 * 3_600_000;
    expect(await overdue()).toEqual([]);
    clock += 2 * 3_600_000 + 60_000;
    expect(await overdue()).toEqual([
      expect.objectContaining({
        merchantId,
        vendorRoundId: 'late-1',
        gameCode: 'slot-1',
        account: 'demo',
        stake: '12.50',
        hoursOpen: 25,
      }),
    ]);
    // A merchant that waits two days does not list it yet.
    await sql`update merchants set settings = jsonb_set(settings, '{vendorRounds}', '{"overdueHours": 48}')
      where id = ${merchantId}`.execute(testApp.database.db);
    expect(await overdue()).toEqual([]);
    // Another merchant's operator sees none of it.
    const otherId = await insertOtherMerchant(testApp.database.db, 'overdue-b');
    const other = createBackOfficeClient(testApp.app);
    other.token = (
      await insertOperatorWithSession(testApp.database.db, {
        username: 'overdue-b-owner',
        merchantId: otherId,
        roleId: 'owner',
        nowMs: clock,
      })
    ).token;
    expect(
      (await other.call('GET', `/bo/reports/overdue-vendor-rounds?merchantId=${merchantId}`)).body.code,
    ).toBe('FORBIDDEN');
  });
});
