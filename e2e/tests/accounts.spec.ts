import type { Page } from '@playwright/test';
import {
  actAsVisitor,
  authenticatorCode,
  closePublicPopup,
  insertMember,
  readOutboxCode,
  setLoginVerification,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

/**
 * A random private address per test: workers restart after a failure, so a counter would repeat
 * addresses whose throttles are still counting on the one server.
 */
function nextAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
}

async function logInThroughForm(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page): Promise<void> {
  await page
    .getByTestId('member-menu')
    .getByRole('button', { name: /account menu|menu ng account/i })
    .click();
  await page.getByTestId('member-sign-out').click();
  await expect(page.getByTestId('logout-confirm')).toBeVisible();
  await screenshot(page, 'accounts-logout-confirm');
  await page.getByTestId('logout-confirm-submit').click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

test('registering by account name lands logged in, and signing out returns to a visitor', async ({
  page,
  consoleErrors,
}, testInfo) => {
  // Several logins, each an argon2 hash on the server: more than the default budget on a busy machine.
  test.slow();
  await actAsVisitor(page, nextAddress());
  const account = uniqueAccount('reg', testInfo.project.name);
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await expect(form).toBeVisible();
  await form
    .getByLabel(/^(username|account)/i)
    .first()
    .fill(account);
  await form
    .getByLabel(/^password/i)
    .first()
    .fill('Secret123');
  await form
    .getByLabel(/confirm/i)
    .first()
    .fill('Secret123');
  await screenshot(page, 'accounts-register-filled');
  // The boxes are drawn over visually hidden inputs: a person taps the label.
  await form.locator('label', { has: page.getByTestId('register-terms') }).click();
  await form.locator('label', { has: page.getByTestId('register-age') }).click();
  await form.getByRole('button', { name: /^register$/i }).click();

  // A new member lands once on the first deposit, with a deposit limit offered beside it.
  await expect(page.getByTestId('first-deposit-page')).toBeVisible();
  await expect(page.getByTestId('first-deposit-limit')).toBeVisible();
  await screenshot(page, 'accounts-first-deposit');
  await page.getByTestId('first-deposit-later').click();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await closePublicPopup(page);
  await expect(page.getByTestId('member-menu')).toContainText(
    testInfo.project.name === 'phone' ? '' : account,
  );
  await screenshot(page, 'accounts-logged-in-home');
  await page
    .getByTestId('member-menu')
    .getByRole('button', { name: /account menu/i })
    .click();
  await expect(page.getByRole('menu')).toContainText(account);
  await screenshot(page, 'accounts-member-menu');
  await page.keyboard.press('Escape');
  await signOut(page);
  expect(consoleErrors).toEqual([]);
});

test(
  '"remember" fills in the account name next time, never the password',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    // Several logins, each an argon2 hash on the server: more than the default budget on a busy machine.
    test.slow();
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('mem', testInfo.project.name);
    await skipMemberPopup(page, await insertMember(db, { account, password: 'Remember123' }));
    await openLogin(page);
    await logInThroughForm(page, account, 'Remember123');
    await expect(page.getByTestId('login-modal')).toBeHidden();
    await expect(page.getByTestId('member-menu')).toBeVisible();
    await signOut(page);

    await openLogin(page);
    await page.getByTestId('login-username').fill(account);
    await page.getByTestId('login-password').fill('Remember123');
    await page.locator('label', { hasText: /remember/i }).click();
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('member-menu')).toBeVisible();
    const cookies = await page.context().cookies();
    const remembered = cookies.find((cookie) => cookie.name === 'panalo_remember');
    expect(decodeURIComponent(remembered?.value ?? '')).toContain(account);
    expect(decodeURIComponent(remembered?.value ?? '')).not.toContain('Remember123');
    await signOut(page);

    await openLogin(page);
    await expect(page.getByTestId('login-username')).toHaveValue(account);
    await expect(page.getByTestId('login-password')).toHaveValue('');
  },
);

test(
  'a wrong password shows the error, and after three the captcha',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('cap', testInfo.project.name);
    await skipMemberPopup(page, await insertMember(db, { account, password: 'Right1234' }));
    await openLogin(page);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await logInThroughForm(page, account, `wrong-${attempt}`);
      await expect(page.getByTestId('form-notice')).toContainText(/incorrect account or password/i);
    }
    const captcha = page.getByTestId('login-modal').locator('img[src^="data:image/png"]');
    await expect(captcha).toBeVisible();
    await expect(captcha).toHaveAttribute('src', /^data:image\/png;base64,/);
    await screenshot(page, 'accounts-login-captcha');
  },
);

