import { closePublicPopup, logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney } from '../ledger.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

test(
  'a daily deposit limit refuses a larger deposit, and a raise waits 24 hours',
  { tag: PHONE_ONLY },
  async ({ page, db, consoleErrors }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'lim',
      projectName: testInfo.project.name,
      password: 'Limits123',
    });
    await closePublicPopup(page);

    await page.goto('/member?page=responsibleGaming');
    const daily = page.getByTestId('limit-deposit-day');
    await daily.getByRole('button', { name: 'Set' }).click();
    await daily.getByTestId('limit-input-deposit-day').fill('500');
    await daily.getByRole('button', { name: 'Save' }).click();
    // The form closes once the save has answered: what the card shows next is the saved limit.
    await expect(daily.getByTestId('limit-input-deposit-day')).toBeHidden({ timeout: 20_000 });
    await expect(daily).toContainText('₱500.00');
    await expect(daily).toContainText('₱0.00 used of ₱500.00');

    await page.goto('/member?page=depositv2');
    const form = page.getByTestId('deposit-form');
    await form.getByTestId('deposit-method-gcash').click();
    await form.getByTestId('deposit-amount').fill('600');
    await form.getByRole('button', { name: 'Deposit' }).click();
    await expect(form).toContainText('This is more than your own deposit limit allows: ₱500.00 left per day');
    await screenshot(page, 'money-deposit-over-limit');

    await page.goto('/member?page=responsibleGaming');
    // The limit read afresh first, so that the change is made on what the server holds.
    await expect(daily).toContainText('₱0.00 used of ₱500.00');
    await daily.getByRole('button', { name: 'Change' }).click();
    await daily.getByTestId('limit-input-deposit-day').fill('2000');
    await daily.getByRole('button', { name: 'Save' }).click();
    await expect(daily.getByTestId('limit-input-deposit-day')).toBeHidden({ timeout: 20_000 });
    await expect(daily.getByTestId('limit-pending')).toContainText('Rises to ₱2,000.00 on');
    await expect(daily).toContainText('₱0.00 used of ₱500.00');
    await screenshot(page, 'money-responsible-gaming');
    const stored = await db.query<{ value: string; pending_value: string }>(
      `select l.value, l.pending_value from play_limits l join members m on m.id = l.member_id
      where m.account = $1 and l.kind = 'deposit' and l.period = 'day'`,
      [account],
    );
    expect(stored.rows).toEqual([{ value: '50000', pending_value: '200000' }]);
    // The refused deposit answers 422 by design, and Chromium logs every 4xx response; nothing else.
    expect(consoleErrors.filter((line) => !line.includes('status of 422'))).toEqual([]);
    expect(consoleErrors.length).toBeLessThanOrEqual(1);
  },
);

test('the transaction history and the credit report list a deposit made through the sandbox', async ({
  page,
  db,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await logInAsNewMember(page, db, {
    prefix: 'txh',
    projectName: testInfo.project.name,
    password: 'History123',
  });
  await closePublicPopup(page);

  await page.goto('/member?page=transactionHistory');
  await expect(page.getByTestId('transaction-history-page')).toContainText('No transactions in this period.');

  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-amount').fill('1,234.50');
  await page.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('balance-amount')).toContainText('1,234.50', { timeout: 15_000 });

  await page.goto('/member?page=transactionHistory');
  const history = page.getByTestId('transaction-history-page');
  const line = history.getByTestId('transaction').locator('visible=true');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Deposit');
  await expect(line).toContainText('+₱1,234.50');
  await expect(line).toContainText('₱1,234.50');
  await screenshot(page, 'money-transaction-history');
  await history.getByRole('tab', { name: 'Bets' }).click();
  await expect(history).toContainText('No transactions in this period.');
  await history.getByRole('tab', { name: 'Deposits' }).click();
  await history.getByRole('tab', { name: 'Yesterday' }).click();
  await expect(history).toContainText('No transactions in this period.');

  await page.goto('/member?page=creditReport');
  const report = page.getByTestId('credit-report-page');
  await expect(report.getByTestId('credit-report-totals')).toContainText('+₱1,234.50');
  await expect(report.getByTestId('report-day').locator('visible=true')).toHaveCount(7);
  await screenshot(page, 'money-credit-report');

  // No game played: profit and loss says so, with a zero result.
  await page.goto('/member?page=personalProfit');
  const profit = page.getByTestId('personal-profit-page');
  await expect(profit).toContainText('No games played in this period.');
  await expect(profit).toContainText('₱0.00');
  await screenshot(page, 'money-personal-profit');
  expect(consoleErrors).toEqual([]);
});

