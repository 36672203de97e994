import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  fund,
  memberIdOf,
  registerTestVendor,
  TEST_VENDOR_SECRET,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

describe('the seamless wallet for vendors (/wallet/v1)', () => {
  let testApp: TestApp;
  let clock = Date.now();
  let memberId: string;
  let counter = 0;
  const id = (prefix: string) => `${prefix}-${++counter}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await registerTestVendor(testApp, { vassalage: 'TESTV', games: [catalogueGame('slot-1')] });
    memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 100_000n, 'wallet-v1-fund');
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function launchToken(): Promise<string> {
    const member = createAccountsClient(testApp.app, '203.0.113.40');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await member.call('GET', '/wps/game/launchGame?nodeId=TESTV_slot-1&mode=real');
    return tokenOf(reply.body.value.url);
  }
  const base = (playerToken: string) => ({
    vendor: 'TESTV',
    playerToken,
    currency: 'PHP',
    gameCode: 'slot-1',
  });
  const balanceOf = async () =>
    (
      await testApp.app.wallet.getBalances({
        merchantId: (
          await testApp.database.db
            .selectFrom('merchants')
            .select('id')
            .where('code', '=', 'panalo')
            .executeTakeFirstOrThrow()
        ).id,
        memberId,
        currency: 'PHP',
      })
    ).cashMinor;

  it('authenticates a fresh launch token and answers the balance and the player', async () => {
    const token = await launchToken();
    const reply = await callWallet(testApp.app, 'authenticate', base(token));
    expect(reply).toMatchObject({ status: 'OK', balance: '1000.00', playerId: memberId });
  });

  it('refuses a bad signature, a signature with another secret and a stale or future timestamp', async () => {
    const token = await launchToken();
    const body = base(token);
    expect((await callWallet(testApp.app, 'authenticate', body, { signature: 'a'.repeat(64) })).status).toBe(
      'INVALID_SIGNATURE',
    );
    expect((await callWallet(testApp.app, 'authenticate', body, { secret: 'another-secret' })).status).toBe(
      'INVALID_SIGNATURE',
    );
    // The app reads the test clock, so staleness is measured against it.
    const now = Math.floor(clock / 1000);
    expect(
      (await callWallet(testApp.app, 'authenticate', body, { timestampSeconds: now - 301 })).status,
    ).toBe('INVALID_SIGNATURE');
    expect(
      (await callWallet(testApp.app, 'authenticate', body, { timestampSeconds: now + 301 })).status,
    ).toBe('INVALID_SIGNATURE');
    // Within the window, the same body is accepted: the refusals above were about the signature.
    expect(
      (await callWallet(testApp.app, 'authenticate', body, { timestampSeconds: now - 299 })).status,
    ).toBe('OK');
    // A body changed after signing is refused.
    const signedFor = JSON.stringify(body);
    const tampered = JSON.stringify({ ...body, amount: '999.00' });
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/wallet/v1/authenticate',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': String(now),
        'x-signature': (await import('@panalo/crypto/request-signature.ts')).signRequest(
          TEST_VENDOR_SECRET,
          now,
          signedFor,
        ),
      },
      payload: tampered,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().status).toBe('INVALID_SIGNATURE');
    expect((await callWallet(testApp.app, 'authenticate', { ...body, vendor: 'UNKNOWN' })).status).toBe(
      'INVALID_SIGNATURE',
    );
  });

  it('refuses an unknown token and a token of another vendor', async () => {
    expect((await callWallet(testApp.app, 'authenticate', base('x'.repeat(43)))).status).toBe(
      'INVALID_TOKEN',
    );
    const debit = await callWallet(testApp.app, 'debit', {
      ...base('y'.repeat(43)),
      transactionId: id('d'),
      roundId: id('r'),
      amount: '1.00',
    });
    expect(debit.status).toBe('INVALID_TOKEN');
  });

  it('refuses a launch token not opened within five minutes', async () => {
    const token = await launchToken();
    clock += 5 * 60_000 + 1_000;
    try {
      expect((await callWallet(testApp.app, 'authenticate', base(token))).status).toBe('INVALID_TOKEN');
    } finally {
      clock = Date.now();
    }
  });

  it('takes a stake, pays a win and settles the round; a repeated id answers the first result once', async () => {
    const token = await launchToken();
    const before = await balanceOf();
    const roundId = id('r');
    const debitId = id('d');
    const debit = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '25.50',
    });
    expect(debit).toEqual({ status: 'OK', balance: expect.any(String), transactionId: debitId });
    expect(await balanceOf()).toBe(before - 2_550n);
    const again = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '25.50',
    });
    expect(again).toEqual({ status: 'OK', balance: debit.balance, transactionId: debitId, duplicate: true });
    expect(await balanceOf()).toBe(before - 2_550n);

    const creditId = id('c');
    const credit = await callWallet(testApp.app, 'credit', {
      ...base(token),
      transactionId: creditId,
      roundId,
      amount: '40.00',
    });
    expect(credit.status).toBe('OK');
    const creditAgain = await callWallet(testApp.app, 'credit', {
      ...base(token),
      transactionId: creditId,
      roundId,
      amount: '40.00',
    });
    expect(creditAgain).toMatchObject({ status: 'OK', duplicate: true, balance: credit.balance });
    expect(await balanceOf()).toBe(before - 2_550n + 4_000n);

    const round = await testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('vendor_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({
      status: 'settled',
      stake_minor: 2_550n,
      win_minor: 4_000n,
      member_id: memberId,
    });
    // The round is closed: a further stake or win in it is refused and moves nothing.
    expect(
      (
        await callWallet(testApp.app, 'debit', {
          ...base(token),
          transactionId: id('d'),
          roundId,
          amount: '1.00',
        })
      ).status,
    ).toBe('ROUND_CLOSED');
    expect(
      (
        await callWallet(testApp.app, 'credit', {
          ...base(token),
          transactionId: id('c'),
          roundId,
          amount: '1.00',
        })
      ).status,
    ).toBe('ROUND_CLOSED');
    expect(
      (
        await callWallet(testApp.app, 'rollback', {
          ...base(token),
          transactionId: id('x'),
          roundId,
          refTransactionId: debitId,
        })
      ).status,
    ).toBe('ROUND_CLOSED');
    expect(await balanceOf()).toBe(before - 2_550n + 4_000n);
  });

  it('answers a reused transaction id carrying another amount with ERROR, changing nothing', async () => {
    const token = await launchToken();
    const roundId = id('r');
    const debitId = id('d');
    await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '1.00',
    });
    const before = await balanceOf();
    const reused = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '2.00',
    });
    expect(reused.status).toBe('ERROR');
    expect(await balanceOf()).toBe(before);
  });

  it('answers INSUFFICIENT_FUNDS with the balance, taking nothing', async () => {
    const token = await launchToken();
    const before = await balanceOf();
    const reply = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: id('d'),
      roundId: id('r'),
      amount: '999999.00',
    });
    expect(reply).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: (Number(before) / 100).toFixed(2) });
    expect(await balanceOf()).toBe(before);
  });

  it('answers a win for a round without a stake with TRANSACTION_NOT_FOUND', async () => {
    const token = await launchToken();
    const reply = await callWallet(testApp.app, 'credit', {
      ...base(token),
      transactionId: id('c'),
      roundId: id('r'),
      amount: '5.00',
    });
    expect(reply.status).toBe('TRANSACTION_NOT_FOUND');
  });

  it('records a rollback whose debit never arrived, and refuses that debit when it comes late', async () => {
    const token = await launchToken();
    const before = await balanceOf();
    const roundId = id('r');
    const debitId = id('d');
    const rollback = await callWallet(testApp.app, 'rollback', {
      ...base(token),
      transactionId: id('x'),
      roundId,
      refTransactionId: debitId,
    });
    expect(rollback.status).toBe('OK');
    const late = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '3.00',
    });
    expect(late.status).toBe('ROUND_CLOSED');
    // Even in another round, that transaction id can no longer take money.
    const elsewhere = await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId: id('r'),
      amount: '3.00',
    });
    expect(elsewhere.status).toBe('ROUND_CLOSED');
    expect(await balanceOf()).toBe(before);
  });

  it('rolls back a stake once, however often the rollback arrives', async () => {
    const token = await launchToken();
    const before = await balanceOf();
    const roundId = id('r');
    const debitId = id('d');
    await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitId,
      roundId,
      amount: '7.00',
    });
    const rollbackId = id('x');
    const first = await callWallet(testApp.app, 'rollback', {
      ...base(token),
      transactionId: rollbackId,
      roundId,
      refTransactionId: debitId,
    });
    const second = await callWallet(testApp.app, 'rollback', {
      ...base(token),
      transactionId: rollbackId,
      roundId,
      refTransactionId: debitId,
    });
    const other = await callWallet(testApp.app, 'rollback', {
      ...base(token),
      transactionId: id('x'),
      roundId,
      refTransactionId: debitId,
    });
    expect(first.status).toBe('OK');
    expect(second).toMatchObject({ status: 'OK', duplicate: true, balance: first.balance });
    expect(other.status).toBe('OK');
    expect(await balanceOf()).toBe(before);
    const round = await testApp.database.db
      .selectFrom('game_rounds')
      .select('status')
      .where('vendor_round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.status).toBe('rolled_back');
  });

  it('accepts a win and a rollback after the session has ended, but no new stake', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.41');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=TESTV_slot-1&mode=real');
    const token = tokenOf(launched.body.value.url);
    expect((await callWallet(testApp.app, 'authenticate', base(token))).status).toBe('OK');
    const roundA = id('r');
    const roundB = id('r');
    const debitA = id('d');
    const debitB = id('d');
    await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitA,
      roundId: roundA,
      amount: '10.00',
    });
    await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: debitB,
      roundId: roundB,
      amount: '4.00',
    });
    const before = await balanceOf();
    expect((await member.call('POST', '/wps/session/logout', {})).status).toBeLessThan(500);
    const session = await testApp.database.db
      .selectFrom('member_sessions')
      .select('ended_at')
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    if (session.ended_at === null) {
      // Whatever the logout route is called, the session ends here the way logout ends it.
      await testApp.app.members.endOtherSessions(memberId, undefined, 'test');
    }
    expect(
      (
        await callWallet(testApp.app, 'debit', {
          ...base(token),
          transactionId: id('d'),
          roundId: id('r'),
          amount: '1.00',
        })
      ).status,
    ).toBe('INVALID_TOKEN');
    expect((await callWallet(testApp.app, 'authenticate', base(token))).status).toBe('INVALID_TOKEN');
    const credit = await callWallet(testApp.app, 'credit', {
      ...base(token),
      transactionId: id('c'),
      roundId: roundA,
      amount: '15.00',
    });
    expect(credit.status).toBe('OK');
    const rollback = await callWallet(testApp.app, 'rollback', {
      ...base(token),
      transactionId: id('x'),
      roundId: roundB,
      refTransactionId: debitB,
    });
    expect(rollback.status).toBe('OK');
    expect(await balanceOf()).toBe(before + 1_500n + 400n);
    // By player id too, as API.md allows for calls without the token.
    const byId = await callWallet(testApp.app, 'balance', {
      vendor: 'TESTV',
      playerId: memberId,
      currency: 'PHP',
    });
    expect(byId).toMatchObject({ status: 'OK', balance: credit.balance ? expect.any(String) : null });
  });

  it('answers ERROR for a malformed body or a missing amount, always with HTTP 200', async () => {
    const token = await launchToken();
    expect((await callWallet(testApp.app, 'debit', {}, { rawBody: 'not json' })).status).toBe('ERROR');
    expect(
      (await callWallet(testApp.app, 'debit', { ...base(token), transactionId: id('d'), roundId: id('r') }))
        .status,
    ).toBe('ERROR');
    expect(
      (
        await callWallet(testApp.app, 'debit', {
          ...base(token),
          transactionId: id('d'),
          roundId: id('r'),
          amount: 5,
        })
      ).status,
    ).toBe('ERROR');
    expect(
      (
        await callWallet(testApp.app, 'debit', {
          ...base(token),
          transactionId: id('d'),
          roundId: id('r'),
          amount: '1.00',
          currency: 'USD',
        })
      ).status,
    ).toBe('ERROR');
  });
  it('takes no stake from a player excluded mid-session, yet pays the win of a round already staked', async () => {
    const token = await launchToken();
    const roundId = id('r');
    await callWallet(testApp.app, 'debit', {
      ...base(token),
      transactionId: id('d'),
      roundId,
      amount: '2.00',
    });
    await testApp.database.db
      .updateTable('members')
      .set({ status: 'self_excluded' })
      .where('id', '=', memberId)
      .execute();
    try {
      const before = await balanceOf();
      const stake = await callWallet(testApp.app, 'debit', {
        ...base(token),
        transactionId: id('d'),
        roundId: id('r'),
        amount: '1.00',
      });
      expect(stake.status).toBe('INVALID_TOKEN');
      const win = await callWallet(testApp.app, 'credit', {
        ...base(token),
        transactionId: id('c'),
        roundId,
        amount: '3.00',
      });
      expect(win.status).toBe('OK');
      expect(await balanceOf()).toBe(before + 300n);
    } finally {
      await testApp.database.db
        .updateTable('members')
        .set({ status: 'active' })
        .where('id', '=', memberId)
        .execute();
    }
  });
});
