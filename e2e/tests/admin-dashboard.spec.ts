import { randomBytes } from 'node:crypto';
import { insertMember, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY } from '../tags.ts';

test(
  'the dashboard shows today’s figures and the withdrawals waiting, and opens their queue',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.setTimeout(60_000);
    const account = uniqueAccount('dash', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Dash2026pass' });
    const payoutId = `e2e-${randomBytes(8).toString('hex')}`;
    const withdrawalId = `e2e-${randomBytes(8).toString('hex')}`;
    await db.query(
      `insert into payout_accounts (id, merchant_id, member_id, kind, provider, account_name, account_number)
     select $1, merchant_id, id, 'bank', 'BDO', 'Dash Player', '0011223344' from members where id = $2`,
      [payoutId, memberId],
    );
    await db.query(
      `insert into withdrawals (id, merchant_id, member_id, payout_account_id, currency, amount_minor, status, hold_key)
     select $1, merchant_id, id, $2, 'PHP', 150000, 'review', 'withdrawal:' || $1 from members where id = $3`,
      [withdrawalId, payoutId, memberId],
    );
    try {
      await signInAsNewOwner(page, db, 'dash', testInfo.project.name);
      const today = page.getByRole('list', { name: 'Today' });
      await expect(today.getByText('Deposited')).toBeVisible();
      await expect(today.getByText('Net deposits')).toBeVisible();
      const waiting = page.getByRole('list', { name: 'Right now' });
      await expect(waiting.getByText('Online now')).toBeVisible();
      const withdrawals = waiting.getByRole('listitem').filter({ hasText: 'Withdrawals to review' });
      await expect(withdrawals.locator('.tile__value')).not.toHaveText('0');
      await screenshot(page, 'admin-dashboard');

      await withdrawals.getByRole('link', { name: 'Open the queue' }).click();
      await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
      await expect(page.getByText(account)).toBeVisible();
    } finally {
      await db.query('delete from withdrawals where id = $1', [withdrawalId]);
    }
  },
);
