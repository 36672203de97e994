/// <reference lib="dom" />
// Code inside page.evaluate and addInitScript runs in the browser, hence the DOM types.
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { AGE_CONFIRMED_STORAGE_KEY, expect, screenshot, test } from '../fixtures.ts';
import { MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// The entry confirmation (spec §1's regional skin): the demo merchant's minimum age asked once per
// device, remembered on Confirm, Leave going to the merchant's exit address, never on the
// region-blocked page. Every other journey answers it beforehand (fixtures.ts, preconfirmAge); these
// open contexts of their own that have not.

const EXIT_URL = 'https://exit.panalo-e2e.test/bye';

/** A context as the project's, without the answer every other journey's context carries. */
async function openUnconfirmed(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
  language: 'TY' | 'EN',
): Promise<BrowserContext> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, reducedMotion } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
    reducedMotion,
  });
  await context.addInitScript((code) => {
    localStorage.setItem('language', code);
    localStorage.setItem('historyLanguage', code);
    // The announcements popup stays closed, so that only the question is on the screen.
    sessionStorage.setItem('publicPopupClosed:anonymous', '1');
  }, language);
  return context;
}

async function expectFocusInside(page: Page): Promise<void> {
  const isInside = await page.evaluate(
    () => document.querySelector('[data-testid="age-gate"]')?.contains(document.activeElement) ?? false,
  );
  expect(isInside).toBe(true);
}

test('the age question shows once per device: Escape does not answer it, Confirm is remembered', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A browser context of its own and two page loads: more than the default budget on a busy 2-core machine.
  test.slow();
  const context = await openUnconfirmed(browser, testInfo, baseURL, 'TY');
  const page = await context.newPage();
  try {
    await page.goto('/');
    const gate = page.getByTestId('age-gate');
    // The demo merchant is a Philippine site: 21.
    await expect(gate.getByRole('heading')).toHaveText('Ikaw ba ay 21 taong gulang o higit pa?');
    await expect(page.getByTestId('age-gate-confirm')).toHaveText('Ako ay 21 taong gulang o higit pa');
    await expect(page.locator('#boot-cover')).toHaveCount(0);
    await screenshot(page, 'age-gate-ty', { fullPage: false });

    // The dialog keeps the keyboard: Tab cycles inside it, Escape leaves the question open.
    for (const _ of [1, 2, 3]) await page.keyboard.press('Tab');
    await expectFocusInside(page);
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), AGE_CONFIRMED_STORAGE_KEY)).toBeNull();

    await page.getByTestId('age-gate-confirm').click();
    await expect(gate).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), AGE_CONFIRMED_STORAGE_KEY)).toBe('1');
    await page.reload();
    await expect(page.locator('main[data-route]')).toBeVisible();
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test(
  'in English, Leave without an exit address says the site is for adults only, and Back asks again',
  { tag: PHONE_ONLY },
  async ({ browser, baseURL }, testInfo) => {
    // A browser context of its own and two page loads: more than the default budget on a busy 2-core machine.
    test.slow();
    const context = await openUnconfirmed(browser, testInfo, baseURL, 'EN');
    const page = await context.newPage();
    try {
      await page.goto('/');
      const gate = page.getByTestId('age-gate');
      await expect(gate.getByRole('heading')).toHaveText('Are you 21 or older?');
      await expect(page.getByTestId('age-gate-confirm')).toHaveText('I am 21 or older');
      await expect(page.locator('#boot-cover')).toHaveCount(0);
      await screenshot(page, 'age-gate-en', { fullPage: false });
      await page.getByTestId('age-gate-leave').click();
      await expect(gate.getByRole('heading')).toHaveText('This site is for adults only');
      await screenshot(page, 'age-gate-left-en', { fullPage: false });
      await gate.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByTestId('age-gate-confirm')).toBeVisible();
    } finally {
      await context.close();
    }
  },
);

test(
  "Leave goes to the merchant's exit address, and the region-blocked page never asks",
  { tag: [MERCHANT_WIDE, PHONE_ONLY] },
  async ({ browser, baseURL, db, setSystemStatus }, testInfo) => {
    // A browser context of its own and two page loads: more than the default budget on a busy 2-core machine.
    test.slow();
    const setExitUrl = async (exitUrl: string | null) => {
      await db.query(
        `update merchants set settings = settings || jsonb_build_object('ageGateExitUrl', $1::text), updated_at = now()
          where is_default`,
        [exitUrl],
      );
      await expect
        .poll(async () => {
          const response = await fetch(`${baseURL}/wps/system/permission`);
          const body = (await response.json()) as { value?: { info?: { ageGateExitUrl?: string | null } } };
          return body.value?.info?.ageGateExitUrl;
        })
        .toBe(exitUrl);
    };
    const context = await openUnconfirmed(browser, testInfo, baseURL, 'EN');
    try {
      await setExitUrl(EXIT_URL);
      // The exit address is answered here: the test network reaches no other site.
      await context.route(`${EXIT_URL}**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Goodbye</title><h1>Goodbye</h1>',
        }),
      );
      const page = await context.newPage();
      await page.goto('/promotions');
      await expect(page.getByTestId('age-gate')).toBeVisible();
      await page.getByTestId('age-gate-leave').click();
      await expect(page).toHaveURL(EXIT_URL);
      await expect(page.getByRole('heading', { name: 'Goodbye' })).toBeVisible();

      await setSystemStatus(2);
      await page.goto(`${baseURL}/`);
      await expect(page.getByTestId('region-blocked-page')).toBeVisible();
      await expect(page.getByTestId('age-gate')).toHaveCount(0);
      await expect(page.getByTestId('line-detection-open')).toHaveCount(0);
    } finally {
      await context.close();
      await setExitUrl(null);
    }
  },
);
