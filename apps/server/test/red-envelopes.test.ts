import { splitRedEnvelope } from '@panalo/games/draws/red-envelope.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { formatAmount, parseAmountOrThrow } from '@panalo/money/amount.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedEnvelopeService } from '../src/modules/red-envelope/red-envelope.service.ts';
import { present } from '../src/platform/errors/invariant.ts';
import { DEMO_DROP, seedDemoRedEnvelopes } from '../src/seed/demo-red-envelopes.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { cashOf, ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { memberAt, operatorOf } from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { insertPlayers } from './support/wallet-fixtures.ts';

// Red envelopes (docs/red-envelopes.md) against the real bonus engine and ledger: drops scheduled,
// changed and cancelled by an operator before they open, each audited; a storm of claimants for
// fewer envelopes paying exactly the envelopes there are, each member once, in the split's amounts;
// the audience and the window enforced; the seed revealed after the end, re-computing every amount;
// a drop's total reserved against the day's promotions budget once and what no one opened given
// back once.

const START = Date.parse('2030-05-10T04:00:00Z');
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
let nowMs = START;
let testApp: TestApp;
let merchantId: string;
let ownerAt: { nowMs: number; client: BackOfficeClient } | null = null;
let operators = 0;

/** The merchant's owner in the back office, with a session of the test's present moment. */
async function bo(): Promise<BackOfficeClient> {
  if (ownerAt?.nowMs !== nowMs) {
    operators += 1;
    const username = `envelope_owner${operators}`;
    ownerAt = { nowMs, client: await operatorOf(testApp, { username, merchantId, roleId: 'owner', nowMs }) };
  }
  return ownerAt.client;
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

function dropBody(overrides: Record<string, unknown> = {}) {
  return {
    titles: { TY: 'Pulang sobre', EN: 'Red envelopes' },
    totalAmount: '1000.00',
    count: 100,
    minimumAmount: '1.00',
    audience: 'all',
    startsAt: new Date(nowMs + HOUR_MS).toISOString(),
    endsAt: new Date(nowMs + 2 * HOUR_MS).toISOString(),
    ...overrides,
  };
}

async function createDrop(overrides: Record<string, unknown> = {}) {
  const created = await (await bo()).call('POST', '/bo/red-envelopes', dropBody(overrides));
  expect(created.body).toMatchObject({ success: true });
  return created.body.value as { id: string; serverSeedHash: string; startsAt: string; endsAt: string };
}

async function member(): Promise<{ id: string; client: AccountsClient }> {
  return memberAt(testApp, merchantId, new Date(START - 24 * HOUR_MS));
}

function open(client: AccountsClient, dropId: string) {
  return client.call('POST', `/wps/reward/envelopes/${dropId}/open`);
}

/** What the merchant's promotions budget holds reserved on a day (its own cap's row). */
async function budgetOn(day: string): Promise<bigint> {
  const row = await testApp.database.db
    .selectFrom('promotion_budget_days')
    .select('granted_minor')
    .where('merchant_id', '=', merchantId)
    .where('scope', '=', '')
    .where('day', '=', day)
    .executeTakeFirst();
  return row ? BigInt(row.granted_minor) : 0n;
}

/** Sets the merchant's promotions budget per day (null: none). */
async function setBudgetPerDay(amount: string | null): Promise<void> {
  await sql`update merchants set settings = jsonb_set(settings, '{promotions}',
      ${JSON.stringify({ maxMultiplier: 10, budgetPerDay: amount })}::jsonb)
    where id = ${merchantId}`.execute(testApp.database.db);
}

/** Every opened envelope of a drop in handing-out order. */
async function openedOf(dropId: string) {
  return testApp.database.db
    .selectFrom('red_envelopes')
    .select(['envelope_index', 'amount_minor', 'member_id'])
    .where('drop_id', '=', dropId)
    .where('member_id', 'is not', null)
    .orderBy('envelope_index')
    .execute();
}

describe('red envelopes', () => {
  it('schedules, changes and cancels drops before they open, each change audited', async () => {
    const { db } = testApp.database;
    nowMs = START;
    const { reply } = await expectOneAuditRow(
      db,
      async () => (await bo()).call('POST', '/bo/red-envelopes', dropBody()),
      {
        action: 'red_envelope.create',
      },
    );
    const drop = reply.body.value;
    expect(drop).toMatchObject({ status: 'upcoming', count: 100, totalAmount: '1000.00', serverSeed: null });
    expect(drop.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    // The window and the figures are checked.
    const refused = await (await bo()).call(
      'POST',
      '/bo/red-envelopes',
      dropBody({ count: 100, minimumAmount: '10.01' }),
    );
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(refused.body.value.reasons).toMatchObject({ total: 'belowMinimums' });
    const backwards = await (await bo()).call(
      'POST',
      '/bo/red-envelopes',
      dropBody({ endsAt: new Date(nowMs + 30 * MINUTE_MS).toISOString() }),
    );
    expect(backwards.body.value.reasons).toMatchObject({ endsAt: 'order' });

    const changed = await expectOneAuditRow(
      db,
      async () =>
        (await bo()).call(
          'PUT',
          `/bo/red-envelopes/${drop.id}`,
          dropBody({ totalAmount: '500.00', count: 50 }),
        ),
      { action: 'red_envelope.update' },
    );
    expect(changed.reply.body.value).toMatchObject({
      totalAmount: '500.00',
      count: 50,
      serverSeedHash: drop.serverSeedHash,
    });
    const amounts = await db
      .selectFrom('red_envelopes')
      .select('amount_minor')
      .where('drop_id', '=', drop.id)
      .execute();
    expect(amounts).toHaveLength(50);
    expect(amounts.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n)).toBe(50_000n);

    await expectOneAuditRow(
      db,
      async () => (await bo()).call('POST', `/bo/red-envelopes/${drop.id}/cancel`),
      {
        action: 'red_envelope.cancel',
      },
    );
    const again = await (await bo()).call('POST', `/bo/red-envelopes/${drop.id}/cancel`);
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'CANCELLED' } });

    // Once open, it can neither change nor be cancelled.
    const running = await createDrop();
    nowMs = START + HOUR_MS;
    const late = await (await bo()).call('PUT', `/bo/red-envelopes/${running.id}`, dropBody());
    expect(late.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'OPENED' } });
    const lateCancel = await (await bo()).call('POST', `/bo/red-envelopes/${running.id}/cancel`);
    expect(lateCancel.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'OPENED' } });
  });

  it('pays exactly the envelopes there are to a storm of 500 claimants for 100, each once, summing to the total', async () => {
    const { db } = testApp.database;
    nowMs = START + 3 * HOUR_MS;
    const drop = await createDrop({
      startsAt: new Date(nowMs + MINUTE_MS).toISOString(),
      endsAt: new Date(nowMs + HOUR_MS).toISOString(),
    });
    const claimants = await insertPlayers(db, merchantId, 500);
    nowMs += 2 * MINUTE_MS;
    const merchant = { id: merchantId, currency: 'PHP' };
    const outcomes = await Promise.allSettled(
      claimants.map((memberId) => testApp.app.redEnvelopes.open({ merchant, memberId, dropId: drop.id })),
    );
    const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(paid).toHaveLength(100);
    expect(refused).toHaveLength(400);
    for (const outcome of refused) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        code: 'CONFLICT',
        value: { reason: 'ALL_TAKEN' },
      });
    }
    const opened = await openedOf(drop.id);
    expect(opened.map((row) => row.envelope_index)).toEqual(Array.from({ length: 100 }, (_, index) => index));
    expect(new Set(opened.map((row) => row.member_id)).size).toBe(100);
    const paidSum = opened.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n);
    expect(paidSum).toBe(100_000n);
    let cash = 0n;
    for (const memberId of claimants) cash += await cashOf(db, memberId);
    expect(cash).toBe(100_000n);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('amount_minor').as('sum')])
      .where('code', '=', 'red_envelope')
      .where('reference', '=', `red_envelope:${drop.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(transfers.count)).toBe(100);
    expect(BigInt(transfers.sum)).toBe(100_000n);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);

    // Once the drop is empty, a claim is told without a turn in its batches: a winner who taps
    // again hears ALREADY_OPENED, anyone else ALL_TAKEN, and nothing more is paid.
    const winner = present(opened[0]?.member_id, 'an opened envelope has its member');
    const loser = present(
      claimants.find((memberId) => !opened.some((row) => row.member_id === memberId)),
      'a claimant who opened none',
    );
    await expect(
      testApp.app.redEnvelopes.open({ merchant, memberId: winner, dropId: drop.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'ALREADY_OPENED' },
    });
    await expect(
      testApp.app.redEnvelopes.open({ merchant, memberId: loser, dropId: drop.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'ALL_TAKEN' },
    });
    expect(await openedOf(drop.id)).toHaveLength(100);

    // After the end the seed is revealed and every amount re-computes from it, in handing-out order.
    const viewer = await member();
    nowMs = Date.parse(drop.endsAt) + MINUTE_MS;
    const split = await viewer.client.call('GET', `/wps/reward/envelopes/${drop.id}/split`);
    expect(split.body).toMatchObject({ success: true });
    const { serverSeed } = split.body.value;
    expect(hashServerSeed(serverSeed)).toBe(drop.serverSeedHash);
    const expected = splitRedEnvelope({
      serverSeed,
      dropId: drop.id,
      totalMinor: 100_000n,
      count: 100,
      minimumMinor: 100n,
    });
    expect(split.body.value.amounts.map((amount: string) => parseAmountOrThrow(amount))).toEqual(expected);
    expect(opened.map((row) => BigInt(row.amount_minor))).toEqual(expected);
    const list = await viewer.client.call('GET', '/wps/reward/envelopes');
    const listed = list.body.value.list.find((item: { id: string }) => item.id === drop.id);
    expect(listed).toMatchObject({ status: 'ended', left: 0, serverSeed, mine: null });

    // The back office lists the claims masked, in handing-out order, and the cost report sums them.
    const claims = await (await bo()).call('GET', `/bo/red-envelopes/${drop.id}/claims?pageSize=200`);
    expect(claims.body.value.total).toBe(100);
    expect(claims.body.value.list[0]).toMatchObject({ index: 0, account: expect.stringContaining('***') });
    const report = await (await bo()).call('GET', '/bo/red-envelopes/report?from=2030-05-01&to=2030-05-31');
    const row = report.body.value.list.find((item: { id: string }) => item.id === drop.id);
    expect(row).toMatchObject({ opened: 100, members: 100, paid: '1000.00', unclaimed: '0.00' });
  });

  it('opens one envelope per member however many of their requests arrive at once, within the window only', async () => {
    nowMs = START + 6 * HOUR_MS;
    const drop = await createDrop({ count: 10, totalAmount: '50.00', minimumAmount: '0.50' });
    const someone = await member();
    const early = await open(someone.client, drop.id);
    expect(early.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_OPEN' } });
    const before = await someone.client.call('GET', '/wps/reward/envelopes');
    expect(before.body.value).toMatchObject({ marketable: true });
    expect(before.body.value.list.find((item: { id: string }) => item.id === drop.id)).toMatchObject({
      status: 'upcoming',
      left: 10,
      serverSeed: null,
      title: 'Red envelopes',
    });

    nowMs = Date.parse(drop.startsAt);
    const replies = await Promise.all(Array.from({ length: 6 }, () => open(someone.client, drop.id)));
    const won = replies.filter((reply) => reply.body.success);
    expect(won).toHaveLength(1);
    for (const reply of replies.filter((item) => !item.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_OPENED' } });
    }
    expect(won[0]?.body.value).toMatchObject({ index: 0, left: 9 });
    const mine = await someone.client.call('GET', '/wps/reward/envelopes');
    expect(mine.body.value.list.find((item: { id: string }) => item.id === drop.id)).toMatchObject({
      status: 'open',
      left: 9,
      mine: { index: 0, amount: won[0]?.body.value.amount },
    });
    expect(await cashOf(testApp.database.db, someone.id)).toBe(parseAmountOrThrow(won[0]?.body.value.amount));

    nowMs = Date.parse(drop.endsAt);
    const late = await open((await member()).client, drop.id);
    expect(late.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_OPEN' } });
  });

  it('opens one envelope per member across nodes, each node batching its own claims', async () => {
    const { db } = testApp.database;
    nowMs = START + 8 * HOUR_MS;
    const drop = await createDrop({ count: 4, totalAmount: '20.00', minimumAmount: '1.00' });
    // Two more nodes on the same database, each with its own batches and remembered drops.
    const nodes = [
      testApp.app.redEnvelopes,
      ...[1, 2].map(() =>
        createRedEnvelopeService({
          db,
          engine: testApp.app.bonuses,
          recordChange: async () => {},
          now: () => new Date(nowMs),
        }),
      ),
    ];
    const claimants = await Promise.all(Array.from({ length: 6 }, () => member()));
    nowMs = Date.parse(drop.startsAt) + MINUTE_MS;
    const merchant = { id: merchantId, currency: 'PHP' };
    // Each member asks every node twice at once: 6 members, 36 claims, 4 envelopes.
    const outcomes = await Promise.all(
      claimants.flatMap((claimant) =>
        [...nodes, ...nodes].map((node) =>
          node
            .open({ merchant, memberId: claimant.id, dropId: drop.id })
            .then((opened) => ({ memberId: claimant.id, opened, reason: null }))
            .catch((error: { value?: { reason?: string } }) => ({
              memberId: claimant.id,
              opened: null,
              reason: error.value?.reason ?? String(error),
            })),
        ),
      ),
    );
    const opened = outcomes.filter((outcome) => outcome.opened);
    expect(opened).toHaveLength(4);
    expect(new Set(opened.map((outcome) => outcome.memberId)).size).toBe(4);
    for (const outcome of outcomes.filter((item) => !item.opened)) {
      const won = opened.some((item) => item.memberId === outcome.memberId);
      // A winner's claim on another node waits for the member's turn, taken by the winning batch
      // until it commits, and then finds their envelope.
      expect(outcome.reason).toBe(won ? 'ALREADY_OPENED' : 'ALL_TAKEN');
    }
    const rows = await openedOf(drop.id);
    expect(rows.map((row) => row.envelope_index)).toEqual([0, 1, 2, 3]);
    expect(rows.reduce((sum, row) => sum + BigInt(row.amount_minor), 0n)).toBe(2_000n);
    for (const row of rows) {
      expect(await cashOf(db, row.member_id as string)).toBe(BigInt(row.amount_minor));
    }
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('keeps a drop to its audience, and nothing reaches members promotions may not reach', async () => {
    const { db } = testApp.database;
    nowMs = START + 10 * HOUR_MS;
    const vipDrop = await createDrop({ audience: 'vip', vipRank: 2, count: 5, totalAmount: '5.00' });
    const depositDrop = await createDrop({
      audience: 'depositors',
      depositDays: 7,
      count: 5,
      totalAmount: '5.00',
    });
    nowMs = Date.parse(vipDrop.startsAt);
    const plain = await member();
    expect((await open(plain.client, vipDrop.id)).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await open(plain.client, depositDrop.id)).body).toMatchObject({ code: 'FORBIDDEN' });
    const listed = await plain.client.call('GET', '/wps/reward/envelopes');
    const ids = listed.body.value.list.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(vipDrop.id);
    expect(ids).not.toContain(depositDrop.id);

    // A VIP of rank 2 and a member who deposited within the days are in.
    const levelId = uuidv7();
    await db
      .insertInto('vip_levels')
      .values({
        id: levelId,
        merchant_id: merchantId,
        rank: 2,
        names: JSON.stringify({ EN: 'Silver', TY: 'Pilak' }),
        label: 'V2',
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    const vip = await member();
    await db
      .insertInto('member_vip')
      .values({
        member_id: vip.id,
        merchant_id: merchantId,
        level_id: levelId,
        rank: 2,
        reached_at: new Date(nowMs),
        guaranteed_until: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    expect((await open(vip.client, vipDrop.id)).body).toMatchObject({ success: true });
    const method = await testApp.app.payments.createMethod({
      merchantId,
      code: `envelope_gcash_${uuidv7().slice(-6)}`,
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    });
    const depositor = await member();
    const deposit = async (memberId: string, daysAgo: number) =>
      db
        .insertInto('deposits')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          member_id: memberId,
          method_id: method.id,
          currency: 'PHP',
          amount_minor: 50_000n,
          status: 'credited',
          gateway_order_id: null,
          pay_url: null,
          reference: null,
          receipt_path: null,
          transfer_id: null,
          failure_reason: null,
          reviewed_by: null,
          created_at: new Date(nowMs - daysAgo * 24 * HOUR_MS),
          credited_at: new Date(nowMs - daysAgo * 24 * HOUR_MS),
        })
        .execute();
    await deposit(depositor.id, 2);
    const longAgo = await member();
    await deposit(longAgo.id, 30);
    expect((await open(depositor.client, depositDrop.id)).body).toMatchObject({ success: true });
    expect((await open(longAgo.client, depositDrop.id)).body).toMatchObject({ code: 'FORBIDDEN' });

    // Opted out of promotions: the centre is read-only and opening refused; a trial account is refused.
    const optedOut = await member();
    await sql`update members set promotions_opt_out = true where id = ${optedOut.id}`.execute(db);
    const allDrop = await createDrop({
      startsAt: new Date(nowMs).toISOString(),
      count: 5,
      totalAmount: '5.00',
    });
    const view = await optedOut.client.call('GET', '/wps/reward/envelopes');
    expect(view.body.value.marketable).toBe(false);
    expect((await open(optedOut.client, allDrop.id)).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    // On a break they chose (read with the session, not again): refused until it ends.
    const resting = await member();
    await db
      .insertInto('play_settings')
      .values({
        member_id: resting.id,
        merchant_id: merchantId,
        reality_check_minutes: null,
        exclusion_kind: 'break',
        exclusion_ends_at: new Date(nowMs + HOUR_MS),
      })
      .execute();
    expect((await open(resting.client, allDrop.id)).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    expect(await cashOf(db, resting.id)).toBe(0n);
    const trial = await memberAt(testApp, merchantId, new Date(START), 4);
    expect((await open(trial.client, allDrop.id)).body).toMatchObject({ code: 'TRIAL_ACCOUNT' });
    expect((await trial.client.call('GET', '/wps/reward/envelopes')).body).toMatchObject({
      code: 'TRIAL_ACCOUNT',
    });
    expect(await cashOf(db, optedOut.id)).toBe(0n);
  });

  it('tells a drop’s audience once when it opens and once when it ends', async () => {
    const { db } = testApp.database;
    nowMs = START + 20 * HOUR_MS;
    // Drops from earlier cases are told first, so that this case sees its own drop alone.
    const told: { target: string; payload: unknown }[] = [];
    const service = createRedEnvelopeService({
      db,
      engine: testApp.app.bonuses,
      recordChange: async () => {},
      realtime: {
        emitToMerchant: (id, _event, payload) => told.push({ target: `merchant:${id}`, payload }),
        emitToUser: (id, _event, payload) => told.push({ target: `user:${id}`, payload }),
      },
      now: () => new Date(nowMs),
    });
    await service.announceDue();
    const drop = await createDrop({ count: 3, totalAmount: '3.00' });
    told.length = 0;
    expect(await service.announceDue()).toEqual({ opened: 0, ended: 0 });
    nowMs = Date.parse(drop.startsAt) + MINUTE_MS;
    expect(await service.announceDue()).toEqual({ opened: 1, ended: 0 });
    expect(await service.announceDue()).toEqual({ opened: 0, ended: 0 });
    nowMs = Date.parse(drop.endsAt) + MINUTE_MS;
    expect(await service.announceDue()).toEqual({ opened: 0, ended: 1 });
    expect(await service.announceDue()).toEqual({ opened: 0, ended: 0 });
    expect(told).toEqual([
      {
        target: `merchant:${merchantId}`,
        payload: { kind: 'envelope', dropId: drop.id, status: 'open', left: 3 },
      },
      {
        target: `merchant:${merchantId}`,
        payload: { kind: 'envelope', dropId: drop.id, status: 'ended', left: 3 },
      },
    ]);
    // The job runs the same pass.
    expect(testApp.app.jobs.definitions.some((job) => job.name === 'rewards.envelopes')).toBe(true);
  });

  it('seeds the demo one drop open for the next days, and no second while it runs', async () => {
    nowMs = START + 30 * HOUR_MS;
    const at = () => new Date(nowMs);
    expect(await seedDemoRedEnvelopes(testApp.database.db, at)).toEqual({ drops: 1 });
    expect(await seedDemoRedEnvelopes(testApp.database.db, at)).toEqual({ drops: 0 });
    const someone = await member();
    const listed = await someone.client.call('GET', '/wps/reward/envelopes');
    const demo = listed.body.value.list.find((item: { title: string }) => item.title === DEMO_DROP.titles.EN);
    expect(demo).toMatchObject({
      status: 'open',
      count: 100,
      left: 100,
      totalAmount: '200.00',
      minimumAmount: '0.50',
    });
    expect((await open(someone.client, demo.id)).body).toMatchObject({
      success: true,
      value: { index: 0, left: 99 },
    });
  });
  it('reserves a drop’s total against the budget of its opening day once, and gives back what no one opened once', async () => {
    const { db } = testApp.database;
    const service = testApp.app.redEnvelopes;
    nowMs = START + 50 * HOUR_MS;
    // Drops of earlier cases that have ended give theirs back first, so that this case sees its own.
    await service.releaseEnded();
    // 2030-05-12 14:00 in Manila: the drops below open on the merchant's day 2030-05-12.
    const day = '2030-05-12';
    const before = await budgetOn(day);
    await setBudgetPerDay(((Number(before) + 150_000) / 100).toFixed(2));
    try {
      const window = {
        startsAt: new Date(nowMs + MINUTE_MS).toISOString(),
        endsAt: new Date(nowMs + HOUR_MS).toISOString(),
      };
      const drop = await createDrop(window);
      const row = await db
        .selectFrom('red_envelope_drops')
        .select(['budget_day', 'released_at'])
        .where('id', '=', drop.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ budget_day: day, released_at: null });
      expect(await budgetOn(day)).toBe(before + 100_000n);

      // A drop the day's budget cannot hold is refused, with the reason at its total, and not saved.
      const drops = async () =>
        Number(
          (
            await db
              .selectFrom('red_envelope_drops')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const count = await drops();
      const refused = await (await bo()).call('POST', '/bo/red-envelopes', dropBody(window));
      expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(refused.body.value.reasons).toMatchObject({ totalAmount: 'overBudget' });
      expect(await drops()).toBe(count);
      expect(await budgetOn(day)).toBe(before + 100_000n);

      // A change gives the old total back and reserves the new one; a cancel gives it all back.
      const changed = await (await bo()).call(
        'PUT',
        `/bo/red-envelopes/${drop.id}`,
        dropBody({ ...window, totalAmount: '600.00', count: 60 }),
      );
      expect(changed.body).toMatchObject({ success: true });
      expect(await budgetOn(day)).toBe(before + 60_000n);
      const other = await createDrop({ ...window, totalAmount: '900.00', count: 90 });
      expect(await budgetOn(day)).toBe(before + 150_000n);
      await (await bo()).call('POST', `/bo/red-envelopes/${other.id}/cancel`);
      expect(await budgetOn(day)).toBe(before + 60_000n);

      // Claims pay out of the reservation: the budget's row is not touched by any of them.
      const claimants = await insertPlayers(db, merchantId, 40);
      nowMs += 2 * MINUTE_MS;
      const merchant = { id: merchantId, currency: 'PHP' };
      const paid = await Promise.all(
        claimants.map((memberId) => service.open({ merchant, memberId, dropId: drop.id })),
      );
      const paidMinor = paid.reduce((sum, claim) => sum + claim.amountMinor, 0n);
      expect(await budgetOn(day)).toBe(before + 60_000n);

      // Nothing is given back before the end; from it, once, however many runs at once.
      expect(await service.releaseEnded()).toEqual({ released: 0, releasedMinor: 0n });
      nowMs = Date.parse(drop.endsAt) + MINUTE_MS;
      const runs = await Promise.all(Array.from({ length: 5 }, () => service.releaseEnded()));
      expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(1);
      expect(runs.reduce((sum, run) => sum + run.releasedMinor, 0n)).toBe(60_000n - paidMinor);
      expect(await budgetOn(day)).toBe(before + paidMinor);
      expect(await service.releaseEnded()).toEqual({ released: 0, releasedMinor: 0n });
      const ended = await db
        .selectFrom('red_envelope_drops')
        .select(['released_minor'])
        .where('id', '=', drop.id)
        .executeTakeFirstOrThrow();
      expect(BigInt(ended.released_minor ?? -1n)).toBe(60_000n - paidMinor);
      // The back office shows the day the total was reserved on and what went back to it.
      const listed = await (await bo()).call('GET', '/bo/red-envelopes?pageSize=50');
      const views = listed.body.value.list as { id: string; budgetDay: string; released: string | null }[];
      expect(views.find((view) => view.id === drop.id)).toMatchObject({
        budgetDay: day,
        released: formatAmount(60_000n - paidMinor),
      });
      expect(views.find((view) => view.id === other.id)).toMatchObject({
        budgetDay: day,
        released: '900.00',
      });
      const closed = await db
        .selectFrom('red_envelopes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('drop_id', '=', drop.id)
        .where('closed', '=', true)
        .executeTakeFirstOrThrow();
      expect(Number(closed.n)).toBe(20);
      expect(await ledgerProblems(db, merchantId)).toEqual([]);
    } finally {
      await setBudgetPerDay(null);
    }
  });
});
