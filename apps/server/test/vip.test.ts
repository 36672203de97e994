import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { creditGcashDeposit } from './support/funded-member.ts';
import { getIn } from './support/promotion-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import { sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// VIP levels end to end (docs/loyalty.md "VIP") against the real bonus engine, bet record and
// ledger: levels written by operators, members raised by the upgrade job as their deposits and
// bets meet thresholds, gifts granted once, the month's review, the projection, birthdays, the
// operator's changes, the public state, the socket event and the withdrawal limits.

const PESO = 100n;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Manila noon on 20 November; the review day is the 28th, so November's review is not due yet. */
let nowMs = Date.parse('2026-11-20T04:00:00Z');
const OCTOBER_25 = new Date('2026-10-25T04:00:00Z');

let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;
let game: { merchantId: string; vendorId: string; gameId: string };
let gcash: PaymentMethodRow;
let socketUrl: string;
const sockets: Socket[] = [];
let operatorCount = 0;
let memberCount = 0;
/** Level ids by rank, as the back office made them. */
const levelIds = new Map<number, string>();

async function runJob(name: 'vip.upgrades' | 'vip.review'): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === name);
  if (!job) throw new Error(`no job ${name}`);
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

/** An operator of the demo merchant with a fresh session at the test's clock. */
async function operator(roleId = 'owner'): Promise<BackOfficeClient> {
  operatorCount += 1;
  const { token } = await insertOperatorWithSession(db, {
    username: `vip_${roleId}_${operatorCount}`,
    merchantId,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

async function setVipSwitch(isOn: boolean): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select('settings')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const settings = row.settings as { whitelabel: { modId: string; enabled: boolean }[] };
  const whitelabel = settings.whitelabel.map((node) =>
    node.modId === 'VIP' ? { ...node, enabled: isOn } : node,
  );
  await patchDemoSettings(testApp, { whitelabel });
}

/** A member of the demo merchant, registered `registeredDaysAgo` days before the test's clock. */
async function newMember(
  options: { registeredDaysAgo?: number; payeeName?: string; paymentPassword?: string } = {},
): Promise<string> {
  memberCount += 1;
  const member = await testApp.app.members.createMember({
    merchantId,
    account: `vipper${memberCount}`,
    password: 'Vipper1234',
    ...(options.payeeName ? { payeeName: options.payeeName } : {}),
    ...(options.paymentPassword ? { paymentPassword: options.paymentPassword } : {}),
  });
  await sql`update members set created_at = ${new Date(nowMs - (options.registeredDaysAgo ?? 100) * DAY_MS)}
    where id = ${member.id}`.execute(db);
  return member.id;
}

/** A deposit credited as a gateway's callback credits it, at the test's clock or at `at`. */
async function creditDeposit(memberId: string, pesos: bigint, at?: Date): Promise<void> {
  const amountMinor = pesos * PESO;
  const depositId = await creditGcashDeposit(testApp.app, {
    merchantId,
    memberId,
    method: gcash,
    amountMinor,
  });
  if (at) await db.updateTable('deposits').set({ credited_at: at }).where('id', '=', depositId).execute();
}

/** A lost bet of `pesos` settled at `at` (default: an hour before the test's clock). */
async function bet(memberId: string, pesos: bigint, at = new Date(nowMs - HOUR_MS)): Promise<void> {
  await settleBetAt(db, game, { memberId, stakeMinor: pesos * PESO, winMinor: 0n, settledAt: at });
}

async function rankOf(memberId: string): Promise<number | null> {
  const row = await db
    .selectFrom('member_vip')
    .select('rank')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.rank ?? null;
}

async function giftsOf(memberId: string) {
  return db
    .selectFrom('vip_gifts')
    .select(['key', 'kind', 'rank', 'amount_minor', 'status', 'bonus_id'])
    .where('member_id', '=', memberId)
    .orderBy('key')
    .execute();
}

async function changesOf(memberId: string) {
  return db
    .selectFrom('vip_level_changes')
    .select(['from_rank', 'to_rank', 'reason', 'note'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function levelBody(rank: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const ladder: Record<number, Record<string, unknown>> = {
    1: {
      names: { TY: 'Tanso', EN: 'Bronze' },
      deposit: '100.00',
      validBet: '500.00',
      keepDeposit: '50.00',
      keepValidBet: '250.00',
      guaranteedDays: 5,
      upgradeBonus: '10.00',
      birthdayBonus: '20.00',
    },
    2: {
      names: { TY: 'Pilak', EN: 'Silver' },
      deposit: '1000.00',
      validBet: '5000.00',
      keepDeposit: '500.00',
      keepValidBet: '2500.00',
      guaranteedDays: 5,
      upgradeBonus: '50.00',
      monthlyBonus: '15.00',
      rebateRates: { LIVE: '0.60', RNG: '0.90' },
      pointsMultiplier: '1.25',
    },
    3: {
      names: { TY: 'Ginto', EN: 'Gold' },
      deposit: '5000.00',
      validBet: '25000.00',
      keepDeposit: '2500.00',
      keepValidBet: '12500.00',
      guaranteedDays: 30,
      upgradeBonus: '200.00',
      monthlyBonus: '40.00',
    },
    4: {
      names: { TY: 'Platinum', EN: 'Platinum' },
      deposit: '10000.00',
      validBet: '50000.00',
      guaranteedDays: 30,
      withdrawCountDay: 2,
      withdrawAmountDay: '1500.00',
    },
  };
  const names = { TY: `Antas ${rank}`, EN: `Level ${rank}` };
  return { rank, label: `VIP${rank}`, names, ...ladder[rank], ...overrides };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  game = { merchantId, ...(await insertBetGame(db, merchantId)) };
  gcash = await testApp.app.payments.createMethod({
    merchantId,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash' },
    minMinor: 100n,
    maxMinor: 50_000_000n,
    playerDailyMaxMinor: null,
    gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
  });
  await setVipSwitch(true);
  await patchDemoSettings(testApp, {
    vip: { windowDays: 30, reviewDay: 28, giftMultiplier: 3, giftExpiryDays: 7 },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  socketUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp.close();
});

describe('levels in the back office', () => {
  it('are created with their benefits, ranks unique and thresholds rising with the rank, each audited', async () => {
    const bo = await operator();
    for (const rank of [1, 2, 3, 4]) {
      const created = await bo.call('POST', '/bo/vip/levels', levelBody(rank));
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
      levelIds.set(rank, created.body.value.id);
    }
    const list = (await bo.call('GET', '/bo/vip/levels')).body.value.list;
    expect(list.map((level: { rank: number }) => level.rank)).toEqual([1, 2, 3, 4]);
    expect(list[1]).toMatchObject({
      names: { TY: 'Pilak', EN: 'Silver' },
      label: 'VIP2',
      deposit: '1000.00',
      keepValidBet: '2500.00',
      upgradeBonus: '50.00',
      monthlyBonus: '15.00',
      rebateRates: { LIVE: '0.60', RNG: '0.90' },
      pointsMultiplier: '1.25',
      withdrawCountDay: null,
      holders: 0,
    });
    expect(list[3]).toMatchObject({ withdrawCountDay: 2, withdrawAmountDay: '1500.00' });

    const taken = await bo.call('POST', '/bo/vip/levels', levelBody(2, { deposit: '2000.00' }));
    expect(taken.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { rank: 'taken' } } });
    const belowLower = await bo.call(
      'POST',
      '/bo/vip/levels',
      levelBody(5, { deposit: '50.00', validBet: '99999.00' }),
    );
    expect(belowLower.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { deposit: 'rankOrder' } },
    });
    const aboveHigher = await bo.call(
      'PUT',
      `/bo/vip/levels/${levelIds.get(1)}`,
      levelBody(1, { validBet: '6000.00' }),
    );
    expect(aboveHigher.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { validBet: 'rankOrder' } },
    });
    const badRates = await bo.call(
      'POST',
      '/bo/vip/levels',
      levelBody(5, {
        deposit: '90000.00',
        validBet: '90000.00',
        rebateRates: { CHESS: '0.50', LIVE: '9.00' },
      }),
    );
    expect(badRates.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { 'rebateRates.CHESS': 'unknown', 'rebateRates.LIVE': 'range' } },
    });

    const audited = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'vip.level.%')
      .execute();
    expect(audited.map((row) => row.action)).toEqual(Array(4).fill('vip.level.create'));
  });

  it('show the programme to visitors in their language, and whether the site shows it', async () => {
    const english = await getIn(testApp, '/wps/vip/levels', 'EN');
    expect(english.value).toMatchObject({ enabled: true, windowDays: 30, reviewDay: 28 });
    expect(english.value.levels[1]).toMatchObject({
      rank: 2,
      name: 'Silver',
      label: 'VIP2',
      badgeUrl: null,
      deposit: '1000.00',
      validBet: '5000.00',
      monthlyBonus: '15.00',
      rebateRates: { LIVE: '0.60', RNG: '0.90' },
      pointsMultiplier: '1.25',
    });
    expect((await getIn(testApp, '/wps/vip/levels', 'TY')).value.levels[1].name).toBe('Pilak');
  });

  it('need loyalty.read to read and loyalty.write to change', async () => {
    const support = await operator('support');
    expect((await support.call('GET', '/bo/vip/levels')).status).toBe(200);
    expect((await support.call('GET', '/bo/vip/gifts')).status).toBe(200);
    const refused = await support.call('PUT', `/bo/vip/levels/${levelIds.get(1)}`, levelBody(1));
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const risk = await operator('risk');
    expect((await risk.call('GET', '/bo/vip/members')).status).toBe(403);
  });
});

