import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { actAsVisitor, nextAddress } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

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

// One size is enough for what the browser checks; it starts a second browser, which takes a while.
test('the lite app installs, its worker serves the shell, and offline the API fails rather than come from a cache', {
  tag: DESKTOP_ONLY,
}, async ({ baseURL }) => {
  // Starting a browser of its own takes a few seconds more than a journey in the shared one.
  test.slow();
  // Chromium installs nothing from a profile that is not kept (Playwright's contexts are
  // incognito-like: "in-incognito"), so this browser gets a profile of its own on disk.
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
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await actAsVisitor(page, nextAddress());
    await checkLiteApp(page);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
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
