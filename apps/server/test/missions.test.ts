import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { JobDefinition } from '../src/platform/jobs/job-runner.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { cashOf, insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Missions and leaderboards against the real bet record, bonus engine, ledger and job
// (docs/missions.md): Manila days (UTC+8), weeks from Monday; claims and prizes paid once.

const PESO = 100n;

let nowMs = Date.parse('2026-11-25T04:00:00Z'); // Wednesday 12:00 in Manila
let testApp: TestApp;
let db: Kysely<Database>;
let job: JobDefinition<object>;
let demoId: string;

function at(iso: string): void {
  nowMs = Date.parse(iso);
}

async function runJob(): Promise<void> {
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

type Game = { merchantId: string; vendorId: string; gameId: string };

const gameOf = async (merchantId: string, gameType: string): Promise<Game> => ({
  merchantId,
  ...(await insertBetGame(db, merchantId, { gameType })),
});

function bet(game: Game, memberId: string, pesos: bigint, iso: string) {
  return settleBetAt(db, game, {
    memberId,
    stakeMinor: pesos * PESO,
    winMinor: 0n,
    settledAt: new Date(iso),
  });
}

async function operatorOf(merchantId: string, username: string, roleId: string) {
  const { token } = await insertOperatorWithSession(db, { username, merchantId, roleId, nowMs });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

const MISSION = {
  nameTy: 'Maglaro ng 3 round',
  nameEn: 'Play 3 rounds',
  period: 'daily',
  task: 'rounds',
  gameType: 'RNG',
  target: '3',
  rewardKind: 'cash',
  reward: '5.00',
  multiplier: null,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  enabled: true,
  sortOrder: 0,
};

const BOARD = {
  nameTy: 'Lingguhang taya',
  nameEn: 'Weekly valid bet',
  metric: 'validBet',
  gameType: null,
  period: 'weekly',
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  prizes: [
    { rank: 1, kind: 'cash', amount: '100.00', multiplier: null },
    { rank: 2, kind: 'bonus', amount: '50.00', multiplier: 50 },
  ],
  enabled: true,
};

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  const found = testApp.app.jobs.definitions.find((definition) => definition.name === 'leaderboards.close');
  if (!found) throw new Error('the leaderboard job is registered');
  job = found;
});

afterAll(async () => {
  await testApp?.close();
});

