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

type PublicBanner = { groupName: string; url: string; linkType: string; linkTarget: string | null };

async function readPublicState(language: string): Promise<{ banners: PublicBanner[] }> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/wps/system/publicState?language=${language}`,
  });
  return response.json().value;
}

// The player site's routes that a banner or an announcement may send a visitor to, and the member
// centre's pages (apps/web/src/app/router.tsx and features/member-centre/components/
// member-centre-page.tsx; the web's route table imports React, so the server's tests keep this
// copy). Promotions, the point mall and the agent centre are left out: they have no server yet.
const PLAYER_ROUTES = new Set([
  '/',
  '/login',
  '/register',
  '/help',
  '/member',
  '/inHouse',
  '/live',
  '/fish',
  '/rng',
  '/pvp',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/lottery',
  '/seaLottery',
  '/favorite',
  '/recent',
]);
const MEMBER_PAGES = new Set([
  'securityCenter',
  'depositv2',
  'withdraw',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'messageV2',
  'responsibleGaming',
]);

/** Why a link of the site's own leads nowhere the site has, or null when it leads somewhere. */
function deadEndOf(link: string): string | null {
  const url = new URL(link, 'http://localhost');
  if (!PLAYER_ROUTES.has(url.pathname)) return `no route ${url.pathname}`;
  const memberPage = url.searchParams.get('page');
  if (url.pathname === '/member' && memberPage !== null && !MEMBER_PAGES.has(memberPage)) {
    return `no member page ${memberPage}`;
  }
  return null;
}

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
    expect(rows.filter((row) => row.type === 'B').length).toBeGreaterThanOrEqual(2);
    // Promotions (type PR) do not exist yet: the demo announces none.
    expect(rows.filter((row) => row.type === 'PR')).toEqual([]);
  });

  it('points every banner and media resource at an image the server serves', async () => {
    const bannerUrls: string[] = [];
    for (const language of ['TY', 'EN']) {
      const state = await readPublicState(language);
      bannerUrls.push(...state.banners.map((banner) => banner.url));
    }
    const info = (await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value
      .info;
    const resourceUrls = Object.values(info.resources as Record<string, { url: string }[]>)
      .flat()
      .map((resource) => resource.url)
      .filter((url) => url.startsWith('/media/'));
    const urls = [...new Set([...bannerUrls, ...resourceUrls])];
    expect(urls.length).toBeGreaterThanOrEqual(16);
    for (const url of urls) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/svg+xml');
    }
  });

  it('links its banners and announcements only to routes the player site has', async () => {
    const links: string[] = [];
    for (const language of ['TY', 'EN']) {
      const state = await readPublicState(language);
      for (const banner of state.banners) {
        if (banner.linkType === 'NONE') continue;
        expect(banner.linkType, banner.url).toBe('ROUTE');
        links.push(banner.linkTarget ?? '');
      }
    }
    const announcements = await testApp.database.db.selectFrom('announcements').select('content').execute();
    for (const announcement of announcements) {
      for (const html of Object.values(announcement.content)) {
        for (const match of html.matchAll(/href="([^"]*)"/g)) links.push(match[1] ?? '');
      }
    }
    expect(links).toContain('/inHouse');
    expect(links).toContain('/help#responsible');
    const deadEnds = links.flatMap((link) => {
      const deadEnd = deadEndOf(link);
      return deadEnd ? [`${link}: ${deadEnd}`] : [];
    });
    expect(deadEnds).toEqual([]);
  });

  it('draws each home banner in Tagalog and in English, and shows each reader their own', async () => {
    const tagalog = (await readPublicState('TY')).banners.filter(
      (banner) => banner.groupName !== 'w_leftmenu',
    );
    const english = (await readPublicState('EN')).banners.filter(
      (banner) => banner.groupName !== 'w_leftmenu',
    );
    expect(tagalog.length).toBeGreaterThanOrEqual(6);
    expect(tagalog.map((banner) => banner.url)).toEqual(
      english.map((banner) => banner.url.replace(/-en\.svg$/, '-ty.svg')),
    );
    for (const banner of tagalog) expect(banner.url).toMatch(/-ty\.svg$/);
    for (const banner of english) expect(banner.url).toMatch(/-en\.svg$/);
    const login = english.find((banner) => banner.groupName === 'w_login');
    expect(login?.url).toBe('/media/banner-login-en.svg');
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
