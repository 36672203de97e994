import type { APIRequestContext, Page } from '@playwright/test';
import { logInAsNewMember } from '../accounts.ts';
import { expect, test } from '../fixtures.ts';
import { DESKTOP_ONLY } from '../tags.ts';

// Every banner and announcement of the demo merchant leads to a page that works: its own page is
// shown with what it is about (tiles, a draw, limits, help), never the not-found page, an empty
// state or a placeholder. The links are read from the public state and the announcements, as the
// site reads them, in both languages (each language has its own banner art, with the same links).

type PublicBanner = { groupName: string; url: string; linkType: string; linkTarget: string | null };

/**
 * What a link's page shows once it works: its page's test id, and what proves it has content; and
 * where no empty state may show (the whole page unless named: a page whose member's own history is
 * still empty for a new member names the part that must not be).
 */
type Destination = { pageTestId: string; contentTestId: string; fullTestId?: string };

/**
 * The pages the demo's links may lead to. A link to any other route fails the test: a new link
 * needs its page here, with what shows that the page has something behind it.
 */
function destinationOf(link: URL): Destination | null {
  switch (link.pathname) {
    case '/inHouse':
      return { pageTestId: 'in-house-page', contentTestId: 'game-tile' };
    case '/live':
    case '/rng':
    case '/fish':
    case '/pvp':
      return { pageTestId: 'game-list-page', contentTestId: 'game-tile' };
    case '/lottery':
    case '/seaLottery':
    case '/vnLottery':
      return link.searchParams.has('gameCode')
        ? { pageTestId: 'lottery-page', contentTestId: 'lottery-frame' }
        : null;
    case '/help':
      return { pageTestId: 'help-modal', contentTestId: 'help-modal' };
    case '/promotions':
      return link.hash
        ? { pageTestId: 'promotion-list', contentTestId: 'promotion-detail-body' }
        : { pageTestId: 'promotion-list', contentTestId: 'promotion-card' };
    case '/vip':
      return { pageTestId: 'vip-page', contentTestId: 'vip-level-card' };
    case '/referral':
      return { pageTestId: 'referral-page', contentTestId: 'referral-rule' };
    case '/member':
      if (link.searchParams.get('page') === 'responsibleGaming') {
        return { pageTestId: 'member-centre-page', contentTestId: 'responsible-gaming-page' };
      }
      // The reward centre's prize tables with their prizes; a new member's history is empty.
      if (link.searchParams.get('page') === 'rewardCenter') {
        return { pageTestId: 'member-centre-page', contentTestId: 'prize-list', fullTestId: 'reward-tables' };
      }
      return null;
    default:
      return null;
  }
}

async function readValue<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()).value as T;
}

/** The site's own addresses that the demo's banners and announcements link to, without repeats. */
async function readDemoLinks(request: APIRequestContext): Promise<string[]> {
  const links = new Set<string>();
  for (const language of ['TY', 'EN']) {
    const state = await readValue<{ banners: PublicBanner[] }>(
      request,
      `/wps/system/publicState?language=${language}`,
    );
    for (const banner of state.banners) {
      if (banner.linkType === 'NONE') continue;
      // A promotion's banner opens its details on the promotions page, as the carousel does.
      if (banner.linkType === 'PROMOTION') {
        links.add(`/promotions#${banner.linkTarget ?? ''}`);
        continue;
      }
      // The demo's other banners lead within the site; a URL link would need its own check.
      expect(banner.linkType, banner.url).toBe('ROUTE');
      links.add(banner.linkTarget ?? '');
    }
    const announcements = await readValue<{ list: { content: string }[] }>(
      request,
      `/wps/system/announcements?types=B,PL,PU,PR,H&pageSize=50&language=${language}`,
    );
    for (const announcement of announcements.list) {
      for (const match of announcement.content.matchAll(/href="([^"]*)"/g)) links.add(match[1] ?? '');
    }
  }
  return [...links];
}

async function expectWorkingPage(page: Page, link: string): Promise<void> {
  const url = new URL(link, 'http://site.invalid');
  const destination = destinationOf(url);
  expect(destination, `a page known to work for ${link}`).not.toBeNull();
  if (!destination) return;
  await page.goto(link);
  await expect(page.getByTestId(destination.pageTestId), link).toBeVisible();
  // The content proves the page has loaded what it is about; only then can an empty state be ruled out.
  await expect(page.getByTestId(destination.contentTestId).first(), link).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('not-found-page'), link).toHaveCount(0);
  const full = destination.fullTestId ? page.getByTestId(destination.fullTestId) : page;
  await expect(full.getByTestId('empty-state'), link).toHaveCount(0);
}

test(
  'every banner and announcement link of the demo opens a page with something on it',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const links = await readDemoLinks(page.request);
    // The demo's home carousel names our own games, the draws, the live tables and the limits.
    expect(links).toEqual(
      expect.arrayContaining(['/inHouse', '/live', '/member?page=responsibleGaming', '/help#responsible']),
    );
    // Some destinations (the member centre, the draws) need a session: a member follows every link.
    await logInAsNewMember(page, db, {
      prefix: 'links',
      projectName: testInfo.project.name,
      password: 'Links1234',
    });
    for (const link of links) await expectWorkingPage(page, link);
  },
);

test('the home carousel shows each language its own art, and the login banner speaks English in English', {
  tag: DESKTOP_ONLY,
}, async ({ page }) => {
  const readBanners = async (language: string) =>
    (
      await readValue<{ banners: PublicBanner[] }>(
        page.request,
        `/wps/system/publicState?language=${language}`,
      )
    ).banners;
  const english = await readBanners('EN');
  const tagalog = await readBanners('TY');
  const homeOf = (banners: PublicBanner[]) =>
    banners.filter((banner) => banner.groupName === 'w_home').map((banner) => banner.url);
  expect(homeOf(english).length).toBeGreaterThan(0);
  expect(homeOf(english)).not.toEqual(homeOf(tagalog));
  const login = (banners: PublicBanner[]) => banners.find((banner) => banner.groupName === 'w_login')?.url;
  expect(login(english)).not.toBe(login(tagalog));

  await page.addInitScript(() => {
    sessionStorage.setItem('publicPopupClosed:anonymous', '1');
    localStorage.setItem('language', 'EN');
  });
  await page.goto('/');
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel.locator('img').first()).toHaveAttribute('src', homeOf(english)[0] ?? '');
  await page.goto('/login');
  await expect(page.getByTestId('login-modal').locator(`img[src="${login(english)}"]`)).toBeVisible();
});
