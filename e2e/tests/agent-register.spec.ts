import { actAsVisitor, nextAddress, skipMemberPopup, uniqueAccount } from '../accounts.ts';
import { maskedAccount } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { PHONE_ONLY } from '../tags.ts';

// The agent's register centre (spec §2 registerCenter): the demo agent `leader` creates an
// invitation link, a visitor opens it and registers (the link carries the code as affiliateCode),
// and the new player shows in the agent's downlines and as the link's one sign-up.

const LEADER = { account: 'leader', password: 'Leader1234' };

test(
  "a visitor who registers through an agent's invitation link joins the agent's team and counts on the link",
  { tag: PHONE_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const leader = await db.query<{ id: string }>('select id from members where account_key = $1', [
      LEADER.account,
    ]);
    const leaderId = leader.rows[0]?.id ?? '';
    expect(leaderId).not.toBe('');
    // Links no one has signed up through are let go, so that runs never fill the agent's 50 links.
    await db.query(
      `delete from agent_invitation_links l where l.agent_id = $1
       and not exists (select 1 from members m where m.invitation_link_id = l.id)`,
      [leaderId],
    );

    // The agent, through the agent login, opens the register centre and creates a link.
    await actAsVisitor(page, nextAddress());
    await skipMemberPopup(page, leaderId);
    await page.goto('/agent');
    const login = page.getByTestId('login-modal');
    await expect(login).toBeVisible();
    await login.getByTestId('login-username').fill(LEADER.account);
    await login.getByTestId('login-password').fill(LEADER.password);
    await login.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/agentHome/);
    await page.goto('/agentHome?page=registerCenter');
    const centre = page.getByTestId('register-centre-page');
    await expect(centre).toBeVisible();
    await expect(centre.getByTestId('own-invitation-code')).toHaveText('LEADER');
    const label = `E2E ${testInfo.project.name} ${Date.now().toString(36)}`.slice(0, 40);
    await centre.getByTestId('link-label').fill(label);
    await centre.getByTestId('create-link').click();
    const card = centre.getByTestId('invitation-link').filter({ hasText: label });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('link-sign-ups')).toHaveText('0');
    const url = new URL((await card.getByTestId('invitation-link-url').textContent()) ?? '');
    const code = url.searchParams.get('affiliateCode') ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await card.getByRole('button', { name: 'QR code' }).click();
    await expect(card.getByRole('img', { name: `QR code of ${label}` })).toBeVisible();
    await screenshot(page, 'agent-register-centre');

    // A visitor opens the link (on the site under test) and registers; the form has the code.
    const visitor = await context.newPage();
    await actAsVisitor(visitor, nextAddress());
    await visitor.goto(`${url.pathname}${url.search}`);
    const form = visitor.getByTestId('register-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('register-affiliateCode')).toHaveValue(code);
    const account = uniqueAccount('agreg', testInfo.project.name);
    await form.getByTestId('register-username').fill(account);
    await form.getByTestId('register-password').fill('Joined1234');
    await form.getByTestId('register-confirmPassword').fill('Joined1234');
    await form.locator('label', { has: visitor.getByTestId('register-terms') }).click();
    await form.locator('label', { has: visitor.getByTestId('register-age') }).click();
    await form.getByTestId('register-submit').click();
    await expect(visitor.getByTestId('member-menu')).toBeVisible({ timeout: 15_000 });
    const joined = await db.query<{ upline_id: string; invitation_link_id: string | null }>(
      'select upline_id, invitation_link_id from members where account_key = $1',
      [account.toLowerCase()],
    );
    expect(joined.rows[0]?.upline_id).toBe(leaderId);
    expect(joined.rows[0]?.invitation_link_id).not.toBeNull();
    await visitor.close();

    // The agent sees the player among the downlines, and the link's one sign-up.
    await page.goto('/agentHome?page=downlineManagmentView');
    const downlines = page.getByTestId('downlines-page');
    await expect(downlines).toBeVisible();
    await downlines.getByTestId('downline-search').fill(account);
    await downlines.getByRole('button', { name: 'Search' }).click();
    const rows = downlines.locator('[data-testid="downline"]:visible');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(maskedAccount(account));

    await page.goto('/agentHome?page=registerCenter');
    const again = page
      .getByTestId('register-centre-page')
      .getByTestId('invitation-link')
      .filter({ hasText: label });
    await expect(again.getByTestId('link-sign-ups')).toHaveText('1');
    await expect(again.getByTestId('link-first-deposits')).toHaveText('0');
  },
);
