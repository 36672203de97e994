import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMissions } from '../src/seed/demo-missions.ts';
import { seedDemoRedEnvelopes } from '../src/seed/demo-red-envelopes.ts';
import { seedDemoRewards } from '../src/seed/demo-rewards.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The member centre's red badges (spec §2) against the demo's reward centre, red-envelope drop and
// missions: each count equals what its own page offers, and falls as the member acts on it.

const nowMs = Date.parse('2026-11-20T04:00:00Z');
let testApp: TestApp;
let client: AccountsClient;

type Badges = { rewardCenter: number; missionLeaderboard: number; messageV2: number };

async function badges(): Promise<Badges> {
  const reply = await client.call('GET', '/wps/member/badges');
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value;
}

/** What the pages themselves offer: tickets, open drops not opened, missions done and unclaimed. */
async function offered(): Promise<Badges> {
  const centre = (await client.call('GET', '/wps/reward/centre')).body.value;
  const drops = (await client.call('GET', '/wps/reward/envelopes')).body.value;
  const summary = (await client.call('GET', '/wps/mission/summary')).body.value;
  const messages = (await client.call('GET', '/wps/member/messages')).body.value;
  const tickets = centre.tables.reduce((sum: number, table: { tickets: number }) => sum + table.tickets, 0);
  const openable = drops.list.filter(
    (drop: { status: string; mine: unknown; left: number }) =>
      drop.status === 'open' && drop.mine === null && drop.left > 0,
  ).length;
  const claimable = summary.missions.filter(
    (mission: { done: boolean; claimed: boolean }) => mission.done && !mission.claimed,
  ).length;
  return { rewardCenter: tickets + openable, missionLeaderboard: claimable, messageV2: messages.unread };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  const clock = () => new Date(nowMs);
  await seedDemoRewards(db, clock);
  await seedDemoRedEnvelopes(db, clock);
  await seedDemoMissions(db, clock);
  client = createAccountsClient(testApp.app);
  const login = await client.logIn('demo', 'Demo1234');
  expect(login.success, JSON.stringify(login)).toBe(true);
});

afterAll(async () => {
  await testApp.close();
});

describe('the member centre’s badges', () => {
  it('count what each page offers, and fall as the member draws, opens and claims', async () => {
    const first = await badges();
    expect(first).toEqual(await offered());
    // The demo player holds tickets, the demo drop is open, and today's login mission is done.
    expect(first.rewardCenter).toBeGreaterThan(1);
    expect(first.missionLeaderboard).toBeGreaterThan(0);

    const centre = (await client.call('GET', '/wps/reward/centre')).body.value;
    const table = centre.tables.find((candidate: { tickets: number }) => candidate.tickets > 0);
    const drawn = await client.call('POST', '/wps/reward/draw', { tableId: table.id });
    expect(drawn.body.success, JSON.stringify(drawn.body)).toBe(true);
    expect((await badges()).rewardCenter).toBe(first.rewardCenter - 1);

    const drops = (await client.call('GET', '/wps/reward/envelopes')).body.value.list;
    const drop = drops.find((candidate: { status: string }) => candidate.status === 'open');
    const opened = await client.call('POST', `/wps/reward/envelopes/${drop.id}/open`);
    expect(opened.body.success, JSON.stringify(opened.body)).toBe(true);
    expect((await badges()).rewardCenter).toBe(first.rewardCenter - 2);

    const summary = (await client.call('GET', '/wps/mission/summary')).body.value;
    const done = summary.missions.find((mission: { done: boolean; claimed: boolean }) => mission.done);
    const claimed = await client.call('POST', '/wps/mission/claim', { missionId: done.id });
    expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
    const after = await badges();
    expect(after.missionLeaderboard).toBe(first.missionLeaderboard - 1);
    expect(after).toEqual(await offered());
  });

  it('answer visitors NOT_LOGGED_IN', async () => {
    const visitor = createAccountsClient(testApp.app, '203.0.113.77');
    const reply = await visitor.call('GET', '/wps/member/badges');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('NOT_LOGGED_IN');
  });
});
