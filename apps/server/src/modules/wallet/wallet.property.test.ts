import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import {
  insertLedgerMerchant,
  insertPlayers,
  replayBalances,
  storedBalances,
  sumBalancesByCurrency,
} from '../../../test/support/wallet-fixtures.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

/**
 * Random histories of money movements, delivered the way networks and vendors deliver them:
 * each call may arrive several times, in any order, and (on PostgreSQL) several at once. Whatever
 * the history, the ledger must stay sound: the balances of a currency sum to zero, no player
 * balance is negative, every key has one effect, and replaying the transfer log gives back every
 * stored balance.
 */

const PLAYERS = 3;
const CURRENCIES = ['PHP', 'USD'] as const;
const RUNS = Number(process.env.WALLET_PROPERTY_RUNS ?? 60);

type Operation =
  | { kind: 'deposit'; player: number; currency: number; amount: bigint }
  | { kind: 'bet'; player: number; currency: number; amount: bigint }
  | { kind: 'win'; player: number; currency: number; amount: bigint }
  | { kind: 'rollback'; bet: number }
  | { kind: 'transfer'; player: number; to: number; currency: number; amount: bigint }
  | { kind: 'hold'; player: number; currency: number; amount: bigint }
  | { kind: 'release'; hold: number }
  | { kind: 'capture'; hold: number };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const currency = fc.integer({ min: 0, max: CURRENCIES.length - 1 });
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), player, currency, amount }),
  fc.record({ kind: fc.constant('bet' as const), player, currency, amount }),
  fc.record({ kind: fc.constant('win' as const), player, currency, amount }),
  fc.record({ kind: fc.constant('rollback' as const), bet: fc.nat(30) }),
  fc.record({ kind: fc.constant('transfer' as const), player, to: player, currency, amount }),
  fc.record({ kind: fc.constant('hold' as const), player, currency, amount }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat(10) }),
  fc.record({ kind: fc.constant('capture' as const), hold: fc.nat(10) }),
);

/** A history, and how it is delivered: which call, in which order, how many side by side. */
const scenario = fc.array(operation, { minLength: 1, maxLength: 40 }).chain((operations) =>
  fc.record({
    operations: fc.constant(operations),
    // Every call at least once; some twice or three times.
    copies: fc.array(fc.integer({ min: 1, max: 3 }), {
      minLength: operations.length,
      maxLength: operations.length,
    }),
    order: fc.array(fc.nat(), { minLength: operations.length * 3, maxLength: operations.length * 3 }),
    // How many deliveries run at the same time (PGlite serialises them anyway).
    width: fc.integer({ min: 1, max: 6 }),
  }),
);

type Delivery = { index: number; run: () => Promise<unknown> };

