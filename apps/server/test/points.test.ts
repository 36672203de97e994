import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsClient } from './support/accounts-client.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { cashOf, ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { getIn, memberAt, operatorOf } from './support/promotion-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The points mall (docs/loyalty.md "Points") against the real bet record, bonus engine, ledger
// and inbox: points earned by valid bet and deposits by the job, claw-backs of voided bets,
// redeems reserved under locks and decided once, and conversions into the bonus wallet.

const START = Date.parse('2030-05-14T04:00:00Z');
const DAY_MS = 86_400_000;
const PAYMENT_PASSWORD = '246810';
/** Simultaneous requests of one member: the payment password's hourly count allows five. */
const BURST_SIZE = 5;

const nowMs = START;
let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;
let vendorId: string;
const games = { slot: '', live: '' };
let methodId: string;

type Member = { id: string; client: AccountsClient };

const POINTS_SETTINGS = {
  earn: { slots: { per: '100.00', points: 1 }, live: { per: '200.00', points: 1 } },
  deposit: { per: '100.00', points: 1 },
  exchange: [
    { from: 100, amount: '1.00' },
    { from: 10_000, amount: '1.20' },
  ],
  convertMultiplier: 3,
  convertExpiryDays: 7,
  minConvertPoints: 100,
};

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  await patchDemoSettings(testApp, { points: POINTS_SETTINGS });
  owner = await operatorOf(testApp, { username: 'points_owner', merchantId, roleId: 'owner', nowMs });
  const { db } = testApp.database;
  vendorId = uuidv7();
  const code = `P${vendorId.slice(-6).toUpperCase()}`;
  await db
    .insertInto('game_vendors')
    .values({
      id: vendorId,
      merchant_id: merchantId,
      vassalage: code,
      name: code,
      launch_url: null,
      catalogue_url: null,
      secret_sealed: null,
    })
    .execute();
  const game = async (gameType: string, gameCode: string) => {
    const id = uuidv7();
    await db
      .insertInto('games')
      .values({
        id,
        merchant_id: merchantId,
        vendor_id: vendorId,
        node_id: `${code}-${gameCode}`,
        vassalage: code,
        game_type: gameType,
        game_code: gameCode,
        names: JSON.stringify({ EN: gameCode, TY: gameCode }),
        icon_url: null,
      })
      .execute();
    return id;
  };
  games.slot = await game('RNG', 'points-slot');
  games.live = await game('LIVE', 'points-baccarat');
  methodId = (
    await testApp.app.payments.createMethod({
      merchantId,
      code: 'points_gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    })
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

async function newMember(): Promise<Member> {
  const member = await memberAt(testApp, merchantId, new Date(START - 60 * DAY_MS));
  await testApp.app.members.setPaymentPassword(member.id, PAYMENT_PASSWORD);
  return member;
}

/** Runs the scheduled earning job once, as the runner would. */
async function earn(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'points.earn');
  if (!job) throw new Error('the points job is registered');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

/** A settled round of the member's at `at`: its valid bet is its stake. Answers the round's id. */
async function bet(memberId: string, gameId: string, pesos: number, at = nowMs): Promise<string> {
  const id = uuidv7();
  await testApp.database.db
    .insertInto('game_rounds')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      game_id: gameId,
      vendor_id: vendorId,
      vendor_round_id: id,
      currency: 'PHP',
      stake_minor: BigInt(pesos * 100),
      win_minor: 0n,
      status: 'settled',
      server_seed_hash: null,
      client_seed: null,
      nonce: null,
      outcome: null,
      opened_at: new Date(at),
      settled_at: new Date(at),
    })
    .execute();
  return id;
}

/** A vendor's void of a settled round after the fact: its valid bet leaves the rollups. */
async function voidRound(roundId: string): Promise<void> {
  await testApp.database.db
    .updateTable('game_rounds')
    .set({ status: 'void', updated_at: new Date() })
    .where('id', '=', roundId)
    .execute();
}

async function deposit(
  memberId: string,
  pesos: number,
  status: 'credited' | 'pending' = 'credited',
  creditedAt = nowMs,
) {
  const id = uuidv7();
  await testApp.database.db
    .insertInto('deposits')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      method_id: methodId,
      currency: 'PHP',
      amount_minor: BigInt(pesos * 100),
      status,
      gateway_order_id: null,
      pay_url: null,
      reference: null,
      receipt_path: null,
      transfer_id: null,
      failure_reason: null,
      reviewed_by: null,
      created_at: new Date(nowMs - 60_000),
      credited_at: status === 'credited' ? new Date(creditedAt) : null,
    })
    .execute();
  return id;
}