test(
  'forgot password by phone: the outbox code sets a new password and logs in',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    // Several logins, each an argon2 hash on the server: more than the default budget on a busy machine.
    test.slow();
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('pho', testInfo.project.name);
    // A mobile number of its own per project and run: 917 followed by seven digits.
    const mobileNumber = `917${String(Date.now()).slice(-6)}${testInfo.project.name === 'phone' ? 1 : 2}`;
    await skipMemberPopup(page, await insertMember(db, { account, password: 'Forgot1234', mobileNumber }));
    await openLogin(page);
    await page.getByRole('button', { name: /forgot/i }).click();
    const modal = page.getByTestId('forget-pass-modal');
    await expect(modal).toBeVisible();
    await modal
      .getByLabel(/mobile/i)
      .first()
      .fill(`0${mobileNumber}`);
    await modal.getByRole('button', { name: /send/i }).click();
    await expect(modal.getByRole('button', { name: /\d+\s*s/ })).toBeVisible();
    const code = await readOutboxCode(db, `+63${mobileNumber}`);
    await modal.getByLabel(/verification code/i).fill(code);
    await modal
      .getByLabel(/new password/i)
      .first()
      .fill('NewPass123');
    await screenshot(page, 'accounts-forgot-phone');
    await modal.getByRole('button', { name: /submit/i }).click();
    await expect(page.getByTestId('member-menu')).toBeVisible();
    await signOut(page);
    await openLogin(page);
    await logInThroughForm(page, account, 'NewPass123');
    await expect(page.getByTestId('member-menu')).toBeVisible();
  },
);

test(
  'forgot password by email: the emailed link carries its token in the fragment and opens the reset form',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('eml', testInfo.project.name);
    const email = `${account}@example.test`;
    await skipMemberPopup(page, await insertMember(db, { account, password: 'Forgot1234', email }));
    await openLogin(page);
    await page.getByRole('button', { name: /forgot/i }).click();
    const modal = page.getByTestId('forget-pass-modal');
    await modal.getByRole('tab', { name: /^email$/i }).click();
    await modal.getByLabel(/^username/i).fill(account);
    await modal.getByLabel(/^email/i).fill(email);
    await modal.getByRole('button', { name: /submit|send/i }).click();
    await expect(modal.getByText(/check your email/i)).toBeVisible();

    const mail = await db.query<{ body: string }>(
      'select body from outbox_messages where destination = $1 order by created_at desc, id desc limit 1',
      [email],
    );
    const link = /(\S+\/#resetPassword=[A-Za-z0-9_-]+)/.exec(mail.rows[0]?.body ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    // The link names the site's configured origin, and the token rides in the fragment, which the
    // browser never sends to the server; the page takes it out of the address bar at once.
    const resetUrl = new URL(link);
    await page.goto(`${resetUrl.pathname}${resetUrl.hash}`);
    const reset = page.getByTestId('change-pass-modal');
    await expect(reset).toBeVisible();
    await expect(page).not.toHaveURL(/resetPassword/);
    await reset.getByLabel(/^new password/i).fill('Emailed123');
    await reset.getByLabel(/^confirm password/i).fill('Emailed123');
    await screenshot(page, 'accounts-reset-by-email');
    await reset.getByRole('button', { name: /submit/i }).click();
    await expect(page.getByTestId('member-menu')).toBeVisible();
  },
);

test(
  'the first login with 123456 forces a password change',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('def', testInfo.project.name);
    await skipMemberPopup(page, await insertMember(db, { account, password: '123456' }));
    await openLogin(page);
    await logInThroughForm(page, account, '123456');
    const modal = page.getByTestId('change-pass-modal');
    await expect(modal).toBeVisible();
    await screenshot(page, 'accounts-change-password');
    await modal.getByTestId('change-old-password').fill('123456');
    await modal
      .getByLabel(/new password/i)
      .first()
      .fill('Changed123');
    await modal
      .getByLabel(/confirm/i)
      .first()
      .fill('Changed123');
    await modal.getByRole('button', { name: /submit/i }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('member-menu')).toBeVisible();
  },
);

test('free play gives a trial account that must register for member pages', async ({ page }) => {
  await actAsVisitor(page, nextAddress());
  await openLogin(page);
  await page.getByRole('button', { name: /free play|libreng laro/i }).click();
  await expect(page.getByTestId('member-menu')).toContainText(/trial/i);
  await closePublicPopup(page);
  await page.goto('/member');
  await expect(page.getByText(/please register an account first/i)).toBeVisible();
});