test(
  'a 1-day break logs the player out at once and refuses the next login',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'brk',
      projectName: testInfo.project.name,
      password: 'Pause1234',
    });
    await closePublicPopup(page);

    await page.goto('/member?page=responsibleGaming');
    await page.getByText('1 day', { exact: true }).click();
    await page.getByTestId('take-break').click();
    const dialog = page.getByTestId('break-confirm');
    await expect(dialog).toContainText('Stop playing for 1 day?');
    await screenshot(page, 'money-break-confirm');
    await dialog.getByTestId('confirm-break').click();
    await expect(page.getByTestId('member-menu')).toBeHidden();

    const sessions = await db.query<{ open: string }>(
      `select count(*) filter (where s.ended_at is null) as open from member_sessions s
       join members m on m.id = s.member_id where m.account = $1`,
      [account],
    );
    expect(sessions.rows[0]?.open).toBe('0');

    await page.goto('/login');
    await page.getByTestId('login-username').fill(account);
    await page.getByTestId('login-password').fill('Pause1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(/You chose a break from play. You can log in again after/)).toBeVisible();
    await expect(page.getByTestId('member-menu')).toBeHidden();
    await screenshot(page, 'money-break-login-refused');
  },
);

test(
  'the reality check reminds the player at the chosen interval',
  { tag: DESKTOP_ONLY },
  async ({ page, db, consoleErrors }, testInfo) => {
    test.slow();
    // The page's clock, so that a quarter of an hour passes in a moment; the server keeps real time.
    await page.clock.install();
    await logInAsNewMember(page, db, {
      prefix: 'rck',
      projectName: testInfo.project.name,
      password: 'Remind123',
    });
    await closePublicPopup(page);

    await page.goto('/member?page=responsibleGaming');
    await page.getByRole('radio', { name: 'Every 15 min' }).click();
    await expect(page.getByRole('radio', { name: 'Every 15 min' })).toHaveAttribute('aria-checked', 'true');
    await page.clock.fastForward('10:00');
    await expect(page.getByTestId('reality-check')).toBeHidden();
    await page.clock.fastForward('06:00');
    const reminder = page.getByTestId('reality-check');
    // On a busy machine the saved interval may reach the page's timer a little late: let the page's
    // clock run on a minute at a time until the reminder is due.
    await expect
      .poll(
        async () => {
          if (await reminder.isVisible()) return true;
          await page.clock.fastForward('01:00');
          return reminder.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The clock runs on while the page loads on a busy machine: the minutes may be one or more.
    await expect(reminder).toContainText(/You have been logged in for 0 h \d+/);
    await screenshot(page, 'money-reality-check');
    await reminder.getByRole('button', { name: 'See my transactions' }).click();
    await expect(page.getByTestId('transaction-history-page')).toBeVisible();
    await expect(reminder).toBeHidden();
    expect(consoleErrors).toEqual([]);
  },
);

test('the bonus details show the bonus wallet, its movements and the wagering a withdrawal waits for', async ({
  page,
  db,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { memberId } = await logInAsNewMember(page, db, {
    prefix: 'bon',
    projectName: testInfo.project.name,
    password: 'Bonus1234',
  });
  await closePublicPopup(page);

  await page.goto('/member?page=bonusDetails');
  const bonus = page.getByTestId('bonus-details-page');
  await expect(bonus).toContainText('No bonus movements in this period.');
  await expect(bonus.getByTestId('bonus-balance')).toHaveText('₱0.00');
  await expect(bonus.getByTestId('bonus-turnover')).toHaveCount(0);
  await screenshot(page, 'money-bonus-details-empty');

  // A deposit sets the turnover a withdrawal waits for (once the amount, at the demo's multiplier).
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-amount').fill('500');
  await page.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('balance-amount')).toContainText('500.00', { timeout: 15_000 });
  await moveMemberMoney(db, { memberId, wallet: 'bonus', amountMinor: 25_000, code: 'bonus' });
  await moveMemberMoney(db, { memberId, wallet: 'bonus', amountMinor: -5_050, code: 'adjustment' });

  await page.goto('/member?page=bonusDetails');
  await expect(bonus.getByTestId('bonus-balance')).toHaveText('₱199.50');
  const lines = bonus.getByTestId('bonus-movement').locator('visible=true');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Adjustment');
  await expect(lines.first()).toContainText('-₱50.50');
  await expect(lines.last()).toContainText('Bonus');
  await expect(lines.last()).toContainText('+₱250.00');
  await expect(bonus.getByTestId('bonus-turnover')).toContainText(
    'Wagering required before withdrawal: ₱0.00 of ₱500.00',
  );
  await screenshot(page, 'money-bonus-details');
  await bonus.getByRole('tab', { name: 'Yesterday' }).click();
  await expect(bonus).toContainText('No bonus movements in this period.');
  expect(consoleErrors).toEqual([]);
});