async function balanceOf(member: Member): Promise<{ points: number; owed: number }> {
  const reply = await member.client.call('GET', '/wps/points/balance');
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value;
}

async function recordsOf(memberId: string) {
  return testApp.database.db
    .selectFrom('point_records')
    .select(['type', 'points', 'balance', 'detail', 'key'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Gives a member points through the back office's adjustment. */
async function grantPoints(memberId: string, points: number): Promise<void> {
  const reply = await owner.call('POST', `/bo/players/${memberId}/points`, { points, reason: 'Test points' });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
}

/** Goods through the back office; answers its id. */
async function addGoods(overrides: Record<string, unknown> = {}): Promise<string> {
  const reply = await owner.call('POST', '/bo/points/goods', {
    names: { EN: 'Cash ₱50', TY: 'Cash na ₱50' },
    descriptions: { EN: 'Fifty pesos in cash', TY: 'Limampung piso na cash' },
    kind: 'cash',
    points: 100,
    amount: '50.00',
    ...overrides,
  });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value.id;
}

function redeem(member: Member, goodsId: string, body: Record<string, unknown> = {}) {
  return member.client.sealed('POST', '/wps/points/redeem', {
    goodsId,
    quantity: 1,
    paymentPassword: PAYMENT_PASSWORD,
    ...body,
  });
}

function convert(member: Member, points: number, paymentPassword = PAYMENT_PASSWORD) {
  return member.client.sealed('POST', '/wps/points/convert', { points, paymentPassword });
}

async function stockOf(goodsId: string): Promise<number | null> {
  return (
    await testApp.database.db
      .selectFrom('point_goods')
      .select('stock')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
  ).stock;
}

/** The member's records add up to their balance, which never went below zero. */
async function expectRecordsAddUp(member: Member): Promise<void> {
  const records = await recordsOf(member.id);
  const total = records.reduce((sum, record) => sum + record.points, 0n);
  expect(Number(total)).toBe((await balanceOf(member)).points);
  for (const record of records) expect(record.balance >= 0n).toBe(true);
}

async function withLevel(memberId: string, multiplierBp: number): Promise<void> {
  const { db } = testApp.database;
  const levelId = uuidv7();
  const rank = Math.floor(Math.random() * 90) + 1;
  await db
    .insertInto('vip_levels')
    .values({
      id: levelId,
      merchant_id: merchantId,
      rank,
      names: JSON.stringify({ EN: `Level ${rank}` }),
      label: `VIP${rank}`,
      points_multiplier_bp: multiplierBp,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  await db
    .insertInto('member_vip')
    .values({
      member_id: memberId,
      merchant_id: merchantId,
      level_id: levelId,
      rank,
      reached_at: new Date(nowMs),
      guaranteed_until: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
}

describe('earning by valid bet', () => {
  it("earns each point type's rule on the day's valid bet per game type, once however often the job runs", async () => {
    const member = await newMember();
    await bet(member.id, games.slot, 600);
    await bet(member.id, games.slot, 450);
    await bet(member.id, games.live, 450);
    await earn();
    await earn();
    const records = await recordsOf(member.id);
    // ₱1,050 of slots: 10 points (1 per ₱100); ₱450 of live: 2 points (1 per ₱200).
    expect(records.map((record) => [record.type, record.points, record.balance])).toEqual(
      expect.arrayContaining([
        ['slots', 10n, expect.any(BigInt)],
        ['live', 2n, expect.any(BigInt)],
      ]),
    );
    expect(records).toHaveLength(2);
    expect(await balanceOf(member)).toEqual({ points: 12, owed: 0 });

    // A later bet of the same day earns the difference only.
    await bet(member.id, games.slot, 60);
    await earn();
    expect((await recordsOf(member.id)).at(-1)).toMatchObject({ type: 'slots', points: 1n, balance: 13n });
    await expectRecordsAddUp(member);

    const list = await member.client.call('GET', '/wps/points/records?type=slots&pageSize=1');
    expect(list.body.value.totalPages).toBe(2);
    expect(list.body.value.list[0]).toMatchObject({ type: 'slots', points: 1, balance: 13 });
    expect(list.body.value.list[0].remark).toMatch(/^Valid bet ₱1,110.00 on 2030-05-14 \(Slots\)/);
    const inTagalog = await getIn(testApp, '/wps/points/records?type=live', 'TY', member.client.token);
    expect(inTagalog.value.list[0].remark).toBe('Valid bet na ₱450.00 noong 2030-05-14 (Live na casino)');
  });

  it("multiplies by the member's level and says the multiplier in the config", async () => {
    const member = await newMember();
    await withLevel(member.id, 15_000);
    await bet(member.id, games.slot, 1000);
    await earn();
    expect(await balanceOf(member)).toEqual({ points: 15, owed: 0 });
    const config = await member.client.call('GET', '/wps/points/config');
    expect(config.body.value).toMatchObject({
      multiplier: '1.50',
      earn: [
        { type: 'live', per: '200.00', points: 1 },
        { type: 'slots', per: '100.00', points: 1 },
      ],
      deposit: { per: '100.00', points: 1 },
      exchange: [
        { from: 100, amount: '1.00' },
        { from: 10_000, amount: '1.20' },
      ],
      convertMultiplier: 3,
      minConvertPoints: 100,
    });
    const visitor = await getIn(testApp, '/wps/points/config', 'EN');
    expect(visitor.value.multiplier).toBe('1.00');
  });

  it('claws back the points of a voided bet from the balance, and owes what the balance cannot give', async () => {
    const member = await newMember();
    const first = await bet(member.id, games.slot, 500);
    await bet(member.id, games.slot, 500);
    await earn();
    expect(await balanceOf(member)).toEqual({ points: 10, owed: 0 });

    // Half the day's valid bet goes: half its points come back.
    await voidRound(first);
    await earn();
    expect((await recordsOf(member.id)).at(-1)).toMatchObject({ type: 'clawback', points: -5n, balance: 5n });
    expect(await balanceOf(member)).toEqual({ points: 5, owed: 0 });

    // Spent down to 2, then the rest of the day is voided: 2 taken, 3 owed.
    await grantPoints(member.id, -3);
    const second = await testApp.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('member_id', '=', member.id)
      .where('status', '=', 'settled')
      .executeTakeFirstOrThrow();
    await voidRound(second.id);
    await earn();
    expect((await recordsOf(member.id)).at(-1)).toMatchObject({
      type: 'clawback',
      points: -2n,
      balance: 0n,
      detail: { clawedBack: '5', owedAdded: '3' },
    });
    expect(await balanceOf(member)).toEqual({ points: 0, owed: 3 });

    // The next day's points pay what is owed first.
    await bet(member.id, games.slot, 800, nowMs + DAY_MS);
    await earn();
    expect((await recordsOf(member.id)).at(-1)).toMatchObject({
      type: 'slots',
      points: 5n,
      balance: 5n,
      detail: { earned: '8', owedPaid: '3' },
    });
    expect(await balanceOf(member)).toEqual({ points: 5, owed: 0 });
    const records = await member.client.call('GET', '/wps/points/records?type=slots');
    expect(records.body.value.list[0].remark).toContain('3 points paid what was owed');
    await expectRecordsAddUp(member);
  });

  it('earns each credited deposit once, and pending ones not', async () => {
    const member = await newMember();
    await deposit(member.id, 250);
    await deposit(member.id, 999, 'pending');
    await earn();
    await earn();
    const records = await recordsOf(member.id);
    expect(records.map((record) => [record.type, record.points])).toEqual([['deposit', 2n]]);
    expect(records[0]?.key).toMatch(/^deposit:/);
  });

  it('earns nothing twice when two runs overlap', async () => {
    const members = await Promise.all([newMember(), newMember(), newMember()]);
    for (const member of members) {
      await bet(member.id, games.slot, 700);
      await deposit(member.id, 300);
    }
    await Promise.all([earn(), earn(), earn()]);
    for (const member of members) {
      expect(await balanceOf(member)).toEqual({ points: 10, owed: 0 });
      expect(await recordsOf(member.id)).toHaveLength(2);
    }
  });
});

describe('goods', () => {
  it('shows visitors the active goods in their language and order', async () => {
    const hidden = await addGoods({ names: { EN: 'Hidden prize' }, status: 'hidden', sort: 0 });
    const first = await addGoods({ names: { EN: 'First prize', TY: 'Unang premyo' }, sort: 1 });
    const english = await getIn(testApp, '/wps/points/goods?pageSize=60', 'EN');
    const ids = english.value.list.map((goods: { id: string }) => goods.id);
    expect(ids).toContain(first);
    expect(ids).not.toContain(hidden);
    const tagalog = await getIn(testApp, '/wps/points/goods?pageSize=60', 'TY');
    expect(tagalog.value.list.find((goods: { id: string }) => goods.id === first)).toMatchObject({
      name: 'Unang premyo',
      kind: 'cash',
      points: 100,
      amount: '50.00',
      requirement: null,
      stock: null,
      perMemberLimit: null,
    });
    const tooLarge = await getIn(testApp, '/wps/points/goods?pageSize=61', 'EN');
    expect(tooLarge.code).toBe('VALIDATION');
  });

  it('refuses goods of kind cash without an amount, and audits a change', async () => {
    const missing = await owner.call('POST', '/bo/points/goods', {
      names: { EN: 'No amount' },
      kind: 'bonus',
      points: 5,
    });
    expect(missing.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { amount: expect.any(String) } },
    });
    const noName = await owner.call('POST', '/bo/points/goods', {
      names: { EN: ' ' },
      kind: 'item',
      points: 5,
    });
    expect(noName.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { names: expect.any(String) } },
    });
    const id = await addGoods({ kind: 'item', amount: null, names: { EN: 'Cap' }, stock: 3 });
    const changed = await owner.call('PUT', `/bo/points/goods/${id}`, {
      names: { EN: 'Cap', TY: 'Sombrero' },
      kind: 'item',
      points: 300,
      stock: 10,
      status: 'hidden',
    });
    expect(changed.body.value).toMatchObject({ points: 300, stock: 10, status: 'hidden', amount: null });
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['points.goods.create', 'points.goods.update']);
  });
});

describe('redeeming', () => {
  it('reserves points and stock and waits, processing, with a reference number', async () => {
    const member = await newMember();
    await grantPoints(member.id, 250);
    const goodsId = await addGoods({ stock: 10, perMemberLimit: 3 });
    const reply = await redeem(member, goodsId, { quantity: 2 });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    expect(reply.body.value).toMatchObject({
      reference: expect.stringMatching(/^PM20300514\d{6}$/),
      goodsName: 'Cash ₱50',
      quantity: 2,
      points: 200,
      status: 'processing',
      decidedAt: null,
      address: null,
    });
    expect(await balanceOf(member)).toEqual({ points: 50, owed: 0 });
    expect(await stockOf(goodsId)).toBe(8);
    const mine = await member.client.call('GET', '/wps/points/redeems?status=processing');
    expect(mine.body.value.list.map((item: { id: string }) => item.id)).toEqual([reply.body.value.id]);
    const records = await member.client.call('GET', '/wps/points/records?type=redeem');
    expect(records.body.value.list[0]).toMatchObject({ points: -200, balance: 50 });
    expect(records.body.value.list[0].remark).toBe(`2 × Cash ₱50 (${reply.body.value.reference})`);
  });

  it('refuses, taking nothing: a wrong password, hidden goods, no address, the requirement, stock, the limit, too few points, not marketable', async () => {
    const member = await newMember();
    await grantPoints(member.id, 150);
    const cash = await addGoods({ perMemberLimit: 1 });
    const wrong = await redeem(member, cash, { paymentPassword: '000000' });
    expect(wrong.body.code).toBe('PAYMENT_PASSWORD_INVALID');
    const hidden = await addGoods({ status: 'hidden' });
    expect((await redeem(member, hidden)).body.code).toBe('NOT_FOUND');
    const item = await addGoods({ kind: 'item', amount: null, names: { EN: 'Shirt' }, points: 10 });
    expect((await redeem(member, item)).body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { address: expect.any(String) } },
    });
    const required = await addGoods({ requirement: { kind: 'validBet', amount: '500.00', days: 7 } });
    await bet(member.id, games.live, 120, nowMs - 2 * DAY_MS);
    await bet(member.id, games.live, 400, nowMs - 9 * DAY_MS);
    expect((await redeem(member, required)).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'REQUIREMENT', missing: '380.00' },
    });
    const depositRequired = await addGoods({ requirement: { kind: 'deposit', amount: '100.00', days: 1 } });
    expect((await redeem(member, depositRequired)).body.value).toMatchObject({ reason: 'REQUIREMENT' });
    const soldOut = await addGoods({ stock: 0 });
    expect((await redeem(member, soldOut)).body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'stock' },
    });
    expect((await redeem(member, cash, { quantity: 2 })).body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'perMember' },
    });
    const dear = await addGoods({ points: 151 });
    expect((await redeem(member, dear)).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      value: { points: 150 },
    });
    await sql`update members set promotions_opt_out = true where id = ${member.id}`.execute(
      testApp.database.db,
    );
    expect((await redeem(member, cash)).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    expect(await balanceOf(member)).toEqual({ points: 150, owed: 0 });
    expect(await stockOf(soldOut)).toBe(0);
    // An item reaches a member promotions may not, with its address.
    const shirt = await redeem(member, item, { address: 'Blk 1 Lot 2, Quezon City' });
    expect(shirt.body.value).toMatchObject({ status: 'processing', address: 'Blk 1 Lot 2, Quezon City' });
    const none = await newMember();
    await sql`update members set payment_password_hash = null where id = ${none.id}`.execute(
      testApp.database.db,
    );
    expect((await redeem(none, cash)).body.code).toBe('PAYMENT_PASSWORD_REQUIRED');
  });

  it('never oversells stock in a burst of members', async () => {
    const goodsId = await addGoods({ stock: 3 });
    const members = await Promise.all(Array.from({ length: 7 }, () => newMember()));
    for (const member of members) await grantPoints(member.id, 100);
    const replies = await Promise.all(members.map((member) => redeem(member, goodsId)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(3);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'stock' } });
    }
    expect(await stockOf(goodsId)).toBe(0);
    const spent = await Promise.all(members.map(balanceOf));
    expect(spent.filter((balance) => balance.points === 0)).toHaveLength(3);
  });

  it("never passes a member's limit in a burst", async () => {
    const member = await newMember();
    await grantPoints(member.id, 1000);
    const goodsId = await addGoods({ perMemberLimit: 2 });
    const replies = await Promise.all(Array.from({ length: BURST_SIZE }, () => redeem(member, goodsId)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(2);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'perMember' } });
    }
    expect(await balanceOf(member)).toEqual({ points: 800, owed: 0 });
  });

  it('never takes points below zero in a burst', async () => {
    const member = await newMember();
    await grantPoints(member.id, 250);
    const goodsId = await addGoods();
    const replies = await Promise.all(Array.from({ length: BURST_SIZE }, () => redeem(member, goodsId)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(2);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body.code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balanceOf(member)).toEqual({ points: 50, owed: 0 });
    await expectRecordsAddUp(member);
  });
});

