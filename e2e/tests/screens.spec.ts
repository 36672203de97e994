import type { Page } from '@playwright/test';
import {
  actAsVisitor,
  logInAsNewMember,
  logInThroughPage,
  nextAddress,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { insertTeam } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { setWhitelabelSwitch } from '../switches.ts';
import { DESKTOP_PICTURE, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// Every main screen of the player site, loaded in both languages (Tagalog, the default, and
// English) at both sizes: each renders its screen without a console error, and its picture lands
// in e2e/screenshots/screen-<language>-<page>-<phone|desktop>.png. The journeys each run at the
// size where they matter; the pictures of every screen at both sizes come from here. Where pictures
// are not taken (CI), the desktop size loads every screen in English only.

const languages = [
  { code: 'TY', name: 'Tagalog', htmlLang: 'fil' },
  { code: 'EN', name: 'English', htmlLang: 'en' },
] as const;

type Language = (typeof languages)[number];

/**
 * Tagalog at the desktop size is there for its pictures (DESKTOP_PICTURE): English checks every screen
 * at that size, and Tagalog at the phone size.
 */
function picturedTags(language: Language): string[] {
  return language.code === 'TY' ? [DESKTOP_PICTURE] : [];
}

/**
 * A screen at its address; hasFooter, where given, says whether the site's footer is under it.
 * isHidden marks the address of a feature or category the demo does not offer yet: it sends the
 * player home, and has no picture of its own.
 */
type Route = { path: string; testId: string; hasFooter?: boolean; isHidden?: boolean; waitMs?: number };

/**
 * The screens in groups of a few, each group a test of its own: a group's pages load one after the
 * other in one page, and the groups spread over the workers.
 */
const publicGroups: { name: string; routes: Route[] }[] = [
  {
    name: 'home',
    routes: [
      { path: '/', testId: 'home-page', hasFooter: true },
      { path: '/index', testId: 'home-page', hasFooter: true },
      { path: '/index.html', testId: 'home-page', hasFooter: true },
      { path: '/home', testId: 'home-page', hasFooter: true },
      { path: '/promotions', testId: 'promotion-list', hasFooter: true },
    ],
  },
  {
    name: 'game centre',
    routes: [
      { path: '/sports', testId: 'game-center-page', hasFooter: true },
      { path: '/esports', testId: 'home-page', isHidden: true },
      { path: '/lott', testId: 'game-center-page', hasFooter: true },
      { path: '/elott', testId: 'game-center-page', hasFooter: true },
      { path: '/inHouse', testId: 'in-house-page', hasFooter: true },
    ],
  },
  {
    name: 'game list',
    routes: [
      { path: '/live', testId: 'game-list-page', hasFooter: true },
      { path: '/fish', testId: 'home-page', isHidden: true },
      { path: '/rng?vassalage=PG', testId: 'game-list-page', hasFooter: true },
      { path: '/pvp', testId: 'home-page', isHidden: true },
      { path: '/seamless', testId: 'seamless-page', hasFooter: false },
    ],
  },
  {
    name: 'other',
    routes: [
      { path: '/pointMall', testId: 'point-mall-page', hasFooter: true },
      { path: '/vip', testId: 'vip-page', hasFooter: true },
      { path: '/m/appDownload', testId: 'app-download-page', hasFooter: true },
      { path: '/no-such-page', testId: 'not-found-page', hasFooter: true },
    ],
  },
];

/**
 * The member centre's pages (spec §2) and the member's own game lists, seen by a new member. A
 * group with `switchId` holds pages a whitelabel switch offers (the manual rebate, MANPLAYREB3): it
 * turns the switch on for its run and back after, and so runs alone (MERCHANT_WIDE).
 */
const memberGroups: { name: string; switchId?: string; routes: Route[] }[] = [
  {
    name: 'member centre money',
    routes: [
      { path: '/member?page=securityCenter', testId: 'member-centre-page' },
      { path: '/member?page=depositv2', testId: 'member-centre-page' },
      { path: '/member?page=withdraw', testId: 'member-centre-page' },
      { path: '/member?page=responsibleGaming', testId: 'member-centre-page' },
    ],
  },
  {
    name: 'member centre records',
    routes: [
      { path: '/member?page=personalHistoryCopy', testId: 'member-centre-page' },
      { path: '/member?page=transactionHistory', testId: 'member-centre-page' },
      { path: '/member?page=personalProfit', testId: 'member-centre-page' },
      { path: '/member?page=bonusDetails', testId: 'member-centre-page' },
      { path: '/member?page=myPromotions', testId: 'member-centre-page' },
      { path: '/member?page=creditReport', testId: 'member-centre-page' },
      { path: '/pointMall?tab=history', testId: 'points-history' },
      { path: '/pointMall?tab=details', testId: 'points-details' },
      { path: '/favorite', testId: 'account-game-page' },
      { path: '/recent', testId: 'account-game-page' },
    ],
  },
  {
    name: 'member centre rewards',
    // The centre's tables and drops load after its own chunk: on a busy machine that chain takes
    // longer than an assertion's usual wait.
    routes: [{ path: '/member?page=rewardCenter', testId: 'reward-centre', waitMs: 30_000 }],
  },
  {
    name: 'member centre manual rebate',
    switchId: 'MANPLAYREB3',
    routes: [{ path: '/member?page=manualRebate', testId: 'manual-rebate-page' }],
  },
];

/**
 * The agent area (spec §2 /agentHome and its pages) and the agent's own member-centre page, seen by
 * a new agent with a small team. /agent leads an agent on to /agentHome.
 */
const agentRoutes: Route[] = [
  { path: '/agentHome', testId: 'agent-centre-page' },
  { path: '/agentHome?page=agentTeamOverview', testId: 'team-overview-page' },
  { path: '/agentHome?page=registerCenter', testId: 'register-centre-page' },
  { path: '/agentHome?page=downlineManagmentView', testId: 'downlines-page' },
  { path: '/agentHome?page=personalHistoryCopy', testId: 'team-bets-page' },
  { path: '/agentHome?page=palStatementsAgentCopy', testId: 'profit-loss-page' },
  { path: '/agentHome?page=agentDownlineTransactionDetailsCopy', testId: 'downline-transactions-page' },
  { path: '/agentHome?page=agentAnnouncement', testId: 'agent-centre-page' },
  { path: '/agentHome?page=agentRevenueReport', testId: 'revenue-report-page' },
  { path: '/agentHome?page=agentDividendRecordCopy2', testId: 'contract-page-dividend' },
  { path: '/agentHome?page=agentDailyWages2', testId: 'contract-page-daily' },
  { path: '/agentHome?page=agentHourSalary', testId: 'contract-page-hourly' },
  { path: '/agentHome?page=agentRealtimeSalary', testId: 'contract-page-realtime' },
  { path: '/member?page=transferFund', testId: 'member-centre-page' },
];

/** Reads the site in a language from the first script on; added after actAsVisitor's English, it wins. */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((code) => {
    sessionStorage.setItem('publicPopupClosed:anonymous', '1');
    localStorage.setItem('language', code);
    localStorage.setItem('historyLanguage', code);
  }, language.code);
}

/** A name for the picture: the path without its slashes and query punctuation. */
function pictureName(path: string): string {
  return path === '/' ? 'root' : path.slice(1).replace(/[^\w]+/g, '-');
}

/** Loads each route, checks its screen and the page's language, and takes its picture once the boot cover is gone. */
async function loadEach(page: Page, language: Language, routes: Route[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page.getByTestId(route.testId), route.path).toBeVisible({ timeout: route.waitMs });
    if (route.isHidden) {
      await expect(page, route.path).toHaveURL(/\/$/);
      continue;
    }
    if (route.hasFooter !== undefined) {
      await expect(page.getByTestId('footer'), route.path).toHaveCount(route.hasFooter ? 1 : 0);
    }
    await expect(page.locator('html'), route.path).toHaveAttribute('lang', language.htmlLang);
    await expect(page.locator('#boot-cover')).toHaveCount(0);
    await screenshot(page, `screen-${language.code.toLowerCase()}-${pictureName(route.path)}`);
  }
}