test('the security centre shows the account, avatars and the login history', async ({
  page,
  db,
}, testInfo) => {
  // Several logins, each an argon2 hash on the server: more than the default budget on a busy machine.
  test.slow();
  await actAsVisitor(page, nextAddress());
  const account = uniqueAccount('sec', testInfo.project.name);
  await skipMemberPopup(page, await insertMember(db, { account, password: 'Secure1234' }));
  for (let login = 0; login < 2; login += 1) {
    await openLogin(page);
    await logInThroughForm(page, account, 'Secure1234');
    await expect(page.getByTestId('member-menu')).toBeVisible();
    if (login === 0) await signOut(page);
  }
  await page.goto('/member?page=securityCenter');
  const centre = page.getByTestId('security-centre');
  await expect(centre).toContainText(account);
  await expect(page.getByTestId('login-history').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('previous-login')).not.toContainText(/first login/i);
  await centre.getByRole('radio').nth(4).click();
  await expect(centre.getByRole('radio').nth(4)).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'accounts-security-centre');
});

test(
  'a login from a new address asks for a second step, and the authenticator can be set up',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, db }, testInfo) => {
    // Several logins, each an argon2 hash on the server: more than the default budget on a busy machine.
    test.slow();
    const account = uniqueAccount('two', testInfo.project.name);
    await skipMemberPopup(
      page,
      await insertMember(db, { account, password: 'Second1234', payeeName: 'Maria Clara' }),
    );
    await actAsVisitor(page, nextAddress());
    await openLogin(page);
    await logInThroughForm(page, account, 'Second1234');
    await expect(page.getByTestId('member-menu')).toBeVisible();

    await page.goto('/member?page=securityCenter');
    await page.getByTestId('totp-setup').click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'accounts-authenticator-setup');
    await page.getByTestId('totp-code').fill(authenticatorCode(secret));
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByTestId('authenticator')).toContainText(/is on/i);
    await signOut(page);

    await setLoginVerification(db, true);
    try {
      await actAsVisitor(page, nextAddress());
      await openLogin(page);
      await logInThroughForm(page, account, 'Second1234');
      const step = page.getByTestId('second-step-form');
      await expect(step).toBeVisible();
      await expect(step.getByRole('tab')).toHaveText([/authenticator/i, /bank account name/i]);
      await screenshot(page, 'accounts-second-step');
      await step.getByRole('tab', { name: /bank account name/i }).click();
      await page.getByTestId('second-step-answer').fill('maria  clara');
      await page.getByTestId('second-step-submit').click();
      await expect(page.getByTestId('member-menu')).toBeVisible();
      await expect(page.getByTestId('login-modal')).toBeHidden();
    } finally {
      await setLoginVerification(db, false);
    }
  },
);

test(
  '"Continue with Google" signs a new player up through the identity provider and lands on the first deposit',
  { tag: PHONE_ONLY },
  async ({ page, db, consoleErrors }, testInfo) => {
    test.slow();
    await actAsVisitor(page, nextAddress());
    const email = `${uniqueAccount('soc', testInfo.project.name)}@example.ph`;
    await openLogin(page);
    await screenshot(page, 'accounts-login-social');
    await page.getByTestId('social-google').click();

    // The provider's own page (the identity sandbox stands in for Google here).
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Name').fill('Social Player');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await screenshot(page, 'accounts-social-provider');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByTestId('member-menu')).toBeVisible();
    // The sign-in made the account, so the new member lands on the first deposit, as on registering.
    await expect(page.getByTestId('first-deposit-page')).toBeVisible();
    await expect(page).toHaveURL(/\/firstDeposit$/);
    await screenshot(page, 'accounts-social-first-deposit');
    expect(new URL(page.url()).hash).toBe('');
    const member = await db.query<{ account: string; register_method: string }>(
      'select account, register_method from members where email = $1',
      [email],
    );
    expect(member.rows[0]?.register_method).toBe('GOOGLE');
    await closePublicPopup(page);
    await page
      .getByTestId('member-menu')
      .getByRole('button', { name: /account menu/i })
      .click();
    await expect(page.getByRole('menu')).toContainText(member.rows[0]?.account ?? '?');
    expect(consoleErrors).toEqual([]);
  },
);

test('cancelling at the identity provider comes back to the login form with the reason', {
  tag: DESKTOP_ONLY,
}, async ({ page }) => {
  await actAsVisitor(page, nextAddress());
  await openLogin(page);
  await page.getByTestId('social-facebook').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(/did not finish/i);
  await expect(page.getByTestId('header-login')).toBeVisible();
  await screenshot(page, 'accounts-social-cancelled');
});
