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
  type BonusPlay,
  bonusKeyOf,
  createWalletService,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  type WalletService,
  winPartsOf,
} from './wallet.service.ts';

/**
 * The wallet's split of a member's game moves between cash and bonus money (docs/promotions.md
 * "The money rules"): stakes take cash first, wins are split in proportion to the stake's parts,
 * rollbacks and adjustments return each part to its own wallet, each part keyed and idempotent.
 */
let database: DatabaseHandle;
let wallet: WalletService;
let merchantId: string;
let players: string[];
const changes: BalanceChange[] = [];
let sequence = 0;
const nextKey = (prefix: string) => `${prefix}-${++sequence}`;
const NO_CAP: BonusPlay = { checkIn: async () => {} };

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = await insertLedgerMerchant(database.db);
  players = await insertPlayers(database.db, merchantId, 10);
  wallet = createWalletService({ db: database.db, onBalanceChanged: (change) => changes.push(change) });
});
afterAll(async () => {
  await database.close();
});

async function fund(memberId: string, cashMinor: bigint, bonusMinor: bigint) {
  if (cashMinor > 0n) {
    await wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: nextKey('dep'),
      code: 'deposit',
      from: { house: 'deposit:gcash', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor: cashMinor,
    });
  }
  if (bonusMinor > 0n) {
    await wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: nextKey('bonus'),
      code: 'bonus',
      from: { house: 'bonus_funding', shardKey: memberId },
      to: { memberId, wallet: 'bonus' },
      amountMinor: bonusMinor,
    });
  }
}

const balancesOf = (memberId: string) => wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
const transferOf = (key: string) =>
  database.db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts as debit', 'debit.id', 'ledger_transfers.debit_account_id')
    .innerJoin('ledger_accounts as credit', 'credit.id', 'ledger_transfers.credit_account_id')
    .select([
      'ledger_transfers.code',
      'ledger_transfers.amount_minor',
      'ledger_transfers.reverses_key',
      'debit.kind as debit_kind',
      'credit.kind as credit_kind',
    ])
    .where('ledger_transfers.merchant_id', '=', merchantId)
    .where('ledger_transfers.idempotency_key', '=', key)
    .executeTakeFirst();

const stake = (memberId: string, key: string, amountMinor: bigint, bonus: BonusPlay = NO_CAP) =>
  wallet.stakeAfterCheck(
    { merchantId, memberId, currency: 'PHP', key, reference: `r:${key.slice(0, 32)}`, amountMinor },
    async () => {},
    bonus,
  );

