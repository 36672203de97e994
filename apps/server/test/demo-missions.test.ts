import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEADERBOARDS, DEMO_MISSIONS, seedDemoMissions } from '../src/seed/demo-missions.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The demo's missions and leaderboard are real ones: a member of the demo sees them in both
// languages with their progress, and a second seed adds nothing.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createSeededApp();
  await seedDemoMissions(testApp.database.db);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the demo missions', () => {
  it('shows every demo mission and the leaderboard to a demo member, in Tagalog and English', async () => {
    const db = testApp.database.db;
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const member = await insertTeamMember(db, merchant.id, { account: 'demomissions' });
    const client = await sessionClientOf(testApp, member);
    const english = await client.call('GET', '/wps/mission/summary');
    expect(english.body.value.missions.map((item: { name: string }) => item.name)).toEqual(
      DEMO_MISSIONS.map((mission) => mission.nameEn),
    );
    expect(english.body.value.leaderboards.map((item: { name: string }) => item.name)).toEqual(
      DEMO_LEADERBOARDS.map((board) => board.nameEn),
    );
    const tagalog = await testApp.app.inject({
      method: 'GET',
      url: '/wps/mission/summary?language=TY',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(tagalog.json().value.missions.map((item: { name: string }) => item.name)).toEqual(
      DEMO_MISSIONS.map((mission) => mission.nameTy),
    );
    expect(await seedDemoMissions(db)).toEqual({ missions: 0, leaderboards: 0 });
  });
});