describe('the upgrade job', () => {
  it('raises a member to the level the window earns once, with a gift for every rank passed, however many runs overlap', async () => {
    const memberId = await newMember();
    await creditDeposit(memberId, 1_000n);
    await bet(memberId, 5_000n);
    await Promise.all([runJob('vip.upgrades'), runJob('vip.upgrades'), runJob('vip.upgrades')]);
    expect(await rankOf(memberId)).toBe(2);
    expect(await changesOf(memberId)).toEqual([
      { from_rank: null, to_rank: 2, reason: 'upgrade', note: null },
    ]);
    const gifts = await giftsOf(memberId);
    expect(gifts.map((gift) => [gift.key, gift.status, BigInt(gift.amount_minor)])).toEqual([
      [`upgrade:${memberId}:1`, 'granted', 1_000n],
      [`upgrade:${memberId}:2`, 'granted', 5_000n],
    ]);
    // Granted through the bonus engine: the first bonus active (credited under vip_gift), the second waiting.
    const bonuses = await db
      .selectFrom('member_bonuses')
      .select(['id', 'source', 'status', 'amount_minor', 'wagering_required_minor'])
      .where('member_id', '=', memberId)
      .orderBy('granted_at')
      .orderBy('id')
      .execute();
    expect(
      bonuses.map((bonus) => [bonus.source, bonus.status, BigInt(bonus.wagering_required_minor)]),
    ).toEqual([
      ['vip', 'active', 3_000n],
      ['vip', 'waiting', 15_000n],
    ]);
    expect(gifts.map((gift) => gift.bonus_id).sort()).toEqual(bonuses.map((bonus) => bonus.id).sort());
    const credited = await db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('reference', '=', `bonus:${bonuses[0]?.id}`)
      .execute();
    expect(credited.map((transfer) => [transfer.code, BigInt(transfer.amount_minor)])).toEqual([
      ['vip_gift', 1_000n],
    ]);
    const messages = await db
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', memberId)
      .execute();
    expect(messages).toEqual([
      { kind: 'vip_up', params: { label: 'VIP2', levelEN: 'VIP2 Silver', levelTY: 'VIP2 Pilak' } },
    ]);

    // Again, with nothing new: nothing changes.
    await runJob('vip.upgrades');
    expect(await changesOf(memberId)).toHaveLength(1);
    expect(await giftsOf(memberId)).toHaveLength(2);

    // More play later raises it again, paying the new rank only.
    await creditDeposit(memberId, 4_000n);
    await bet(memberId, 20_000n);
    await Promise.all([runJob('vip.upgrades'), runJob('vip.upgrades')]);
    expect(await rankOf(memberId)).toBe(3);
    expect((await giftsOf(memberId)).map((gift) => gift.key)).toEqual([
      `upgrade:${memberId}:1`,
      `upgrade:${memberId}:2`,
      `upgrade:${memberId}:3`,
    ]);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('never lowers a member, and leaves trial accounts and members short of the lowest level alone', async () => {
    const short = await newMember();
    await creditDeposit(short, 100n);
    await bet(short, 499n);
    const trial = await testApp.app.members.createTrialMember(merchantId, '203.0.113.5');
    await bet(trial.id, 10_000n);
    await runJob('vip.upgrades');
    expect(await rankOf(short)).toBeNull();
    expect(await rankOf(trial.id)).toBeNull();
  });
});

describe('gifts for members promotions may not reach', () => {
  it('wait while the member has opted out, and are granted by a later pass once they may be reached', async () => {
    const memberId = await newMember();
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', memberId).execute();
    await creditDeposit(memberId, 100n);
    await bet(memberId, 500n);
    await runJob('vip.upgrades');
    expect(await rankOf(memberId)).toBe(1);
    expect((await giftsOf(memberId)).map((gift) => [gift.key, gift.status])).toEqual([
      [`upgrade:${memberId}:1`, 'waiting'],
    ]);
    await runJob('vip.review');
    expect((await giftsOf(memberId))[0]?.status).toBe('waiting');

    await db.updateTable('members').set({ promotions_opt_out: false }).where('id', '=', memberId).execute();
    await Promise.all([runJob('vip.review'), runJob('vip.review')]);
    const [gift] = await giftsOf(memberId);
    expect(gift?.status).toBe('granted');
    const bonuses = await db
      .selectFrom('member_bonuses')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    expect(bonuses.map((bonus) => bonus.id)).toEqual([gift?.bonus_id]);
  });

  it('are dropped after waiting 90 days', async () => {
    const memberId = await newMember();
    await db.updateTable('members').set({ status: 'locked' }).where('id', '=', memberId).execute();
    await creditDeposit(memberId, 100n);
    await bet(memberId, 500n);
    await runJob('vip.upgrades');
    await sql`update vip_gifts set created_at = ${new Date(nowMs - 91 * DAY_MS)} where member_id = ${memberId}`.execute(
      db,
    );
    await runJob('vip.review');
    expect((await giftsOf(memberId)).map((gift) => gift.status)).toEqual(['dropped']);
    await db.updateTable('members').set({ status: 'active' }).where('id', '=', memberId).execute();
    await runJob('vip.review');
    expect((await giftsOf(memberId)).map((gift) => gift.status)).toEqual(['dropped']);
  });
});

describe("an operator's level", () => {
  it('is set and removed with the reason, audited, told by the inbox and the socket event vip', async () => {
    const memberId = await newMember();
    const client = await sessionClientOf(testApp, memberId);
    const socket = connect(socketUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: client.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const events: unknown[] = [];
    socket.on('vip', (payload) => events.push(payload));

    const bo = await operator();
    const unknown = await bo.call('PUT', `/bo/players/${memberId}/vip`, { rank: 9, reason: 'No such level' });
    expect(unknown.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { rank: 'unknown' } } });
    const set = await bo.call('PUT', `/bo/players/${memberId}/vip`, { rank: 3, reason: 'A loyal player' });
    expect(set.body.value).toEqual({ level: { rank: 3, label: 'VIP3', names: { TY: 'Ginto', EN: 'Gold' } } });
    const held = await db
      .selectFrom('member_vip')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(held.guaranteed_until.getTime()).toBe(nowMs + 30 * DAY_MS);
    const removed = await bo.call('PUT', `/bo/players/${memberId}/vip`, {
      rank: null,
      reason: 'Bonus abuse',
    });
    expect(removed.body.value).toEqual({ level: null });
    expect(await rankOf(memberId)).toBeNull();

    expect(await changesOf(memberId)).toEqual([
      { from_rank: null, to_rank: 3, reason: 'operator', note: 'A loyal player' },
      { from_rank: 3, to_rank: null, reason: 'operator', note: 'Bonus abuse' },
    ]);
    const audited = await db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'player.vip')
      .where('target_id', '=', memberId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => [row.before, row.after])).toEqual([
      [{ rank: null }, { rank: 3, reason: 'A loyal player' }],
      [{ rank: 3 }, { rank: null, reason: 'Bonus abuse' }],
    ]);
    // An operator's change pays no gift.
    expect(await giftsOf(memberId)).toEqual([]);
    const inbox = await client.call('GET', '/wps/member/messages?page=1&pageSize=10');
    expect(inbox.body.value.list.map((message: { title: string }) => message.title).sort()).toEqual([
      'Welcome to VIP3',
      'Your VIP level changed',
    ]);
    const deadline = Date.now() + 5_000;
    while (events.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([
      { rank: 3, label: 'VIP3', name: 'Ginto', names: { TY: 'Ginto', EN: 'Gold' }, direction: 'up' },
      { rank: null, label: null, name: null, names: null, direction: 'down' },
    ]);
  });
});

