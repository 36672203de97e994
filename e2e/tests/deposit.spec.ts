import sharp from 'sharp';
import {
  actAsVisitor,
  closePublicPopup,
  insertMember,
  logInAsNewMember,
  logInThroughPage,
  nextAddress,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE, PHONE_ONLY } from '../tags.ts';

test('a deposit through the payment sandbox shows the new balance without a reload', async ({
  page,
  db,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { account } = await logInAsNewMember(page, db, {
    prefix: 'dep',
    projectName: testInfo.project.name,
    password: 'Deposit123',
  });
  await closePublicPopup(page);
  await expect(page.getByTestId('balance-amount')).toContainText('0.00');

  await page.goto('/member?page=depositv2');
  const form = page.getByTestId('deposit-form');
  await expect(form).toBeVisible();
  await form.getByTestId('deposit-method-gcash').click();
  await form.getByTestId('deposit-amount').fill('50');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await expect(form).toContainText('The minimum is ₱100.00');
  await screenshot(page, 'deposit-form-error');
  await form.getByTestId('deposit-amount').fill('1,250.50');
  await form.getByRole('button', { name: 'Deposit' }).click();

  // The gateway's hosted page (the payment sandbox stands in for it).
  await expect(page.getByRole('heading', { name: 'Payment sandbox' })).toBeVisible();
  await expect(page.getByText('PHP 1250.50')).toBeVisible();
  await screenshot(page, 'deposit-gateway-page');
  await page.getByRole('button', { name: 'Pay' }).click();

  const result = page.getByTestId('deposit-result');
  await expect(result).toContainText('Deposit received', { timeout: 15_000 });
  await expect(page.getByTestId('balance-amount')).toContainText('1,250.50');
  await expect(page.getByTestId('deposit-history')).toContainText('Credited');
  await screenshot(page, 'deposit-credited');
  const credited = await db.query<{ status: string }>(
    `select d.status from deposits d join members m on m.id = d.member_id where m.account = $1`,
    [account],
  );
  expect(credited.rows.map((row) => row.status)).toEqual(['credited']);
  expect(consoleErrors).toEqual([]);
});

test(
  'declining at the gateway leaves the balance as it was and says so',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    await logInAsNewMember(page, db, {
      prefix: 'dec',
      projectName: testInfo.project.name,
      password: 'Deposit123',
    });
    await closePublicPopup(page);
    await page.goto('/member?page=depositv2');
    await page.getByTestId('deposit-amount').fill('500');
    await page.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByTestId('deposit-result')).toContainText('did not go through', { timeout: 15_000 });
    await expect(page.getByTestId('balance-amount')).toContainText('0.00');
    await screenshot(page, 'deposit-declined');
  },
);

