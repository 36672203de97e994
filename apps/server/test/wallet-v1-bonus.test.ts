import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { replayBalances, storedBalances, sumBalancesByCurrency } from './support/wallet-fixtures.ts';

/**
 * Bonus money at seamless vendors (docs/promotions.md "The money rules"): a vendor the merchant
 * marks bonus-playable sees cash + bonus as the balance and its debits take cash first, then bonus;
 * its round keeps the parts, and a credit, a rollback, a resettle and a void move each part to or
 * from its own wallet. Any other vendor sees and stakes cash only. An active bonus's maximum stake
 * refuses a debit at every vendor.
 */
describe('the seamless wallet with bonus money', () => {
  const nowMs = Date.parse('2030-05-01T04:00:00Z');
  let testApp: TestApp;
  let merchantId: string;
  let admin: BackOfficeClient;
  let bonusVendorId: string;
  let cashVendorId: string;
  let counter = 0;
  const id = (prefix: string) => `${prefix}-${++counter}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
    merchantId = await demoMerchantId(testApp);
    bonusVendorId = (
      await registerTestVendor(testApp, { vassalage: 'BONV', games: [catalogueGame('slot-1')] })
    ).id;
    cashVendorId = (
      await registerTestVendor(testApp, { vassalage: 'CASHV', games: [catalogueGame('slot-2')] })
    ).id;
    admin = createBackOfficeClient(testApp.app);
    admin.token = (
      await insertOperatorWithSession(testApp.database.db, {
        username: 'bonus-vendors-admin',
        merchantId,
        roleId: 'admin',
        nowMs,
      })
    ).token;
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** A vendor's signed call, sent at the app's time. */
  const vendorCall = (action: string, body: Record<string, unknown>) =>
    callWallet(testApp.app, action, body, { timestampSeconds: Math.floor(nowMs / 1000) });

  type Player = {
    memberId: string;
    /** A call's fields naming the player by launch token (stakes) at a vendor. */
    byToken: (vendor: 'BONV' | 'CASHV') => Record<string, string>;
    /** A call's fields naming the player by id, as a vendor does long after the session. */
    byId: (vendor: 'BONV' | 'CASHV') => Record<string, string>;
  };

  /** A new member with `cash` and `bonus`, logged in, with a launch token at each vendor. */
  async function newPlayer(cashMinor: bigint, bonusMinor: bigint): Promise<Player> {
    counter += 1;
    const account = `bonusv${counter}`;
    const { id: memberId } = await testApp.app.members.createMember({
      merchantId,
      account,
      password: 'Bonus1234',
    });
    if (cashMinor > 0n) await fund(testApp, memberId, cashMinor, `wallet-v1-bonus-cash-${memberId}`);
    if (bonusMinor > 0n) {
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
    const client = createAccountsClient(testApp.app, `203.0.113.${150 + (counter % 100)}`);
    expect((await client.logIn(account, 'Bonus1234')).success).toBe(true);
    const tokens = new Map<string, string>();
    for (const [vendor, game] of [
      ['BONV', 'slot-1'],
      ['CASHV', 'slot-2'],
    ] as const) {
      const reply = await client.call('GET', `/wps/game/launchGame?nodeId=${vendor}_${game}&mode=real`);
      expect(reply.status).toBe(200);
      tokens.set(vendor, tokenOf(reply.body.value.url));
    }
    return {
      memberId,
      byToken: (vendor) => ({
        vendor,
        playerToken: tokens.get(vendor) ?? '',
        currency: 'PHP',
        gameCode: vendor === 'BONV' ? 'slot-1' : 'slot-2',
      }),
      byId: (vendor) => ({ vendor, playerId: memberId, currency: 'PHP' }),
    };
  }

  const balancesOf = (memberId: string) =>
    testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
  const roundOf = (vendorRoundId: string) =>
    testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('vendor_round_id', '=', vendorRoundId)
      .executeTakeFirstOrThrow();

  /** A transfer by the vendor's transaction id (or its bonus key): amount and its member side. */
  async function transferOf(vendorId: string, suffix: string) {
    const row = await testApp.database.db
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_accounts as debit', 'debit.id', 'ledger_transfers.debit_account_id')
      .innerJoin('ledger_accounts as credit', 'credit.id', 'ledger_transfers.credit_account_id')
      .select([
        'ledger_transfers.code',
        'ledger_transfers.amount_minor',
        'debit.kind as from',
        'credit.kind as to',
      ])
      .where('ledger_transfers.idempotency_key', '=', `vendor:${vendorId}:${suffix}`)
      .executeTakeFirst();
    return row
      ? { code: row.code, amountMinor: BigInt(row.amount_minor), from: row.from, to: row.to }
      : undefined;
  }

  async function setBonusPlayable(vendorId: string, isBonusPlayable: boolean) {
    const reply = await admin.call('PUT', `/bo/game-vendors/${vendorId}`, { isBonusPlayable });
    expect([reply.status, reply.body.value?.isBonusPlayable]).toEqual([200, isBonusPlayable]);
  }

  async function insertActiveBonus(memberId: string, maxStakeMinor: bigint) {
    await testApp.database.db
      .insertInto('member_bonuses')
      .values({
        id: uuidv7(),
        merchant_id: merchantId,
        member_id: memberId,
        currency: 'PHP',
        source: 'manual',
        amount_minor: 1_000n,
        wagering_required_minor: 5_000n,
        contributions: JSON.stringify({ RNG: 10_000 }),
        max_stake_minor: maxStakeMinor,
        expiry_days: 7,
        terms: JSON.stringify({}),
        status: 'active',
        granted_at: new Date(nowMs),
        activated_at: new Date(nowMs),
        expires_at: new Date(nowMs + 7 * 86_400_000),
      })
      .execute();
  }

  it('lets an operator mark a seamless vendor bonus-playable, audited, and refuses it for a transfer-wallet vendor', async () => {
    const { row } = await expectOneAuditRow(
      testApp.database.db,
      () => admin.call('PUT', `/bo/game-vendors/${bonusVendorId}`, { isBonusPlayable: true }),
      { action: 'game_vendor.update', merchant_id: merchantId },
    );
    expect(row.before).toMatchObject({ isBonusPlayable: false });
    expect(row.after).toMatchObject({ isBonusPlayable: true });
    const list = await admin.call('GET', '/bo/game-vendors');
    const flags = Object.fromEntries(
      list.body.value.list.map((vendor: { vassalage: string; isBonusPlayable: boolean }) => [
        vendor.vassalage,
        vendor.isBonusPlayable,
      ]),
    );
    expect(flags).toMatchObject({ BONV: true, CASHV: false });

    const transferVendor = await testApp.app.games.registerVendor({
      merchantId,
      vassalage: 'XFERV',
      name: 'Transfer Vendor',
      walletMode: 'transfer',
      apiUrl: 'http://127.0.0.1:9',
      secret: 'transfer-vendor-secret-0123456789',
    });
    const refused = await admin.call('PUT', `/bo/game-vendors/${transferVendor.id}`, {
      isBonusPlayable: true,
    });
    expect([refused.status, refused.body.code, refused.body.value?.reasons?.isBonusPlayable]).toEqual([
      422,
      'VALIDATION',
      'seamlessOnly',
    ]);
    const stored = await testApp.database.db
      .selectFrom('game_vendors')
      .select('is_bonus_playable')
      .where('id', '=', transferVendor.id)
      .executeTakeFirstOrThrow();
    expect(stored.is_bonus_playable).toBe(false);
  });

  it('shows a bonus-playable vendor cash + bonus, and any other vendor cash only', async () => {
    const player = await newPlayer(300n, 1_000n);
    expect((await vendorCall('authenticate', player.byToken('BONV'))).balance).toBe('13.00');
    expect((await vendorCall('balance', player.byId('BONV'))).balance).toBe('13.00');
    expect((await vendorCall('authenticate', player.byToken('CASHV'))).balance).toBe('3.00');
    expect((await vendorCall('balance', player.byId('CASHV'))).balance).toBe('3.00');
  });

  it('splits debits cash first, keeps the parts on the round over several debits, and pays the win by them', async () => {
    const player = await newPlayer(300n, 1_000n);
    const roundId = id('round');
    const first = await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: id('d'),
      roundId,
      amount: '5.00',
    });
    expect([first.status, first.balance]).toEqual(['OK', '8.00']);
    expect(await transferOf(bonusVendorId, first.transactionId ?? '')).toMatchObject({
      code: 'bet',
      amountMinor: 300n,
      from: 'player_cash',
    });
    expect(await transferOf(bonusVendorId, `${first.transactionId}:bonus`)).toMatchObject({
      code: 'bet',
      amountMinor: 200n,
      from: 'player_bonus',
    });
    // Cash is gone: the next debit of the round is bonus money only, under its own key.
    const secondId = id('d');
    const second = await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: secondId,
      roundId,
      amount: '2.00',
    });
    expect([second.status, second.balance]).toEqual(['OK', '6.00']);
    expect(await transferOf(bonusVendorId, secondId)).toMatchObject({
      amountMinor: 200n,
      from: 'player_bonus',
    });
    expect(await roundOf(roundId)).toMatchObject({ stake_minor: 700n, bonus_stake_minor: 400n });
    // A retry answers the first result and takes nothing.
    const again = await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: secondId,
      roundId,
      amount: '2.00',
    });
    expect(again).toMatchObject({ status: 'OK', balance: '6.00', duplicate: true });

    // ₱10.01 on a stake of ₱3 cash and ₱4 bonus: floor(1001 × 400 / 700) = 572 to bonus, 429 to cash.
    const creditId = id('c');
    const credit = await vendorCall('credit', {
      ...player.byId('BONV'),
      transactionId: creditId,
      roundId,
      amount: '10.01',
    });
    expect([credit.status, credit.balance]).toEqual(['OK', '16.01']);
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 429n, bonusMinor: 1_172n });
    expect(await transferOf(bonusVendorId, creditId)).toMatchObject({
      code: 'win',
      amountMinor: 429n,
      to: 'player_cash',
    });
    expect(await transferOf(bonusVendorId, `${creditId}:bonus`)).toMatchObject({
      amountMinor: 572n,
      to: 'player_bonus',
    });
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      win_minor: 1_001n,
      bonus_win_minor: 572n,
    });
    expect(
      await vendorCall('credit', {
        ...player.byId('BONV'),
        transactionId: creditId,
        roundId,
        amount: '10.01',
      }),
    ).toMatchObject({ status: 'OK', balance: '16.01', duplicate: true });
  });

  it('pays a late win by the parts stored on its round, even once the vendor no longer takes bonus money', async () => {
    const player = await newPlayer(300n, 1_000n);
    const roundId = id('round');
    await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: id('d'),
      roundId,
      amount: '5.00',
    });
    await setBonusPlayable(bonusVendorId, false);
    try {
      const credit = await vendorCall('credit', {
        ...player.byId('BONV'),
        transactionId: id('c'),
        roundId,
        amount: '10.00',
      });
      // Cash only is the balance such a vendor sees; the bonus part still went to the bonus wallet.
      expect([credit.status, credit.balance]).toEqual(['OK', '6.00']);
      expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 600n, bonusMinor: 1_200n });
    } finally {
      await setBonusPlayable(bonusVendorId, true);
    }
  });

  it('rolls a split stake back, each part to its own wallet, once however often it arrives', async () => {
    const player = await newPlayer(300n, 1_000n);
    const roundId = id('round');
    const debitId = id('d');
    await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: debitId,
      roundId,
      amount: '5.00',
    });
    const rollbackId = id('rb');
    const body = { ...player.byId('BONV'), transactionId: rollbackId, roundId, refTransactionId: debitId };
    const replies = await Promise.all([1, 2, 3].map(() => vendorCall('rollback', body)));
    for (const reply of replies) expect([reply.status, reply.balance]).toEqual(['OK', '13.00']);
    expect(replies.filter((reply) => reply.duplicate !== true)).toHaveLength(1);
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 300n, bonusMinor: 1_000n });
    expect(await transferOf(bonusVendorId, rollbackId)).toMatchObject({
      code: 'rollback',
      amountMinor: 300n,
      to: 'player_cash',
    });
    expect(await transferOf(bonusVendorId, `${rollbackId}:bonus`)).toMatchObject({
      code: 'rollback',
      amountMinor: 200n,
      to: 'player_bonus',
    });
    expect((await roundOf(roundId)).status).toBe('rolled_back');
  });

  it('resettles and voids a split round part by part, back to where the member stood before it', async () => {
    const player = await newPlayer(300n, 1_000n);
    const roundId = id('round');
    await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: id('d'),
      roundId,
      amount: '5.00',
    });
    await vendorCall('credit', {
      ...player.byId('BONV'),
      transactionId: id('c'),
      roundId,
      amount: '10.00',
    });
    // Paid 6.00 cash and 4.00 bonus on ₱3 cash and ₱2 bonus staked.
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 600n, bonusMinor: 1_200n });

    const down = { ...player.byId('BONV'), transactionId: id('s'), refRoundId: roundId, amount: '5.00' };
    const replies = await Promise.all([1, 2, 3].map(() => vendorCall('resettle', down)));
    expect(replies.filter((reply) => reply.duplicate !== true)).toHaveLength(1);
    for (const reply of replies) expect([reply.status, reply.balance]).toEqual(['OK', '13.00']);
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 300n, bonusMinor: 1_000n });
    expect(await roundOf(roundId)).toMatchObject({
      status: 'resettled',
      win_minor: 500n,
      bonus_win_minor: 200n,
    });

    const up = { ...player.byId('BONV'), transactionId: id('s'), refRoundId: roundId, amount: '20.00' };
    expect(await vendorCall('resettle', up)).toMatchObject({ status: 'OK', balance: '28.00' });
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 1_200n, bonusMinor: 1_600n });
    expect(await roundOf(roundId)).toMatchObject({ win_minor: 2_000n, bonus_win_minor: 800n });

    // A void gives each part of the stake back and takes each part of the payout back.
    const voided = { ...player.byId('BONV'), transactionId: id('v'), refRoundId: roundId };
    expect(await vendorCall('void', voided)).toMatchObject({ status: 'OK', balance: '13.00' });
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 300n, bonusMinor: 1_000n });
    expect((await roundOf(roundId)).status).toBe('void');
  });

  it('refuses a resettle that would take back more bonus money than the bonus wallet holds, moving no cash either', async () => {
    const player = await newPlayer(300n, 200n);
    const roundId = id('round');
    await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: id('d'),
      roundId,
      amount: '5.00',
    });
    await vendorCall('credit', {
      ...player.byId('BONV'),
      transactionId: id('c'),
      roundId,
      amount: '10.00',
    });
    // The bonus ends and the engine forfeits the bonus wallet's ₱4.00 win; the ₱6.00 cash stays.
    await testApp.app.wallet.transfer({
      merchantId,
      currency: 'PHP',
      key: `bonus-forfeit:${player.memberId}`,
      code: 'bonus_forfeit',
      from: { memberId: player.memberId, wallet: 'bonus' },
      to: { house: 'bonus_funding', shardKey: player.memberId },
      amountMinor: 400n,
    });
    const before = await balancesOf(player.memberId);
    expect(before).toEqual({ cashMinor: 600n, bonusMinor: 0n });
    const reply = await vendorCall('resettle', {
      ...player.byId('BONV'),
      transactionId: id('s'),
      refRoundId: roundId,
      amount: '0.00',
    });
    expect(reply.status).toBe('INSUFFICIENT_FUNDS');
    expect(await balancesOf(player.memberId)).toEqual(before);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      win_minor: 1_000n,
      bonus_win_minor: 400n,
    });
  });

  it('stakes cash only at a vendor that is not bonus-playable, refusing a stake above cash', async () => {
    const player = await newPlayer(300n, 1_000n);
    const refused = await vendorCall('debit', {
      ...player.byToken('CASHV'),
      transactionId: id('d'),
      roundId: id('round'),
      amount: '5.00',
    });
    expect([refused.status, refused.balance]).toEqual(['INSUFFICIENT_FUNDS', '3.00']);
    const roundId = id('round');
    const taken = await vendorCall('debit', {
      ...player.byToken('CASHV'),
      transactionId: id('d'),
      roundId,
      amount: '3.00',
    });
    expect([taken.status, taken.balance]).toEqual(['OK', '0.00']);
    expect(await roundOf(roundId)).toMatchObject({ stake_minor: 300n, bonus_stake_minor: 0n });
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 0n, bonusMinor: 1_000n });
    const credit = await vendorCall('credit', {
      ...player.byId('CASHV'),
      transactionId: id('c'),
      roundId,
      amount: '6.00',
    });
    expect([credit.status, credit.balance]).toEqual(['OK', '6.00']);
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 600n, bonusMinor: 1_000n });
  });

  it("refuses a debit above an active bonus's maximum stake at every vendor, as the protocol refuses a bet the player may not place", async () => {
    const player = await newPlayer(10_000n, 1_000n);
    await insertActiveBonus(player.memberId, 500n);
    for (const vendor of ['BONV', 'CASHV'] as const) {
      const roundId = id('round');
      const refused = await vendorCall('debit', {
        ...player.byToken(vendor),
        transactionId: id('d'),
        roundId,
        amount: '6.00',
      });
      expect(refused.status).toBe('ERROR');
      const round = await testApp.database.db
        .selectFrom('game_rounds')
        .select('id')
        .where('vendor_round_id', '=', roundId)
        .executeTakeFirst();
      expect(round).toBeUndefined();
    }
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 10_000n, bonusMinor: 1_000n });
    const allowed = await vendorCall('debit', {
      ...player.byToken('BONV'),
      transactionId: id('d'),
      roundId: id('round'),
      amount: '5.00',
    });
    expect([allowed.status, allowed.balance]).toEqual(['OK', '105.00']);
  });

  it('never takes more than cash and bonus hold from a burst of simultaneous debits', async () => {
    const player = await newPlayer(300n, 1_000n);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        vendorCall('debit', {
          ...player.byToken('BONV'),
          transactionId: id('d'),
          roundId: id('round'),
          amount: '5.00',
        }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 'OK')).toHaveLength(2);
    for (const reply of replies.filter((one) => one.status !== 'OK'))
      expect(reply.status).toBe('INSUFFICIENT_FUNDS');
    expect(await balancesOf(player.memberId)).toEqual({ cashMinor: 0n, bonusMinor: 300n });
  });

  it('leaves a sound ledger and bet record', async () => {
    const db = testApp.database.db;
    for (const total of (await sumBalancesByCurrency(db)).values()) expect(total).toBe(0n);
    const replayed = await replayBalances(db);
    for (const [accountId, balance] of await storedBalances(db))
      expect(replayed.get(accountId) ?? 0n).toBe(balance);
    const parts = await sql<{ bad: string }>`
      select count(*)::text as bad from game_rounds
      where bonus_stake_minor > stake_minor or bonus_win_minor > win_minor`.execute(db);
    expect(parts.rows[0]?.bad).toBe('0');
    expect(cashVendorId).not.toBe(bonusVendorId);
  });
});