describe('ledger under any history of calls', () => {
  let database: DatabaseHandle;
  let wallet: WalletService;

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = createWalletService({ db: database.db });
  });
  afterAll(async () => {
    await database.close();
  });

  it('stays sound with duplicated and reordered deliveries', async () => {
    let runNumber = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ operations, copies, order, width }) => {
        runNumber += 1;
        const merchantId = await insertLedgerMerchant(database.db, `prop${runNumber}${Date.now()}`);
        const members = await insertPlayers(database.db, merchantId, PLAYERS);
        const memberOf = (index: number) => members[index] as string;
        const currencyOf = (index: number) => CURRENCIES[index] as string;
        const betIndexes = operations.flatMap((op, index) => (op.kind === 'bet' ? [index] : []));
        const holdIndexes = operations.flatMap((op, index) => (op.kind === 'hold' ? [index] : []));
        const key = (index: number) => `op-${index}`;

        function call(op: Operation, index: number): (() => Promise<unknown>) | null {
          switch (op.kind) {
            case 'deposit':
              return () =>
                wallet.transfer({
                  merchantId,
                  currency: currencyOf(op.currency),
                  key: key(index),
                  code: 'deposit',
                  from: { house: 'deposit:gcash', shardKey: memberOf(op.player) },
                  to: { memberId: memberOf(op.player), wallet: 'cash' },
                  amountMinor: op.amount,
                });
            case 'bet':
            case 'win': {
              const input = {
                merchantId,
                memberId: memberOf(op.player),
                currency: currencyOf(op.currency),
                key: key(index),
                reference: `round-${index}`,
                amountMinor: op.amount,
              };
              return op.kind === 'bet' ? () => wallet.debitForBet(input) : () => wallet.creditForWin(input);
            }
            case 'rollback': {
              if (betIndexes.length === 0) return null;
              const betIndex = betIndexes[op.bet % betIndexes.length] as number;
              const bet = operations[betIndex] as Extract<Operation, { kind: 'bet' }>;
              return () =>
                wallet.rollback({
                  merchantId,
                  memberId: memberOf(bet.player),
                  currency: currencyOf(bet.currency),
                  key: key(index),
                  betKey: key(betIndex),
                });
            }
            case 'transfer':
              if (op.player === op.to) return null;
              return () =>
                wallet.transfer({
                  merchantId,
                  currency: currencyOf(op.currency),
                  key: key(index),
                  code: 'transfer',
                  from: { memberId: memberOf(op.player), wallet: 'cash' },
                  to: { memberId: memberOf(op.to), wallet: 'cash' },
                  amountMinor: op.amount,
                });
            case 'hold':
              return () =>
                wallet.hold({
                  merchantId,
                  memberId: memberOf(op.player),
                  currency: currencyOf(op.currency),
                  key: key(index),
                  amountMinor: op.amount,
                });
            case 'release':
            case 'capture': {
              if (holdIndexes.length === 0) return null;
              const holdKey = key(holdIndexes[op.hold % holdIndexes.length] as number);
              return op.kind === 'release'
                ? () => wallet.release({ merchantId, key: holdKey })
                : () => wallet.capture({ merchantId, key: holdKey });
            }
          }
        }

        const deliveries: Delivery[] = [];
        operations.forEach((op, index) => {
          const run = call(op, index);
          if (!run) return;
          for (let copy = 0; copy < (copies[index] ?? 1); copy += 1) deliveries.push({ index, run });
        });
        // A shuffle driven by the generated order, so that a failure shrinks and replays.
        const shuffled = deliveries
          .map((delivery, position) => ({ delivery, rank: order[position] ?? position }))
          .sort((left, right) => left.rank - right.rank)
          .map((entry) => entry.delivery);

        const results = new Map<number, { ok: unknown[]; failed: unknown[] }>();
        for (let start = 0; start < shuffled.length; start += width) {
          const batch = shuffled.slice(start, start + width);
          const settled = await Promise.allSettled(batch.map((delivery) => delivery.run()));
          settled.forEach((result, position) => {
            const { index } = batch[position] as Delivery;
            const entry = results.get(index) ?? { ok: [], failed: [] };
            if (result.status === 'fulfilled') entry.ok.push(result.value);
            else entry.failed.push(result.reason);
            results.set(index, entry);
          });
        }

        // Only expected failures: an unexpected error is a bug, whatever the history.
        for (const { failed } of results.values()) {
          for (const error of failed) {
            expect(isAppError(error), String(error)).toBe(true);
            if (isAppError(error))
              expect(['INSUFFICIENT_FUNDS', 'CONFLICT', 'NOT_FOUND']).toContain(error.code);
          }
        }

        const transfers = await database.db
          .selectFrom('ledger_transfers')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .execute();
        const byKey = new Map(transfers.map((row) => [row.idempotency_key, row]));

        // Every key has one effect: every accepted delivery of a call saw the same transfer.
        for (const [index, { ok }] of results) {
          const op = operations[index] as Operation;
          if (op.kind === 'deposit' || op.kind === 'bet' || op.kind === 'win' || op.kind === 'transfer') {
            const ids = new Set(ok.map((outcome) => (outcome as { transfer: { id: string } }).transfer.id));
            expect(ids.size).toBeLessThanOrEqual(1);
            const row = byKey.get(key(index));
            if (ids.size === 1) expect(row?.id).toBe([...ids][0]);
            if (ok.length === 0 && row) expect(row.code).toBe('void');
          }
          if (op.kind === 'hold') {
            const ids = new Set(ok.map((outcome) => (outcome as { hold: { id: string } }).hold.id));
            expect(ids.size).toBeLessThanOrEqual(1);
          }
        }
        // A bet is reversed at most once, and a void marker never sits beside a real bet.
        const reversals = transfers.filter((row) => row.reverses_key !== null);
        expect(new Set(reversals.map((row) => row.reverses_key)).size).toBe(reversals.length);
        for (const row of reversals) expect(byKey.get(row.reverses_key as string)?.code).toBe('bet');

        // A hold ends once: released or captured, with exactly one settling transfer.
        const holds = await database.db
          .selectFrom('ledger_holds')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .execute();
        for (const hold of holds) {
          const settling = transfers.filter(
            (row) =>
              row.idempotency_key === `release:${hold.idempotency_key}` ||
              row.idempotency_key === `capture:${hold.idempotency_key}`,
          );
          expect(settling).toHaveLength(hold.status === 'held' ? 0 : 1);
          if (hold.status !== 'held') expect(settling[0]?.id).toBe(hold.settle_transfer_id);
        }

        const accounts = await database.db
          .selectFrom('ledger_accounts')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .execute();
        for (const account of accounts) {
          if (account.kind !== 'house') expect(BigInt(account.balance_minor)).toBeGreaterThanOrEqual(0n);
        }
        for (const total of (await sumBalancesByCurrency(database.db)).values()) expect(total).toBe(0n);
        const replayed = await replayBalances(database.db);
        for (const [id, balance] of await storedBalances(database.db)) {
          expect(replayed.get(id) ?? 0n).toBe(balance);
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
