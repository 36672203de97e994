import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { logInAsNewMember } from '../accounts.ts';
import { expect, newConfirmedPage, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { moveMemberMoney } from '../ledger.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { insertPromotion } from '../promotions.ts';
import { DESKTOP_ONLY, MERCHANT_WIDE } from '../tags.ts';

// Raffles (docs/promotions.md "Raffles"): a member joins a raffle, earns tickets with a dice
// round, the raffle ends and is drawn by the job, an operator reads the draw in the back office,
// and the member claims the prize in cash and re-computes the draw in the browser.

const ENDS_IN_SECONDS = 40;

/**
 * A published raffle for the journey alone, ending shortly: one ticket per ₱50 of valid bet, one
 * ₱50 prize in cash, drawn as soon as it ends. Its draw row carries a fresh seed's commitment, as
 * the builder makes it.
 */
async function insertRaffle(db: pg.Client): Promise<string> {
  const id = await insertPromotion(db, {
    prefix: 'e2e-raffle',
    type: 'OTHERS',
    kind: 'raffle',
    title: { TY: 'Mabilisang Raffle', EN: 'Quick Raffle' },
    content: {
      TY: '<p>Isang tiket sa bawat ₱50 na taya. Isang premyong ₱50.</p>',
      EN: '<p>One ticket for every ₱50 bet. One ₱50 prize.</p>',
    },
    rules: {
      ticketBy: 'validBet',
      ticketEvery: '50.00',
      maxTickets: 10,
      prizes: [{ amount: '50.00', count: 1 }],
      payAs: 'cash',
      claimDays: 7,
      drawDelayMinutes: 0,
    },
    endsInSeconds: ENDS_IN_SECONDS,
  });
  const serverSeed = randomBytes(32).toString('hex');
  await db.query(
    `insert into raffle_draws (promotion_id, merchant_id, server_seed, server_seed_hash, created_at)
     select p.id, p.merchant_id, $2, $3, now() from promotions p where p.id = $1`,
    [id, serverSeed, createHash('sha256').update(serverSeed).digest('hex')],
  );
  return id;
}

test(
  'a member joins a raffle, earns tickets by betting, wins the draw, claims the prize and verifies the draw',
  { tag: [DESKTOP_ONLY, MERCHANT_WIDE] },
  async ({ page, context, browser, db, consoleErrors }, testInfo) => {
    // The raffle runs for ENDS_IN_SECONDS and the job draws it within a minute of its end.
    test.setTimeout(240_000);
    const promotionId = await insertRaffle(db);
    try {
      const { account, memberId } = await logInAsNewMember(page, db, {
        prefix: 'raf',
        projectName: testInfo.project.name,
        password: 'Raffle12345',
        beforeLogIn: (id) =>
          moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 20_000, code: 'deposit' }),
      });

      // The member reads the raffle, accepts its terms and joins.
      await page.goto(`/promotions#${promotionId}`);
      const detail = page.getByTestId('promotion-detail-body');
      await expect(detail).toHaveAttribute('data-state', 'JOIN');
      await expect(page.getByTestId('raffle-prize-table')).toContainText('50.00');
      await expect(page.getByTestId('raffle-commitment')).toHaveText(/^[0-9a-f]{64}$/);
      await page.getByTestId('promotion-accept-terms').check({ force: true });
      await page.getByTestId('promotion-join').click();
      await expect(detail).toHaveAttribute('data-state', 'JOINED');

      // One dice round of ₱100 earns two tickets.
      const game = await context.newPage();
      await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
      await game.getByRole('button', { name: '₱100', exact: true }).click();
      await expect(game.getByTestId('stake-value')).toContainText('100.00');
      await game.getByTestId('play').click();
      await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
      await game.close();
      await page.reload();
      await expect(page.getByTestId('raffle-my-ticket-count')).toContainText('2');
      await expect(page.getByTestId('raffle-my-tickets')).toBeVisible();
      await screenshot(page, 'raffle-joined-tickets');

      // The raffle ends and the job draws it.
      await expect
        .poll(
          async () =>
            (
              await db.query<{ status: string }>('select status from raffle_draws where promotion_id = $1', [
                promotionId,
              ])
            ).rows[0]?.status,
          { timeout: (ENDS_IN_SECONDS + 90) * 1_000, intervals: [2_000, 5_000] },
        )
        .toBe('drawn');

      // An operator reads the draw: the seed revealed and the one winner.
      const operator = await newConfirmedPage(browser, { viewport: { width: 1440, height: 900 } });
      await signInAsNewOwner(operator, db, 'rafop', testInfo.project.name);
      await openSection(operator, 'Promotions');
      await operator.getByRole('button', { name: /^Draw and winners of (Mabilisang|Quick) Raffle$/ }).click();
      const panel = operator.getByRole('region', { name: /^Raffle / });
      await expect(panel.getByTestId('raffle-winners')).toContainText(account);
      await screenshot(operator, 'admin-raffle-drawn');
      await operator.close();

      // The member claims the prize, paid in cash.
      await page.reload();
      await expect(detail).toHaveAttribute('data-state', 'CLAIM');
      await expect(page.getByTestId('raffle-winner')).toHaveCount(1);
      await page.getByTestId('raffle-claim').click();
      await expect(detail).toHaveAttribute('data-state', 'ISSUED');
      const paid = await db.query<{ amount_minor: string }>(
        `select t.amount_minor::text from ledger_transfers t
           join ledger_accounts a on a.id = t.credit_account_id
         where t.code = 'raffle_prize' and a.owner_id = $1`,
        [memberId],
      );
      expect(paid.rows.map((each) => each.amount_minor)).toEqual(['5000']);

      // The draw re-computed in the browser from what was published.
      await page.getByTestId('raffle-verify').click();
      const verification = page.getByTestId('raffle-verification');
      await expect(verification).toBeVisible();
      await expect(verification.getByTestId('raffle-check')).toHaveCount(4);
      for (const check of await verification.getByTestId('raffle-check').all()) {
        await expect(check).toHaveAttribute('data-passed', 'true');
      }
      await screenshot(page, 'raffle-claimed-verified');
      expect(consoleErrors).toEqual([]);
    } finally {
      await db.query(`update promotions set status = 'withdrawn' where id = $1`, [promotionId]);
    }
  },
);
