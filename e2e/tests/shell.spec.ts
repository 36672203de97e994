/// <reference lib="dom" />
// Code inside page.evaluate and addInitScript runs in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures.ts';
import { MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

// The player web shell: startup states, guard, language, theme, menus and modals, with screenshots
// of the modals at the phone and desktop sizes (screens.spec.ts loads every route of spec §2).

/** Marks the announcements popup as closed for this session, so it does not cover what a test looks at. */
async function skipPublicPopup(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('publicPopupClosed:anonymous', '1'));
}

async function useLanguage(page: Page, language: 'TY' | 'EN'): Promise<void> {
  await page.addInitScript((code) => {
    localStorage.setItem('language', code);
    localStorage.setItem('historyLanguage', code);
  }, language);
}

/** The static loading cover fades out after the first render; pictures are taken once it is gone. */
async function waitForBootCover(page: Page): Promise<void> {
  await expect(page.locator('#boot-cover')).toHaveCount(0);
}

async function captureScreen(page: Page, name: string): Promise<void> {
  await waitForBootCover(page);
  await screenshot(page, name);
}

/**
 * A modal is fixed to the viewport while the page behind it is fixed too, so a full-page picture
 * would show it floating mid-page; modals are taken at the viewport's size instead.
 */
async function screenshotModal(page: Page, name: string): Promise<void> {
  await waitForBootCover(page);
  await screenshot(page, name, { fullPage: false });
}

function isPhone(): boolean {
  return test.info().project.name === 'phone';
}

/** On a phone the language and theme switches live in the side drawer. */
async function openSettings(page: Page): Promise<void> {
  if (isPhone()) await page.getByTestId('open-drawer').click();
}

test('a login-required route without a session goes to /login with the login popup open', async ({
  page,
  consoleErrors,
}) => {
  await skipPublicPopup(page);
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await screenshotModal(page, 'shell-login-modal');
  expect(consoleErrors).toEqual([]);
});

test(
  'maintenance shows the full maintenance page with the merchant text, and its button opens the live chat',
  {
    tag: MERCHANT_WIDE,
  },
  async ({ page, setSystemStatus }, testInfo) => {
    await setSystemStatus(1, { title: 'Scheduled upgrade', message: 'Back at 04:00 Manila time.' });
    await page.goto('/');
    const maintenance = page.getByTestId('maintenance-page');
    await expect(maintenance).toBeVisible();
    await expect(maintenance).toContainText('Scheduled upgrade');
    await expect(maintenance).toContainText('Back at 04:00 Manila time.');
    await expect(page.getByTestId('home-page')).toHaveCount(0);
    await captureScreen(page, 'shell-maintenance');
    // The demo's customer service is our own live chat, which stays open while the site is closed:
    // the 440 × 750 popup on a desktop, this tab on a phone (the maintenance page has no modals).
    const contact = page.getByTestId('status-customer-service');
    await expect(contact).toHaveText('Kontakin ang customer service');
    if (testInfo.project.name === 'phone') {
      await contact.click();
      await expect(page).toHaveURL(/\/chat$/);
      await expect(page.getByTestId('chat-page')).toBeVisible();
      await captureScreen(page, 'shell-maintenance-chat');
      // Its close button goes back to the maintenance page.
      await page.getByTestId('chat-page').getByRole('button', { name: 'Isara' }).click();
      await expect(page.getByTestId('maintenance-page')).toBeVisible();
    } else {
      const popupOpened = page.waitForEvent('popup');
      await contact.click();
      const popup = await popupOpened;
      await popup.waitForURL(/\/chat$/);
      await expect(popup.getByTestId('chat-page')).toBeVisible();
      await popup.close();
    }
  },
);

test('a blocked region shows the visitor IP and the restriction message', { tag: MERCHANT_WIDE }, async ({
  page,
  setSystemStatus,
}) => {
  await useLanguage(page, 'EN');
  await setSystemStatus(2);
  await page.goto('/');
  const blocked = page.getByTestId('region-blocked-page');
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText('Access restricted due to location or IP');
  await expect(page.getByTestId('visitor-ip')).toHaveText(/\d+\.\d+\.\d+\.\d+|:/);
  await captureScreen(page, 'shell-region-blocked');
});

