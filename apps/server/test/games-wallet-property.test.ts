import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  memberIdOf,
  registerTestVendor,
  tokenOf,
  type WalletReply,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { replayBalances, storedBalances, sumBalancesByCurrency } from './support/wallet-fixtures.ts';

/**
 * Issue 6's property: whatever order vendor calls arrive in, however often each is delivered and
 * however late, the player's balance is the sum of the effects that were accepted, and no
 * transaction id has more than one.
 */

type Round = { stakeMinor: bigint; winMinor: bigint };
type Call =
  | { kind: 'debit'; round: number }
  | { kind: 'credit'; round: number }
  | { kind: 'rollback'; round: number }
  | { kind: 'logout' };

const ROUNDS_MAX = 4;
const roundArbitrary = fc.record({
  stakeMinor: fc.bigInt({ min: 1n, max: 40_000n }),
  winMinor: fc.bigInt({ min: 0n, max: 60_000n }),
});
const scenarioArbitrary = fc.array(roundArbitrary, { minLength: 1, maxLength: ROUNDS_MAX }).chain((rounds) =>
  fc.record({
    rounds: fc.constant(rounds),
    // Each call may repeat (a duplicate delivery) and come in any order (late or early).
    calls: fc.array(
      fc.oneof(
        {
          weight: 10,
          arbitrary: fc.record({
            kind: fc.constantFrom('debit', 'credit', 'rollback' as const),
            round: fc.nat(rounds.length - 1),
          }),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'logout' as const }) },
      ),
      { minLength: 1, maxLength: 24 },
    ) as fc.Arbitrary<Call[]>,
  }),
);

const format = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

