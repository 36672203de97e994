import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_CENTRE_ROUTE, seedDemoRewards } from '../src/seed/demo-rewards.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The demo merchant's reward centre as the demo seed leaves it (docs/rewards.md): a prize wheel and
// a golden egg, their ticket rules, and tickets the demo player can draw at once.

const nowMs = Date.parse('2026-11-20T04:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});

afterAll(async () => {
  await testApp.close();
});

describe('the demo reward centre', () => {
  it('is added once: two tables, three rules, and the demo player’s tickets, which draw', async () => {
    const clock = () => new Date(nowMs);
    expect(await seedDemoRewards(testApp.database.db, clock)).toEqual({
      tables: 2,
      rules: 3,
      tickets: 5,
      banners: 1,
    });
    expect(await seedDemoRewards(testApp.database.db, clock)).toEqual({
      tables: 0,
      rules: 0,
      tickets: 0,
      banners: 0,
    });

    const client = createAccountsClient(testApp.app);
    const login = await client.logIn('demo', 'Demo1234');
    expect(login.success, JSON.stringify(login)).toBe(true);
    const centre = await client.call('GET', '/wps/reward/centre');
    expect(centre.body.value.marketable).toBe(true);
    expect(
      centre.body.value.tables.map((table: { kind: string; tickets: number }) => [table.kind, table.tickets]),
    ).toEqual([
      ['wheel', 3],
      ['egg', 2],
    ]);
    expect(centre.body.value.ways.map((way: { trigger: string }) => way.trigger).sort()).toEqual([
      'deposit',
      'valid_bet_day',
      'vip_level',
    ]);
    for (const table of centre.body.value.tables) {
      const chances = table.prizes.map((prize: { chance: string }) => Number(prize.chance));
      expect(chances.reduce((sum: number, chance: number) => sum + chance, 0)).toBeCloseTo(100, 1);
    }
    const wheel = centre.body.value.tables[0];
    const drawn = await client.call('POST', '/wps/reward/draw', { tableId: wheel.id });
    expect(drawn.body.success, JSON.stringify(drawn.body)).toBe(true);
    expect(drawn.body.value.tickets).toBe(2);
  });

  it('leads from a home banner, drawn in Tagalog and English, to the reward centre', async () => {
    for (const language of ['TY', 'EN'] as const) {
      const state = (
        await testApp.app.inject({ method: 'GET', url: `/wps/system/publicState?language=${language}` })
      ).json().value;
      const banner = state.banners.find(
        (each: { linkTarget: string | null }) => each.linkTarget === REWARD_CENTRE_ROUTE,
      );
      expect(banner).toMatchObject({
        groupName: 'w_home',
        linkType: 'ROUTE',
        url: `/media/banner-home-rewards-${language.toLowerCase()}.svg`,
      });
      const image = await testApp.app.inject({ method: 'GET', url: banner.url });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    }
  });
});
