import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../src/modules/content/content.service.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;

let testApp: TestApp;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  const merchant = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
  const content = createContentService(testApp.database.db);
  const now = Date.now();
  await content.createAnnouncement(merchantId, {
    type: 'H',
    title: { TY: 'Darating pa', EN: 'Not yet' },
    content: { EN: '<p>future</p>' },
    startsAt: new Date(now + 24 * HOUR_MS),
  });
  await content.createAnnouncement(merchantId, {
    type: 'H',
    title: { TY: 'Tapos na', EN: 'Ended' },
    content: { EN: '<p>past</p>' },
    startsAt: new Date(now - 48 * HOUR_MS),
    endsAt: new Date(now - HOUR_MS),
  });
  await content.createAnnouncement(merchantId, {
    type: 'H',
    title: { EN: 'Draft' },
    content: { EN: '<p>draft</p>' },
    published: false,
    startsAt: new Date(now - HOUR_MS),
  });
  await content.createAnnouncement(merchantId, {
    type: 'PL',
    title: { EN: 'Hostile' },
    content: {
      EN: '<p onmouseover="steal()">Hello<script>document.cookie</script></p><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)"><style>*{}</style>',
    },
    startsAt: new Date(now - HOUR_MS),
  });
});
afterAll(async () => {
  await testApp.close();
});

type Announcement = { id: string; type: string; title: string; content: string; execution: string | null };

async function readAnnouncements(query: string): Promise<{ list: Announcement[]; totalPages: number }> {
  const response = await testApp.app.inject({ method: 'GET', url: `/wps/system/announcements?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

describe('GET /wps/system/announcements', () => {
  it('filters by type', async () => {
    const { list } = await readAnnouncements('types=PU&pageSize=50');
    expect(list.length).toBe(3);
    for (const item of list) expect(item.type).toBe('PU');
    const mixed = await readAnnouncements('types=B,H&pageSize=50');
    expect(new Set(mixed.list.map((item) => item.type))).toEqual(new Set(['B', 'H']));
  });

  it('filters popups by audience: visitors B, members A, first logins A and F', async () => {
    const visitors = await readAnnouncements('types=PU&execution=B');
    expect(visitors.list.map((item) => item.execution)).toEqual(['B']);
    const firstLogin = await readAnnouncements('types=PU&execution=A,F');
    expect(firstLogin.list.map((item) => item.execution).sort()).toEqual(['A', 'F']);
  });

  it('shows only published announcements within their schedule', async () => {
    const { list } = await readAnnouncements('types=H&pageSize=50&language=EN');
    const titles = list.map((item) => item.title);
    expect(titles).toContain('Withdrawal schedule on public holidays');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Ended');
    expect(titles).not.toContain('Draft');
  });

  it('pages with the spec default of 8 and counts the pages', async () => {
    const all = await readAnnouncements('pageSize=50');
    const first = await readAnnouncements('');
    expect(first.list).toHaveLength(Math.min(8, all.list.length));
    expect(first.totalPages).toBe(Math.ceil(all.list.length / 8));
    const pageTwo = await readAnnouncements('pageSize=3&pageNo=2');
    expect(pageTwo.list.map((item) => item.id)).toEqual(all.list.slice(3, 6).map((item) => item.id));
  });

  it('refuses a page size above 50 with 422 VALIDATION', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/announcements?pageSize=51',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      value: { fields: { pageSize: expect.any(String) } },
    });
  });

  it('refuses unknown type and execution codes', async () => {
    for (const query of ['types=XX', 'execution=Z', 'platform=M']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/wps/system/announcements?${query}` });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('answers titles and content in Tagalog or English', async () => {
    const tagalog = await readAnnouncements('types=B&language=TY');
    const english = await readAnnouncements('types=B&language=EN');
    expect(tagalog.list[0]?.title).toBe('Mag-ingat sa scam: hindi kami humihingi ng password');
    expect(english.list[0]?.title).toBe('Beware of scams: we never ask for your password');
  });

  it('serves operator HTML with scripts, styles, frames, handlers and javascript: links removed', async () => {
    const { list } = await readAnnouncements('types=PL&pageSize=50&language=EN');
    const hostile = list.find((item) => item.title === 'Hostile');
    expect(hostile?.content).toBe('<p>Hello</p><a rel="noopener noreferrer">x</a><img src="x" />');
  });

  it('stores operator HTML already sanitised, so no reader can get the raw markup', async () => {
    const row = await testApp.database.db
      .selectFrom('announcements')
      .select('content')
      .where('merchant_id', '=', merchantId)
      .where('type', '=', 'PL')
      .where(sql<string>`title->>'EN'`, '=', 'Hostile')
      .executeTakeFirst();
    expect(row?.content.EN).toBe('<p>Hello</p><a rel="noopener noreferrer">x</a><img src="x" />');
  });
});

describe('GET /wps/system/helpCenter', () => {
  type Category = {
    anchor: string;
    title: string;
    articles: { anchor: string; title: string; content: string }[];
  };

  async function readHelp(lang: string): Promise<Category[]> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/wps/system/helpCenter?lang=${lang}&device=WEB`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.list;
  }

  it('lists the categories with their anchors, terms first', async () => {
    const list = await readHelp('EN');
    expect(list.map((category) => category.anchor)).toEqual([
      'term',
      'privacy',
      'responsible',
      'about',
      'faq',
    ]);
    expect(list[0]?.title).toBe('User Agreement');
    expect(list[0]?.articles.length).toBeGreaterThan(0);
  });

  it('answers in Tagalog with lang=TY and mentions the demo merchant’s age limit, 21, in responsible gaming', async () => {
    const list = await readHelp('TY');
    expect(list[0]?.title).toBe('Kasunduan ng User');
    const responsible = list.find((category) => category.anchor === 'responsible');
    expect(responsible?.articles.map((article) => article.content).join(' ')).toContain('21');
  });

  it('refuses a device other than WEB', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/helpCenter?lang=EN&device=APP',
    });
    expect(response.statusCode).toBe(422);
  });
});