describe('the public state', () => {
  it("gives members their level's label and rank while the switch VIP is on, and nothing to visitors", async () => {
    const memberId = await newMember();
    const client = await sessionClientOf(testApp, memberId);
    const before = (await client.call('GET', '/wps/system/publicState')).body.value;
    expect(before).toMatchObject({ hasVip: false, vipLabelName: null, vipRankLevel: null });
    await (await operator()).call('PUT', `/bo/players/${memberId}/vip`, { rank: 2, reason: 'Public state' });
    const after = (await client.call('GET', '/wps/system/publicState')).body.value;
    expect(after).toMatchObject({ hasVip: true, vipLabelName: 'VIP2', vipRankLevel: 2 });
    const visitor = (await getIn(testApp, '/wps/system/publicState', 'EN')).value;
    expect(visitor).not.toHaveProperty('hasVip');
    await setVipSwitch(false);
    try {
      const off = (await client.call('GET', '/wps/system/publicState')).body.value;
      expect(off).not.toHaveProperty('hasVip');
      expect(off).not.toHaveProperty('vipLabelName');
      expect((await getIn(testApp, '/wps/vip/levels', 'EN')).value.enabled).toBe(false);
    } finally {
      await setVipSwitch(true);
    }
  });
});

describe('withdrawal limits of a level', () => {
  it('hold the count and the amount of the merchant day, whatever a burst of requests does', async () => {
    const memberId = await newMember({ payeeName: 'Ana Cruz', paymentPassword: '246810' });
    await (await operator()).call('PUT', `/bo/players/${memberId}/vip`, { rank: 4, reason: 'Withdrawals' });
    await creditDeposit(memberId, 3_000n);
    await bet(memberId, 3_000n, new Date(nowMs));
    const client = await sessionClientOf(testApp, memberId);
    const bound = await client.call('POST', '/wps/member/payoutAccounts', {
      kind: 'ewallet',
      provider: 'gcash',
      accountName: 'Ana Cruz',
      accountNumber: '0917 555 0101',
    });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    const payoutAccountId = bound.body.value.id as string;
    const withdraw = (amount: string) =>
      client.sealed('POST', '/wps/payment/withdrawals', {
        payoutAccountId,
        amount,
        paymentPassword: '246810',
      });
    const finance = await operator('finance');
    const payByHand = async (id: string) => {
      const paid = await finance.call('POST', `/bo/finance/withdrawals/${id}/paid`, {
        reason: 'Paid by bank',
      });
      expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    };
    const burstOf = async (amount: string) => Promise.all(Array.from({ length: 4 }, () => withdraw(amount)));

    const first = await burstOf('1000');
    const opened = first.filter((reply) => reply.body.success);
    expect(opened).toHaveLength(1);
    await payByHand(opened[0]?.body.value.id);

    // 1,000 paid today and 600 more would pass the level's 1,500 a day: every request is refused.
    for (const reply of await burstOf('600')) {
      expect(reply.body).toMatchObject({ code: 'LIMIT_REACHED', value: { limit: 'vipAmount' } });
    }
    const second = await burstOf('400');
    const openedAgain = second.filter((reply) => reply.body.success);
    expect(openedAgain).toHaveLength(1);
    for (const reply of second.filter((each) => !each.body.success)) {
      expect(['WITHDRAWAL_OPEN', 'vipCount']).toContain(reply.body.value?.reason ?? reply.body.value?.limit);
    }
    await payByHand(openedAgain[0]?.body.value.id);
    // Two withdrawals today: the third is refused by the count.
    expect((await withdraw('100')).body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'vipCount' },
    });

    const today = await db
      .selectFrom('withdrawals')
      .select(['amount_minor', 'status'])
      .where('member_id', '=', memberId)
      .execute();
    expect(today.map((row) => [row.status, BigInt(row.amount_minor)])).toEqual([
      ['paid', 100_000n],
      ['paid', 40_000n],
    ]);
    const balances = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    expect(balances.cashMinor).toBe(160_000n);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });
});

