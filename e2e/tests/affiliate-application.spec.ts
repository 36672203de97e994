import { randomBytes } from 'node:crypto';
import { actAsVisitor, logInAsNewMember, nextAddress } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { PHONE_ONLY } from '../tags.ts';

// The affiliate application (spec §1): a player applies to become an agent from the member
// centre, an operator approves the application in the back office's agents page, and the player
// then logs in at the agent page and lands on the agent home.

const PASSWORD = 'Affiliate1234';

test(
  'a member applies to become an agent, an operator approves, and the member logs in at /agent',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'aff',
      projectName: testInfo.project.name,
      password: PASSWORD,
    });

    // The member fills the application in the member centre and sees it waiting for review.
    await page.goto('/member?page=affiliate');
    const form = page.getByTestId('affiliate-application-form');
    await expect(form).toBeVisible();
    await form.getByTestId('affiliate-channel').selectOption('facebook');
    await form.getByTestId('affiliate-audience').fill('2500');
    await form.getByTestId('affiliate-contact').fill('+63 917 555 0199');
    await form.getByTestId('affiliate-message').fill('I run a gaming page with weekly live streams.');
    await form.getByTestId('affiliate-submit').click();
    const status = page.getByTestId('affiliate-application-status');
    await expect(status).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('affiliate-application-form')).toHaveCount(0);
    await screenshot(page, 'affiliate-application-pending');

    // An operator approves it: a top agent with an invitation code of its own.
    await signInAsNewOwner(page, db, 'affop', testInfo.project.name);
    await openSection(page, 'Agents');
    await page.getByRole('button', { name: 'Applications', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: account });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Review…' }).click();
    const review = page.getByRole('region', { name: `Review the application of ${account}` });
    const code = `AF${randomBytes(4).toString('hex').toUpperCase()}`;
    await review.getByLabel('Invitation code').fill(code);
    await review.getByLabel('Note to the player (optional)').fill('Welcome to the team');
    await review.getByRole('button', { name: 'Approve…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(account);
    await expect(dialog).toContainText(code);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText(`${account} is now an agent`)).toBeVisible();
    const member = await db.query<{ type: number; affiliate_code: string }>(
      'select type, affiliate_code from members where account = $1',
      [account],
    );
    expect(member.rows).toEqual([{ type: 1, affiliate_code: code }]);

    // The member, logged out, logs in at the agent page and lands on the agent home.
    await page.evaluate(() => sessionStorage.clear());
    await actAsVisitor(page, nextAddress());
    await page.goto('/agent');
    const login = page.getByTestId('login-modal');
    await expect(login).toBeVisible();
    await expect(login.getByTestId('agent-login-line')).toBeVisible();
    await login.getByTestId('login-username').fill(account);
    await login.getByTestId('login-password').fill(PASSWORD);
    await login.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/agentHome$/);
    await expect(page.getByTestId('agent-centre-page')).toBeVisible();

    // The approval reached the member as a platform message.
    const unread = await db.query<{ kind: string }>(
      'select kind from member_messages m join members on members.id = m.member_id where members.account = $1',
      [account],
    );
    expect(unread.rows).toEqual([{ kind: 'affiliate_approved' }]);
  },
);
