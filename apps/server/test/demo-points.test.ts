import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GOODS, DEMO_POINTS_SETTINGS, seedDemoPoints } from '../src/seed/demo-points.ts';
import { getIn } from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The demo's points mall is a real one: the programme's rules in the merchant's settings, goods of
// every kind in both languages with pictures the server serves, and a second seed adds nothing.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createSeededApp();
  await seedDemoPoints(testApp.database.db);
  testApp.app.merchantService.invalidate();
});

afterAll(async () => {
  await testApp?.close();
});

describe('the demo points mall', () => {
  it('offers its goods in Tagalog and English, each with a picture the server serves', async () => {
    const tagalog = await getIn(testApp, '/wps/points/goods?pageSize=60', 'TY');
    expect(tagalog.value.list.map((goods: { name: string }) => goods.name)).toEqual(
      DEMO_GOODS.map((goods) => goods.names.TY),
    );
    const english = await getIn(testApp, '/wps/points/goods?pageSize=60', 'EN');
    expect(new Set(english.value.list.map((goods: { kind: string }) => goods.kind))).toEqual(
      new Set(['cash', 'bonus', 'item']),
    );
    for (const goods of english.value.list as { imageUrls: string[] }[]) {
      for (const url of goods.imageUrls) {
        const picture = await testApp.app.inject({ method: 'GET', url });
        expect([url, picture.statusCode, picture.headers['content-type']]).toEqual([
          url,
          200,
          'image/svg+xml',
        ]);
      }
    }
  });

  it('tells its programme in the config', async () => {
    const config = await getIn(testApp, '/wps/points/config', 'EN');
    expect(config.value).toEqual({
      earn: [
        { type: 'live', per: '200.00', points: 1 },
        { type: 'slots', per: '100.00', points: 1 },
      ],
      deposit: DEMO_POINTS_SETTINGS.deposit,
      multiplier: '1.00',
      exchange: DEMO_POINTS_SETTINGS.exchange,
      convertMultiplier: 1,
      minConvertPoints: 100,
    });
  });

  it('adds nothing when it runs again', async () => {
    expect(await seedDemoPoints(testApp.database.db)).toEqual({ settings: false, goods: 0 });
  });
});
