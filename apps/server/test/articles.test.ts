import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, seedDemoArticles } from '../src/seed/demo-articles.ts';
import type { Envelope } from './support/accounts-client.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp, setDemoMainOrigin } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// News, blog and the beginner guide: the back office writes them (audited, slug unique within the
// merchant even for two saves at once), readers see only what is live by the server's clock, and
// the page the server sends for /news/<slug> carries the article's title and meta tags, escaped,
// with addresses on the merchant's configured origin whatever the request's host headers say.

const START_MS = Date.parse('2026-11-20T08:00:00.000Z');
const HOUR_MS = 3_600_000;
let nowMs = START_MS;
let testApp: TestApp;
let distRoot: string;
let merchantId: string;
let otherMerchantId: string;
let editor: BackOfficeClient;
let owner: BackOfficeClient;
let risk: BackOfficeClient;

const HTML = { accept: 'text/html,application/xhtml+xml' };

function articleInput(overrides: Record<string, unknown> = {}) {
  return {
    merchantId,
    kind: 'news',
    slug: 'grand-opening',
    title: { TY: 'Malaking pagbubukas', EN: 'Grand opening' },
    description: { TY: 'Bukas na ang Panalo.', EN: 'Panalo is open.' },
    body: { TY: '<p>Maligayang pagdating!</p>', EN: '<p>Welcome!</p>' },
    coverImageUrl: '/media/uploads/content/cover.webp',
    published: true,
    publishAt: new Date(nowMs - HOUR_MS).toISOString(),
    unpublishAt: null,
    sortOrder: 0,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, client = editor) {
  return client.call('POST', '/bo/articles', articleInput(overrides));
}

async function read(url: string, language: 'TY' | 'EN' = 'EN') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}language=${language}`,
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

async function page(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
}

async function countAudits(action: string) {
  const row = await testApp.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

beforeAll(async () => {
  distRoot = mkdtempSync(path.join(tmpdir(), 'panalo-articles-'));
  mkdirSync(path.join(distRoot, 'web'));
  writeFileSync(
    path.join(distRoot, 'web', 'index.html'),
    '<!doctype html><html><head><title>Panalo</title></head><body><div id="root"></div></body></html>',
  );
  testApp = await createSeededApp({ webDistDir: path.join(distRoot, 'web') }, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherMerchantId = await insertOtherMerchant(db, 'elsewhere');
  const sessionAt = START_MS;
  editor = createBackOfficeClient(testApp.app);
  editor.token = (
    await insertOperatorWithSession(db, { username: 'writer', merchantId, roleId: 'admin', nowMs: sessionAt })
  ).token;
  owner = createBackOfficeClient(testApp.app);
  owner.token = (
    await insertOperatorWithSession(db, {
      username: 'platform',
      merchantId: null,
      roleId: 'owner',
      nowMs: sessionAt,
    })
  ).token;
  risk = createBackOfficeClient(testApp.app);
  risk.token = (
    await insertOperatorWithSession(db, { username: 'watcher', merchantId, roleId: 'risk', nowMs: sessionAt })
  ).token;
});

afterAll(async () => {
  await testApp.close();
  rmSync(distRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  nowMs = START_MS;
  await testApp.database.db.deleteFrom('articles').execute();
});

describe('writing articles in the back office', () => {
  it('stores an article with its body sanitised and one audit row', async () => {
    const audits = await countAudits('article.create');
    const reply = await create({
      body: {
        TY: '<p>Halo</p><script>alert(1)</script>',
        EN: '<p onclick="x()">Hello</p><img src="javascript:x">',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ slug: 'grand-opening', status: 'live', kind: 'news' });
    expect(reply.body.value.body).toEqual({ TY: '<p>Halo</p>', EN: '<p>Hello</p><img />' });
    expect(await countAudits('article.create')).toBe(audits + 1);

    const changed = await editor.call('PUT', `/bo/articles/${reply.body.value.id}`, {
      ...articleInput({ slug: 'grand-opening-day', published: false }),
      merchantId: undefined,
    });
    expect(changed.body.value).toMatchObject({ slug: 'grand-opening-day', status: 'draft' });
    expect(await countAudits('article.update')).toBe(1);
  });

  it('refuses a slug another article of the merchant has, and lets another merchant use it', async () => {
    expect((await create({ kind: 'news' })).status).toBe(200);
    const taken = await create({ kind: 'blog' });
    expect([taken.status, taken.body.code, Object.keys(taken.body.value.fields)]).toEqual([
      422,
      'VALIDATION',
      ['slug'],
    ]);
    const elsewhere = await owner.call('POST', '/bo/articles', articleInput({ merchantId: otherMerchantId }));
    expect(elsewhere.status).toBe(200);
  });

  it('gives a slug to one of two saves racing for it and refuses the other on its slug', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create({ title: { TY: `Balita ${index}`, EN: `News ${index}` } }),
      ),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const reply of replies.filter((one) => one.status === 422))
      expect(Object.keys(reply.body.value.fields)).toEqual(['slug']);
    const rows = await testApp.database.db.selectFrom('articles').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(await countAudits('article.create')).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad slug, a bad cover address and an end before the start, changing nothing', async () => {
    for (const [overrides, field] of [
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ slug: 'x'.repeat(81) }, 'slug'],
      [{ coverImageUrl: 'javascript:alert(1)' }, 'coverImageUrl'],
      [{ unpublishAt: new Date(nowMs - 2 * HOUR_MS).toISOString() }, 'unpublishAt'],
      [{ title: { TY: ' ', EN: '' } }, 'title'],
    ] as const) {
      const reply = await create(overrides);
      expect([reply.status, reply.body.code], JSON.stringify(overrides)).toEqual([422, 'VALIDATION']);
      expect(Object.keys(reply.body.value.fields)).toContain(field);
    }
    expect(await testApp.database.db.selectFrom('articles').select('id').execute()).toHaveLength(0);
  });

  it('lets a role without content.write read the list but not write', async () => {
    const created = await create();
    expect((await risk.call('POST', '/bo/articles', articleInput({ slug: 'other' }))).status).toBe(403);
    expect((await risk.call('DELETE', `/bo/articles/${created.body.value.id}`)).status).toBe(403);
  });

  it('pages the list, filtered by kind, status and a search of slug or title', async () => {
    await create({ slug: 'first-news' });
    await create({ slug: 'second-news', published: false });
    await create({ slug: 'a-blog-post', kind: 'blog', title: { TY: 'Gabay sa slots', EN: 'Slots tips' } });
    await create({ slug: 'coming-soon', publishAt: new Date(nowMs + HOUR_MS).toISOString() });
    const all = await editor.call('GET', `/bo/articles?merchantId=${merchantId}&pageSize=2`);
    expect([all.body.value.total, all.body.value.totalPages, all.body.value.list.length]).toEqual([4, 2, 2]);
    const news = await editor.call('GET', '/bo/articles?kind=news');
    expect(news.body.value.total).toBe(3);
    const drafts = await editor.call('GET', '/bo/articles?status=draft');
    expect(drafts.body.value.list.map((row: { slug: string }) => row.slug)).toEqual(['second-news']);
    const scheduled = await editor.call('GET', '/bo/articles?status=scheduled');
    expect(scheduled.body.value.list.map((row: { slug: string }) => row.slug)).toEqual(['coming-soon']);
    const found = await editor.call('GET', '/bo/articles?search=slots');
    expect(found.body.value.list.map((row: { slug: string }) => row.slug)).toEqual(['a-blog-post']);
  });
});

describe('reading articles on the site', () => {
  it('shows only what is published and within its schedule by the server clock', async () => {
    await create({ slug: 'live-now' });
    await create({ slug: 'a-draft', published: false });
    await create({
      slug: 'tomorrow',
      publishAt: new Date(nowMs + 24 * HOUR_MS).toISOString(),
      unpublishAt: new Date(nowMs + 48 * HOUR_MS).toISOString(),
    });
    const slugs = async () =>
      (await read('/wps/system/articles?kind=news')).body.value.list.map(
        (item: { slug: string }) => item.slug,
      );
    expect(await slugs()).toEqual(['live-now']);
    expect((await read('/wps/system/article?slug=tomorrow')).status).toBe(404);
    expect((await read('/wps/system/article?slug=a-draft')).status).toBe(404);

    nowMs = START_MS + 25 * HOUR_MS;
    expect(await slugs()).toEqual(['tomorrow', 'live-now']);
    expect((await read('/wps/system/article?slug=tomorrow')).status).toBe(200);

    nowMs = START_MS + 48 * HOUR_MS;
    expect(await slugs()).toEqual(['live-now']);
    expect((await read('/wps/system/article?slug=tomorrow')).status).toBe(404);
  });

  it('answers the reader’s language, pages, the kinds that have articles, and one by slug and kind', async () => {
    await create({ slug: 'one' });
    await create({ slug: 'two', publishAt: new Date(nowMs - 2 * HOUR_MS).toISOString() });
    await create({ slug: 'step-two', kind: 'guide', sortOrder: 2, title: { TY: 'Ikalawa', EN: 'Second' } });
    await create({ slug: 'step-one', kind: 'guide', sortOrder: 1, title: { TY: 'Una', EN: 'First' } });
    await create({ slug: 'step-draft', kind: 'guide', sortOrder: 3, published: false });
    await create({ slug: 'step-three', kind: 'guide', sortOrder: 4, title: { TY: 'Ikatlo', EN: 'Third' } });
    const firstPage = await read('/wps/system/articles?kind=news&pageSize=1', 'TY');
    expect(firstPage.body.value).toMatchObject({
      totalPages: 2,
      list: [{ slug: 'one', title: 'Malaking pagbubukas' }],
    });
    const guide = await read('/wps/system/articles?kind=guide');
    expect(guide.body.value.list.map((item: { slug: string }) => item.slug)).toEqual([
      'step-one',
      'step-two',
      'step-three',
    ]);
    // A guide article knows its place among the live steps (a draft is none), in the reader's language.
    expect((await read('/wps/system/article?slug=step-two&kind=guide', 'TY')).body.value.step).toEqual({
      number: 2,
      total: 3,
      previous: { slug: 'step-one', title: 'Una' },
      next: { slug: 'step-three', title: 'Ikatlo' },
    });
    expect((await read('/wps/system/article?slug=step-one')).body.value.step).toEqual({
      number: 1,
      total: 3,
      previous: null,
      next: { slug: 'step-two', title: 'Second' },
    });
    expect((await read('/wps/system/article?slug=step-three')).body.value.step).toMatchObject({
      number: 3,
      previous: { slug: 'step-two' },
      next: null,
    });
    expect((await read('/wps/system/articleKinds')).body.value.kinds.sort()).toEqual(['guide', 'news']);
    const one = await read('/wps/system/article?slug=one&kind=news');
    expect(one.body.value).toMatchObject({
      title: 'Grand opening',
      body: '<p>Welcome!</p>',
      step: null,
      url: `${testApp.config.publicOrigin}/news/one?lang=EN`,
    });
    expect((await read('/wps/system/article?slug=one&kind=blog')).status).toBe(404);
  });
});

describe('the page the server sends for an article', () => {
  it('writes the title, description, Open Graph tags and canonical address in the asked language', async () => {
    await create();
    const response = await page('/news/grand-opening?lang=TY');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Malaking pagbubukas | ');
    expect(html).not.toContain('<title>Panalo</title>');
    expect(html).toContain('<meta name="description" content="Bukas na ang Panalo." />');
    expect(html).toContain('<meta property="og:title" content="Malaking pagbubukas | ');
    const origin = testApp.config.publicOrigin;
    expect(html).toContain(`<meta property="og:url" content="${origin}/news/grand-opening" />`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/news/grand-opening" />`);
    expect(html).toContain(
      `<meta property="og:image" content="${origin}/media/uploads/content/cover.webp" />`,
    );

    const english = (await page('/news/grand-opening?lang=EN')).body;
    expect(english).toContain('<title>Grand opening | ');
    expect(english).toContain(`<link rel="canonical" href="${origin}/news/grand-opening?lang=EN" />`);
  });

  it('escapes what an operator wrote, so a title or description cannot add markup to the page', async () => {
    await create({
      slug: 'tricky',
      title: { TY: '</title><script>alert(1)</script>', EN: 'x' },
      description: { TY: '"><img src=x onerror=alert(1)> $& $1', EN: 'x' },
    });
    const html = (await page('/news/tricky')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | ');
    expect(html).toContain('content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; $&amp; $1"');
  });

  it('names the merchant’s configured origin, never the request’s Host or X-Forwarded-Host', async () => {
    await create();
    await setDemoMainOrigin(testApp, 'https://panalo.example');
    const response = await page('/news/grand-opening', {
      host: '127.0.0.1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<link rel="canonical" href="https://panalo.example/news/grand-opening" />',
    );
    expect(response.body).not.toContain('evil.example');
    expect(response.body).not.toContain('127.0.0.1');

    // The address the site's share button offers comes from the same configuration.
    const shared = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/article?slug=grand-opening&kind=news&language=TY',
      headers: { host: '127.0.0.1', 'x-forwarded-host': 'evil.example' },
    });
    expect((shared.json() as Envelope).value.url).toBe('https://panalo.example/news/grand-opening');
  });

  it('answers 404 with the site’s page for a slug that is unknown, not live, of another kind or malformed', async () => {
    await create({ slug: 'draft-news', published: false });
    await create({ slug: 'a-blog-post', kind: 'blog' });
    for (const url of [
      '/news/nothing-here',
      '/news/draft-news',
      '/news/a-blog-post',
      '/news/%E2%80%AEcaf%C3%A9',
      '/blog/UPPER',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<title>Panalo</title>');
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await page('/blog/a-blog-post')).statusCode).toBe(200);
    // Other client routes are the page as built.
    expect((await page('/news')).body).toContain('<title>Panalo</title>');
  });
});

describe('the demo articles', () => {
  it('gives the demo site news, blog posts and guide steps in both languages, once', async () => {
    const now = () => new Date(nowMs);
    expect(await seedDemoArticles(testApp.database.db, now)).toBe(DEMO_ARTICLES.length);
    expect(await seedDemoArticles(testApp.database.db, now)).toBe(0);
    expect((await read('/wps/system/articleKinds')).body.value.kinds.sort()).toEqual([
      'blog',
      'guide',
      'news',
    ]);
    for (const article of DEMO_ARTICLES) {
      for (const language of ['TY', 'EN'] as const) {
        const one = await read(`/wps/system/article?slug=${article.slug}`, language);
        expect(one.body.value.title).toBe(article.title[language]);
        expect(one.body.value.body).toBe(article.body[language]);
      }
    }
    expect((await page('/news/bagong-house-games')).body).toContain('<title>Bagong laro: Colour Game');
  });
});