describe('game moves with bonus money', () => {
  it('takes a stake from cash first and the rest from bonus, under the key and its bonus key', async () => {
    const player = players[0] as string;
    await fund(player, 300n, 1_000n);
    changes.length = 0;
    const outcome = await stake(player, 'split-1', 500n);
    expect(outcome).toEqual({
      duplicate: false,
      parts: { cashMinor: 300n, bonusMinor: 200n },
      balanceMinor: 0n,
      bonusBalanceMinor: 800n,
    });
    expect(await transferOf('split-1')).toMatchObject({
      code: 'bet',
      amount_minor: 300n,
      debit_kind: 'player_cash',
      credit_kind: 'house',
    });
    expect(await transferOf('split-1:bonus')).toMatchObject({
      code: 'bet',
      amount_minor: 200n,
      debit_kind: 'player_bonus',
      credit_kind: 'house',
    });
    // Both wallets are announced once the stake has committed.
    expect(changes.filter((change) => change.memberId === player)).toEqual([
      expect.objectContaining({ wallet: 'cash', balanceMinor: 0n }),
      expect.objectContaining({ wallet: 'bonus', balanceMinor: 800n }),
    ]);
    // A retry answers the first parts and moves nothing.
    expect(await stake(player, 'split-1', 500n)).toEqual({ ...outcome, duplicate: true });
    expect(await balancesOf(player)).toEqual({ cashMinor: 0n, bonusMinor: 800n });
    // The same key for another amount is another stake: refused.
    await expect(stake(player, 'split-1', 400n)).rejects.toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'KEY_REUSED' },
    });
  });

  it('keeps a member with enough cash on cash alone, and refuses a stake that cash and bonus do not cover', async () => {
    const player = players[1] as string;
    await fund(player, 1_000n, 500n);
    expect((await stake(player, 'cash-only', 400n)).parts).toEqual({ cashMinor: 400n, bonusMinor: 0n });
    expect(await transferOf('cash-only:bonus')).toBeUndefined();
    await expect(stake(player, 'too-much', 1_200n)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balancesOf(player)).toEqual({ cashMinor: 600n, bonusMinor: 500n });
  });

  it('runs the bonus check only when bonus money would pay, and takes nothing when it refuses', async () => {
    const player = players[2] as string;
    await fund(player, 200n, 1_000n);
    let checks = 0;
    const refusing: BonusPlay = {
      checkIn: async () => {
        checks += 1;
        throw new Error('the cap refuses');
      },
    };
    expect((await stake(player, 'under-cash', 100n, refusing)).parts.bonusMinor).toBe(0n);
    expect(checks).toBe(0);
    await expect(stake(player, 'over-cash', 300n, refusing)).rejects.toThrow('the cap refuses');
    expect(checks).toBe(1);
    expect(await balancesOf(player)).toEqual({ cashMinor: 100n, bonusMinor: 1_000n });
    expect(await transferOf('over-cash')).toBeUndefined();
  });

  it('names a stake with no cash part by its own key, so that a rollback finds it and an early one voids it', async () => {
    const player = players[3] as string;
    await fund(player, 0n, 1_000n);
    expect((await stake(player, 'bonus-only', 250n)).parts).toEqual({ cashMinor: 0n, bonusMinor: 250n });
    expect(await transferOf('bonus-only')).toMatchObject({ debit_kind: 'player_bonus', amount_minor: 250n });
    expect(await transferOf('bonus-only:bonus')).toBeUndefined();
    const reversed = await wallet.rollback({
      merchantId,
      memberId: player,
      currency: 'PHP',
      key: 'rb-bonus-only',
      betKey: 'bonus-only',
    });
    expect(reversed).toMatchObject({
      status: 'reversed',
      duplicate: false,
      parts: { cashMinor: 0n, bonusMinor: 250n },
      balanceMinor: 0n,
      bonusBalanceMinor: 1_000n,
    });
    expect(await transferOf('rb-bonus-only')).toMatchObject({
      code: 'rollback',
      credit_kind: 'player_bonus',
      reverses_key: 'bonus-only',
    });
    // A rollback that comes before its bet voids the key: the late bet, bonus money or not, is refused.
    await wallet.rollback({ merchantId, memberId: player, currency: 'PHP', key: 'rb-early', betKey: 'late' });
    await expect(stake(player, 'late', 100n)).rejects.toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'ROLLED_BACK' },
    });
    expect(await balancesOf(player)).toEqual({ cashMinor: 0n, bonusMinor: 1_000n });
  });

  it('rolls a split stake back once, each part to its own wallet, under whatever keys the rollbacks come', async () => {
    const player = players[4] as string;
    await fund(player, 300n, 1_000n);
    await stake(player, 'split-rb', 700n);
    expect(await balancesOf(player)).toEqual({ cashMinor: 0n, bonusMinor: 600n });
    const rollback = (key: string) =>
      wallet.rollback({ merchantId, memberId: player, currency: 'PHP', key, betKey: 'split-rb' });
    const [first, second] = await Promise.all([rollback('rb-a'), rollback('rb-b')]);
    const again = await rollback('rb-a');
    for (const outcome of [first, second, again]) {
      expect(outcome).toMatchObject({
        status: 'reversed',
        parts: { cashMinor: 300n, bonusMinor: 400n },
        balanceMinor: 300n,
        bonusBalanceMinor: 1_000n,
      });
    }
    expect([first, second, again].filter((outcome) => !outcome.duplicate)).toHaveLength(1);
    expect(await balancesOf(player)).toEqual({ cashMinor: 300n, bonusMinor: 1_000n });
    const winner = first.duplicate ? 'rb-b' : 'rb-a';
    expect(await transferOf(winner)).toMatchObject({ credit_kind: 'player_cash', reverses_key: 'split-rb' });
    expect(await transferOf(`${winner}:bonus`)).toMatchObject({
      credit_kind: 'player_bonus',
      reverses_key: 'split-rb:bonus',
    });
  });

  it('splits a win by the stake’s parts, rounding to cash, and answers a retry with the first parts', async () => {
    expect(winPartsOf(1_001n, { cashMinor: 300n, bonusMinor: 200n })).toEqual({
      cashMinor: 601n,
      bonusMinor: 400n,
    });
    expect(winPartsOf(1n, { cashMinor: 1n, bonusMinor: 1n })).toEqual({ cashMinor: 1n, bonusMinor: 0n });
    expect(winPartsOf(700n, { cashMinor: 0n, bonusMinor: 500n })).toEqual({
      cashMinor: 0n,
      bonusMinor: 700n,
    });
    const player = players[5] as string;
    const win = (key: string, amountMinor: bigint, parts: { cashMinor: bigint; bonusMinor: bigint }) =>
      wallet.creditWinByParts({
        merchantId,
        memberId: player,
        currency: 'PHP',
        key,
        reference: `r:${key}`,
        amountMinor,
        stake: parts,
      });
    const paid = await win('win-1', 1_001n, { cashMinor: 300n, bonusMinor: 200n });
    expect(paid).toEqual({
      duplicate: false,
      parts: { cashMinor: 601n, bonusMinor: 400n },
      balanceMinor: 601n,
      bonusBalanceMinor: 400n,
    });
    expect(await transferOf('win-1')).toMatchObject({
      code: 'win',
      credit_kind: 'player_cash',
      amount_minor: 601n,
    });
    expect(await transferOf('win-1:bonus')).toMatchObject({
      credit_kind: 'player_bonus',
      amount_minor: 400n,
    });
    expect(await win('win-1', 1_001n, { cashMinor: 300n, bonusMinor: 200n })).toEqual({
      ...paid,
      duplicate: true,
    });
    // A win of a stake of bonus money only is bonus money only, under the win's own key.
    expect((await win('win-2', 700n, { cashMinor: 0n, bonusMinor: 500n })).parts).toEqual({
      cashMinor: 0n,
      bonusMinor: 700n,
    });
    expect(await transferOf('win-2')).toMatchObject({ credit_kind: 'player_bonus', amount_minor: 700n });
    expect(await balancesOf(player)).toEqual({ cashMinor: 601n, bonusMinor: 1_100n });
  });

  it('moves an adjustment part by part, and refuses it whole when a wallet is short of what goes back', async () => {
    const player = players[6] as string;
    await fund(player, 500n, 100n);
    const adjust = (key: string, change: { cashMinor: bigint; bonusMinor: bigint }) =>
      wallet.withGameLedger({ merchantId, memberId: player, currency: 'PHP' }, (game) =>
        game.adjust({ key, reference: 'r:adjust', change }),
      );
    expect(await adjust('adj-1', { cashMinor: 200n, bonusMinor: -50n })).toMatchObject({
      balanceMinor: 700n,
      bonusBalanceMinor: 50n,
    });
    expect(await transferOf('adj-1')).toMatchObject({ code: 'win', credit_kind: 'player_cash' });
    expect(await transferOf('adj-1:bonus')).toMatchObject({ code: 'bet', debit_kind: 'player_bonus' });
    await expect(adjust('adj-2', { cashMinor: 100n, bonusMinor: -60n })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balancesOf(player)).toEqual({ cashMinor: 700n, bonusMinor: 50n });
    expect(await transferOf('adj-2')).toBeUndefined();
  });

  it('keeps a long key’s bonus key within the ledger’s length and apart from other keys', async () => {
    const short = 'k'.repeat(IDEMPOTENCY_KEY_LENGTH_MAX - ':bonus'.length);
    expect(bonusKeyOf(short)).toBe(`${short}:bonus`);
    const long = `${'k'.repeat(IDEMPOTENCY_KEY_LENGTH_MAX - 1)}a`;
    const other = `${'k'.repeat(IDEMPOTENCY_KEY_LENGTH_MAX - 1)}b`;
    expect(bonusKeyOf(long)).toHaveLength(IDEMPOTENCY_KEY_LENGTH_MAX);
    expect(bonusKeyOf(long)).not.toBe(bonusKeyOf(other));
    expect(bonusKeyOf(long)).toBe(bonusKeyOf(long));
    const player = players[7] as string;
    await fund(player, 100n, 1_000n);
    expect((await stake(player, long, 300n)).parts).toEqual({ cashMinor: 100n, bonusMinor: 200n });
    expect(await transferOf(bonusKeyOf(long))).toMatchObject({
      debit_kind: 'player_bonus',
      amount_minor: 200n,
    });
    expect(
      await wallet.rollback({ merchantId, memberId: player, currency: 'PHP', key: other, betKey: long }),
    ).toMatchObject({ status: 'reversed', parts: { cashMinor: 100n, bonusMinor: 200n } });
    expect(await transferOf(bonusKeyOf(other))).toMatchObject({ reverses_key: bonusKeyOf(long) });
  });

  it('never takes more than cash and bonus hold from a burst of stakes at once', async () => {
    const player = players[8] as string;
    await fund(player, 300n, 1_000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => stake(player, `burst-${index}`, 500n)),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(taken).toHaveLength(2);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect(await balancesOf(player)).toEqual({ cashMinor: 0n, bonusMinor: 300n });
  });

  it('leaves a sound ledger', async () => {
    for (const total of (await sumBalancesByCurrency(database.db)).values()) expect(total).toBe(0n);
    const replayed = await replayBalances(database.db);
    for (const [id, balance] of await storedBalances(database.db))
      expect(replayed.get(id) ?? 0n).toBe(balance);
  });
});
