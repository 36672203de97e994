import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { NOTICE_SETTLE_MS } from '../src/modules/mission/mission-notices.ts';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { insertBetGame, settleBetAt } from './support/contract-fixtures.ts';
import { creditGcashDeposit } from './support/funded-member.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The missions' claimable news (docs/missions.md "Live progress"): a balance change notes the
// member, a pass reads their missions once, and the socket event `mission` goes out once per
// mission, member and period, however many passes and notes follow.

const PESO = 100n;
let nowMs = Date.parse('2026-11-25T04:00:00Z'); // Wednesday 12:00 in Manila
let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;
let gcash: PaymentMethodRow;
const told: { memberId: string; event: string; payload: unknown }[] = [];

const MISSION = {
  nameTy: 'Maglaro ng 3 round',
  nameEn: 'Play 3 rounds',
  period: 'daily',
  task: 'rounds',
  gameType: null,
  target: '3',
  rewardKind: 'cash',
  reward: '5.00',
  multiplier: null,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  enabled: true,
  sortOrder: 0,
};

async function createMission(fields: Record<string, unknown>): Promise<string> {
  const { token } = await insertOperatorWithSession(db, {
    username: `notice${told.length}${Math.random().toString(36).slice(2, 8)}`,
    merchantId,
    roleId: 'admin',
    nowMs,
  });
  const operator = createBackOfficeClient(testApp.app);
  operator.token = token;
  const reply = await operator.call('POST', '/bo/missions', { ...MISSION, ...fields });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
  return reply.body.value.id as string;
}

/** Moves the clock past the wait of a note, then runs a pass. */
async function passLater(): Promise<number> {
  nowMs += NOTICE_SETTLE_MS;
  return testApp.app.missionNotices.pass();
}

function missionEvents(memberId: string) {
  return told.filter((item) => item.memberId === memberId && item.event === 'mission');
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
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
  const realtime = testApp.app.realtime;
  realtime.emitToUser = (memberId, event, ...payload) => {
    told.push({ memberId, event, payload: payload[0] });
  };
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

describe('a mission that becomes claimable', () => {
  it('is told once, when it is done, however many passes and notes follow at once', async () => {
    const missionId = await createMission({});
    const game = { merchantId, ...(await insertBetGame(db, merchantId)) };
    const member = await insertTeamMember(db, merchantId, { account: 'noticeana' });
    const notices = testApp.app.missionNotices;
    const settle = () =>
      settleBetAt(db, game, {
        memberId: member,
        stakeMinor: 10n * PESO,
        winMinor: 0n,
        settledAt: new Date(nowMs - 60_000),
      });

    await settle();
    await settle();
    notices.note({ merchantId, memberId: member });
    await passLater();
    expect(missionEvents(member)).toEqual([]);

    await settle();
    // A burst: many notes of the member and passes at once.
    notices.note({ merchantId, memberId: member });
    // A note waits a moment: a pass right away reads nothing.
    await notices.pass();
    expect(missionEvents(member)).toEqual([]);
    // A burst: many notes of the member and passes at once.
    nowMs += NOTICE_SETTLE_MS;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        notices.note({ merchantId, memberId: member });
        nowMs += NOTICE_SETTLE_MS;
        await notices.pass();
      }),
    );
    notices.note({ merchantId, memberId: member });
    await passLater();
    expect(missionEvents(member)).toEqual([
      { memberId: member, event: 'mission', payload: { missionIds: [missionId] } },
    ]);
    const rows = await db
      .selectFrom('mission_claimable_notices')
      .selectAll()
      .where('member_id', '=', member)
      .execute();
    expect(rows.map((row) => [row.mission_id, row.period_start])).toEqual([[missionId, '2026-11-25']]);
  });

  it('is noted by the wallet when a deposit credits, with no query until the pass', async () => {
    const missionId = await createMission({ task: 'deposit', target: '100.00', period: 'weekly' });
    const member = await insertTeamMember(db, merchantId, { account: 'noticeben' });
    const amountMinor = 150n * PESO;
    await creditGcashDeposit(testApp.app, { merchantId, memberId: member, method: gcash, amountMinor });
    expect(missionEvents(member)).toEqual([]);

    await passLater();
    expect(missionEvents(member)).toEqual([
      { memberId: member, event: 'mission', payload: { missionIds: [missionId] } },
    ]);
    await passLater();
    expect(missionEvents(member)).toHaveLength(1);
  });

  it("is noted by a login, for a login-streak mission done by today's", async () => {
    const missionId = await createMission({ task: 'loginStreak', target: '1', period: 'daily' });
    const created = await testApp.app.members.createMember({
      merchantId,
      account: 'noticecruz',
      password: 'Notice12345',
      type: 0,
    });
    const client = createAccountsClient(testApp.app, '203.0.113.77');
    const answer = await client.logIn('noticecruz', 'Notice12345');
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    await passLater();
    expect(missionEvents(created.id)).toEqual([
      { memberId: created.id, event: 'mission', payload: { missionIds: [missionId] } },
    ]);
  });
});