test('the announcements popup shows once per session', async ({ page, consoleErrors }) => {
  await page.goto('/');
  const popup = page.getByTestId('public-modal');
  await expect(popup).toBeVisible();
  await screenshotModal(page, 'shell-public-modal');
  await popup.getByRole('button', { name: /isara|close/i }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('public-modal')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('switching language changes the text, <html lang> and both stored keys', async ({ page }) => {
  await skipPublicPopup(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByTestId('header-login')).toHaveText('Mag-log in');
  await openSettings(page);
  await page.locator('[data-testid="language-EN"]:visible').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('header-login')).toHaveText('Log in');
  expect(
    await page.evaluate(() => [localStorage.getItem('language'), localStorage.getItem('historyLanguage')]),
  ).toEqual(['EN', 'EN']);
  await page.reload();
  await expect(page.getByTestId('header-login')).toHaveText('Log in');
});

test('switching theme applies and remembers the light theme', async ({ page }) => {
  await skipPublicPopup(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openSettings(page);
  await page.locator('[data-testid="theme-light"]:visible').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  if (isPhone()) await page.getByTestId('open-drawer').click();
  await captureScreen(page, 'shell-home-light');
});

test('login-required routes redirect visitors to /login', { tag: PHONE_ONLY }, async ({ page }) => {
  // Six page loads, each with its redirect and popup: more than one journey's budget on a busy machine.
  test.slow();
  await skipPublicPopup(page);
  for (const path of [
    '/member',
    '/favorite',
    '/recent',
    '/lottery?gameCode=VN1',
    '/seaLottery',
    '/vnLottery',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-modal'), path).toBeVisible();
  }
});

test('/help opens the help centre at the user agreement, /register the registration form', async ({
  page,
  consoleErrors,
}) => {
  await skipPublicPopup(page);
  await page.goto('/help');
  const help = page.getByTestId('help-modal');
  await expect(help).toBeVisible();
  await expect(help.getByRole('tab', { selected: true })).toBeVisible();
  await expect(help.locator('[aria-expanded="true"]')).toHaveCount(1);
  await screenshotModal(page, 'shell-help-modal');

  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await expect(form).toBeVisible();
  await page.getByTestId('register-submit').click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await screenshotModal(page, 'shell-register-modal');
  expect(consoleErrors).toEqual([]);
});

test('the notice icon opens the notices, and the side menu opens as a drawer on a phone', async ({
  page,
}) => {
  await skipPublicPopup(page);
  await page.goto('/');
  await page.getByTestId('open-notices').click();
  await expect(page.getByTestId('notice-modal')).toBeVisible();
  await screenshotModal(page, 'shell-notice-modal');
  await page
    .getByTestId('notice-modal')
    .getByRole('button', { name: /isara|close/i })
    .first()
    .click();
  if (isPhone()) {
    await page.getByTestId('open-drawer').click();
    await expect(page.getByTestId('side-drawer')).toBeVisible();
    await screenshotModal(page, 'shell-side-drawer');
  } else {
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.getByTestId('collapse-side-menu').click();
    await captureScreen(page, 'shell-side-menu-collapsed');
  }
});

test('the login form checks its fields, then sends a sealed body and shows the answer', async ({ page }) => {
  await skipPublicPopup(page);
  await page.goto('/login');
  const modal = page.getByTestId('login-modal');
  await page.getByTestId('login-submit').click();
  await expect(modal.getByRole('alert').first()).toBeVisible();

  await page.getByTestId('login-username').fill('player01');
  await page.getByTestId('login-password').fill('secret123');
  const loginRequest = page.waitForRequest(
    (request) => request.url().includes('/wps/session/login') && request.method() === 'POST',
  );
  await page.getByTestId('login-submit').click();
  const body = (await loginRequest).postDataJSON() as Record<string, unknown>;
  // API.md "Encrypted payloads": the password never travels in the clear.
  expect(Object.keys(body).sort()).toEqual(['d', 'e', 'iv', 'k', 'kid']);
  expect(body.e).toBe('v1');
  expect(JSON.stringify(body)).not.toContain('secret123');
  // Whatever the server answers, the user sees it: a notice in the form, or the popup closes on success.
  await expect
    .poll(async () => (await page.getByTestId('form-notice').isVisible()) || !(await modal.isVisible()))
    .toBe(true);
});

test('a modal fixes the body while open and restores the scroll position on close', async ({ page }) => {
  await skipPublicPopup(page);
  await page.goto('/inHouse');
  await waitForBootCover(page);
  // The page must be taller than the window before it can scroll: its lazy screen and the footer first.
  await expect(page.getByTestId('in-house-page')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.getByTestId('open-notices').click();
  const modal = page.getByTestId('notice-modal');
  await expect(modal).toBeVisible();
  expect(await page.evaluate(() => document.body.style.position)).toBe('fixed');
  // No close on an outside click (spec §9): a click on the overlay leaves the modal open.
  await page.mouse.click(5, 200);
  await expect(modal).toBeVisible();
  await modal
    .getByRole('button', { name: /isara|close/i })
    .first()
    .click();
  await expect(modal).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.position)).toBe('');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('searching the lobby sets the search category, and clearing returns home', async ({ page }) => {
  await skipPublicPopup(page);
  await useLanguage(page, 'EN');
  await page.goto('/');
  const search = page.getByTestId('home-search');
  await search.fill('walang ganitong laro');
  await expect(page.getByTestId('home-page')).toContainText('No games match “walang ganitong laro” yet.');
  await expect(page.getByTestId('category-menu').getByRole('button', { pressed: true })).toHaveCount(0);
  await search.fill('');
  await expect(page.getByTestId('category-menu').getByRole('button', { name: 'Home' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