describe('deciding redeems', () => {
  async function messagesOf(memberId: string) {
    return testApp.database.db
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', memberId)
      .where('kind', 'in', ['points_redeem_approved', 'points_redeem_rejected'])
      .orderBy('created_at')
      .execute();
  }

  it('pays cash goods once, however many approvals arrive together, and tells the member', async () => {
    const member = await newMember();
    await grantPoints(member.id, 100);
    const goodsId = await addGoods({ names: { EN: 'Cash ₱50', TY: 'Cash na ₱50' } });
    const redeemed = await redeem(member, goodsId);
    const id = redeemed.body.value.id;
    const cashBefore = await cashOf(testApp.database.db, member.id);
    const approvals = await Promise.all(
      Array.from({ length: 4 }, () => owner.call('POST', `/bo/points/redeems/${id}/approve`)),
    );
    expect(approvals.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of approvals.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({
        code: 'CONFLICT',
        value: { reason: 'DECIDED', status: 'approved' },
      });
    }
    expect((await cashOf(testApp.database.db, member.id)) - cashBefore).toBe(5000n);
    const transfers = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('idempotency_key', '=', `points-redeem:${id}`)
      .execute();
    expect(transfers).toEqual([{ code: 'points_reward', amount_minor: 5000n }]);
    const rejected = await owner.call('POST', `/bo/points/redeems/${id}/reject`, { reason: 'Too late' });
    expect(rejected.body.code).toBe('CONFLICT');
    const messages = await messagesOf(member.id);
    expect(messages).toEqual([
      {
        kind: 'points_redeem_approved',
        params: expect.objectContaining({
          outcome: 'cash',
          'goods.EN': 'Cash ₱50',
          'goods.TY': 'Cash na ₱50',
        }),
      },
    ]);
    const inbox = await getIn(testApp, '/wps/member/messages', 'TY', member.client.token);
    expect(JSON.stringify(inbox)).toContain('Cash na ₱50');
    const queue = await owner.call(
      'GET',
      `/bo/points/redeems?status=approved&reference=${redeemed.body.value.reference}`,
    );
    expect(queue.body.value.list[0]).toMatchObject({
      id,
      status: 'approved',
      operator: 'points_owner',
      amount: '50.00',
    });
  });

  it('grants bonus goods as a bonus with the conversion terms, and approves items paying nothing', async () => {
    const member = await newMember();
    await grantPoints(member.id, 300);
    const bonusGoods = await addGoods({ kind: 'bonus', amount: '100.00', names: { EN: 'Bonus ₱100' } });
    const item = await addGoods({ kind: 'item', amount: null, names: { EN: 'Load card' }, points: 200 });
    const bonusRedeem = (await redeem(member, bonusGoods)).body.value;
    const itemRedeem = (await redeem(member, item, { address: '0917 123 4567' })).body.value;
    const approved = await owner.call('POST', `/bo/points/redeems/${bonusRedeem.id}/approve`);
    expect(approved.body.value).toMatchObject({ status: 'approved', bonusId: expect.any(String) });
    const bonus = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(['source', 'amount_minor', 'wagering_required_minor', 'status'])
      .where('id', '=', approved.body.value.bonusId)
      .executeTakeFirstOrThrow();
    expect(bonus).toEqual({
      source: 'points',
      amount_minor: 10_000n,
      wagering_required_minor: 30_000n,
      status: 'active',
    });
    const cashBefore = await cashOf(testApp.database.db, member.id);
    const itemApproved = await owner.call('POST', `/bo/points/redeems/${itemRedeem.id}/approve`);
    expect(itemApproved.body.value).toMatchObject({ status: 'approved', bonusId: null, amount: null });
    expect(await cashOf(testApp.database.db, member.id)).toBe(cashBefore);
  });

  it('gives points and stock back on a rejection, once, with the reason', async () => {
    const member = await newMember();
    await grantPoints(member.id, 200);
    const goodsId = await addGoods({ stock: 5 });
    const redeemed = (await redeem(member, goodsId, { quantity: 2 })).body.value;
    expect(await stockOf(goodsId)).toBe(3);
    const rejections = await Promise.all(
      Array.from({ length: 3 }, () =>
        owner.call('POST', `/bo/points/redeems/${redeemed.id}/reject`, { reason: 'Address not found' }),
      ),
    );
    expect(rejections.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(await stockOf(goodsId)).toBe(5);
    expect(await balanceOf(member)).toEqual({ points: 200, owed: 0 });
    const mine = await member.client.call('GET', '/wps/points/redeems');
    expect(mine.body.value.list[0]).toMatchObject({ status: 'rejected', remark: 'Address not found' });
    const records = await member.client.call('GET', '/wps/points/records?type=refund');
    expect(records.body.value.list[0]).toMatchObject({ points: 200, balance: 200 });
    expect(records.body.value.list[0].remark).toBe(`${redeemed.reference} not approved: Address not found`);
    expect((await messagesOf(member.id)).map((message) => message.kind)).toEqual(['points_redeem_rejected']);
    const approve = await owner.call('POST', `/bo/points/redeems/${redeemed.id}/approve`);
    expect(approve.body).toMatchObject({ code: 'CONFLICT', value: { status: 'rejected' } });
  });

  it('lets the redeem desk decide and refuses it goods and adjustments', async () => {
    const support = await operatorOf(testApp, {
      username: 'points_support',
      merchantId,
      roleId: 'support',
      nowMs,
    });
    const member = await newMember();
    await grantPoints(member.id, 100);
    const redeemed = (await redeem(member, await addGoods())).body.value;
    const queue = await support.call('GET', '/bo/points/redeems?status=processing');
    expect(queue.body.value.list.map((row: { id: string }) => row.id)).toContain(redeemed.id);
    expect(
      (await support.call('POST', `/bo/points/redeems/${redeemed.id}/reject`, { reason: 'No' })).body.success,
    ).toBe(true);
    const adding = await support.call('POST', '/bo/points/goods', {
      names: { EN: 'X' },
      kind: 'item',
      points: 1,
    });
    expect(adding.status).toBe(403);
    const adjusting = await support.call('POST', `/bo/players/${member.id}/points`, {
      points: 5,
      reason: 'x',
    });
    expect(adjusting.status).toBe(403);
    const reading = await support.call('GET', `/bo/players/${member.id}/points`);
    expect(reading.body.value).toMatchObject({ points: 100, owed: 0 });
  });
});

describe('converting', () => {
  it('converts at the row of the largest from, into a bonus wagered at least once', async () => {
    const member = await newMember();
    await grantPoints(member.id, 10_650);
    const small = await convert(member, 150);
    expect(small.body.value).toMatchObject({ points: 150, amount: '1.50' });
    const large = await convert(member, 10_500);
    // From 10,000 points: ₱1.20 per 100.
    expect(large.body.value).toMatchObject({ points: 10_500, amount: '126.00' });
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(['source', 'amount_minor', 'wagering_required_minor', 'contributions'])
      .where('member_id', '=', member.id)
      .orderBy('amount_minor')
      .execute();
    expect(bonuses.map((bonus) => [bonus.source, bonus.amount_minor, bonus.wagering_required_minor])).toEqual(
      [
        ['points', 150n, 450n],
        ['points', 12_600n, 37_800n],
      ],
    );
    expect(bonuses[0]?.contributions).toMatchObject({ RNG: 10_000, LIVE: 10_000, SPORTS: 10_000 });
    expect(await balanceOf(member)).toEqual({ points: 0, owed: 0 });
    const records = await member.client.call('GET', '/wps/points/records?type=convert');
    expect(records.body.value.list.map((record: { remark: string }) => record.remark)).toEqual([
      'Converted into a ₱126.00 bonus',
      'Converted into a ₱1.50 bonus',
    ]);
  });

  it('refuses below the least, beyond the balance, a wrong password and a member promotions may not reach', async () => {
    const member = await newMember();
    await grantPoints(member.id, 500);
    expect((await convert(member, 99)).body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { points: expect.any(String) } },
    });
    expect((await convert(member, 501)).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      value: { points: 500 },
    });
    expect((await convert(member, 200, '111111')).body.code).toBe('PAYMENT_PASSWORD_INVALID');
    await sql`update members set promotions_opt_out = true where id = ${member.id}`.execute(
      testApp.database.db,
    );
    expect((await convert(member, 200)).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    expect(await balanceOf(member)).toEqual({ points: 500, owed: 0 });
  });

  it('converts the points once in a burst', async () => {
    const member = await newMember();
    await grantPoints(member.id, 300);
    const replies = await Promise.all(Array.from({ length: BURST_SIZE }, () => convert(member, 200)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(await balanceOf(member)).toEqual({ points: 100, owed: 0 });
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(bonuses).toHaveLength(1);
  });
});

describe('adjustments', () => {
  it('never takes points below zero, pays owed points first and is audited', async () => {
    const member = await newMember();
    await grantPoints(member.id, 20);
    const below = await owner.call('POST', `/bo/players/${member.id}/points`, {
      points: -21,
      reason: 'Too many',
    });
    expect(below.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', value: { points: 20 } });
    const zero = await owner.call('POST', `/bo/players/${member.id}/points`, {
      points: 0,
      reason: 'Nothing',
    });
    expect(zero.body.code).toBe('VALIDATION');
    await sql`update member_points set balance = 0, owed = 7 where member_id = ${member.id}`.execute(
      testApp.database.db,
    );
    const added = await owner.call('POST', `/bo/players/${member.id}/points`, {
      points: 10,
      reason: 'Goodwill',
    });
    expect(added.body.value).toMatchObject({
      points: 3,
      owed: 0,
      record: { type: 'adjustment', points: 3, balance: 3 },
    });
    expect(added.body.value.record.remark).toBe(
      'Adjusted by the operator: Goodwill; 7 points paid what was owed',
    );
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', member.id)
      .where('action', '=', 'points.adjust')
      .execute();
    expect(audit).toHaveLength(2);
  });
});

describe('the ledger', () => {
  it('stays sound: every account equals its transfers and the merchant sums to zero', async () => {
    expect(await ledgerProblems(testApp.database.db, merchantId)).toEqual([]);
  });
});

// Last in the file: it moves the merchant's deposit watermark ahead of the clock.
describe('deposits and the deposit rule', () => {
  it('never earns a deposit credited while no deposit points were given, and still earns a slow commit', async () => {
    const member = await newMember();
    await patchDemoSettings(testApp, { points: { ...POINTS_SETTINGS, deposit: null } });
    await earn();
    // Credited before that run, committed after it: credited while the merchant gave nothing.
    await deposit(member.id, 500, 'credited', nowMs - 60_000);
    await patchDemoSettings(testApp, { points: POINTS_SETTINGS });
    await deposit(member.id, 200, 'credited', nowMs + 1_000);
    await earn();
    await earn();
    expect((await recordsOf(member.id)).map((record) => [record.type, record.points])).toEqual([
      ['deposit', 2n],
    ]);

    // With the rule on, a deposit whose commit lands behind one already read still earns, once.
    await deposit(member.id, 300, 'credited', nowMs + 10 * 60_000);
    await earn();
    await deposit(member.id, 400, 'credited', nowMs + 7 * 60_000);
    await earn();
    await earn();
    expect((await recordsOf(member.id)).map((record) => [record.type, record.points])).toEqual([
      ['deposit', 2n],
      ['deposit', 3n],
      ['deposit', 4n],
    ]);
  });
});