describe('missions', () => {
  it('counts progress from the bet record, logins and new games in the merchant’s day and week', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'msprogop', 'admin');
    const create = async (fields: Record<string, unknown>) => {
      const reply = await operator.call('POST', '/bo/missions', { ...MISSION, ...fields });
      expect(reply.body).toMatchObject({ success: true });
      return reply.body.value.id as string;
    };
    const rounds = await create({});
    const validBet = await create({ task: 'validBet', gameType: null, target: '150.00', period: 'weekly' });
    const streak = await create({ task: 'loginStreak', gameType: null, target: '3', period: 'weekly' });
    const fresh = await create({ task: 'newGame', gameType: null, target: '2', period: 'daily' });
    const rng = await gameOf(merchantId, 'RNG');
    const live = await gameOf(merchantId, 'LIVE');
    const slot = await gameOf(merchantId, 'RNG');
    const member = await insertTeamMember(db, merchantId, { account: 'msprogana' });

    // Tuesday (Manila) counts for the week only; Wednesday's for both. Live rounds are not RNG's.
    await bet(live, member, 40n, '2026-11-24T03:00:00Z');
    await bet(rng, member, 10n, '2026-11-24T15:59:00Z');
    await bet(rng, member, 20n, '2026-11-24T16:00:00Z');
    await bet(slot, member, 30n, '2026-11-25T01:00:00Z');
    await bet(live, member, 50n, '2026-11-25T02:00:00Z');
    for (const day of [
      '2026-11-23T01:00:00Z',
      '2026-11-24T01:00:00Z',
      '2026-11-25T01:00:00Z',
      '2026-11-25T02:00:00Z',
    ]) {
      await db
        .insertInto('member_logins')
        .values({
          id: uuidv7(),
          member_id: member,
          merchant_id: merchantId,
          session_id: null,
          method: 'password',
          ip: '203.0.113.1',
          country: null,
          user_agent: null,
          created_at: new Date(day),
        })
        .execute();
    }

    const client = await sessionClientOf(testApp, member);
    const reply = await client.call('GET', '/wps/mission/summary');
    expect(reply.body).toMatchObject({ success: true, value: { eligible: true } });
    const byId = new Map((reply.body.value.missions as { id: string }[]).map((item) => [item.id, item]));
    expect(byId.get(rounds)).toMatchObject({
      unit: 'count',
      progress: '2',
      target: '3',
      percent: 66,
      done: false,
      periodEndsAt: '2026-11-25T16:00:00.000Z',
    });
    expect(byId.get(validBet)).toMatchObject({
      unit: 'amount',
      progress: '150.00',
      target: '150.00',
      percent: 100,
      done: true,
    });
    expect(byId.get(streak)).toMatchObject({ progress: '3', done: true });
    // Wednesday's games: rng was played on Tuesday, slot and live... live was too; slot is new.
    expect(byId.get(fresh)).toMatchObject({ progress: '1', done: false });

    const notDone = await client.call('POST', '/wps/mission/claim', { missionId: rounds });
    expect(notDone).toMatchObject({ status: 409, body: { code: 'CONFLICT', value: { reason: 'NOT_DONE' } } });
    await bet(rng, member, 1n, '2026-11-25T03:00:00Z');
    const again = await client.call('GET', '/wps/mission/summary');
    expect(again.body.value.missions.find((item: { id: string }) => item.id === rounds)).toMatchObject({
      progress: '3',
      done: true,
      claimed: false,
    });
  });

  it('counts the deposits credited in the week, not those pending or credited the week before', async () => {
    const operator = await operatorOf(demoId, 'msdepop', 'admin');
    const missionId = (
      await operator.call('POST', '/bo/missions', {
        ...MISSION,
        gameType: null,
        task: 'deposit',
        period: 'weekly',
        target: '1000.00',
      })
    ).body.value.id as string;
    const method = await testApp.app.payments.createMethod({
      merchantId: demoId,
      code: 'missions_gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    });
    const member = await insertTeamMember(db, demoId, { account: 'msdepivy' });
    const deposit = async (pesos: bigint, iso: string, status: 'credited' | 'pending') =>
      db
        .insertInto('deposits')
        .values({
          id: uuidv7(),
          merchant_id: demoId,
          member_id: member,
          method_id: method.id,
          currency: 'PHP',
          amount_minor: pesos * PESO,
          status,
          gateway_order_id: null,
          pay_url: null,
          reference: null,
          receipt_path: null,
          transfer_id: null,
          failure_reason: null,
          reviewed_by: null,
          created_at: new Date(iso),
          credited_at: status === 'credited' ? new Date(iso) : null,
        })
        .execute();
    // Sunday the 22nd (Manila) is last week; Monday the 23rd from 16:00 UTC on the 22nd is this one.
    await deposit(900n, '2026-11-22T15:00:00Z', 'credited');
    await deposit(600n, '2026-11-22T16:30:00Z', 'credited');
    await deposit(900n, '2026-11-24T01:00:00Z', 'pending');
    const client = await sessionClientOf(testApp, member);
    const progressOf = async () =>
      (await client.call('GET', '/wps/mission/summary')).body.value.missions.find(
        (item: { id: string }) => item.id === missionId,
      );
    expect(await progressOf()).toMatchObject({
      unit: 'amount',
      progress: '600.00',
      percent: 60,
      done: false,
    });
    await deposit(400n, '2026-11-25T01:00:00Z', 'credited');
    expect(await progressOf()).toMatchObject({ progress: '1000.00', percent: 100, done: true });
  });

  it('pays a claim once, however many arrive at once, and not again in the same period', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'msclaimop', 'admin');
    const missionId = (
      await operator.call('POST', '/bo/missions', { ...MISSION, gameType: null, target: '1' })
    ).body.value.id;
    const game = await gameOf(merchantId, 'RNG');
    const member = await insertTeamMember(db, merchantId, { account: 'msclaimben' });
    await bet(game, member, 10n, '2026-11-25T02:00:00Z');
    const client = await sessionClientOf(testApp, member);

    const before = await cashOf(db, member);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.call('POST', '/wps/mission/claim', { missionId })),
    );
    const paid = replies.filter((reply) => reply.body.success);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.value).toMatchObject({ kind: 'cash', amount: '5.00', bonusId: null });
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_CLAIMED' } });
    }
    expect(await cashOf(db, member)).toBe(before + 500n);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('code', '=', 'mission_reward')
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(transfers).toEqual([{ code: 'mission_reward', amount_minor: 500n }]);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
    const summary = await client.call('GET', '/wps/mission/summary');
    expect(summary.body.value.missions.find((item: { id: string }) => item.id === missionId)).toMatchObject({
      done: true,
      claimed: true,
    });

    // The next day is a new period: done again, claimed again.
    at('2026-11-26T02:00:00Z');
    try {
      await bet(game, member, 10n, '2026-11-26T01:00:00Z');
      const next = await (await sessionClientOf(testApp, member)).call('POST', '/wps/mission/claim', {
        missionId,
      });
      expect(next.body).toMatchObject({ success: true });
      expect(
        await db
          .selectFrom('mission_claims')
          .select('period_start')
          .where('member_id', '=', member)
          .orderBy('period_start')
          .execute(),
      ).toEqual([{ period_start: '2026-11-25' }, { period_start: '2026-11-26' }]);
    } finally {
      at('2026-11-25T04:00:00Z');
    }
  });

  it('grants a bonus reward with the source mission, its multiplier held to the merchant’s highest', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'msbonusop', 'admin');
    const missionId = (
      await operator.call('POST', '/bo/missions', {
        ...MISSION,
        gameType: null,
        target: '1',
        rewardKind: 'bonus',
        multiplier: 50,
      })
    ).body.value.id;
    const member = await insertTeamMember(db, merchantId, { account: 'msbonuscai' });
    await bet(await gameOf(merchantId, 'LIVE'), member, 10n, '2026-11-25T02:00:00Z');
    const client = await sessionClientOf(testApp, member);
    const reply = await client.call('POST', '/wps/mission/claim', { missionId });
    expect(reply.body).toMatchObject({ success: true, value: { kind: 'bonus', amount: '5.00' } });
    const bonus = await db
      .selectFrom('member_bonuses')
      .selectAll()
      .where('id', '=', reply.body.value.bonusId)
      .executeTakeFirstOrThrow();
    const merchant = await testApp.app.merchantService.findById(merchantId);
    expect(bonus).toMatchObject({ source: 'mission', member_id: member });
    const multiplier = Math.min(50, merchant?.settings.promotions.maxMultiplier ?? 0);
    expect(bonus.wagering_required_minor).toBe(500n * BigInt(multiplier));
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('offers nothing to a member promotions may not reach, and nothing to a trial account', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'msnomktop', 'admin');
    const missionId = (
      await operator.call('POST', '/bo/missions', { ...MISSION, gameType: null, target: '1' })
    ).body.value.id;
    const game = await gameOf(merchantId, 'RNG');
    const member = await insertTeamMember(db, merchantId, { account: 'msnomktdee' });
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', member).execute();
    await bet(game, member, 10n, '2026-11-25T02:00:00Z');
    const client = await sessionClientOf(testApp, member);
    expect((await client.call('GET', '/wps/mission/summary')).body).toMatchObject({
      success: true,
      value: { eligible: false, reason: 'NOT_MARKETABLE', missions: [] },
    });
    expect((await client.call('POST', '/wps/mission/claim', { missionId })).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    const trial = await insertTeamMember(db, merchantId, { account: 'msnomkttrial', type: 4 });
    const trialClient = await sessionClientOf(testApp, trial);
    expect((await trialClient.call('GET', '/wps/mission/summary')).body).toMatchObject({
      code: 'TRIAL_ACCOUNT',
    });
    expect(
      await db.selectFrom('mission_claims').select('id').where('member_id', 'in', [member, trial]).execute(),
    ).toEqual([]);
  });
});