describe("the month's review", () => {
  /** Members of the review, by their story. */
  const cast = { keeper: '', faller: '', leaver: '', guarded: '', climber: '' };

  it('lowers only members past their guarantee, to the level whose retention they meet, once per month', async () => {
    cast.keeper = await newMember();
    await creditDeposit(cast.keeper, 1_000n);
    await bet(cast.keeper, 5_000n);
    // Reached on old play that leaves the window by the review, with a little play since.
    cast.faller = await newMember();
    await creditDeposit(cast.faller, 1_000n, OCTOBER_25);
    await bet(cast.faller, 5_000n, OCTOBER_25);
    await creditDeposit(cast.faller, 60n);
    await bet(cast.faller, 300n);
    cast.leaver = await newMember();
    await creditDeposit(cast.leaver, 100n, OCTOBER_25);
    await bet(cast.leaver, 500n, OCTOBER_25);
    // Gold is guaranteed for 30 days: past the review, though its play leaves the window.
    cast.guarded = await newMember();
    await creditDeposit(cast.guarded, 5_000n, OCTOBER_25);
    await bet(cast.guarded, 25_000n, OCTOBER_25);
    await runJob('vip.upgrades');
    expect(await Promise.all([cast.keeper, cast.faller, cast.leaver, cast.guarded].map(rankOf))).toEqual([
      2, 2, 1, 3,
    ]);

    // The review day, eight days on: every guarantee but Gold's has ended.
    nowMs += 8 * DAY_MS;
    await Promise.all([runJob('vip.review'), runJob('vip.review'), runJob('vip.review')]);
    expect(await Promise.all([cast.keeper, cast.faller, cast.leaver, cast.guarded].map(rankOf))).toEqual([
      2,
      1,
      null,
      3,
    ]);
    expect((await changesOf(cast.faller)).at(-1)).toEqual({
      from_rank: 2,
      to_rank: 1,
      reason: 'review',
      note: null,
    });
    expect((await changesOf(cast.leaver)).at(-1)).toEqual({
      from_rank: 1,
      to_rank: null,
      reason: 'review',
      note: null,
    });
    const downs = await db
      .selectFrom('member_messages')
      .select('params')
      .where('kind', '=', 'vip_down')
      .where('member_id', 'in', [cast.faller, cast.leaver])
      .execute();
    expect(downs.map((row) => row.params.levelEN).sort()).toEqual(['', 'VIP1 Bronze']);
    // The month's gift for holders of a level with one, once however many runs overlapped.
    const monthly = await db
      .selectFrom('vip_gifts')
      .select(['member_id', 'amount_minor', 'status'])
      .where('kind', '=', 'monthly')
      .where('member_id', 'in', [cast.keeper, cast.faller, cast.guarded])
      .execute();
    expect(monthly.map((gift) => [gift.member_id, BigInt(gift.amount_minor), gift.status]).sort()).toEqual(
      [
        [cast.keeper, 1_500n, 'granted'],
        [cast.guarded, 4_000n, 'granted'],
      ].sort(),
    );
    expect(
      await db.selectFrom('vip_gifts').select('key').where('key', 'like', 'monthly:%').execute(),
    ).toEqual(
      await db.selectFrom('vip_gifts').select('key').where('key', 'like', 'monthly:%:2026-11').execute(),
    );

    // The month is reviewed: later days lower nobody, even a member who stops meeting retention.
    const monthlyCount = (
      await db.selectFrom('vip_gifts').select('id').where('kind', '=', 'monthly').execute()
    ).length;
    nowMs += DAY_MS;
    await sql`update deposits set credited_at = ${OCTOBER_25} where member_id = ${cast.keeper}`.execute(db);
    await runJob('vip.review');
    expect(await rankOf(cast.keeper)).toBe(2);
    expect(
      (await db.selectFrom('vip_gifts').select('id').where('kind', '=', 'monthly').execute()).length,
    ).toBe(monthlyCount);
  });

  it('projects what the next review would do with today’s figures: keep, rise or fall', async () => {
    const bo = await operator();
    cast.climber = await newMember();
    await bo.call('PUT', `/bo/players/${cast.climber}/vip`, { rank: 1, reason: 'Projection' });
    await creditDeposit(cast.climber, 1_000n);
    await bet(cast.climber, 5_000n);
    // The projection runs with the day's work; the operator's review runs it now, and reviews the
    // month again: Silver held on deposits now out of the window, past its guarantee, is lost.
    expect((await bo.call('POST', '/bo/vip/review', {})).body.value).toMatchObject({ reviewed: true });
    expect(await rankOf(cast.keeper)).toBeNull();
    expect((await changesOf(cast.keeper)).at(-1)).toEqual({
      from_rank: 2,
      to_rank: null,
      reason: 'review',
      note: null,
    });
    const me = async (memberId: string) =>
      (await (await sessionClientOf(testApp, memberId)).call('GET', '/wps/vip/me')).body.value;
    // The next review is December's, on the 28th at Manila midnight.
    const reviewAt = '2026-12-27T16:00:00.000Z';
    expect((await me(cast.climber)).projection).toEqual({ outcome: 'rise', rank: 2, reviewAt });
    expect((await me(cast.keeper)).projection).toBeNull();
    // Gold is guaranteed until 20 December, before that review: it falls with nothing in the window.
    expect((await me(cast.guarded)).projection).toEqual({ outcome: 'fall', rank: null, reviewAt });
    const faller = await me(cast.faller);
    expect(faller).toMatchObject({
      level: { rank: 1, name: 'Bronze', label: 'VIP1', badgeUrl: null },
      window: { days: 30, deposit: '60.00', validBet: '300.00' },
      next: { rank: 2, name: 'Silver', label: 'VIP2', missingDeposit: '940.00', missingValidBet: '4700.00' },
      projection: { outcome: 'keep', rank: 1, reviewAt },
      birthday: null,
      birthdaySettable: true,
    });
    // The upgrade job does what the projection said.
    await runJob('vip.upgrades');
    expect(await rankOf(cast.climber)).toBe(2);
  });

  it('keeps a level members hold from being deleted or moved to another rank', async () => {
    const bo = await operator();
    const id = levelIds.get(2);
    const deleted = await bo.call('DELETE', `/bo/vip/levels/${id}`);
    expect(deleted.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'LEVEL_HELD' } });
    const moved = await bo.call(
      'PUT',
      `/bo/vip/levels/${id}`,
      levelBody(2, { rank: 7, deposit: '20000.00', validBet: '90000.00' }),
    );
    expect(moved.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'LEVEL_HELD' } });
    const renamed = await bo.call(
      'PUT',
      `/bo/vip/levels/${id}`,
      levelBody(2, { names: { TY: 'Pilak+', EN: 'Silver+' } }),
    );
    expect(renamed.body.value).toMatchObject({ rank: 2, names: { TY: 'Pilak+', EN: 'Silver+' } });
    expect(renamed.body.value.holders).toBeGreaterThan(0);
    const spare = await bo.call(
      'POST',
      '/bo/vip/levels',
      levelBody(9, { deposit: '90000.00', validBet: '900000.00' }),
    );
    expect((await bo.call('DELETE', `/bo/vip/levels/${spare.body.value.id}`)).body.value).toEqual({
      id: spare.body.value.id,
    });
    const members = await bo.call('GET', '/bo/vip/members?level=2&pageSize=50');
    expect(members.body.value.list.every((row: { rank: number }) => row.rank === 2)).toBe(true);
    expect(members.body.value.total).toBe(members.body.value.list.length);
    const [first] = members.body.value.list as { memberId: string; rank: number }[];
    if (first) {
      const one = await bo.call('GET', `/bo/vip/members?memberId=${first.memberId}`);
      expect(one.body.value.list).toEqual([expect.objectContaining({ memberId: first.memberId, rank: 2 })]);
    }
    expect((await bo.call('GET', '/bo/vip/members?memberId=nobody')).body.value).toMatchObject({
      list: [],
      total: 0,
    });
    const granted = await bo.call('GET', '/bo/vip/gifts?status=granted&pageSize=5');
    expect(granted.body.value.list).toHaveLength(5);
    expect(granted.body.value.total).toBeGreaterThan(5);
  });
});

