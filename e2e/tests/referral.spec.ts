import type { Page } from '@playwright/test';
import { actAsVisitor, closePublicPopup, logInAsNewMember, nextAddress, uniqueAccount } from '../accounts.ts';
import { expect, newConfirmedContext, screenshot, test } from '../fixtures.ts';
import { creditDeposit } from '../ledger.ts';
import { PHONE_ONLY } from '../tags.ts';

// Member referrals (docs/referrals.md), with the demo's rules (seed/demo-referral.ts): a member
// shares their link, a friend registers through it and deposits ₱500, the minute job pays the
// member ₱20 for the friend joining and a ₱100 bonus for the deposit, and the member's referral
// page shows the friend and both rewards.

const PASSWORD = 'Referral123';
/** The rewards job runs every minute; a pass may just have begun when the deposit landed. */
const JOB_POLL = { timeout: 120_000, intervals: [1_000, 2_000, 5_000] };

/** The page in a language from the first script on (added after actAsVisitor's English, it wins), reloaded. */
async function inLanguage(page: Page, language: 'TY' | 'EN'): Promise<void> {
  await page.addInitScript((code) => {
    localStorage.setItem('language', code);
    localStorage.setItem('historyLanguage', code);
  }, language);
  await page.reload();
}

test(
  'a friend registers with a member’s link and deposits, and the job pays the member',
  { tag: PHONE_ONLY },
  async ({ page, browser, db }, testInfo) => {
    // The referral job runs once a minute: the journey may wait most of a minute for it, on a busy host
    // longer.
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const referrer = await logInAsNewMember(page, db, {
      prefix: 'refr',
      projectName: project,
      password: PASSWORD,
    });
    const code = (
      await db.query<{ referral_code: string }>('select referral_code from members where id = $1', [
        referrer.memberId,
      ])
    ).rows[0]?.referral_code;
    expect(code).toMatch(/^[A-Z0-9]{6,12}$/);

    // The member's page before any friend: the code, the link, the QR code and the rules.
    await page.goto('/member?page=referral');
    await closePublicPopup(page);
    await expect(page.getByTestId('referral-code')).toHaveText(code ?? '');
    await expect(page.getByTestId('referral-link')).toContainText(`/?ref=${code}`);
    await expect(page.getByTestId('referral-rule').first()).toBeVisible();
    const link = (await page.getByTestId('referral-link').textContent()) ?? '';

    // The friend follows the link in a browser of their own and registers.
    const friendContext = await newConfirmedContext(browser, { viewport: page.viewportSize() ?? undefined });
    const friendPage = await friendContext.newPage();
    await actAsVisitor(friendPage, nextAddress());
    await friendPage.goto(`/register?ref=${new URL(link).searchParams.get('ref')}`);
    const form = friendPage.getByTestId('register-form');
    await expect(form).toBeVisible();
    const friendAccount = uniqueAccount('reff', project);
    await form
      .getByLabel(/^(username|account)/i)
      .first()
      .fill(friendAccount);
    await form
      .getByLabel(/^password/i)
      .first()
      .fill('Secret123');
    await form
      .getByLabel(/confirm/i)
      .first()
      .fill('Secret123');
    await form.locator('label', { has: friendPage.getByTestId('register-terms') }).click();
    await form.locator('label', { has: friendPage.getByTestId('register-age') }).click();
    await form.getByRole('button', { name: /^register$/i }).click();
    await expect(friendPage.getByTestId('first-deposit-page')).toBeVisible();
    await friendContext.close();

    const friend = await db.query<{ id: string; referrer_id: string }>(
      `select m.id, r.referrer_id from members m join referrals r on r.friend_id = m.id where m.account_key = $1`,
      [friendAccount.toLowerCase()],
    );
    expect(friend.rows[0]?.referrer_id).toBe(referrer.memberId);
    await creditDeposit(db, { memberId: friend.rows[0]?.id ?? '', amountMinor: 50_000 });

    // The job pays the member for the friend joining (₱20 cash) and depositing (₱100 bonus).
    await expect
      .poll(async () => {
        const paid = await db.query<{ count: string }>(
          `select count(*) as count from referral_rewards where member_id = $1 and status = 'paid'`,
          [referrer.memberId],
        );
        return Number(paid.rows[0]?.count ?? 0);
      }, JOB_POLL)
      .toBe(2);

    await page.reload();
    await expect(page.getByTestId('referral-friends-count')).toHaveText('1');
    await expect(page.getByTestId('referral-friend')).toHaveCount(1);
    await expect(page.getByTestId('referral-reward')).toHaveCount(2);
    await expect(page.getByTestId('referral-paid')).toContainText('120.00');
    await screenshot(page, 'referral-member-en');
    await inLanguage(page, 'TY');
    await expect(page.getByTestId('referral-reward')).toHaveCount(2);
    await expect(page.getByText('Aking mga kaibigan')).toBeVisible();
    await screenshot(page, 'referral-member-ty');
  },
);

test('a visitor reads the rules and is asked to log in', async ({ page }) => {
  await actAsVisitor(page, nextAddress());
  await page.goto('/referral');
  await closePublicPopup(page);
  await expect(page.getByTestId('referral-login-prompt')).toBeVisible();
  await expect(page.getByTestId('referral-rule').first()).toBeVisible();
  await screenshot(page, 'referral-visitor-en');
  await inLanguage(page, 'TY');
  await expect(page.getByText('Paano ito gumagana')).toBeVisible();
  await screenshot(page, 'referral-visitor-ty');
});