test(
  'a withdrawal: payment password, a GCash account, held in review, paid out from the back office',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, browser, baseURL, db, consoleErrors }, testInfo) => {
    test.slow();
    await actAsVisitor(page, nextAddress());
    const account = uniqueAccount('wdr', testInfo.project.name);
    await skipMemberPopup(page, await insertMember(db, { account, password: 'Withdraw123' }));
    // No turnover for this journey's merchant setting: the deposit below is not played through.
    const settings = await db.query<{ settings: { withdrawal?: unknown } }>(
      'select settings from merchants where is_default',
    );
    const previous = settings.rows[0]?.settings.withdrawal ?? null;
    await db.query(
      `update merchants set settings = jsonb_set(settings, '{withdrawal}', $1::jsonb), updated_at = now() where is_default`,
      [JSON.stringify({ minAmount: '100.00', maxAmount: '50000.00', turnoverMultiplier: 0 })],
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    try {
      await logInThroughPage(page, account, 'Withdraw123');
      await closePublicPopup(page);
      await page.goto('/member?page=depositv2');
      await page.getByTestId('deposit-amount').fill('1000');
      await page.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByTestId('balance-amount')).toContainText('1,000.00', { timeout: 15_000 });

      await page.goto('/member?page=withdraw');
      await expect(page.getByTestId('withdraw-balance')).toContainText('1,000.00');
      const passwordForm = page.getByTestId('payment-password-form');
      await passwordForm.getByLabel('Login password').fill('Withdraw123');
      await passwordForm.getByLabel('New payment password').fill('135790');
      await passwordForm.getByLabel('Confirm payment password').fill('135790');
      await screenshot(page, 'withdraw-payment-password');
      await passwordForm.getByRole('button', { name: 'Set payment password' }).click();

      await expect(page.getByTestId('payout-accounts')).toBeVisible();
      await page.getByTestId('add-payout-account').click();
      await page.getByLabel('Account name').fill('Maria Clara Santos');
      await page.getByLabel('Mobile number').fill('0917 555 1234');
      await screenshot(page, 'withdraw-add-account');
      await page.getByRole('button', { name: 'Add an account' }).click();

      const form = page.getByTestId('withdraw-form');
      await expect(form).toBeVisible();
      await form.getByTestId('withdraw-amount').fill('1500');
      await form.getByTestId('withdraw-payment-password').fill('135790');
      await form.getByRole('button', { name: 'Withdraw' }).click();
      await expect(form).toContainText('You can withdraw up to ₱1,000.00 now');
      await form.getByTestId('withdraw-amount').fill('400');
      await screenshot(page, 'withdraw-form');
      await form.getByRole('button', { name: 'Withdraw' }).click();

      await expect(page.getByTestId('withdrawal-history')).toContainText('In review');
      await expect(page.getByText('Your withdrawal is being processed')).toBeVisible();
      await expect(page.getByTestId('balance-amount')).toContainText('600.00');
      await screenshot(page, 'withdraw-in-review');

      // An operator finds it in the back office's queue and pays it out through the gateway.
      const desk = await newConfirmedPage(browser, { baseURL });
      await signInAsNewOwner(desk, db, 'cash', testInfo.project.name);
      await openSection(desk, 'Money');
      const row = desk.getByTestId('withdrawal-queue').getByRole('row', { name: new RegExp(account) });
      await expect(row).toContainText('₱400.00');
      await expect(row).toContainText('Maria Clara Santos');
      await screenshot(desk, 'admin-money-queue');
      await row.getByRole('button', { name: 'Pay out' }).click();
      // Money leaves only after the operator confirms the amount and the payee.
      const confirm = desk.getByRole('dialog');
      await expect(confirm).toContainText('₱400.00');
      await screenshot(desk, 'admin-money-confirm-payout');
      await confirm.getByRole('button', { name: 'Pay out' }).click();
      await expect(row).toBeHidden();
      await desk.close();

      // The player's open page follows: paying out, then paid once the gateway confirms.
      await expect(page.getByTestId('withdrawal-history')).toContainText('Paid', { timeout: 30_000 });
      await expect(page.getByTestId('withdraw-form')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('balance-amount')).toContainText('600.00');
      await screenshot(page, 'withdraw-paid');

      // The player says what arrived: part of it first, then the whole amount (spec §4).
      const record = page.getByTestId('withdrawal-record').first();
      const confirmation = record.getByTestId('withdrawal-confirm');
      await expect(confirmation).toContainText('Did the money arrive?');
      await expect(confirmation).toContainText('Counts as received on');
      await confirmation.getByTestId('withdrawal-received-part').click();
      await confirmation.getByTestId('withdrawal-received-amount').fill('500');
      await confirmation.getByRole('button', { name: 'Save' }).click();
      await expect(confirmation).toContainText('Enter more than you reported before');
      await confirmation.getByTestId('withdrawal-received-amount').fill('150');
      await screenshot(page, 'withdraw-confirm-part');
      await confirmation.getByRole('button', { name: 'Save' }).click();
      await expect(record.getByTestId('withdrawal-received-so-far')).toHaveText(
        'Received ₱150.00 · Remaining ₱250.00',
      );
      await screenshot(page, 'withdraw-confirm');
      await record.getByTestId('withdrawal-fully-paid').click();
      await expect(record.getByTestId('withdrawal-confirmation')).toHaveText('Received');
      await expect(record.getByTestId('withdrawal-confirm')).toBeHidden();
      await expect(page.getByTestId('balance-amount')).toContainText('600.00');
      await screenshot(page, 'withdraw-confirmed');
      expect(consoleErrors).toEqual([]);
    } finally {
      await db.query(
        previous === null
          ? `update merchants set settings = settings - 'withdrawal', updated_at = now() where is_default`
          : `update merchants set settings = jsonb_set(settings, '{withdrawal}', $1::jsonb), updated_at = now() where is_default`,
        previous === null ? [] : [JSON.stringify(previous)],
      );
    }
  },
);

