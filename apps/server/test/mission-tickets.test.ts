import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { insertBetGame, settleBetAt } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Reward tickets as a mission reward (docs/missions.md "Rewards"): a claim issues the mission's
// tickets of the reward centre's prize table once, in the claim's transaction, lasting as the
// centre's `mission` rule of the table says.

const DAY_MS = 86_400_000;
const nowMs = Date.parse('2026-11-25T04:00:00Z'); // Wednesday 12:00 in Manila
let testApp: TestApp;
let db: Kysely<Database>;
let demoId: string;

async function tableOf(merchantId: string, names: { TY: string; EN: string }): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('reward_prize_tables')
    .values({
      id,
      merchant_id: merchantId,
      kind: 'wheel',
      names: JSON.stringify(names),
      version: 1,
      daily_budget_minor: null,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
  return id;
}

async function missionRuleOf(merchantId: string, tableId: string, days: number): Promise<void> {
  await db
    .insertInto('reward_ticket_rules')
    .values({
      id: uuidv7(),
      merchant_id: merchantId,
      trigger: 'mission',
      names: JSON.stringify({ TY: 'Misyon', EN: 'Missions' }),
      amount_minor: null,
      vip_rank: null,
      tickets: 1,
      table_id: tableId,
      expires_in_days: days,
      created_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    })
    .execute();
}

const gameOf = async (merchantId: string) => ({
  merchantId,
  ...(await insertBetGame(db, merchantId, { gameType: 'RNG' })),
});

async function doneMember(merchantId: string, account: string): Promise<string> {
  const member = await insertTeamMember(db, merchantId, { account });
  await settleBetAt(db, await gameOf(merchantId), {
    memberId: member,
    stakeMinor: 1_000n,
    winMinor: 0n,
    settledAt: new Date('2026-11-25T02:00:00Z'),
  });
  return member;
}

async function operatorOf(merchantId: string, username: string) {
  const { token } = await insertOperatorWithSession(db, { username, merchantId, roleId: 'admin', nowMs });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

const TICKET_MISSION = {
  nameTy: 'Maglaro ng isang round',
  nameEn: 'Play one round',
  period: 'daily',
  task: 'rounds',
  gameType: null,
  target: '1',
  rewardKind: 'ticket',
  reward: '0.00',
  multiplier: null,
  rewardTickets: 3,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  enabled: true,
  sortOrder: 0,
};

function ticketsOf(memberId: string) {
  return db
    .selectFrom('reward_tickets')
    .select(['table_id', 'source', 'status', 'expires_at'])
    .where('member_id', '=', memberId)
    .execute();
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

describe('tickets as a mission reward', () => {
  it('issues one set of tickets however many claims arrive at once, lasting as the mission rule says', async () => {
    const tableId = await tableOf(demoId, { TY: 'Gulong ng Misyon', EN: 'Mission Wheel' });
    await missionRuleOf(demoId, tableId, 3);
    const operator = await operatorOf(demoId, 'mtburstop');
    const { reply: created, row } = await expectOneAuditRow(
      db,
      () => operator.call('POST', '/bo/missions', { ...TICKET_MISSION, rewardTableId: tableId }),
      { action: 'mission.create' },
    );
    expect(created.body).toMatchObject({
      value: { rewardKind: 'ticket', reward: '0.00', rewardTableId: tableId, rewardTickets: 3 },
    });
    expect(JSON.stringify(row)).toContain(tableId);
    const missionId = created.body.value.id as string;
    const member = await doneMember(demoId, 'mtburstana');
    const client = await sessionClientOf(testApp, member);

    const summary = await client.call('GET', '/wps/mission/summary');
    expect(summary.body).toMatchObject({ success: true });
    expect(summary.body.value.missions.find((item: { id: string }) => item.id === missionId)).toMatchObject({
      done: true,
      reward: { kind: 'ticket', amount: '0.00', tickets: 3, tableId, tableName: 'Mission Wheel' },
    });

    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.call('POST', '/wps/mission/claim', { missionId })),
    );
    const claimed = replies.filter((reply) => reply.body.success);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]?.body.value).toMatchObject({
      kind: 'ticket',
      amount: '0.00',
      bonusId: null,
      tickets: 3,
    });
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_CLAIMED' } });
    }
    const tickets = await ticketsOf(member);
    expect(tickets).toHaveLength(3);
    for (const ticket of tickets) {
      expect(ticket).toMatchObject({ table_id: tableId, source: 'mission', status: 'unused' });
      expect(new Date(ticket.expires_at).getTime()).toBe(nowMs + 3 * DAY_MS);
    }
    expect(
      await db
        .selectFrom('reward_ticket_issues')
        .select(['key', 'count', 'source'])
        .where('member_id', '=', member)
        .execute(),
    ).toEqual([{ key: `mission:${missionId}:${member}:2026-11-25`, count: 3, source: 'mission' }]);
    expect(
      await db
        .selectFrom('mission_claims')
        .select(['reward_kind', 'amount_minor', 'tickets'])
        .where('member_id', '=', member)
        .execute(),
    ).toEqual([{ reward_kind: 'ticket', amount_minor: 0n, tickets: 3 }]);
    // Claimed: no further tickets.
    const again = await client.call('POST', '/wps/mission/claim', { missionId });
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_CLAIMED' } });
    expect(await ticketsOf(member)).toHaveLength(3);

    const report = await operator.call('GET', '/bo/missions/report?from=2026-11-25&to=2026-11-25');
    expect(report.body.value.list).toContainEqual(
      expect.objectContaining({
        sourceId: missionId,
        rewardKind: 'ticket',
        count: 1,
        amount: '0.00',
        tickets: 3,
      }),
    );
    expect(report.body.value.totals.tickets).toBeGreaterThanOrEqual(3);
  });

  it('lasts the default days without a mission rule, and refuses a claim once the table is switched off', async () => {
    const tableId = await tableOf(demoId, { TY: 'Itlog', EN: 'Golden Egg' });
    const operator = await operatorOf(demoId, 'mtdefaultop');
    const missionId = (
      await operator.call('POST', '/bo/missions', {
        ...TICKET_MISSION,
        rewardTableId: tableId,
        rewardTickets: 1,
      })
    ).body.value.id as string;
    const first = await doneMember(demoId, 'mtdefaultana');
    const reply = await (await sessionClientOf(testApp, first)).call('POST', '/wps/mission/claim', {
      missionId,
    });
    expect(reply.body).toMatchObject({ success: true, value: { tickets: 1 } });
    const [ticket] = await ticketsOf(first);
    expect(new Date(ticket?.expires_at ?? 0).getTime()).toBe(nowMs + 7 * DAY_MS);

    await db.updateTable('reward_prize_tables').set({ active: false }).where('id', '=', tableId).execute();
    const second = await doneMember(demoId, 'mtdefaultben');
    const refused = await (await sessionClientOf(testApp, second)).call('POST', '/wps/mission/claim', {
      missionId,
    });
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NO_TABLE' } });
    expect(await ticketsOf(second)).toEqual([]);
    expect(
      await db.selectFrom('mission_claims').select('id').where('member_id', '=', second).execute(),
    ).toEqual([]);
  });

  it('checks a ticket reward’s fields: its table of the merchant, its tickets, no amount', async () => {
    const operator = await operatorOf(demoId, 'mtfieldsop');
    const other = await insertOtherMerchant(db, 'mtother');
    const foreign = await tableOf(other, { TY: 'Iba', EN: 'Other' });
    const mine = await tableOf(demoId, { TY: 'Akin', EN: 'Mine' });
    const fieldOf = async (fields: Record<string, unknown>) => {
      const reply = await operator.call('POST', '/bo/missions', { ...TICKET_MISSION, ...fields });
      expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION' });
      return Object.keys(reply.body.value.fields);
    };
    expect(await fieldOf({ rewardTableId: null })).toEqual(['rewardTableId']);
    expect(await fieldOf({ rewardTableId: foreign })).toEqual(['rewardTableId']);
    expect(await fieldOf({ rewardTableId: mine, reward: '5.00' })).toEqual(['reward']);
    expect(await fieldOf({ rewardTableId: mine, rewardTickets: null })).toEqual(['rewardTickets']);
    expect(
      await fieldOf({ rewardKind: 'cash', reward: '5.00', rewardTableId: mine, rewardTickets: null }),
    ).toEqual(['rewardTableId']);

    // A cash mission may become a ticket one, and back.
    const id = (
      await operator.call('POST', '/bo/missions', {
        ...TICKET_MISSION,
        rewardKind: 'cash',
        reward: '5.00',
        rewardTickets: undefined,
      })
    ).body.value.id as string;
    const changed = await operator.call('PUT', `/bo/missions/${id}`, {
      ...TICKET_MISSION,
      rewardTableId: mine,
    });
    expect(changed.body).toMatchObject({ success: true, value: { rewardKind: 'ticket', rewardTickets: 3 } });
    const back = await operator.call('PUT', `/bo/missions/${id}`, {
      ...TICKET_MISSION,
      rewardKind: 'cash',
      reward: '5.00',
      rewardTickets: null,
    });
    expect(back.body).toMatchObject({ success: true, value: { rewardKind: 'cash', rewardTableId: null } });
  });
});