describe('leaderboards', () => {
  it('ranks by valid bet with ties to the lower member id, masks names, and the job pays each prize of a closed week once', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'lbweekop', 'admin');
    // A game type of its own, so that the demo merchant's other bets stay off this board.
    const created = await operator.call('POST', '/bo/leaderboards', { ...BOARD, gameType: 'FISH' });
    expect(created.body).toMatchObject({ success: true });
    const boardId = created.body.value.id as string;
    const game = await gameOf(merchantId, 'FISH');
    const members: string[] = [];
    for (const name of ['lbweekaa', 'lbweekbb', 'lbweekcc', 'lbweekdd', 'lbweekee']) {
      members.push(await insertTeamMember(db, merchantId, { account: name }));
    }
    const [a, b, c, d, e] = members as [string, string, string, string, string];
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', e).execute();
    await bet(game, a, 100n, '2026-11-24T02:00:00Z');
    await bet(game, b, 300n, '2026-11-24T02:00:00Z');
    await bet(game, c, 300n, '2026-11-25T02:00:00Z');
    await bet(game, d, 50n, '2026-11-25T02:00:00Z');
    await bet(game, e, 900n, '2026-11-25T02:00:00Z');
    // The week before and the week after count for nothing here.
    await bet(game, d, 999n, '2026-11-22T15:00:00Z');

    const client = await sessionClientOf(testApp, d);
    const reply = await client.call('GET', `/wps/mission/leaderboard?id=${boardId}&top=2`);
    expect(reply.body).toMatchObject({
      success: true,
      value: { periodStart: '2026-11-23', ranked: 4, closed: false, me: { rank: 4, figure: '50.00' } },
    });
    // b and c tie at 300: the lower member id (b, inserted first) ranks first.
    expect(reply.body.value.top).toEqual([
      { rank: 1, account: 'lb***b', figure: '300.00', isMe: false },
      { rank: 2, account: 'lb***c', figure: '300.00', isMe: false },
    ]);
    expect(reply.body.value.neighbours.map((row: { rank: number }) => row.rank)).toEqual([2, 3, 4]);

    // The week ends Sunday 16:00 UTC; five minutes later the job closes it, twice at once pays once.
    at('2026-11-29T16:06:00Z');
    try {
      const cashBefore = await cashOf(db, b);
      await Promise.all([runJob(), runJob()]);
      await runJob();
      const prizes = await db
        .selectFrom('leaderboard_prizes')
        .selectAll()
        .where('leaderboard_id', '=', boardId)
        .orderBy('period_start')
        .orderBy('rank')
        .execute();
      // The week before ended within the job's reach too: d's bet of that Sunday won it alone.
      expect(
        prizes.map((row) => [row.period_start, row.rank, row.member_id, row.figure, row.reward_kind]),
      ).toEqual([
        ['2026-11-16', 1, d, 99_900n, 'cash'],
        ['2026-11-23', 1, b, 30_000n, 'cash'],
        ['2026-11-23', 2, c, 30_000n, 'bonus'],
      ]);
      expect(await cashOf(db, b)).toBe(cashBefore + 10_000n);
      const bonus = await db
        .selectFrom('member_bonuses')
        .selectAll()
        .where('id', '=', prizes[2]?.bonus_id ?? '')
        .executeTakeFirstOrThrow();
      expect(bonus).toMatchObject({ source: 'leaderboard', member_id: c });
      expect(await ledgerProblems(db, merchantId)).toEqual([]);
    } finally {
      at('2026-11-25T04:00:00Z');
    }
  });

  it('lets an operator close the running period early, audited, once, paying on the figures so far', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'lbearlyop', 'admin');
    const boardId = (
      await operator.call('POST', '/bo/leaderboards', {
        ...BOARD,
        period: 'daily',
        gameType: 'COCKFIGHT',
        prizes: [BOARD.prizes[0]],
      })
    ).body.value.id as string;
    const member = await insertTeamMember(db, merchantId, { account: 'lbearlyfay' });
    await bet(await gameOf(merchantId, 'COCKFIGHT'), member, 20n, '2026-11-25T01:00:00Z');

    const { reply } = await expectOneAuditRow(
      db,
      () => operator.call('POST', `/bo/leaderboards/${boardId}/close`),
      { action: 'leaderboard.close', merchant_id: merchantId },
    );
    expect(reply.body.value).toEqual({
      periodStart: '2026-11-25',
      paid: [{ rank: 1, memberId: member, amount: '100.00' }],
    });
    expect((await operator.call('POST', `/bo/leaderboards/${boardId}/close`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'ALREADY_CLOSED' },
    });
    const client = await sessionClientOf(testApp, member);
    expect((await client.call('GET', `/wps/mission/leaderboard?id=${boardId}`)).body.value).toMatchObject({
      closed: true,
      me: { rank: 1 },
    });
    // The job, after the day ends, finds the period closed and pays nothing more.
    at('2026-11-25T16:10:00Z');
    try {
      await runJob();
    } finally {
      at('2026-11-25T04:00:00Z');
    }
    expect(
      await db.selectFrom('leaderboard_prizes').select('id').where('leaderboard_id', '=', boardId).execute(),
    ).toHaveLength(1);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('ranks by missions claimed in the period', async () => {
    const merchantId = demoId;
    const operator = await operatorOf(merchantId, 'lbscoreop', 'admin');
    const missionId = (
      await operator.call('POST', '/bo/missions', { ...MISSION, gameType: null, target: '1' })
    ).body.value.id;
    const boardId = (await operator.call('POST', '/bo/leaderboards', { ...BOARD, metric: 'missionScore' }))
      .body.value.id;
    const member = await insertTeamMember(db, merchantId, { account: 'lbscoregus' });
    await bet(await gameOf(merchantId, 'RNG'), member, 1n, '2026-11-25T01:00:00Z');
    const client = await sessionClientOf(testApp, member);
    await client.call('POST', '/wps/mission/claim', { missionId });
    const summary = await client.call('GET', '/wps/mission/summary');
    const standing = summary.body.value.leaderboards.find((item: { id: string }) => item.id === boardId);
    expect(standing).toMatchObject({ metric: 'missionScore', me: { figure: '1' } });
    // Every member who claimed this week so far has one mission: the newest member id ranks last.
    expect(standing.me.rank).toBe(standing.ranked);
  });
});