describe('the seamless wallet under duplicated, reordered and late calls', () => {
  let testApp: TestApp;
  let memberId: string;
  let merchantId: string;
  let run = 0;

  beforeAll(async () => {
    testApp = await createSeededApp();
    await registerTestVendor(testApp, { vassalage: 'PROPV', games: [catalogueGame('prop-1')] });
    memberId = await memberIdOf(testApp, 'demo');
    merchantId = await demoMerchantId(testApp);
    await fund(testApp, memberId, 50_000n, 'property-fund');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const cash = async () =>
    (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;

  async function openGame() {
    const member = createAccountsClient(testApp.app, '203.0.113.60');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=PROPV_prop-1&mode=real');
    const token = tokenOf(launched.body.value.url);
    expect(
      (await callWallet(testApp.app, 'authenticate', { vendor: 'PROPV', playerToken: token })).status,
    ).toBe('OK');
    return { member, token };
  }

  function bodyOf(call: Exclude<Call, { kind: 'logout' }>, rounds: Round[], token: string, prefix: string) {
    const round = rounds[call.round] as Round;
    const ids = { roundId: `${prefix}-r${call.round}`, debit: `${prefix}-d${call.round}` };
    const common = {
      vendor: 'PROPV',
      playerToken: token,
      currency: 'PHP',
      gameCode: 'prop-1',
      roundId: ids.roundId,
    };
    if (call.kind === 'debit')
      return { ...common, transactionId: ids.debit, amount: format(round.stakeMinor) };
    if (call.kind === 'credit')
      return { ...common, transactionId: `${prefix}-c${call.round}`, amount: format(round.winMinor) };
    return { ...common, transactionId: `${prefix}-x${call.round}`, refTransactionId: ids.debit };
  }

  it('answers each call as a model of the rules predicts, and the balance is the sum of accepted effects', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ rounds, calls }) => {
        run += 1;
        const prefix = `seq${run}`;
        const { member, token } = await openGame();
        // A little money so that stakes run short now and then.
        let modelMinor = await cash();
        let isLive = true;
        const firstReplies = new Map<string, WalletReply>();
        const state = rounds.map(() => ({ debited: false, settled: false, rolledBack: false }));
        for (const call of calls) {
          if (call.kind === 'logout') {
            await member.call('DELETE', '/wps/session/logout');
            isLive = false;
            continue;
          }
          const body = bodyOf(call, rounds, token, prefix);
          const reply = await callWallet(testApp.app, call.kind, body);
          const round = state[call.round] as (typeof state)[number];
          const amounts = rounds[call.round] as Round;
          const earlier = firstReplies.get(body.transactionId);
          if (earlier) {
            // A repeat: the first result, nothing applied again.
            expect(reply).toMatchObject({ status: 'OK', duplicate: true, balance: earlier.balance });
            continue;
          }
          let expected: string;
          if (call.kind === 'debit') {
            if (!isLive) expected = 'INVALID_TOKEN';
            else if (round.settled || round.rolledBack) expected = 'ROUND_CLOSED';
            else if (modelMinor < amounts.stakeMinor) expected = 'INSUFFICIENT_FUNDS';
            else {
              expected = 'OK';
              modelMinor -= amounts.stakeMinor;
              round.debited = true;
            }
          } else if (call.kind === 'credit') {
            if (round.rolledBack || round.settled) expected = 'ROUND_CLOSED';
            else if (!round.debited) expected = 'TRANSACTION_NOT_FOUND';
            else {
              expected = 'OK';
              modelMinor += amounts.winMinor;
              round.settled = true;
            }
          } else if (round.settled) {
            expected = 'ROUND_CLOSED';
          } else {
            expected = 'OK';
            if (round.debited) modelMinor += amounts.stakeMinor;
            round.rolledBack = true;
          }
          expect(reply.status, `${call.kind} of round ${call.round}`).toBe(expected);
          expect(reply.duplicate).toBeUndefined();
          if (expected === 'OK') {
            expect(reply.balance).toBe(format(modelMinor));
            firstReplies.set(body.transactionId, reply);
          }
          expect(await cash()).toBe(modelMinor);
        }
        // Every round's record agrees with what was accepted.
        for (const [index, round] of state.entries()) {
          const row = await testApp.database.db
            .selectFrom('game_rounds')
            .select(['status', 'stake_minor', 'win_minor'])
            .where('vendor_round_id', '=', `${prefix}-r${index}`)
            .executeTakeFirst();
          const status = round.rolledBack
            ? 'rolled_back'
            : round.settled
              ? 'settled'
              : round.debited
                ? 'open'
                : undefined;
          expect(row?.status).toBe(status);
        }
      }),
      { numRuns: 40 },
    );
    expect(await replayBalances(testApp.database.db)).toEqual(
      new Map([...(await storedBalances(testApp.database.db))].filter(([, balance]) => balance !== 0n)),
    );
  });

  it('applies each transaction id at most once when duplicates arrive at the same time', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ rounds, calls }) => {
        run += 1;
        const prefix = `par${run}`;
        const { token } = await openGame();
        const before = await cash();
        const wire = calls.filter(
          (call): call is Exclude<Call, { kind: 'logout' }> => call.kind !== 'logout',
        );
        // Every call twice, all in flight together.
        const replies = await Promise.all(
          [...wire, ...wire].map(async (call) => {
            const body = bodyOf(call, rounds, token, prefix);
            return { call, reply: await callWallet(testApp.app, call.kind, body) };
          }),
        );
        const applied = new Map<string, { call: (typeof wire)[number] }>();
        for (const { call, reply } of replies) {
          if (reply.status !== 'OK' || reply.duplicate) continue;
          const key = `${call.kind}${call.round}`;
          expect(applied.has(key), `${key} applied twice`).toBe(false);
          applied.set(key, { call });
        }
        let effectMinor = 0n;
        for (const [index, amounts] of rounds.entries()) {
          const debited = applied.has(`debit${index}`);
          if (debited) effectMinor -= amounts.stakeMinor;
          if (applied.has(`credit${index}`)) effectMinor += amounts.winMinor;
          if (applied.has(`rollback${index}`) && debited) effectMinor += amounts.stakeMinor;
          // A round is never both paid out and rolled back.
          expect(applied.has(`credit${index}`) && applied.has(`rollback${index}`) && debited).toBe(false);
        }
        expect(await cash()).toBe(before + effectMinor);
        const keys = await testApp.database.db
          .selectFrom('ledger_transfers')
          .select('idempotency_key')
          .where('reference', 'like', `PROPV:${prefix}-%`)
          .execute();
        expect(new Set(keys.map((row) => row.idempotency_key)).size).toBe(keys.length);
      }),
      { numRuns: 25 },
    );
    expect(await sumBalancesByCurrency(testApp.database.db)).toEqual(new Map([['PHP', 0n]]));
  });
});
