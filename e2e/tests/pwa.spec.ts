import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type pg from 'pg';
import { actAsVisitor, insertMember, logInThroughPage, nextAddress, uniqueAccount } from '../accounts.ts';
import { expect, newConfirmedPage, preconfirmAge, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { insertPromotion, ONCE_WAGERED_TERMS } from '../promotions.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

type ManifestData = {
  name: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
};

/** Waits until the page's service worker is active (registered after the page's load event). */
async function waitForActiveWorker(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return registration?.active?.state ?? 'none';
      }),
    )
    .toBe('activated');
}

/**
 * A browser of its own with a profile kept on disk: Chromium installs nothing from a profile that
 * is not kept (Playwright's contexts are incognito-like: "in-incognito"), and the site's worker runs.
 * `close` ends the browser and removes the profile.
 */
async function launchInstallableBrowser(baseURL: string | undefined) {
  const { launchOptions, viewport, isMobile, hasTouch } = test.info().project.use;
  const profile = await mkdtemp(path.join(tmpdir(), 'panalo-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless: true,
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    serviceWorkers: 'allow',
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { context, close };
}

// One size is enough for what the browser checks; it starts a second browser, which takes a while.
test('the lite app installs, its worker serves the shell, and offline the API fails rather than come from a cache', {
  tag: DESKTOP_ONLY,
}, async ({ baseURL }) => {
  // Starting a browser of its own takes a few seconds more than a journey in the shared one.
  test.slow();
  const { context, close } = await launchInstallableBrowser(baseURL);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await actAsVisitor(page, nextAddress());
    await checkLiteApp(page);
  } finally {
    await close();
  }
});

async function checkLiteApp(page: Page): Promise<void> {
  const context = page.context();
  await page.goto('/m/appDownload?language=EN');
  await expect(page.getByTestId('app-download-page')).toBeVisible();
  await waitForActiveWorker(page);

  const devtools = await context.newCDPSession(page);
  const manifest = await devtools.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  const data = JSON.parse(manifest.data ?? 'null') as ManifestData;
  expect(data).toMatchObject({ name: 'Panalo', start_url: '/?source=pwa', display: 'standalone' });
  expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  await expect
    .poll(async () => (await devtools.send('Page.getInstallabilityErrors')).installabilityErrors)
    .toEqual([]);

  // A page loaded after the worker took over is under its control.
  await page.reload();
  await expect(page.getByTestId('app-download-page')).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    // The player API never comes from the worker's cache: offline it fails.
    const answer = await page.evaluate(async () => {
      try {
        const response = await fetch('/wps/system/status', { headers: { Accept: 'application/json' } });
        return `answered ${response.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(answer).toBe('failed');
    // The shell does: a page opened offline still gets the app's own page.
    await page.goto('/?source=pwa');
    await expect(page.locator('#root')).toBeAttached();
    await expect(page).toHaveTitle(/\S/);
  } finally {
    await context.setOffline(false);
  }
}

test('the download page carries no session token in its address', { tag: PHONE_ONLY }, async ({ page }) => {
  await actAsVisitor(page, nextAddress());
  await page.goto('/m/appDownload?language=EN&tokens=not-a-real-session');
  await expect(page.getByTestId('app-download-page')).toBeVisible();
  await expect(page).toHaveURL(/\/m\/appDownload\?language=EN$/);
});

for (const language of ['TY', 'EN'] as const) {
  test(`the install guides read in ${language}`, async ({ page }) => {
    await actAsVisitor(page, nextAddress());
    const isPhone = test.info().project.name === 'phone';
    const os = isPhone ? 'android' : 'desktop';
    await page.goto(`/m/appDownload?language=${language}&os=${os}`);
    await expect(page.getByTestId(`guide-${os}`)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'TY' ? 'fil' : 'en');
    await screenshot(page, `app-download-${language}`);
    // Each device's guide has its own picture and steps.
    await page.getByRole('tab', { name: 'iOS' }).click();
    await expect(page.getByTestId('guide-ios')).toBeVisible();
    await expect(page.getByTestId('guide-ios').getByRole('img')).toBeVisible();
  });
}

/**
 * A published app-download bonus for the journey alone (₱50, wagered once in our own games).
 * Published promotions are seen by every page, so the journey runs alone and withdraws it at the end.
 */
function insertAppDownloadBonus(db: pg.Client): Promise<string> {
  return insertPromotion(db, {
    prefix: 'e2e-app',
    type: 'APP_DOWNLOAD',
    kind: 'app_download',
    title: { TY: 'Regalo sa App', EN: 'App Gift' },
    content: {
      TY: '<p>I-install ang app at mag-log in mula rito.</p>',
      EN: '<p>Install the app and log in from it.</p>',
    },
    rules: { amount: '50.00' },
    bonusTerms: ONCE_WAGERED_TERMS,
  });
}

test(
  'a member who logs in from the installed app claims the app-download bonus once',
  { tag: [PHONE_ONLY, MERCHANT_WIDE] },
  async ({ baseURL, browser, db }, testInfo) => {
    // A browser of its own, an install and an app window: longer than a journey in the shared one.
    test.slow();
    const origin = new URL(baseURL ?? '').origin;
    const promotionId = await insertAppDownloadBonus(db);
    const account = uniqueAccount('app', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'AppGift12345' });
    const { context, close } = await launchInstallableBrowser(baseURL);
    try {
      // What actAsVisitor and skipMemberPopup do for one page, for every page of the browser: the
      // installed app's window is a page of its own.
      await preconfirmAge(context);
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': nextAddress() });
      await context.addInitScript((id) => {
        sessionStorage.setItem('publicPopupClosed:anonymous', '1');
        sessionStorage.setItem(`publicPopupClosed:${id}`, '1');
        if (!localStorage.getItem('language')) localStorage.setItem('language', 'EN');
      }, memberId);
      const page = context.pages()[0] ?? (await context.newPage());
      await logInThroughPage(page, account, 'AppGift12345');

      // In a browser tab the bonus asks for the app.
      await page.goto(`/promotions#${promotionId}`);
      const detail = page.getByTestId('promotion-detail-body');
      await expect(detail).toHaveAttribute('data-state', 'NONE');
      await expect(page.getByTestId('promotion-get-app')).toBeVisible();
      await screenshot(page, 'app-download-bonus-required-EN', { fullPage: false });
      await page.evaluate(() => localStorage.setItem('language', 'TY'));
      await page.reload();
      await expect(page.getByTestId('promotion-get-app')).toContainText('Kunin ang app');
      await screenshot(page, 'app-download-bonus-required-TY', { fullPage: false });
      await page.evaluate(() => localStorage.setItem('language', 'EN'));
      await page.getByTestId('promotion-get-app').click();
      await expect(page.getByTestId('app-download-page')).toBeVisible();
      await waitForActiveWorker(page);

      // The app is installed and opened from its icon: a window of its own, standalone, at the
      // start URL. The member logs in there (a session is the window's own), and the site sends
      // the worker's install token with that login.
      const devtools = await context.newCDPSession(page);
      const manifestId = `${origin}/`;
      await devtools.send('PWA.install', { manifestId, installUrlOrBundleUrl: `${origin}/m/appDownload` });
      await devtools.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' });
      const opened = context.waitForEvent('page');
      await devtools.send('PWA.launch', { manifestId, url: `${origin}/?source=pwa` });
      const app = await opened;
      await expect
        .poll(() => app.evaluate(() => matchMedia('(display-mode: standalone)').matches))
        .toBe(true);
      // Headless Chromium may give the new window its app display only after its first page has
      // started: the start URL is opened again, as a phone's app shows it from its first paint.
      await app.goto('/?source=pwa');
      expect(await app.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
      await logInThroughPage(app, account, 'AppGift12345');
      await expect
        .poll(async () => {
          const result = await db.query('select count(*)::int as n from app_installs where member_id = $1', [
            memberId,
          ]);
          return result.rows[0].n;
        })
        .toBe(1);

      await app.goto(`/promotions#${promotionId}`);
      const inApp = app.getByTestId('promotion-detail-body');
      await expect(inApp).toHaveAttribute('data-state', 'CLAIM');
      await app.getByTestId('promotion-accept-terms').check({ force: true });
      await app.getByTestId('promotion-claim').click();
      await expect(inApp).toHaveAttribute('data-state', 'PROCESS');
      await screenshot(app, 'app-download-bonus-claimed-EN', { fullPage: false });

      // The back office's builder shows the kind with its amount and terms.
      const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
      await signInAsNewOwner(operator, db, 'appop', testInfo.project.name);
      await openSection(operator, 'Promotions');
      await operator.getByRole('button', { name: /^(Edit|Open) (Regalo sa App|App Gift)$/ }).click();
      await expect(operator.getByRole('combobox', { name: 'Kind' })).toHaveValue('app_download');
      await screenshot(operator, 'admin-promotion-app-download', { fullPage: false });
      const amount = operator.getByLabel('Bonus amount');
      await expect(amount).toHaveValue('50.00');
      await amount.scrollIntoViewIfNeeded();
      await screenshot(operator, 'admin-promotion-app-download-rules', { fullPage: false });
      await operator.close();
      const bonuses = await db.query(
        `select amount_minor::int as amount from member_bonuses where member_id = $1 and promotion_id = $2`,
        [memberId, promotionId],
      );
      expect(bonuses.rows).toEqual([{ amount: 5000 }]);
    } finally {
      await close();
      await db.query(`update promotions set status = 'withdrawn', updated_at = now() where id = $1`, [
        promotionId,
      ]);
    }
  },
);