describe('missions in the back office', () => {
  it('audits every change, checks fields together and permissions, and reports rewards paid', async () => {
    const merchantId = demoId;
    const admin = await operatorOf(merchantId, 'msboadmin', 'admin');
    const support = await operatorOf(merchantId, 'msbosupport', 'support');
    const { reply } = await expectOneAuditRow(db, () => admin.call('POST', '/bo/missions', MISSION), {
      action: 'mission.create',
    });
    const id = reply.body.value.id as string;
    await expectOneAuditRow(
      db,
      () => admin.call('PUT', `/bo/missions/${id}`, { ...MISSION, reward: '7.50' }),
      { action: 'mission.update' },
    );
    expect((await admin.call('GET', `/bo/missions/${id}`)).body.value).toMatchObject({
      reward: '7.50',
      target: '3',
    });
    expect((await support.call('GET', '/bo/missions')).body.value.list).toContainEqual(
      expect.objectContaining({ id, reward: '7.50' }),
    );
    expect((await support.call('PUT', `/bo/missions/${id}`, MISSION)).status).toBe(403);
    expect((await admin.call('POST', '/bo/missions', { ...MISSION, task: 'deposit' })).body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { gameType: expect.any(String) } },
    });
    expect(
      (await admin.call('POST', '/bo/missions', { ...MISSION, rewardKind: 'bonus' })).body,
    ).toMatchObject({ code: 'VALIDATION' });
    expect(
      (
        await admin.call('POST', '/bo/missions', {
          ...MISSION,
          gameType: null,
          task: 'loginStreak',
          period: 'daily',
          target: '2',
        })
      ).body,
    ).toMatchObject({ code: 'VALIDATION' });
    expect(
      (await admin.call('POST', '/bo/leaderboards', { ...BOARD, prizes: [{ ...BOARD.prizes[0], rank: 2 }] }))
        .body,
    ).toMatchObject({ code: 'VALIDATION' });
    await expectOneAuditRow(db, () => admin.call('DELETE', `/bo/missions/${id}`), {
      action: 'mission.delete',
    });

    const paidId = (await admin.call('POST', '/bo/missions', { ...MISSION, gameType: null, target: '1' }))
      .body.value.id;
    const member = await insertTeamMember(db, merchantId, { account: 'msbohal' });
    await bet(await gameOf(merchantId, 'RNG'), member, 1n, '2026-11-25T01:00:00Z');
    await (await sessionClientOf(testApp, member)).call('POST', '/wps/mission/claim', { missionId: paidId });
    expect((await admin.call('DELETE', `/bo/missions/${paidId}`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'CLAIMED' },
    });
    const report = await admin.call('GET', '/bo/missions/report?from=2026-11-25&to=2026-11-25');
    expect(report.body.value.list).toContainEqual({
      kind: 'mission',
      sourceId: paidId,
      name: 'Play 3 rounds',
      rewardKind: 'cash',
      count: 1,
      amount: '5.00',
      tickets: 0,
    });
    expect(report.body.value.totals.count).toBeGreaterThanOrEqual(1);
    // Another merchant's staff see none of it.
    const other = await operatorOf(await insertOtherMerchant(db, 'msboother'), 'msboother', 'admin');
    expect((await other.call('GET', `/bo/missions/${paidId}`)).status).toBe(404);
  });
});
