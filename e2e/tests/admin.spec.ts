import { expect, screenshot, test } from '../fixtures.ts';

test('the back office opens on its sign-in and shows what the server answers to a sign-in', async ({
  page,
  consoleErrors,
}) => {
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
