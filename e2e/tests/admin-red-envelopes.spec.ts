import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY } from '../tags.ts';

// The back office's red envelopes (docs/red-envelopes.md): an operator schedules a drop for
// tomorrow, sees it upcoming with its seed's hash, cancels it before it opens, and reads the
// envelopes members opened of the demo's open drop.

test(
  'an operator schedules a red-envelope drop, cancels it before it opens, and reads a drop’s envelopes',
  { tag: [DESKTOP_ONLY] },
  async ({ page, db }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewOwner(page, db, 'drops', testInfo.project.name);
    await openSection(page, 'Red envelopes');
    const title = `Pasko ${testInfo.project.name} ${Date.now()}`;
    await page.getByRole('button', { name: 'New drop' }).click();
    const form = page.getByRole('form', { name: 'New drop' });
    await form.getByLabel('Title (Tagalog)').fill(title);
    await form.getByLabel('Title (English)').fill(`Christmas ${title}`);
    await form.getByLabel('Total (₱)').fill('50');
    await form.getByLabel('Envelopes', { exact: true }).fill('100');
    await form.getByLabel('Minimum per envelope (₱)').fill('1.00');
    await form.getByRole('button', { name: 'Schedule the drop' }).click();
    await expect(page.getByRole('alert')).toContainText(/envelopes times the minimum/);
    await form.getByLabel('Total (₱)').fill('500');
    await form.getByRole('button', { name: 'Schedule the drop' }).click();
    await expect(page.getByRole('status')).toContainText('Drop scheduled');
    const row = page.getByTestId('red-envelope-drops').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Upcoming');
    await expect(row).toContainText('0 / 100');
    await screenshot(page, 'admin-red-envelopes');

    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the drop' }).click();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: 'Change' })).toHaveCount(0);

    // The demo's open drop, with the envelopes opened so far.
    const demo = page
      .getByTestId('red-envelope-drops')
      .getByRole('row')
      .filter({ hasText: 'Red envelopes: ₱200' });
    await demo.first().getByRole('button', { name: 'Envelopes' }).click();
    await expect(page.getByRole('region', { name: 'Opened envelopes' })).toBeVisible();
    await screenshot(page, 'admin-red-envelopes-claims');
  },
);
