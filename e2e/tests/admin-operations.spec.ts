import sharp from 'sharp';
import { actAsVisitor, closePublicPopup, insertMember, uniqueAccount } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

/** The merchant cache of the server forgets a direct database change within two seconds. */
const MERCHANT_CACHE_MS = 2_500;

test(
  'an operator turns maintenance on and the player site shows the maintenance page',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    try {
      await signInAsNewOwner(page, db, 'maint', testInfo.project.name);
      await openSection(page, 'Configuration');
      const form = page.getByRole('form', { name: 'System status' });
      await form.getByLabel('Maintenance now').check();
      await form.getByLabel('Title (TY)').fill('Planned upgrade');
      await form.getByLabel('Message (TY)').fill('We are back in an hour.');
      await screenshot(page, 'admin-configuration-status');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toContainText('System status saved');

      const player = await newConfirmedPage(browser, { baseURL });
      await actAsVisitor(player, '203.0.113.90');
      await player.goto('/');
      const maintenance = player.getByTestId('maintenance-page');
      await expect(maintenance).toBeVisible();
      await expect(maintenance).toContainText('Planned upgrade');
      await player.close();

      await form.getByLabel('Maintenance now').uncheck();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toContainText('System status saved');
    } finally {
      await db.query(
        `update merchants set status = 0, maintenance_title = null, maintenance_message = null where is_default`,
      );
    }
  },
);