for (const language of languages) {
  for (const group of publicGroups) {
    test(`the ${group.name} screens render in ${language.name} without console errors`, {
      tag: picturedTags(language),
    }, async ({ page, consoleErrors }) => {
      test.slow();
      await useLanguage(page, language);
      await loadEach(page, language, group.routes);
      expect(consoleErrors).toEqual([]);
    });
  }

  test(
    `an in-house game opened from the site renders in ${language.name}, with one title and one close`,
    { tag: picturedTags(language) },
    async ({ page, consoleErrors }, testInfo) => {
      test.slow();
      await useLanguage(page, language);
      await page.goto('/inHouse');
      const tile = page.locator('[data-testid="game-tile"][data-node-id="INHOUSE_baccarat"]');
      await tile.getByTestId('game-tile-try').click();
      // A phone gives the game the whole screen; a desktop opens it in the game popup.
      const holder = page.getByTestId(testInfo.project.name === 'phone' ? 'seamless-page' : 'game-popup');
      await expect(holder).toBeVisible();
      const game = holder.frameLocator('iframe');
      await expect(game.getByTestId('play')).toBeVisible({ timeout: 20_000 });
      // Inside the site the game leaves its title and its close button to the site's frame.
      await expect(game.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await expect(game.locator('.g-name')).toHaveCount(0);
      await screenshot(page, `screen-${language.code.toLowerCase()}-house-game`);
      expect(consoleErrors).toEqual([]);
    },
  );

  for (const [index, group] of memberGroups.entries()) {
    test(
      `the ${group.name} screens render in ${language.name} without console errors`,
      { tag: [...(group.switchId ? [MERCHANT_WIDE] : []), ...picturedTags(language)] },
      async ({ page, db, baseURL, consoleErrors }, testInfo) => {
        test.slow();
        const { switchId } = group;
        const wasOn = switchId ? await setWhitelabelSwitch(db, baseURL ?? '', switchId, true) : false;
        try {
          await logInAsNewMember(page, db, {
            prefix: `scr${language.code.toLowerCase()}${index}`,
            projectName: testInfo.project.name,
            password: 'Screens123',
          });
          await useLanguage(page, language);
          await loadEach(page, language, group.routes);
          expect(consoleErrors).toEqual([]);
        } finally {
          if (switchId) await setWhitelabelSwitch(db, baseURL ?? '', switchId, wasOn);
        }
      },
    );
  }

  test(
    `the agent area's screens render in ${language.name} without console errors`,
    { tag: picturedTags(language) },
    async ({ page, db, consoleErrors }, testInfo) => {
      // Every page of the agent area in turn, each a lazy chunk and its reports' first answers.
      test.setTimeout(180_000);
      await actAsVisitor(page, nextAddress());
      const team = await insertTeam(db, {
        prefix: `sc${language.code.toLowerCase()}`,
        projectName: testInfo.project.name,
        password: 'Screens123',
      });
      await skipMemberPopup(page, team.agent.id);
      await useLanguage(page, language);
      await logInThroughPage(page, team.agent.account, 'Screens123');
      await page.goto('/agent');
      await expect(page).toHaveURL(/\/agentHome$/);
      await loadEach(page, language, agentRoutes);
      expect(consoleErrors).toEqual([]);
    },
  );
}

// What a new member and a member at play see, in both languages: registration lands on the first
// deposit once (a reload leads home), and on a phone a member's game has one slim bar, back, the
// game's name and the balance with its deposit button, and no site header above it.
for (const language of languages) {
  const code = language.code.toLowerCase();

  test(
    `a new member lands once on the first deposit, in ${language.name}`,
    { tag: picturedTags(language) },
    async ({ page, consoleErrors }, testInfo) => {
      test.slow();
      await actAsVisitor(page, nextAddress());
      await useLanguage(page, language);
      await page.goto('/register');
      const form = page.getByTestId('register-form');
      await form.getByTestId('register-username').fill(uniqueAccount(`fd${code}`, testInfo.project.name));
      await form.getByTestId('register-password').fill('Screens123');
      await form.getByTestId('register-confirmPassword').fill('Screens123');
      // The boxes are drawn over visually hidden inputs: a person taps the label.
      await form.locator('label', { has: page.getByTestId('register-terms') }).click();
      await form.locator('label', { has: page.getByTestId('register-age') }).click();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('first-deposit-page')).toBeVisible();
      await expect(page.getByTestId('first-deposit-deposit')).toBeVisible();
      await expect(page.getByTestId('first-deposit-limit')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await screenshot(page, `screen-${code}-first-deposit`);
      // Once only: the reload keeps the navigation's state, and still leads home.
      await page.reload();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('first-deposit-page')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    `a member's game on a phone has one slim bar with the balance and deposit, in ${language.name}`,
    { tag: PHONE_ONLY },
    async ({ page, db, consoleErrors }, testInfo) => {
      test.slow();
      await logInAsNewMember(page, db, {
        prefix: `gm${code}`,
        projectName: testInfo.project.name,
        password: 'Screens123',
      });
      await useLanguage(page, language);
      await page.goto('/inHouse');
      // Real play waits for the member's info after the reload: until then a tap asks to log in.
      await expect(page.getByTestId('balance-chip')).toBeVisible();
      const tile = page.locator('[data-testid="game-tile"][data-node-id="INHOUSE_baccarat"]');
      await tile.getByTestId('game-tile-play').click();
      const seamless = page.getByTestId('seamless-page');
      await expect(seamless).toBeVisible();
      const bar = seamless.getByTestId('game-page-bar');
      await expect(bar.getByTestId('seamless-back')).toBeVisible();
      await expect(bar.getByTestId('balance-chip')).toBeVisible();
      await expect(bar.getByTestId('header-deposit')).toBeVisible();
      // The site's header gives way to the game's bar: one balance on the page.
      await expect(page.getByTestId('member-menu')).toHaveCount(0);
      await expect(page.getByTestId('balance-chip')).toHaveCount(1);
      await expect(seamless.frameLocator('iframe').getByTestId('play')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await screenshot(page, `screen-${code}-house-game-member`);
      expect(consoleErrors).toEqual([]);
    },
  );
}
