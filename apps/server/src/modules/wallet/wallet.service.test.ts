import { sql } from 'kysely';
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
import {
  type BalanceChange,
  createWalletService,
  houseShardOf,
  TRANSFER_AMOUNT_MINOR_MAX,
  type WalletService,
} from './wallet.service.ts';

let database: DatabaseHandle;
let wallet: WalletService;
let merchantId: string;
let players: string[];
const changes: BalanceChange[] = [];
let sequence = 0;
function nextKey(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = await insertLedgerMerchant(database.db);
  players = await insertPlayers(database.db, merchantId, 12);
  wallet = createWalletService({ db: database.db, onBalanceChanged: (change) => changes.push(change) });
});
afterAll(async () => {
  await database.close();
});

async function deposit(memberId: string, amountMinor: bigint, key = nextKey('dep')) {
  return wallet.transfer({
    merchantId,
    currency: 'PHP',
    key,
    code: 'deposit',
    reference: key,
    from: { house: 'deposit:gcash', shardKey: memberId },
    to: { memberId, wallet: 'cash' },
    amountMinor,
  });
}

const cashOf = async (memberId: string) =>
  (await wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;

async function expectSoundLedger() {
  const sums = await sumBalancesByCurrency(database.db);
  for (const total of sums.values()) expect(total).toBe(0n);
  const replayed = await replayBalances(database.db);
  const stored = await storedBalances(database.db);
  for (const [id, balance] of stored) expect(replayed.get(id) ?? 0n).toBe(balance);
}

describe('wallet service', () => {
  it('creates a member’s accounts on first use and starts them at zero', async () => {
    const [player] = players as [string];
    expect(await wallet.getBalances({ merchantId, memberId: player, currency: 'PHP' })).toEqual({
      cashMinor: 0n,
      bonusMinor: 0n,
    });
    await deposit(player, 10_000n);
    expect(await cashOf(player)).toBe(10_000n);
    const accounts = await database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('owner_id', '=', player)
      .execute();
    expect(accounts.map((account) => account.kind).sort()).toEqual(['player_bonus', 'player_cash']);
  });

  it('a second call with the same key returns the first result and changes nothing', async () => {
    const player = players[1] as string;
    const first = await deposit(player, 5_000n, 'dep-same');
    const second = await deposit(player, 5_000n, 'dep-same');
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.transfer.id).toBe(first.transfer.id);
    expect(await cashOf(player)).toBe(5_000n);

    const bet = {
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'bet-same',
      reference: 'round-1',
      amountMinor: 1_000n,
    };
    const placed = await wallet.debitForBet(bet);
    const again = await wallet.debitForBet(bet);
    expect(again).toMatchObject({ duplicate: true, balanceMinor: 4_000n });
    expect(again.transfer.id).toBe(placed.transfer.id);
    expect(await cashOf(player)).toBe(4_000n);
  });

  it('a retried bet that would now overdraw still answers its first result', async () => {
    const player = players[2] as string;
    await deposit(player, 1_000n);
    const bet = {
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'bet-all-in',
      reference: 'r',
      amountMinor: 1_000n,
    };
    await wallet.debitForBet(bet);
    expect(await wallet.debitForBet(bet)).toMatchObject({ duplicate: true, balanceMinor: 0n });
  });

  it('a key reused with other parameters is CONFLICT and changes nothing', async () => {
    const player = players[3] as string;
    await deposit(player, 5_000n, 'dep-reuse');
    await expect(deposit(player, 6_000n, 'dep-reuse')).rejects.toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'KEY_REUSED' },
    });
    await expect(
      wallet.debitForBet({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key: 'dep-reuse',
        amountMinor: 5_000n,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cashOf(player)).toBe(5_000n);
  });

  it('a bet larger than the balance is INSUFFICIENT_FUNDS and changes nothing', async () => {
    const player = players[4] as string;
    await deposit(player, 999n);
    await expect(
      wallet.debitForBet({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key: nextKey('bet'),
        amountMinor: 1_000n,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 422, value: { balanceMinor: '999' } });
    expect(await cashOf(player)).toBe(999n);
    // The refused key was never used, so the same bet may come again once there is money.
    await deposit(player, 1n);
    const later = await wallet.debitForBet({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: `bet-${sequence}`,
      amountMinor: 1_000n,
    });
    expect(later.balanceMinor).toBe(0n);
  });

  it('refuses zero, negative and oversized amounts before touching the database', async () => {
    const player = players[5] as string;
    for (const amountMinor of [0n, -1n, TRANSFER_AMOUNT_MINOR_MAX + 1n]) {
      await expect(
        wallet.debitForBet({
          merchantId,
          memberId: player,
          currency: 'PHP',
          key: nextKey('bad'),
          amountMinor,
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('the database refuses a negative player balance even past the guarded update', async () => {
    const player = players[5] as string;
    await cashOf(player);
    await deposit(player, 10n);
    await expect(
      sql`update ledger_accounts set balance_minor = -1 where owner_id = ${player} and kind = 'player_cash'`.execute(
        database.db,
      ),
    ).rejects.toThrow(/ledger_accounts_player_not_negative/);
  });

  it('the transfer log refuses updates and deletes', async () => {
    await expect(sql`update ledger_transfers set amount_minor = 1`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transfers`.execute(database.db)).rejects.toThrow(/append-only/);
  });

  it('a win goes to the player and out of the game house shard of that player', async () => {
    const player = players[6] as string;
    const win = await wallet.creditForWin({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: nextKey('win'),
      amountMinor: 2_500n,
    });
    expect(win.balanceMinor).toBe(2_500n);
    const house = await database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('id', '=', win.transfer.debitAccountId)
      .executeTakeFirstOrThrow();
    expect(house).toMatchObject({ kind: 'house', purpose: 'game', shard: houseShardOf(player) });
    // Other players may share the shard, so the house's balance is whatever the log says after this win.
    expect(BigInt(house.balance_minor)).toBe(win.transfer.debitBalanceAfterMinor);
  });

  it('rolls a bet back once, however many rollbacks arrive under whatever keys', async () => {
    const player = players[7] as string;
    await deposit(player, 3_000n);
    await wallet.debitForBet({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'bet-rb',
      amountMinor: 1_200n,
    });
    expect(await cashOf(player)).toBe(1_800n);
    const first = await wallet.rollback({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'rb-1',
      betKey: 'bet-rb',
    });
    const repeat = await wallet.rollback({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'rb-1',
      betKey: 'bet-rb',
    });
    const other = await wallet.rollback({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'rb-2',
      betKey: 'bet-rb',
    });
    expect(first).toMatchObject({ status: 'reversed', duplicate: false, balanceMinor: 3_000n });
    expect(repeat).toMatchObject({ status: 'reversed', duplicate: true, balanceMinor: 3_000n });
    expect(other).toMatchObject({ status: 'reversed', duplicate: true });
    expect(await cashOf(player)).toBe(3_000n);
  });

  it('a rollback of a bet that never arrived is recorded and the late bet is refused', async () => {
    const player = players[8] as string;
    await deposit(player, 3_000n);
    const voided = await wallet.rollback({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'rb-early',
      betKey: 'bet-late',
    });
    expect(voided).toMatchObject({ status: 'voided', duplicate: false, balanceMinor: 3_000n });
    await expect(
      wallet.debitForBet({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key: 'bet-late',
        amountMinor: 500n,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', value: { reason: 'ROLLED_BACK' } });
    expect(
      await wallet.rollback({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key: 'rb-early',
        betKey: 'bet-late',
      }),
    ).toMatchObject({
      status: 'voided',
      duplicate: true,
    });
    expect(await cashOf(player)).toBe(3_000n);
  });

  it('only a bet of the same member can be rolled back', async () => {
    const [owner, stranger] = [players[9] as string, players[10] as string];
    await deposit(owner, 1_000n);
    await wallet.debitForBet({
      merchantId,
      memberId: owner,
      currency: 'PHP',
      key: 'bet-owned',
      amountMinor: 100n,
    });
    await expect(
      wallet.rollback({ merchantId, memberId: stranger, currency: 'PHP', key: 'rb-x', betKey: 'bet-owned' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_A_BET' } });
  });

  it('holds a withdrawal, then releases or captures it exactly once', async () => {
    const player = players[11] as string;
    await deposit(player, 10_000n);
    const held = await wallet.hold({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'wd-1',
      amountMinor: 4_000n,
    });
    expect(held).toMatchObject({ duplicate: false, hold: { status: 'held', amountMinor: 4_000n } });
    expect(await cashOf(player)).toBe(6_000n);
    expect(
      (await wallet.hold({ merchantId, memberId: player, currency: 'PHP', key: 'wd-1', amountMinor: 4_000n }))
        .duplicate,
    ).toBe(true);
    await expect(
      wallet.hold({ merchantId, memberId: player, currency: 'PHP', key: 'wd-1', amountMinor: 4_001n }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      wallet.hold({ merchantId, memberId: player, currency: 'PHP', key: 'wd-big', amountMinor: 6_001n }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

    const released = await wallet.release({ merchantId, key: 'wd-1' });
    expect(released).toMatchObject({ duplicate: false, hold: { status: 'released' } });
    expect((await wallet.release({ merchantId, key: 'wd-1' })).duplicate).toBe(true);
    await expect(wallet.capture({ merchantId, key: 'wd-1' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cashOf(player)).toBe(10_000n);

    await wallet.hold({ merchantId, memberId: player, currency: 'PHP', key: 'wd-2', amountMinor: 7_000n });
    const captured = await wallet.capture({ merchantId, key: 'wd-2' });
    expect(captured.hold.status).toBe('captured');
    expect((await wallet.capture({ merchantId, key: 'wd-2' })).duplicate).toBe(true);
    await expect(wallet.release({ merchantId, key: 'wd-2' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cashOf(player)).toBe(3_000n);
    await expect(wallet.release({ merchantId, key: 'wd-none' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a member’s transfers newest first, signed from the member’s side, filtered and paged', async () => {
    const player = players[11] as string;
    const all = await wallet.listTransfers({
      merchantId,
      memberId: player,
      currency: 'PHP',
      page: 1,
      pageSize: 10,
    });
    expect(all.list.map((line) => [line.code, line.amountMinor, line.balanceAfterMinor])).toEqual([
      ['withdrawal_hold', -7_000n, 3_000n],
      ['withdrawal_release', 4_000n, 10_000n],
      ['withdrawal_hold', -4_000n, 6_000n],
      ['deposit', 10_000n, 10_000n],
    ]);
    const deposits = await wallet.listTransfers({
      merchantId,
      memberId: player,
      currency: 'PHP',
      codes: ['deposit'],
      page: 1,
      pageSize: 10,
    });
    expect(deposits.list).toHaveLength(1);
    const paged = await wallet.listTransfers({
      merchantId,
      memberId: player,
      currency: 'PHP',
      page: 2,
      pageSize: 3,
    });
    expect(paged).toMatchObject({ total: 4, totalPages: 2 });
    expect(paged.list.map((line) => line.code)).toEqual(['deposit']);
    const future = await wallet.listTransfers({
      merchantId,
      memberId: player,
      currency: 'PHP',
      fromDate: new Date(Date.now() + 60_000),
      page: 1,
      pageSize: 10,
    });
    expect(future.list).toEqual([]);
    await expect(
      wallet.listTransfers({ merchantId, memberId: player, currency: 'PHP', page: 1, pageSize: 101 }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('tells the listener every committed change of a member balance, and nothing for duplicates', async () => {
    const player = players[0] as string;
    changes.length = 0;
    await wallet.debitForBet({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'bet-told',
      amountMinor: 100n,
    });
    await wallet.debitForBet({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'bet-told',
      amountMinor: 100n,
    });
    await expect(
      wallet.debitForBet({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key: 'bet-told-2',
        amountMinor: 10n ** 9n,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(changes).toEqual([
      { merchantId, memberId: player, currency: 'PHP', wallet: 'cash', balanceMinor: 9_900n },
    ]);
  });

  it('keeps the ledger sound: sums zero per currency, log replays to every balance', async () => {
    await expectSoundLedger();
  });
});
