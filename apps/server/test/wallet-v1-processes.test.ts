import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAccountsClient } from './support/accounts-client.ts';
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
 * The seamless wallet behind a balancer: two app instances (two server processes, each with its
 * own memory) on one database. A round's calls arriving at both at once are ordered by the
 * database, so a win and a rollback of one round never both take effect.
 */
describe('the seamless wallet on two server processes', () => {
  let testApp: TestApp;
  let other: FastifyInstance;
  let merchantId: string;
  let memberId: string;
  let token: string;
  const ROUNDS = 24;

  beforeAll(async () => {
    testApp = await createSeededApp({});
    await registerTestVendor(testApp, { vassalage: 'TESTP', games: [catalogueGame('slot-1')] });
    other = await buildApp({ config: testApp.config, database: testApp.database });
    merchantId = await demoMerchantId(testApp);
    memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 100_000n, 'processes-fund');
    const member = createAccountsClient(testApp.app, '203.0.113.61');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await member.call('GET', '/wps/game/launchGame?nodeId=TESTP_slot-1&mode=real');
    token = tokenOf(reply.body.value.url);
    expect((await callWallet(other, 'authenticate', base())).status).toBe('OK');
  });
  afterAll(async () => {
    await other.close();
    await testApp.close();
  });

  function base() {
    return { vendor: 'TESTP', playerToken: token, currency: 'PHP', gameCode: 'slot-1' };
  }
  const byId = () => ({ vendor: 'TESTP', playerId: memberId, currency: 'PHP' });
  const cash = async () =>
    (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;

  /** The ledger sums to zero, the cash is not negative and the rollups equal the settled rounds. */
  async function expectBooksSound() {
    const db = testApp.database.db;
    for (const total of (await sumBalancesByCurrency(db)).values()) expect(total).toBe(0n);
    expect(await cash()).toBeGreaterThanOrEqual(0n);
    const stored = await sql<{ bets: string; stake: string; win: string }>`
      select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(win_minor), 0)::text as win
      from member_bet_days where member_id = ${memberId}`.execute(db);
    const summed = await sql<{ bets: string; stake: string; win: string }>`
      select count(*)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(win_minor), 0)::text as win
      from game_rounds where member_id = ${memberId} and status in ('settled', 'resettled')`.execute(db);
    expect(stored.rows[0]).toEqual(summed.rows[0]);
  }

  it('takes either the win or the rollback of each round, never both, when they reach two processes at once', async () => {
    const before = await cash();
    const rounds = Array.from({ length: ROUNDS }, (_, index) => `race-${index}`);
    for (const roundId of rounds) {
      const staked = await callWallet(testApp.app, 'debit', {
        ...base(),
        transactionId: `${roundId}-d`,
        roundId,
        amount: '10.00',
      });
      expect(staked.status).toBe('OK');
    }
    // Each round's win and rollback at once, to different processes (alternating which gets which).
    const replies = await Promise.all(
      rounds.map(async (roundId, index) => {
        const [winAt, rollbackAt] = index % 2 === 0 ? [testApp.app, other] : [other, testApp.app];
        const [win, rolledBack] = await Promise.all([
          callWallet(winAt, 'credit', { ...byId(), transactionId: `${roundId}-c`, roundId, amount: '25.00' }),
          callWallet(rollbackAt, 'rollback', {
            ...byId(),
            transactionId: `${roundId}-r`,
            roundId,
            refTransactionId: `${roundId}-d`,
          }),
        ]);
        return { roundId, win: win.status, rollback: rolledBack.status };
      }),
    );
    let wins = 0;
    for (const reply of replies) {
      // Exactly one of the two took effect; the other found the round closed.
      expect([reply.win, reply.rollback].sort()).toEqual(['OK', 'ROUND_CLOSED']);
      if (reply.win === 'OK') wins += 1;
    }
    const statuses = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['vendor_round_id', 'status'])
      .where('vendor_round_id', 'in', rounds)
      .execute();
    for (const reply of replies) {
      const status = statuses.find((row) => row.vendor_round_id === reply.roundId)?.status;
      expect(status).toBe(reply.win === 'OK' ? 'settled' : 'rolled_back');
    }
    // Each round took 10.00; a won round paid 25.00, a rolled-back one gave the 10.00 back.
    expect(await cash()).toBe(before + BigInt(wins) * 1500n);
    await expectBooksSound();
  });

  it('refuses a late stake against a round rolled back or paid out on the other process', async () => {
    const before = await cash();
    const rounds = Array.from({ length: ROUNDS }, (_, index) => `late-${index}`);
    for (const roundId of rounds) {
      expect(
        (
          await callWallet(testApp.app, 'debit', {
            ...base(),
            transactionId: `${roundId}-d1`,
            roundId,
            amount: '5.00',
          })
        ).status,
      ).toBe('OK');
    }
    const replies = await Promise.all(
      rounds.map(async (roundId, index) => {
        const close =
          index % 2 === 0
            ? callWallet(other, 'rollback', {
                ...byId(),
                transactionId: `${roundId}-r`,
                roundId,
                refTransactionId: `${roundId}-d1`,
              })
            : callWallet(other, 'credit', {
                ...byId(),
                transactionId: `${roundId}-c`,
                roundId,
                amount: '0.00',
              });
        const [closed, late] = await Promise.all([
          close,
          callWallet(testApp.app, 'debit', {
            ...base(),
            transactionId: `${roundId}-d2`,
            roundId,
            amount: '7.00',
          }),
        ]);
        return { closed: closed.status, late: late.status };
      }),
    );
    for (const reply of replies) {
      expect(reply.closed).toBe('OK');
      expect(['OK', 'ROUND_CLOSED']).toContain(reply.late);
    }
    // A stake taken is in its round: a rolled-back round gave back every stake it holds (it was
    // taken before the rollback) or refused the late one; a paid-out round keeps what it took.
    const rows = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['vendor_round_id', 'status', 'stake_minor'])
      .where('vendor_round_id', 'in', rounds)
      .execute();
    let kept = 0n;
    for (const [index, roundId] of rounds.entries()) {
      const row = rows.find((candidate) => candidate.vendor_round_id === roundId);
      expect(row?.status).toBe(index % 2 === 0 ? 'rolled_back' : 'settled');
      const lateTaken = replies[index]?.late === 'OK';
      expect(BigInt(row?.stake_minor ?? 0)).toBe(lateTaken ? 1200n : 500n);
      // A rollback gives back the stake it names (5.00); a late stake taken before it stays taken.
      if (index % 2 === 0) kept += lateTaken ? 700n : 0n;
      else kept += lateTaken ? 1200n : 500n;
    }
    expect(await cash()).toBe(before - kept);
    await expectBooksSound();
  });
  it('lets a stake that opens its round and a rollback of that stake race on two processes: the stake is never kept', async () => {
    const before = await cash();
    const rounds = Array.from({ length: ROUNDS }, (_, index) => `open-${index}`);
    const replies = await Promise.all(
      rounds.map(async (roundId, index) => {
        const [stakeAt, rollbackAt] = index % 2 === 0 ? [testApp.app, other] : [other, testApp.app];
        const [staked, rolledBack] = await Promise.all([
          callWallet(stakeAt, 'debit', { ...base(), transactionId: `${roundId}-d`, roundId, amount: '9.00' }),
          callWallet(rollbackAt, 'rollback', {
            ...byId(),
            transactionId: `${roundId}-r`,
            roundId,
            refTransactionId: `${roundId}-d`,
          }),
        ]);
        return { staked: staked.status, rolledBack: rolledBack.status };
      }),
    );
    for (const reply of replies) {
      // Either the stake came first and the rollback gave it back, or the rollback came first and
      // the stake is refused for good.
      expect(reply.rolledBack).toBe('OK');
      expect(['OK', 'ROUND_CLOSED']).toContain(reply.staked);
    }
    const rows = await testApp.database.db
      .selectFrom('game_rounds')
      .select('status')
      .where('vendor_round_id', 'in', rounds)
      .execute();
    // A round opened by a stake is rolled back; one whose stake never got in has no round (the
    // rollback names no game).
    expect(rows).toHaveLength(replies.filter((reply) => reply.staked === 'OK').length);
    for (const row of rows) expect(row.status).toBe('rolled_back');
    expect(await cash()).toBe(before);
    await expectBooksSound();
  });
});