test(
  'an operator shows a register field and the register modal asks for it',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    const saved = await db.query<{ settings: unknown }>(`select settings from merchants where is_default`);
    try {
      await signInAsNewOwner(page, db, 'rules', testInfo.project.name);
      await openSection(page, 'Configuration');
      await page.getByRole('button', { name: 'Register rules' }).click();
      const row = page.getByTestId('rule-idNumber');
      await row.getByLabel('idNumber shown').check();
      await row.getByLabel('idNumber minimum length').fill('8');
      await screenshot(page, 'admin-configuration-register');
      await page.getByRole('form', { name: 'Register rules' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toContainText('Register rules saved');

      // A pattern the browser cannot compile is refused by the server, with the field named.
      await row.getByLabel('idNumber pattern').fill('([a-z');
      await page.getByRole('form', { name: 'Register rules' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert')).toContainText('VALIDATION');

      const player = await newConfirmedPage(browser, { baseURL });
      await actAsVisitor(player, '203.0.113.91');
      await player.goto('/register');
      const field = player.getByTestId('register-idNumber');
      await expect(field).toBeVisible();
      await field.fill('12345');
      await field.blur();
      // Five characters against the new minimum of eight: the modal says so before sending.
      await expect(player.getByTestId('register-form')).toContainText('Enter 8-30 letters or digits');
      await player.close();
    } finally {
      await db.query(`update merchants set settings = $1 where is_default`, [
        JSON.stringify(saved.rows[0]?.settings),
      ]);
      await new Promise((resolve) => setTimeout(resolve, MERCHANT_CACHE_MS));
    }
  },
);

test(
  'an operator adds a w_login banner with an uploaded image and it appears in the login popup',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    const title = `Login banner ${testInfo.project.name}`;
    const hidden = await db.query<{ id: string }>(
      `update banners set enabled = false where group_name = 'w_login' and enabled returning id`,
    );
    try {
      await signInAsNewOwner(page, db, 'banner', testInfo.project.name);
      await openSection(page, 'Content');
      await page.getByRole('button', { name: 'New banner' }).click();
      const form = page.getByRole('form', { name: 'New banner' });
      await form.getByLabel('Group').selectOption('w_login');
      await form.getByLabel('Title (TY)').fill(title);
      const png = await sharp({ create: { width: 320, height: 100, channels: 3, background: '#3b82f6' } })
        .png()
        .toBuffer();
      await form
        .getByLabel(/^Image \(/)
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
      await expect(form.getByTestId('uploaded-image')).toBeVisible();
      const url = await form.getByTestId('uploaded-image').getAttribute('src');
      expect(url).toMatch(/^\/media\/uploads\/content\/.+\.webp$/);
      await screenshot(page, 'admin-content-banner-form');
      await form.getByRole('button', { name: 'Add banner' }).click();
      await expect(page.getByRole('status')).toContainText('Banner added');
      await screenshot(page, 'admin-content-banners');

      const player = await newConfirmedPage(browser, { baseURL });
      await actAsVisitor(player, '203.0.113.92');
      await player.goto('/login');
      const modal = player.getByTestId('login-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('img', { name: title })).toHaveAttribute('src', url ?? '');
      await player.close();
    } finally {
      await db.query(`delete from banners where group_name = 'w_login' and title->>'TY' = $1`, [title]);
      if (hidden.rows.length > 0) {
        await db.query(`update banners set enabled = true where id = any($1)`, [
          hidden.rows.map((row) => row.id),
        ]);
      }
    }
  },
);

test(
  "an operator locks a player and that player's open page is logged out",
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const account = uniqueAccount('lockme', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Secret123', payeeName: 'Lock Me' });
    try {
      const player = await newConfirmedPage(browser, { baseURL });
      await actAsVisitor(player, '203.0.113.93');
      await player.goto('/login');
      await player.getByTestId('login-username').fill(account);
      await player.getByTestId('login-password').fill('Secret123');
      await player.getByTestId('login-submit').click();
      await expect(player.getByTestId('member-menu')).toBeVisible();
      await closePublicPopup(player);

      await signInAsNewOwner(page, db, 'locker', testInfo.project.name);
      await openSection(page, 'Players');
      await page.getByLabel('Search players').fill(account);
      await page.getByRole('button', { name: account }).click();
      const detail = page.getByRole('region', { name: `Player ${account}` });
      await expect(detail).toContainText('live');
      await screenshot(page, 'admin-players');
      await detail.getByRole('button', { name: 'Lock', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Lock', exact: true }).click();
      await expect(detail).toContainText('1 session(s) ended');

      // The player's page hears the kick over its socket and shows the logged-out header.
      await expect(player.getByTestId('header-login')).toBeVisible({ timeout: 10_000 });
      await expect(player.getByTestId('member-menu')).toBeHidden();
      await player.close();

      await openSection(page, 'Reports');
      await expect(page.getByRole('img', { name: 'Daily totals chart' })).toBeVisible();
      await screenshot(page, 'admin-reports');
      await page.getByLabel('Report').selectOption('money');
      await expect(page.getByTestId('report-money')).toContainText('Net deposits');
      // NGR stands beside GGR, and the help under the range says what it takes off.
      await expect(page.getByTestId('report-money').locator('thead')).toContainText('NGR');
      await expect(page.getByTestId('report-help')).toContainText('NGR is GGR less the bonuses');
      await screenshot(page, 'admin-reports-money');
    } finally {
      await db.query(`update members set status = 'active' where id = $1`, [memberId]);
    }
  },
);

test(
  "an operator adds to a player's cash through a dialog that restates the amount and the player",
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.setTimeout(90_000);
    const account = uniqueAccount('adjust', testInfo.project.name);
    await insertMember(db, { account, password: 'Secret123', payeeName: 'Adjust Me' });
    await signInAsNewOwner(page, db, 'adjuster', testInfo.project.name);
    await openSection(page, 'Players');
    await page.getByLabel('Search players').fill(account);
    await page.getByRole('button', { name: account }).click();
    const detail = page.getByRole('region', { name: `Player ${account}` });
    const form = detail.getByRole('form', { name: `Adjust the balance of ${account}` });
    await form.getByLabel('Amount').fill('125.50');
    await form.getByLabel('Reason').fill('Goodwill for a delayed payout');
    await form.getByRole('button', { name: 'Adjust…' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Add ₱125.50 to ${account}'s cash?`);
    await expect(dialog).toContainText('Goodwill for a delayed payout');
    // Cancel holds the focus: Enter on the opened dialog must not move money.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'admin-players-adjust-confirm');
    await dialog.getByRole('button', { name: 'Add to cash' }).click();
    await expect(page.getByRole('status')).toContainText(`Added ₱125.50 to ${account}'s cash.`);
    await expect(detail).toContainText('125.50 cash');
    await screenshot(page, 'admin-players-adjusted');
  },
);

test(
  "an operator corrects a player's profile, each refusal beside its field, and the change is the operator's in the history",
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.setTimeout(90_000);
    const account = uniqueAccount('profile', testInfo.project.name);
    await insertMember(db, { account, password: 'Secret123', email: `${account}@panalo.example` });
    await signInAsNewOwner(page, db, 'profiler', testInfo.project.name);
    await openSection(page, 'Players');
    await page.getByLabel('Search players').fill(account);
    await page.getByRole('button', { name: account }).click();
    const panel = page.getByRole('region', { name: `Profile of ${account}` });
    await expect(panel).toContainText(`${account}@panalo.example (not verified)`);
    await panel.getByRole('button', { name: `Edit the profile of ${account}` }).click();

    const form = panel.getByRole('form', { name: `Edit the profile of ${account}` });
    // Too short is said at once; a pattern the rule refuses is the server's word, beside its field.
    await form.getByLabel('Nickname').fill('L');
    await form.getByLabel('Nationality').fill('Filipino 1');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.locator('[data-field-error="nickname"]')).toHaveText('Enter 2-20 characters.');
    await form.getByLabel('Nickname').fill('Lakan');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.locator('[data-field-error="nationality"]')).toContainText('Enter 2-50');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-players-profile-errors', { fullPage: false });

    await form.getByLabel('Nationality').fill('Filipino');
    await form.getByLabel('Occupation').fill('Nurse');
    await form.getByLabel('Birthday').fill('1990-05-17');
    await form.getByLabel('Mobile').fill('09170000919');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(panel.getByRole('status')).toContainText(`Profile of ${account} saved.`);
    const facts = panel.getByTestId('player-profile-facts');
    await expect(facts).toContainText('Filipino');
    await expect(facts).toContainText('Nurse');
    await expect(facts).toContainText('+63 9170000919 (not verified)');
    const history = page.getByTestId('profile-changes');
    await expect(history).toContainText('Occupation');
    await expect(history).toContainText('Operator');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-players-profile', { fullPage: false });
  },
);
