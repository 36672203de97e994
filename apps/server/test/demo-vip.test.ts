import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VIP_LEVELS, seedDemoVip, VIP_PAGE_ROUTE } from '../src/seed/demo-vip.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The demo merchant's VIP programme as the demo seed leaves it (docs/loyalty.md "VIP"): the levels
// the player site shows, the switch on, the home banner to the VIP page, the demo player at Silver.

const nowMs = Date.parse('2026-11-20T04:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});

afterAll(async () => {
  await testApp.close();
});

describe('the demo VIP programme', () => {
  it('is added once: five levels, the switch on, the banner and the demo player’s level', async () => {
    const clock = () => new Date(nowMs);
    expect(await seedDemoVip(testApp.database.db, clock)).toEqual({
      levels: 5,
      banners: 1,
      demoPlayerLevel: true,
    });
    expect(await seedDemoVip(testApp.database.db, clock)).toEqual({
      levels: 0,
      banners: 0,
      demoPlayerLevel: false,
    });
    testApp.app.merchantService.invalidate();

    const programme = (await testApp.app.inject({ method: 'GET', url: '/wps/vip/levels?language=EN' })).json()
      .value;
    expect(programme.enabled).toBe(true);
    expect(
      programme.levels.map((level: { label: string; name: string }) => `${level.label} ${level.name}`),
    ).toEqual(['VIP1 Bronze', 'VIP2 Silver', 'VIP3 Gold', 'VIP4 Platinum', 'VIP5 Diamond']);
    // Each rank asks for more than the one below it.
    for (const [index, level] of DEMO_VIP_LEVELS.entries()) {
      const lower = DEMO_VIP_LEVELS[index - 1];
      if (!lower) continue;
      expect(level.depositMinor).toBeGreaterThan(lower.depositMinor);
      expect(level.validBetMinor).toBeGreaterThan(lower.validBetMinor);
    }
  });

  it('leads from a home banner, drawn in Tagalog and English, to the VIP page', async () => {
    for (const language of ['TY', 'EN'] as const) {
      const state = (
        await testApp.app.inject({ method: 'GET', url: `/wps/system/publicState?language=${language}` })
      ).json().value;
      const banner = state.banners.find(
        (each: { linkTarget: string | null }) => each.linkTarget === VIP_PAGE_ROUTE,
      );
      expect(banner).toMatchObject({
        groupName: 'w_home',
        linkType: 'ROUTE',
        url: `/media/banner-home-vip-${language.toLowerCase()}.svg`,
      });
      const image = await testApp.app.inject({ method: 'GET', url: banner.url });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    }
  });

  it('shows the demo player at Silver in the header and on the VIP page', async () => {
    const player = createAccountsClient(testApp.app);
    expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
    const state = (await player.call('GET', '/wps/system/publicState')).body.value;
    expect(state).toMatchObject({ hasVip: true, vipLabelName: 'VIP2', vipRankLevel: 2 });
    const me = (await player.call('GET', '/wps/vip/me')).body.value;
    expect(me).toMatchObject({
      level: { rank: 2, name: 'Silver', label: 'VIP2' },
      next: { rank: 3, name: 'Gold', missingDeposit: '20000.00', missingValidBet: '100000.00' },
    });
    expect(Date.parse(me.guaranteedUntil)).toBeGreaterThan(nowMs + 300 * 86_400_000);
  });
});
