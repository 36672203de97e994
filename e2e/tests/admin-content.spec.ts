import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { actAsVisitor, closePublicPopup } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

// The back office's content and configuration editors, each checked on the player site: a help
// article edited in Tagalog, and a Telegram customer-service entry among the floating buttons.

async function fillLanguage(
  form: ReturnType<Page['getByRole']>,
  label: string,
  language: 'TY' | 'EN',
  text: string,
) {
  const group = form.getByRole('group', { name: label, exact: true });
  const tab = group.getByRole('tab', { name: language, exact: true });
  // On a phone one language shows at a time; its tab brings it up.
  if (await tab.isVisible()) await tab.click();
  await group.getByLabel(`${label} (${language})`).fill(text);
}

const PLAYER_LOAD_MS = 20_000;

/** A visitor reading the site in Tagalog, the default (the shared helper switches to English). */
async function visitInTagalog(page: Page, address: string) {
  await actAsVisitor(page, address);
  await page.addInitScript(() => {
    localStorage.setItem('language', 'TY');
    localStorage.setItem('historyLanguage', 'TY');
  });
}

test(
  'an operator edits a help article in TY and the player help page shows it',
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const anchor = `e2e-${testInfo.project.name}`;
    try {
      await signInAsNewOwner(page, db, 'helpdesk', testInfo.project.name);
      await openSection(page, 'Content');
      await page.getByRole('button', { name: 'Help centre' }).click();
      await page.getByRole('button', { name: 'New category' }).click();
      const categoryForm = page.getByRole('form', { name: 'New help category' });
      await categoryForm.getByLabel(/^Anchor/).fill(anchor);
      await fillLanguage(categoryForm, 'Title', 'TY', `Mga tanong ${testInfo.project.name}`);
      await fillLanguage(categoryForm, 'Title', 'EN', `Questions ${testInfo.project.name}`);
      await categoryForm.getByRole('button', { name: 'Add category' }).click();
      await expect(page.getByRole('status')).toContainText('Category added');

      const category = page.getByRole('region', {
        name: `Help category Mga tanong ${testInfo.project.name}`,
      });
      await category.getByRole('button', { name: 'New article' }).click();
      const articleForm = page.getByRole('form', { name: 'New help article' });
      await articleForm.getByLabel(/^Anchor/).fill(`${anchor}-deposit`);
      await fillLanguage(articleForm, 'Title', 'TY', 'Paano magdeposito');
      await fillLanguage(articleForm, 'Body', 'TY', '<p>Lumang sagot</p>');
      await fillLanguage(articleForm, 'Title', 'EN', 'How to deposit');
      await fillLanguage(articleForm, 'Body', 'EN', '<p>Old answer</p>');
      await screenshot(page, 'admin-content-help-article-form');
      await articleForm.getByRole('button', { name: 'Add article' }).click();
      await expect(page.getByRole('status')).toContainText('Article added');

      // The edit: a new Tagalog body, with a script the server must strip.
      await category.getByRole('button', { name: 'Edit article Paano magdeposito' }).click();
      const editForm = page.getByRole('form', { name: 'Edit help article' });
      await fillLanguage(
        editForm,
        'Body',
        'TY',
        '<p>Buksan ang <strong>GCash</strong> at i-scan ang QR.</p><script>window.hacked = true</script>',
      );
      await screenshot(page, 'admin-content-help-article-edit');
      await editForm.getByRole('button', { name: 'Save article' }).click();
      await expect(page.getByRole('status')).toContainText('Article saved');
      await screenshot(page, 'admin-content-help');

      const player = await newConfirmedPage(browser, { baseURL });
      await visitInTagalog(player, '203.0.113.93');
      await player.goto(`/help#${anchor}-deposit`);
      await closePublicPopup(player);
      const help = player.getByTestId('help-modal');
      await expect(help).toBeVisible({ timeout: PLAYER_LOAD_MS });
      await expect(help).toContainText('Paano magdeposito');
      await expect(help).toContainText('Buksan ang GCash at i-scan ang QR.');
      await expect(help).not.toContainText('Lumang sagot');
      expect(await player.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
      await screenshot(player, 'player-help-edited');
      await player.close();
    } finally {
      await db.query(`delete from help_categories where anchor = $1`, [anchor]);
    }
  },
);

