import { closePublicPopup, logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { PHONE_ONLY } from '../tags.ts';

// Operator mail (docs/back-office.md "Mail and message templates"): an operator writes to a member
// who has the messages page open, and the mail appears there without a reload, its HTML sanitised,
// in the language the member reads.

test(
  'an operator’s mail reaches a member’s open messages page live',
  { tag: PHONE_ONLY },
  async ({ page, browser, baseURL, db, consoleErrors }, testInfo) => {
    test.setTimeout(60_000);
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'mail',
      projectName: testInfo.project.name,
      password: 'Mailbox123',
    });
    await closePublicPopup(page);
    await page.goto('/member?page=messageV2');
    await expect(page.getByText('No messages yet')).toBeVisible();

    const viewport = testInfo.project.use.viewport ?? { width: 1440, height: 900 };
    const desk = await browser.newPage({ baseURL, viewport });
    await signInAsNewOwner(desk, db, 'mail', testInfo.project.name);
    await openSection(desk, 'Mail');
    await desk.getByRole('button', { name: 'New mail' }).click();
    const form = desk.getByRole('form', { name: 'New mail' });
    await form.getByLabel('Account', { exact: true }).fill(account);
    // On a phone each text shows one language at a time, behind its TY and EN tabs.
    const isPhone = testInfo.project.name === 'phone';
    const fillLocalized = async (label: string, texts: { TY: string; EN: string }) => {
      for (const code of ['TY', 'EN'] as const) {
        if (isPhone) {
          await form
            .getByRole('tablist', { name: `${label}: language` })
            .getByRole('tab', { name: code })
            .click();
        }
        await form.getByLabel(`${label} (${code})`).fill(texts[code]);
      }
    };
    await fillLocalized('Title', { TY: 'May regalo ka', EN: 'A gift for you' });
    await fillLocalized('Message', {
      TY: '<p>Salamat sa paglalaro, <strong>kaibigan</strong>!</p>',
      EN: '<p>Thank you for playing, <strong>friend</strong>!<script>alert(1)</script></p>',
    });
    await screenshot(desk, 'admin-mail-compose');
    await form.getByRole('button', { name: 'Send now' }).click();
    await expect(desk.getByRole('status')).toContainText('Mail sent');
    // The journey runs at both sizes side by side: the row is the one to this journey's member.
    const row = desk.getByTestId('mail-list').getByRole('row').filter({ hasText: account });
    await expect(row).toContainText('Sent');
    await screenshot(desk, 'admin-mail-list');
    await desk.close();

    // The socket's `message` event reloads the open page's list: the mail is there, unread.
    const inbox = page.getByTestId('messages-page');
    await expect(inbox).toContainText('1 unread message', { timeout: 15_000 });
    await inbox.getByRole('button', { name: /A gift for you/ }).click();
    const content = inbox.getByTestId('message-content');
    await expect(content.locator('strong')).toHaveText('friend');
    await expect(content.locator('script')).toHaveCount(0);
    await expect(inbox).toContainText('0 unread messages');
    await screenshot(page, 'operator-mail-message');

    // In Tagalog the same message reads in Tagalog.
    // (After the visitor's own start-up script, which sets English for the journeys.)
    await page.addInitScript(() => localStorage.setItem('language', 'TY'));
    await page.reload();
    const tagalog = page.getByTestId('messages-page');
    await tagalog.getByRole('button', { name: /May regalo ka/ }).click();
    await expect(tagalog.getByTestId('message-content').locator('strong')).toHaveText('kaibigan');
    await screenshot(page, 'operator-mail-message-ty');
    expect(consoleErrors).toEqual([]);
  },
);
