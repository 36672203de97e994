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
import { createWalletService, type WalletService } from './wallet.service.ts';

// PGlite serves one connection, so only PostgreSQL can run these calls at the same time.
describe.skipIf(!process.env.DATABASE_URL)('wallet under concurrent calls (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let wallet: WalletService;
  let merchantId: string;
  let players: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    merchantId = await insertLedgerMerchant(database.db);
    players = await insertPlayers(database.db, merchantId, 3);
    wallet = createWalletService({ db: database.db });
  });
  afterAll(async () => {
    await database.close();
  });

  const fund = (memberId: string, amountMinor: bigint) =>
    wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: `fund-${memberId}`,
      code: 'deposit',
      from: { house: 'deposit:bank', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor,
    });

  it('200 parallel debits against one player overdraw nothing', async () => {
    const player = players[0] as string;
    await fund(player, 15_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        wallet.debitForBet({
          merchantId,
          memberId: player,
          currency: 'PHP',
          key: `par-${index}`,
          amountMinor: 100n,
        }),
      ),
    );
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(accepted).toHaveLength(150);
    for (const result of refused) expect(result.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).cashMinor).toBe(0n);
    // Each accepted debit saw a distinct balance after it: none was lost to a race.
    const afters = new Set(
      accepted.map((result) => (result.status === 'fulfilled' ? result.value.balanceMinor : -1n)),
    );
    expect(afters.size).toBe(150);
  });

  it('bets and wins of one player in both directions at once never deadlock', async () => {
    const player = players[1] as string;
    await fund(player, 10_000n);
    const calls = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? wallet.debitForBet({
            merchantId,
            memberId: player,
            currency: 'PHP',
            key: `mix-bet-${index}`,
            amountMinor: 50n,
          })
        : wallet.creditForWin({
            merchantId,
            memberId: player,
            currency: 'PHP',
            key: `mix-win-${index}`,
            amountMinor: 70n,
          }),
    );
    await Promise.all(calls);
    const balance = (await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).cashMinor;
    expect(balance).toBe(10_000n - 100n * 50n + 100n * 70n);
  });

  it('the same key sent 50 times at once has one effect', async () => {
    const player = players[2] as string;
    await fund(player, 1_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        wallet.debitForBet({
          merchantId,
          memberId: player,
          currency: 'PHP',
          key: 'storm',
          amountMinor: 300n,
        }),
      ),
    );
    expect(new Set(outcomes.map((outcome) => outcome.transfer.id)).size).toBe(1);
    expect(outcomes.filter((outcome) => !outcome.duplicate)).toHaveLength(1);
    expect((await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).cashMinor).toBe(
      700n,
    );
  });

  it('a rollback racing its bet refunds exactly what was taken', async () => {
    const player = players[2] as string;
    for (let round = 0; round < 40; round += 1) {
      const before = (await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).cashMinor;
      const [bet, rollback] = await Promise.allSettled([
        wallet.debitForBet({
          merchantId,
          memberId: player,
          currency: 'PHP',
          key: `race-${round}`,
          amountMinor: 10n,
        }),
        wallet.rollback({
          merchantId,
          memberId: player,
          currency: 'PHP',
          key: `race-rb-${round}`,
          betKey: `race-${round}`,
        }),
      ]);
      expect(rollback.status).toBe('fulfilled');
      const after = (await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).cashMinor;
      // Either the bet landed first and was reversed, or the rollback came first and the bet was refused.
      expect(after).toBe(before);
      if (bet.status === 'rejected') expect(bet.reason).toMatchObject({ code: 'CONFLICT' });
    }
  });

  it('leaves a sound ledger', async () => {
    for (const total of (await sumBalancesByCurrency(database.db)).values()) expect(total).toBe(0n);
    const replayed = await replayBalances(database.db);
    for (const [id, balance] of await storedBalances(database.db))
      expect(replayed.get(id) ?? 0n).toBe(balance);
  });
});
