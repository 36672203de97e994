import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import sharp from 'sharp';
import { authenticatorCode, logInAsNewMember, uniqueAccount } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { actAsOperator, openSection } from '../operators.ts';
import { PHONE_ONLY } from '../tags.ts';

// The live chat of our own (docs/chat.md): a visitor opens the chat page, gives a name and a
// contact and writes; a support operator of the merchant accepts the conversation at the back
// office's desk in another browser, and they write to each other both ways. A member who asks
// about a withdrawal confirms who they are with their password before the operator goes on, they
// send each other pictures, and the desk's figures count the conversation.

/** A support operator of the demo merchant, signed in to the back office (the authenticator enrolled). */
async function signInAsSupport(page: Page, db: pg.Client, projectName: string): Promise<string> {
  const username = uniqueAccount('chatop', projectName);
  const password = 'Support2026pass';
  const passwordHash = await hash(password, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const merchant = await db.query<{ id: string }>(`select id from merchants where code = 'panalo'`);
  await db.query(
    `insert into operators (id, merchant_id, username, username_key, display_name, role_id, password_hash)
     values ($1, $2, $3, lower($3), $4, 'support', $5)`,
    [
      `e2e-${randomBytes(8).toString('hex')}`,
      merchant.rows[0]?.id,
      username,
      `Agent ${username}`,
      passwordHash,
    ],
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
  return `Agent ${username}`;
}

test("the site's customer-service button opens our live chat: in a frame on a phone, the popup on a desktop", async ({
  page,
}, testInfo) => {
  // The demo's customer service is our own live chat (its LIVECHAT entry names /chat), in Tagalog.
  await page.addInitScript(() => sessionStorage.setItem('publicPopupClosed:anonymous', '1'));
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const floating = page.getByTestId('floating-cs');
  await floating.getByRole('button', { name: 'Serbisyo sa customer' }).click();
  await screenshot(page, 'live-chat-floating-button');
  const liveChat = floating.getByRole('button', { name: 'Live na chat' });
  if (testInfo.project.name === 'phone') {
    await liveChat.click();
    const modal = page.getByTestId('chat-room-modal');
    await expect(modal).toBeVisible();
    const chat = modal.frameLocator('iframe').getByTestId('chat-page');
    await expect(chat).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Simulan ang chat' })).toBeVisible();
    await screenshot(page, 'live-chat-room-modal-ty');
    return;
  }
  const popupOpened = page.waitForEvent('popup');
  await liveChat.click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/chat$/);
  await expect(popup.getByTestId('chat-page')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Simulan ang chat' })).toBeVisible();
  await screenshot(popup, 'live-chat-popup-ty');
  await popup.close();
});

test(
  'a visitor chats with a support operator who accepts at the desk',
  { tag: PHONE_ONLY },
  async ({ page, db, browser }, testInfo) => {
    test.slow();
    const visitorName = `Ana ${testInfo.project.name === 'phone' ? 'Phone' : 'Desk'} ${Date.now().toString(36)}`;

    // The operator is on the desk first, so the visitor's message is a live chat, not a ticket.
    const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
    const operatorName = await signInAsSupport(operator, db, testInfo.project.name);
    await openSection(operator, 'Live chat');
    const desk = operator.getByTestId('desk');
    await expect(desk).toContainText('connected');

    // The visitor opens the chat page in English, says who they are and writes.
    await page.addInitScript(() => {
      localStorage.setItem('language', 'EN');
      localStorage.setItem('historyLanguage', 'EN');
    });
    await page.goto('/chat');
    await expect(page.getByTestId('chat-page')).toBeVisible();
    await page.getByLabel('Your name').fill(visitorName);
    await page.getByLabel('Mobile number or email').fill('not a contact');
    await page.getByLabel('Your name').click();
    await expect(page.getByText('Enter a mobile number (+63…) or an email address.')).toBeVisible();
    await page.getByLabel('Mobile number or email').fill('+63 917 555 0101');
    await screenshot(page, 'live-chat-visitor-form-en');
    await page.getByRole('button', { name: 'Start chat' }).click();
    // The token is kept in the tab's session storage, never in the address.
    expect(page.url()).not.toContain('cv1.');
    const draft = page.getByLabel('Type a message…');
    await draft.fill('Hello, my deposit has not arrived yet.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const messages = page.getByTestId('chat-messages');
    await expect(messages).toContainText('Hello, my deposit has not arrived yet.');
    await expect(messages).toContainText('Waiting for an agent');

    // The operator sees the conversation in the queue, accepts it and answers.
    const item = desk.getByTestId('desk-queue-item').filter({ hasText: visitorName });
    await expect(item).toContainText('Waiting');
    await item.click();
    await expect(desk.getByTestId('desk-transcript')).toContainText('Hello, my deposit has not arrived yet.');
    await desk.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('chat-accepted')).toContainText(`${operatorName} joined the chat.`);
    await desk.getByRole('textbox', { name: 'Reply' }).fill('Hi! Let me check your deposit.');
    await desk.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages).toContainText('Hi! Let me check your deposit.');

    // The visitor answers; the desk shows it in the conversation, and the visitor's read mark.
    await draft.fill('Thank you, the reference is 9876 5432 1098.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const transcript = desk.getByTestId('desk-transcript');
    // Account-like numbers are masked in the stored transcript both sides see.
    await expect(transcript).toContainText('Thank you, the reference is •••• •••• 1098.');
    await expect(transcript).toContainText('· read');
    await screenshot(page, 'live-chat-visitor-en');
    await screenshot(operator, 'live-chat-desk');

    // The same chat in Tagalog, the site's default language.
    await page.addInitScript(() => {
      localStorage.setItem('language', 'TY');
      localStorage.setItem('historyLanguage', 'TY');
    });
    await page.reload();
    await expect(page.getByTestId('chat-page')).toContainText('Serbisyo sa customer');
    await expect(page.getByTestId('chat-messages')).toContainText('Hi! Let me check your deposit.');
    await screenshot(page, 'live-chat-visitor-ty');
    await operator.close();
  },
);

test(
  'a member asking about a withdrawal confirms who they are before the operator goes on',
  { tag: PHONE_ONLY },
  async ({ page, db, browser }, testInfo) => {
    test.slow();
    const password = 'Chatmember123';
    const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
    await signInAsSupport(operator, db, testInfo.project.name);
    await openSection(operator, 'Live chat');
    const desk = operator.getByTestId('desk');
    await expect(desk).toContainText('connected');

    // The member, signed in on the site, writes in Tagalog about a withdrawal.
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'chatm',
      projectName: testInfo.project.name,
      password,
    });
    await page.addInitScript(() => {
      localStorage.setItem('language', 'TY');
      localStorage.setItem('historyLanguage', 'TY');
    });
    await page.goto('/chat');
    const draft = page.getByLabel('Mag-type ng mensahe…');
    await draft.fill('Paano po mag-withdraw sa GCash ko?');
    await page.getByRole('button', { name: 'Ipadala' }).click();
    const messages = page.getByTestId('chat-messages');
    await expect(messages).toContainText('Paano po mag-withdraw sa GCash ko?');

    // The desk marks the money topic; the operator accepts and asks the member to confirm.
    const item = desk.getByTestId('desk-queue-item').filter({ hasText: account });
    await expect(item).toContainText('Money topic');
    await item.click();
    await desk.getByRole('button', { name: 'Accept' }).click();
    const identity = desk.getByTestId('desk-identity');
    await expect(identity).toContainText('Withdrawal or bank topic');
    await identity.getByRole('button', { name: 'Ask to confirm identity' }).click();
    await expect(identity).toContainText('Waiting for the member to confirm who they are');

    // The member's chat asks for the login password; a wrong one is said next to the field.
    const card = page.getByTestId('chat-identity');
    await expect(card).toContainText('Kumpirmahing ikaw ito');
    await expect(messages).toContainText('Hiniling ng ahente na kumpirmahin mong ikaw ito.');
    await card.getByLabel('Password sa pag-login').fill('not-my-password');
    await card.getByRole('button', { name: 'Kumpirmahin' }).click();
    await expect(card).toContainText('Mali ang password. Subukang muli.');
    await expect(desk.getByTestId('desk-transcript')).toContainText('The member gave a wrong password.');
    await screenshot(page, 'live-chat-identity-ty');

    // The same card in English; the right password confirms, and the desk says so.
    await page.addInitScript(() => {
      localStorage.setItem('language', 'EN');
      localStorage.setItem('historyLanguage', 'EN');
    });
    await page.reload();
    await expect(card).toContainText('Confirm it is you');
    await screenshot(page, 'live-chat-identity-en');
    await card.getByLabel('Login password').fill(password);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card).toBeHidden();
    await expect(messages).toContainText('You confirmed it is you.');
    await expect(identity).toContainText('Identity confirmed');
    await expect(item).not.toContainText('Money topic');

    // Pictures both ways: the member's receipt reaches the desk, the operator's answer the member.
    const receipt = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#2f7d5b' },
    })
      .png()
      .toBuffer();
    await page.getByTestId('chat-picture-input').setInputFiles({
      name: 'resibo.png',
      mimeType: 'image/png',
      buffer: receipt,
    });
    await expect(page.getByTestId('chat-picture')).toHaveCount(1);
    await expect(desk.getByTestId('desk-picture')).toHaveCount(1);
    await desk.getByTestId('desk-picture-input').setInputFiles({
      name: 'answer.png',
      mimeType: 'image/png',
      buffer: receipt,
    });
    await expect(page.getByTestId('chat-picture')).toHaveCount(2);
    await expect(desk.getByTestId('desk-picture')).toHaveCount(2);
    await screenshot(page, 'live-chat-pictures-en');
    await screenshot(operator, 'live-chat-desk-identity');

    // The desk's figures count today's conversations, answered and by operator.
    await operator.getByRole('button', { name: 'Figures', exact: true }).click();
    const days = operator.getByTestId('chat-figures-days');
    await expect(days.getByRole('row').nth(1)).toBeVisible();
    await expect(operator.getByTestId('chat-figures-operators')).toContainText('Agent ');
    await screenshot(operator, 'live-chat-figures');
    await operator.setViewportSize({ width: 390, height: 844 });
    await screenshot(operator, 'live-chat-figures-narrow');
    await operator.close();
  },
);
