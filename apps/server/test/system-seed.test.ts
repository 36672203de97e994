import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMerchant } from '../src/seed/demo-merchant.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createSeededApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('the demo seed', () => {
  it('does nothing on a database that already holds the demo merchant', async () => {
    const db = testApp.database.db;
    const countRows = async () =>
      Promise.all([
        db.selectFrom('merchants').select(db.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        db.selectFrom('announcements').select(db.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        db.selectFrom('help_articles').select(db.fn.countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
    const before = await countRows();
    expect(await seedDemoMerchant(db)).toBe(false);
    expect(await countRows()).toEqual(before);
  });

  it('marks the demo merchant as the default one', async () => {
    const merchant = await testApp.database.db
      .selectFrom('merchants')
      .select(['is_default', 'currency', 'time_zone', 'default_language', 'languages'])
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    expect(merchant).toEqual({
      is_default: true,
      currency: 'PHP',
      time_zone: 'Asia/Manila',
      default_language: 'TY',
      languages: ['TY', 'EN'],
    });
  });

  it('has popups for every audience and at least six announcements', async () => {
    const rows = await testApp.database.db
      .selectFrom('announcements')
      .select(['type', 'execution'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const popupAudiences = new Set(rows.filter((row) => row.type === 'PU').map((row) => row.execution));
    expect(popupAudiences).toEqual(new Set(['A', 'B', 'F']));
    expect(rows.filter((row) => row.type === 'B').length).toBeGreaterThanOrEqual(3);
  });

  it('points every banner and media resource at an image the server serves', async () => {
    const state = (await testApp.app.inject({ method: 'GET', url: '/wps/system/publicState' })).json().value;
    const info = (await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value
      .info;
    const resourceUrls = Object.values(info.resources as Record<string, { url: string }[]>)
      .flat()
      .map((resource) => resource.url)
      .filter((url) => url.startsWith('/media/'));
    const urls = [...state.banners.map((banner: { url: string }) => banner.url), ...resourceUrls];
    expect(urls.length).toBeGreaterThanOrEqual(10);
    for (const url of urls) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/svg+xml');
    }
  });

  it('stores only sanitised HTML in the help centre', async () => {
    const articles = await testApp.database.db.selectFrom('help_articles').select('content').execute();
    for (const article of articles) {
      for (const html of Object.values(article.content))
        expect(html).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(Object.keys(article.content).sort()).toEqual(['EN', 'TY']);
    }
  });
});