describe('a birthday', () => {
  it('is set once by the member: of a burst of different days, one is kept and the others are refused', async () => {
    const memberId = await newMember();
    const client = await sessionClientOf(testApp, memberId);
    const future = await client.call('PUT', '/wps/vip/birthday', { birthday: '2027-01-01' });
    expect(future.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { birthday: 'future' } } });
    const young = await client.call('PUT', '/wps/vip/birthday', { birthday: '2010-01-01' });
    expect(young.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { birthday: 'tooYoung' } } });
    const notADay = await client.call('PUT', '/wps/vip/birthday', { birthday: '1990-02-30' });
    expect(notADay.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { birthday: 'format' } } });

    const days = ['1990-01-11', '1991-02-12', '1992-03-13', '1993-04-14', '1994-05-15'];
    const burst = await Promise.all(
      days.map((birthday) => client.call('PUT', '/wps/vip/birthday', { birthday })),
    );
    const kept = burst.filter((reply) => reply.body.success);
    expect(kept).toHaveLength(1);
    for (const reply of burst.filter((each) => !each.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'BIRTHDAY_SET' } });
    }
    const stored = (await testApp.app.members.findById(memberId))?.birthday;
    expect(kept[0]?.body.value).toMatchObject({ birthday: stored, birthdaySettable: false });
    expect(days).toContain(stored);
    // The profile's history holds the one kept, set by the member.
    expect(await birthdayHistoryOf(memberId)).toEqual([
      { before: null, after: stored, actor_type: 'member', actor_id: memberId },
    ]);
  });

  it('brings its level’s gift in its month to accounts at least 30 days old, once a year', async () => {
    const bo = await operator();
    const old = await newMember({ registeredDaysAgo: 60 });
    const recent = await newMember({ registeredDaysAgo: 10 });
    for (const memberId of [old, recent]) {
      expect(
        (await bo.call('PUT', `/bo/players/${memberId}/vip`, { rank: 1, reason: 'Birthday test' })).body
          .success,
      ).toBe(true);
      const set = await bo.call('PUT', `/bo/players/${memberId}/birthday`, {
        birthday: '1990-11-05',
        reason: 'ID card',
      });
      expect(set.body.value).toEqual({ birthday: '1990-11-05' });
    }
    const reviewsBefore = (
      await db.selectFrom('audit_log').select('id').where('action', '=', 'vip.review').execute()
    ).length;
    // The operator's review runs the day's work now, as the job does once a day.
    const first = await bo.call('POST', '/bo/vip/review', {});
    expect(first.body.success).toBe(true);
    expect((await giftsOf(old)).map((gift) => [gift.key, gift.status, BigInt(gift.amount_minor)])).toEqual([
      [`birthday:${old}:2026`, 'granted', 2_000n],
    ]);
    expect(await giftsOf(recent)).toEqual([]);
    await bo.call('POST', '/bo/vip/review', {});
    expect(await giftsOf(old)).toHaveLength(1);
    const audited = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'in', ['player.birthday', 'vip.review'])
      .execute();
    expect(
      audited
        .filter((row) => row.action === 'player.birthday')
        .map((row) => row.target_id)
        .sort(),
    ).toEqual([old, recent].sort());
    expect(audited.filter((row) => row.action === 'vip.review')).toHaveLength(reviewsBefore + 2);
    // The operator's change reads in the profile's history as the profile editor's do.
    for (const memberId of [old, recent]) {
      expect(await birthdayHistoryOf(memberId)).toEqual([
        { before: null, after: '1990-11-05', actor_type: 'operator', actor_id: expect.any(String) },
      ]);
    }
  });
});

/** The member's birthday rows in the profile history, oldest first. */
function birthdayHistoryOf(memberId: string) {
  return db
    .selectFrom('member_profile_changes')
    .select(['before', 'after', 'actor_type', 'actor_id'])
    .where('member_id', '=', memberId)
    .where('field', '=', 'birthday')
    .orderBy('id')
    .execute();
}