test(
  'a bank transfer with its receipt waits for review, and the approval credits the open page',
  { tag: PHONE_ONLY },
  async ({ page, browser, baseURL, db, consoleErrors }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'bnk',
      projectName: testInfo.project.name,
      password: 'Transfer123',
    });
    await closePublicPopup(page);
    await page.goto('/member?page=depositv2');
    const form = page.getByTestId('deposit-form');
    await form.getByTestId('deposit-method-bank').click();
    await expect(form.getByTestId('bank-transfer')).toContainText('0012 3456 7890');
    await form.getByTestId('deposit-amount').fill('2500');
    await form.getByRole('button', { name: 'Send for review' }).click();
    await expect(form).toContainText('Add a photo of the receipt');
    await form.getByTestId('deposit-reference').fill('BDO 2026 1123 0001');
    const slip = await sharp({ create: { width: 400, height: 700, channels: 3, background: '#dfe9f5' } })
      .png()
      .toBuffer();
    await form
      .getByTestId('deposit-receipt')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
    await screenshot(page, 'deposit-bank-form');
    await form.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByTestId('deposit-result')).toContainText('being reviewed');
    await expect(page.getByTestId('balance-amount')).toContainText('0.00');

    const desk = await newConfirmedPage(browser, { baseURL });
    await signInAsNewOwner(desk, db, 'bank', testInfo.project.name);
    await openSection(desk, 'Money');
    await desk.getByRole('button', { name: 'Bank deposits' }).click();
    const row = desk.getByTestId('deposit-queue').getByRole('row', { name: new RegExp(account) });
    await expect(row).toContainText('₱2,500.00');
    await row.getByRole('button', { name: 'View receipt' }).click();
    await expect(row.getByRole('img')).toBeVisible();
    await screenshot(desk, 'admin-money-deposits');
    await row.getByRole('button', { name: 'Approve' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(row).toBeHidden();
    await desk.close();

    // The socket brings the new balance and the inbox message to the player's open page.
    await expect(page.getByTestId('balance-amount')).toContainText('2,500.00', { timeout: 15_000 });
    // The header's mail icon on wider screens; the member menu on phones.
    const isPhone = testInfo.project.name === 'phone';
    const messages = isPhone ? page.getByTestId('member-menu-messages') : page.getByTestId('open-messages');
    if (isPhone) {
      await page
        .getByTestId('member-menu')
        .getByRole('button', { name: /account menu/i })
        .click();
    }
    await expect(messages).toContainText('1');
    await messages.click();
    const inbox = page.getByTestId('messages-page');
    await inbox.getByRole('button', { name: /Deposit received/ }).click();
    await expect(inbox).toContainText('Your deposit of ₱2,500.00 has arrived');
    await expect(inbox).toContainText('0 unread messages');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await screenshot(page, 'messages-inbox');
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'an agent sends cash to a player of its team with the payment password',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    await actAsVisitor(page, nextAddress());
    const agentAccount = uniqueAccount('agt', testInfo.project.name);
    const playerAccount = uniqueAccount('tem', testInfo.project.name);
    const agentId = await insertMember(db, { account: agentAccount, password: 'Agent12345' });
    const playerId = await insertMember(db, { account: playerAccount, password: 'Player12345' });
    await db.query('update members set type = 1 where id = $1', [agentId]);
    await db.query('update members set upline_id = $1 where id = $2', [agentId, playerId]);
    await skipMemberPopup(page, agentId);
    await logInThroughPage(page, agentAccount, 'Agent12345');
    await closePublicPopup(page);
    await page.goto('/member?page=depositv2');
    await page.getByTestId('deposit-amount').fill('500');
    await page.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('balance-amount')).toContainText('500.00', { timeout: 15_000 });

    await page.goto('/member?page=transferFund');
    const passwordForm = page.getByTestId('payment-password-form');
    await passwordForm.getByLabel('Login password').fill('Agent12345');
    await passwordForm.getByLabel('New payment password').fill('246802');
    await passwordForm.getByLabel('Confirm payment password').fill('246802');
    await passwordForm.getByRole('button', { name: 'Set payment password' }).click();

    const form = page.getByTestId('transfer-downline');
    await form.getByTestId('transfer-account').fill('demo');
    await form.getByTestId('transfer-amount').fill('200');
    await form.getByTestId('transfer-payment-password').fill('246802');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toContainText('not in your team');
    await form.getByTestId('transfer-account').fill(playerAccount);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toContainText(`₱200.00 sent to ${playerAccount}`);
    await expect(page.getByTestId('balance-amount')).toContainText('300.00');
    await screenshot(page, 'transfer-fund');
  },
);
