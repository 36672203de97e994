import type pg from 'pg';
import sharp from 'sharp';
import { logInAsNewMember } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { insertPromotion, ONCE_WAGERED_TERMS } from '../promotions.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

// Promotions (docs/promotions.md): a member joins a deposit bonus, deposits through the payment
// sandbox, wagers the bonus once in dice and sees it turn into cash; a member applies to the demo's
// application promotion with a picture, an operator approves it in the back office, and the member
// sees the bonus granted.

/**
 * A published deposit bonus for the journey alone: 100 % of the first deposit up to ₱100, wagered
 * once (1×), our own games counting in full. Published promotions are seen by every page, so the
 * journey runs alone and withdraws it at the end.
 */
function insertDepositBonus(db: pg.Client): Promise<string> {
  return insertPromotion(db, {
    prefix: 'e2e-promo',
    type: 'DEPOSIT',
    kind: 'deposit_bonus',
    title: { TY: 'Dobleng Unang Deposito', EN: 'Double Your First Deposit' },
    content: {
      TY: '<p>100% ng unang deposito mo, hanggang ₱100.</p>',
      EN: '<p>100% of your first deposit, up to ₱100.</p>',
    },
    rules: { percent: '100.00', cap: '100.00', minDeposit: '100.00', which: 'first' },
    bonusTerms: ONCE_WAGERED_TERMS,
  });
}

test(
  'a member joins a deposit bonus, deposits through the sandbox, wagers it once and sees it turn into cash',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, context, db, consoleErrors }, testInfo) => {
    test.slow();
    const promotionId = await insertDepositBonus(db);
    try {
      const { memberId } = await logInAsNewMember(page, db, {
        prefix: 'bon',
        projectName: testInfo.project.name,
        password: 'Bonus12345',
      });

      // The member reads the promotion, accepts its terms and joins.
      await page.goto(`/promotions#${promotionId}`);
      const detail = page.getByTestId('promotion-detail-body');
      await expect(detail).toHaveAttribute('data-state', 'JOIN');
      await expect(page.getByRole('dialog')).toContainText('Double Your First Deposit');
      await page.getByTestId('promotion-join').click();
      // Joining waits for the terms to be accepted.
      await expect(detail).toHaveAttribute('data-state', 'JOIN');
      await page.getByTestId('promotion-accept-terms').check({ force: true });
      await page.getByTestId('promotion-join').click();
      await expect(detail).toHaveAttribute('data-state', 'JOINED');
      await screenshot(page, 'promotion-joined');

      // The qualifying deposit, through the payment sandbox, brings the bonus.
      await page.getByTestId('promotion-deposit').click();
      const form = page.getByTestId('deposit-form');
      await expect(form).toBeVisible();
      await form.getByTestId('deposit-method-gcash').click();
      await form.getByTestId('deposit-amount').fill('100');
      await form.getByRole('button', { name: 'Deposit' }).click();
      await expect(page.getByRole('heading', { name: 'Payment sandbox' })).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByTestId('deposit-result')).toContainText('Deposit received', { timeout: 15_000 });

      await page.goto('/member?page=myPromotions');
      const active = page.getByTestId('bonus-card');
      await expect(active).toHaveAttribute('data-status', 'active');
      await expect(page.getByTestId('my-bonus-balance')).toContainText('100.00');
      await expect(active.getByTestId('wagering-progress')).toContainText('0%');
      await screenshot(page, 'promotion-bonus-active');

      // One dice round of ₱100 (cash first) meets the 1× wagering.
      const game = await context.newPage();
      await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
      await game.getByRole('button', { name: '₱100', exact: true }).click();
      await expect(game.getByTestId('stake-value')).toContainText('100.00');
      await game.getByTestId('play').click();
      await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
      await game.close();

      // The settle pass (twice a minute) turns the bonus into cash.
      await expect
        .poll(
          async () =>
            (
              await db.query<{ status: string }>('select status from member_bonuses where member_id = $1', [
                memberId,
              ])
            ).rows.map((row) => row.status),
          { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
        )
        .toEqual(['converted']);
      await page.reload();
      await expect(page.getByTestId('my-bonus-balance')).toContainText('0.00');
      await page.getByRole('tab', { name: 'Ended bonuses' }).click();
      const ended = page.getByTestId('bonus-card');
      await expect(ended).toHaveAttribute('data-status', 'converted');
      await screenshot(page, 'promotion-bonus-converted');
      const transfers = await db.query<{ code: string; amount_minor: string }>(
        `select t.code, t.amount_minor::text from ledger_transfers t
           join member_bonuses b on t.reference = 'bonus:' || b.id
         where b.member_id = $1 order by t.created_at`,
        [memberId],
      );
      expect(transfers.rows.map((row) => row.code)).toEqual(['bonus', 'bonus_convert']);
      expect(transfers.rows[1]?.amount_minor).toBe('10000');
      expect(consoleErrors).toEqual([]);
    } finally {
      await db.query(`update promotions set status = 'withdrawn' where id = $1`, [promotionId]);
    }
  },
);

test(
  'a member applies with a picture, an operator approves it, and the member sees the bonus granted',
  { tag: DESKTOP_ONLY },
  async ({ page, browser, db }, testInfo) => {
    test.slow();
    const { account } = await logInAsNewMember(page, db, {
      prefix: 'app',
      projectName: testInfo.project.name,
      password: 'Apply12345',
    });
    const promotion = await db.query<{ id: string }>(
      `select p.id from promotions p join merchants m on m.id = p.merchant_id
       where m.code = 'panalo' and p.kind = 'application' and p.status = 'published' order by p.sort_order limit 1`,
    );
    const promotionId = promotion.rows[0]?.id ?? '';
    expect(promotionId).not.toBe('');

    await page.goto(`/promotions#${promotionId}`);
    const detail = page.getByTestId('promotion-detail-body');
    await expect(detail).toHaveAttribute('data-state', 'APPLY');
    await page.getByTestId('application-comment').fill('Panalo ng ₱1,980 sa dice, isang round lang!');
    const picture = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    await page.getByTestId('application-file-input').setInputFiles({
      name: 'big-win.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await page.getByTestId('promotion-accept-terms').check({ force: true });
    await page.getByTestId('promotion-apply').click();
    await expect(detail).toHaveAttribute('data-state', 'APPLYING');
    await screenshot(page, 'promotion-applying');

    // An operator approves ₱50 from the applications queue.
    const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
    await signInAsNewOwner(operator, db, 'promop', testInfo.project.name);
    await openSection(operator, 'Promotions');
    await operator.getByRole('button', { name: 'Applications', exact: true }).click();
    const row = operator.getByRole('row').filter({ hasText: account });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Review' }).click();
    const approval = operator.getByRole('form', { name: `Approve ${account}'s application` });
    await approval.getByLabel(/Amount to grant/).fill('50');
    await approval.getByRole('button', { name: 'Approve…' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Approve and grant' }).click();
    await expect(operator.getByText(`Approved: ₱50.00 granted to ${account} as a bonus.`)).toBeVisible();
    await screenshot(operator, 'admin-promotion-application-approved');
    await operator.close();

    // The member sees the bonus granted and running.
    await page.reload();
    await expect(detail).toHaveAttribute('data-state', 'PROCESS');
    await expect(detail).toContainText('₱0.00 of ₱50.00 wagered');
    await screenshot(page, 'promotion-application-granted');
  },
);
