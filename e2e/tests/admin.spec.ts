import { createHmac, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type pg from 'pg';
import { uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { actAsOperator } from '../operators.ts';
import { DESKTOP_ONLY } from '../tags.ts';

test.beforeEach(async ({ page }) => {
  await actAsOperator(page);
});

test('the back office opens on its sign-in and shows what the server answers to a sign-in', {
  tag: DESKTOP_ONLY,
}, async ({ page, consoleErrors }) => {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Panalo back office' })).toBeVisible();

  await page.getByLabel('Username').fill('nobody');
  await page.getByLabel('Password').fill('not-the-password');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/bo/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const envelope = (await (await answer).json()) as { success: boolean; code?: string; message?: string };

  // Whatever the server says, the form shows it: these credentials cannot be right.
  expect(envelope.success).toBe(false);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(envelope.message ?? '');
  await expect(alert).toContainText(envelope.code ?? '');
  await screenshot(page, 'admin-sign-in');
  // The failed sign-in answers 4xx, which the browser reports as a console error; nothing else may.
  expect(consoleErrors.filter((error) => !error.includes('status of 4'))).toEqual([]);
});

/** RFC 6238 as an authenticator app computes it: HMAC-SHA1 over the 30-second step, 6 digits. */
function authenticatorCode(base32Secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of base32Secret.replace(/\s/g, '').toUpperCase()) {
    bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A platform owner without an authenticator, as a new installation's first owner would be. */
async function insertPlatformOwner(db: pg.Client, username: string, password: string): Promise<void> {
  // argon2id with the server's parameters (2 is Argon2id).
  const passwordHash = await hash(password, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await db.query(
    `insert into operators (id, merchant_id, username, username_key, display_name, role_id, password_hash)
     values ($1, null, $2, lower($2), $3, 'owner', $4)`,
    [`e2e-${randomBytes(8).toString('hex')}`, username, `Owner ${username}`, passwordHash],
  );
}

test(
  'an operator enrols the authenticator at the first sign-in, works with staff and roles, and finds their own actions in the audit log',
  { tag: DESKTOP_ONLY },
  async ({ page, db, consoleErrors }, testInfo) => {
    const username = uniqueAccount('boss', testInfo.project.name);
    const password = 'Owner2026pass';
    await insertPlatformOwner(db, username, password);

    await page.goto('/admin/');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The first sign-in makes the operator set up an authenticator: a QR code and the key as text.
    await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-totp-enrol');

    await page.getByLabel('Six-digit code').fill('000000');
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('SMS_CODE_INVALID');
    await page.getByLabel('Six-digit code').fill(authenticatorCode(secret ?? ''));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();

    // The dashboard: who is signed in, and a navigation of what the role opens.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-operator')).toContainText(`Owner ${username}`);
    await expect(page.getByRole('link', { name: 'Audit' })).toBeVisible();
    await screenshot(page, 'admin-dashboard');

    // Staff: create an operator; the temporary password is shown once.
    await page.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await expect(page.getByTestId(`staff-row-${username}`)).toBeVisible();
    await page.getByRole('button', { name: 'New operator' }).click();
    const newcomer = uniqueAccount('desk', testInfo.project.name);
    await page.getByLabel('Username', { exact: true }).fill(newcomer);
    await page.getByLabel('Display name').fill('Front desk');
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'Create operator' }).click();
    await expect(page.getByTestId('temporary-password')).toHaveText(/^[A-Za-z0-9]{12}$/);
    await expect(page.getByTestId(`staff-row-${newcomer}`)).toContainText('Support');
    await page.getByTestId(`staff-row-${newcomer}`).getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByTestId(`staff-row-${newcomer}`)).toContainText('locked');
    await screenshot(page, 'admin-staff');

    // Roles: the built-in roles with their permission checklists.
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('button', { name: /^Finance/ }).click();
    await expect(page.getByRole('checkbox', { name: 'finance.write' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'staff.write' })).not.toBeChecked();
    await screenshot(page, 'admin-roles');

    // The audit log holds the wrong first code, the sign-in (with the enrolment) and the changes, by
    // this operator.
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('Actor').fill(username);
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.locator('.table tbody tr');
    await expect(rows.filter({ hasText: 'auth.login.failed' })).toHaveCount(1);
    await expect(rows.filter({ hasText: /auth\.login(?!\.failed)/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'staff.create' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'staff.lock' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Before and after of staff.lock' }).click();
    const diff = page.getByRole('table', { name: 'Changes of staff.lock' });
    await expect(diff.getByRole('row', { name: /status/ })).toContainText('"active"');
    await expect(diff.getByRole('row', { name: /status/ })).toContainText('"locked"');
    await screenshot(page, 'admin-audit');

    // Signing out returns to the sign-in, and the old session is gone.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Panalo back office' })).toBeVisible();
    expect(consoleErrors.filter((error) => !error.includes('status of 4'))).toEqual([]);
  },
);