// The player site's customer-service button lists every channel, so adding one changes every page:
// the journey runs alone.
test(
  'an operator adds a TELEGRAM customer-service entry and the player site offers it',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, browser, db, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const title = `Telegram VIP ${testInfo.project.name}`;
    try {
      await signInAsNewOwner(page, db, 'support', testInfo.project.name);
      await openSection(page, 'Configuration');
      await page.getByRole('button', { name: 'Customer service' }).click();
      // The demo offers the one channel it runs, our own live chat at /chat.
      await expect(page.getByRole('row', { name: /LIVECHAT/ })).toContainText('/chat');
      await page.getByRole('button', { name: 'New entry' }).click();
      const form = page.getByRole('form', { name: 'New customer-service entry' });
      await form.getByLabel('Type').selectOption('TELEGRAM');
      await fillLanguage(form, 'Title', 'TY', title);
      await fillLanguage(form, 'Title', 'EN', `${title} (EN)`);

      // A script address is refused by the server, the field says why, and nothing is added.
      await form.getByLabel('Address (http or https)').fill('javascript:alert(1)');
      await form.evaluate((element) => element.setAttribute('novalidate', ''));
      await form.getByRole('button', { name: 'Add entry' }).click();
      await expect(form.locator('[data-field-error="path"]')).toBeVisible();
      await screenshot(page, 'admin-configuration-customer-service-error');

      await form.getByLabel('Address (http or https)').fill('https://t.me/panalo_vip_desk');
      await form.getByLabel('Order').fill('0');
      await form.getByRole('button', { name: 'Add entry' }).click();
      await expect(page.getByRole('status')).toContainText('Customer-service entry added');
      await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
      await screenshot(page, 'admin-configuration-customer-service');

      await page.getByRole('button', { name: 'Resources' }).click();
      await expect(page.getByRole('cell', { name: 'LICENSE', exact: true }).first()).toBeVisible();
      await screenshot(page, 'admin-configuration-resources');
      await page.getByRole('button', { name: 'New resource' }).click();
      const resourceForm = page.getByRole('form', { name: 'New resource' });
      await resourceForm.getByLabel('Type').selectOption('LICENSE');
      const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      await resourceForm.getByLabel(/^Upload an image/).setInputFiles({
        name: 'licence.png',
        mimeType: 'image/png',
        buffer: png,
      });
      await expect(resourceForm.getByRole('img', { name: 'Resource' })).toBeVisible();
      await screenshot(page, 'admin-configuration-resource-form');
      await resourceForm.getByRole('button', { name: 'Cancel' }).click();

      const player = await newConfirmedPage(browser, { baseURL });
      await visitInTagalog(player, '203.0.113.94');
      await player.goto('/');
      await closePublicPopup(player);
      const floating = player.getByTestId('floating-cs');
      // A busy machine may take a while to load the player site the first time. One button opens the channels.
      await floating.getByRole('button', { name: 'Serbisyo sa customer' }).click({ timeout: PLAYER_LOAD_MS });
      await expect(floating.getByRole('button', { name: 'Telegram' })).toHaveAttribute('title', title, {
        timeout: PLAYER_LOAD_MS,
      });
      await expect(floating.getByRole('button', { name: 'Live na chat' })).toBeVisible();
      await screenshot(player, 'player-customer-service');

      // The permission response carries the address sealed; the click opens it and the popup goes there.
      const permission = await player.request.get('/wps/system/permission');
      expect(JSON.stringify((await permission.json()).value.info.customerService)).not.toContain('t.me/');
      await player
        .context()
        .route('https://t.me/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }),
        );
      const popupOpened = player.waitForEvent('popup');
      await floating.getByRole('button', { name: 'Telegram' }).click();
      const popup = await popupOpened;
      await popup.waitForURL('https://t.me/panalo_vip_desk');
      await popup.close();
      await player.close();
    } finally {
      await db.query(`delete from merchant_customer_services where title->>'TY' = $1`, [title]);
    }
  },
);

test(
  'an operator opens a banner to edit it and writes an announcement in TY and EN',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.setTimeout(90_000);
    const title = `Paalala ${testInfo.project.name}`;
    try {
      await signInAsNewOwner(page, db, 'editor', testInfo.project.name);
      await openSection(page, 'Content');
      await page
        .getByRole('button', { name: /^Edit banner/ })
        .first()
        .click();
      const bannerForm = page.getByRole('form', { name: 'Edit banner' });
      await expect(bannerForm.getByTestId('uploaded-image')).toBeVisible();
      await expect(bannerForm.getByLabel(/^Replace the image/)).toBeVisible();
      await screenshot(page, 'admin-content-banner-edit');
      await bannerForm.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Announcements' }).click();
      await page.getByRole('button', { name: 'New announcement' }).click();
      const form = page.getByRole('form', { name: 'New announcement' });
      await fillLanguage(form, 'Title', 'TY', title);
      await fillLanguage(form, 'Content', 'TY', '<p>Bukas ang <b>bagong</b> laro.</p>');
      await fillLanguage(form, 'Title', 'EN', `Notice ${testInfo.project.name}`);
      await fillLanguage(form, 'Content', 'EN', '<p>A <b>new</b> game is open.</p>');
      await screenshot(page, 'admin-content-announcement-form');
      await form.getByRole('button', { name: 'Add announcement' }).click();
      await expect(page.getByRole('status')).toContainText('Announcement added');
      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect(row).toContainText('TY · EN');
      await screenshot(page, 'admin-content-announcements');
    } finally {
      await db.query(`delete from announcements where title->>'TY' = $1`, [title]);
    }
  },
);
