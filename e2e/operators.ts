import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { expect, type Page } from '@playwright/test';
import type pg from 'pg';
import { authenticatorCode, uniqueAccount } from './accounts.ts';

/**
 * Every back-office sign-in of the journeys comes from an address of its own: the server asks an
 * address for a captcha after a few failed sign-ins from it (whatever the account), and the
 * journeys that try wrong passwords would otherwise leave the rest asking for one.
 */
export async function actAsOperator(page: Page): Promise<void> {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
}

/** A new platform owner who signs in to the back office and enrols the authenticator. */
export async function signInAsNewOwner(
  page: Page,
  db: pg.Client,
  prefix: string,
  projectName: string,
): Promise<void> {
  const username = uniqueAccount(prefix, projectName);
  const password = 'Owner2026pass';
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
  await actAsOperator(page);
  await page.goto('/admin/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  await page.getByLabel('Six-digit code').fill(authenticatorCode(secret ?? ''));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Opens a back-office section from the side bar. */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}
