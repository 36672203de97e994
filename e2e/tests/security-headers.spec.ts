import type { Locator, Page } from '@playwright/test';
import { actAsVisitor } from '../accounts.ts';
import { expect, test } from '../fixtures.ts';
import { actAsOperator } from '../operators.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

// The pages run under their enforced Content-Security-Policy (apps/server http/static/
// security-headers.ts) without a single violation: the player's home page with its hashed inline
// boot scripts, our game client and a vendor's game inside the site's frame, and the back office's
// sign-in. Every frame reports a violation to the console, where the test collects it.

// A page's first load builds its policy and its lazy chunks on a busy 2-core machine.
test.slow();

/** Collects every CSP violation of every frame of the page, as the browser reports it. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('csp-violation:') || text.includes('Content Security Policy')) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`csp-violation: ${event.effectiveDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  return violations;
}

/**
 * Waits until the element shows or a violation is reported, whichever comes first, so that a
 * refused script or frame fails the test with the violation rather than with a missing element.
 */
async function shownUnlessRefused(locator: Locator, violations: string[]): Promise<void> {
  await expect
    .poll(async () => violations.length > 0 || (await locator.isVisible()), { timeout: 30_000 })
    .toBe(true);
  expect(violations).toEqual([]);
}

function randomAddress(): string {
  return `10.79.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

test('the player home page loads under its policy without a violation', { tag: PHONE_ONLY }, async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await actAsVisitor(page, randomAddress());
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'");
  expect(policy).toContain("frame-ancestors 'self'");
  // The app rendered (its scripts ran), unless the policy stopped something first.
  await shownUnlessRefused(page.getByTestId('category-menu'), violations);
  await expect(page.locator('#boot-cover')).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('our game client and a vendor game open in the site’s frame without a violation', {
  tag: DESKTOP_ONLY,
}, async ({ page }) => {
  const violations = await watchViolations(page);
  await actAsVisitor(page, randomAddress());

  // Our own game, in demo, inside the site's frame: frame-src of the site, frame-ancestors of the client.
  await page.goto('/seamless?nodeId=INHOUSE_dice&mode=demo');
  const house = page.frameLocator('iframe');
  await shownUnlessRefused(house.getByTestId('game-balance'), violations);
  await expect(house.getByTestId('game-balance')).toContainText('10,000.00');
  await house.getByTestId('play').click();
  await expect(house.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);

  // A vendor's game (the vendor sandbox, another origin) inside the same frame.
  await page.goto('/seamless?nodeId=LAKAN_lakan-live-high-card&mode=demo');
  await expect(page.locator('iframe')).toHaveAttribute('src', /\/lakan\/play\/lakan-live-high-card\?/);
  const vendor = page.frameLocator('iframe');
  await shownUnlessRefused(vendor.getByText(/play money/i), violations);
  expect(violations).toEqual([]);
});

test('the back office sign-in loads under its policy without a violation and cannot be framed', {
  tag: DESKTOP_ONLY,
}, async ({ page }) => {
  const violations = await watchViolations(page);
  await actAsOperator(page);
  const response = await page.goto('/admin/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { name: 'Panalo back office' })).toBeVisible();
  await page.getByLabel('Username').fill('nobody');
  await page.getByLabel('Password').fill('not-the-password');
  const answer = page.waitForResponse((reply) => new URL(reply.url()).pathname === '/bo/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answer;
  await expect(page.getByRole('alert')).toBeVisible();

  expect(violations).toEqual([]);

  // A page of the player site that tries to frame the back office is refused by the browser.
  await page.goto('/');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.id = 'framed-admin';
    frame.src = '/admin/';
    document.body.append(frame);
  });
  await expect.poll(() => violations.some((text) => text.includes('frame-ancestors'))).toBe(true);
  await expect(
    page.frameLocator('#framed-admin').getByRole('heading', { name: 'Panalo back office' }),
  ).toHaveCount(0);
  expect(violations.filter((text) => !text.includes('frame-ancestors'))).toEqual([]);
});
