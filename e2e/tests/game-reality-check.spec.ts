import type { Page } from '@playwright/test';
import { logInAsNewMember, nextAddress } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { cashOf, moveMemberMoney } from '../ledger.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

// Our game client opened on its own (the launch URL in a tab of its own, as a phone's full
// screen shows it): the reality check the site's shell would show comes from the game itself,
// and blackjack offers only the doubles and splits the server would take.

/** The member's reality check, set as the responsible-gaming page sets it. */
async function setRealityCheck(page: Page, minutes: number): Promise<void> {
  const saved = await page.evaluate(async (minutes) => {
    const response = await fetch('/wps/member/responsibleGaming/realityCheck?language=EN', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${sessionStorage.getItem('token')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ minutes }),
    });
    return ((await response.json()) as { success: boolean }).success;
  }, minutes);
  expect(saved).toBe(true);
}

test(
  'a game opened on its own reminds the member at their interval and pauses betting until they continue',
  { tag: PHONE_ONLY },
  async ({ page, context, db, consoleErrors }, testInfo) => {
    test.slow();
    await logInAsNewMember(page, db, {
      prefix: 'grc',
      projectName: testInfo.project.name,
      password: 'Remind123',
      address: nextAddress(),
      beforeLogIn: (memberId) =>
        moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
    });
    await setRealityCheck(page, 15);

    const game = await context.newPage();
    // The game's clock, so that a quarter of an hour passes in a moment; the server keeps real time.
    await game.clock.install();
    const intervalRead = game.waitForResponse((response) => response.url().includes('/reality-check'));
    await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
    await intervalRead;
    await expect(game.getByTestId('game-balance')).toContainText('₱500.00');
    await game.getByTestId('play').click();
    await expect(game.getByTestId('game-balance')).not.toContainText('₱500.00');
    await game.clock.fastForward('10:00');
    const reminder = game.getByTestId('game-reality-check');
    await expect(reminder).toBeHidden();
    // The game's timer fires once at the end of the jump and asks for the result since the login.
    await game.clock.fastForward('05:30');
    await expect(reminder).toBeVisible({ timeout: 15_000 });
    await expect(reminder).toContainText(/You have been logged in for 0 h 1\d min/);
    // One dice round of ₱10.00: lost (−₱10.00) or won (a plus).
    await expect(game.getByTestId('game-reality-result')).toHaveText(/^(−₱10\.00|\+₱[\d,.]+)$/);
    // Betting waits: the game behind the reminder takes no input.
    await expect(game.locator('main.g-main')).toHaveAttribute('inert', '');
    await screenshot(game, 'game-reality-check');

    await reminder.getByRole('button', { name: 'Continue playing' }).click();
    await expect(reminder).toBeHidden();
    await expect(game.locator('main.g-main')).not.toHaveAttribute('inert', '');
    const before = await game.getByTestId('game-balance').textContent();
    await game.getByTestId('play').click();
    await expect(game.getByTestId('game-balance')).not.toHaveText(before ?? '');
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'blackjack hides a double the balance cannot cover, and says why',
  { tag: DESKTOP_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const { memberId } = await logInAsNewMember(page, db, {
      prefix: 'gbj',
      projectName: testInfo.project.name,
      password: 'Cards1234',
      address: nextAddress(),
    });
    const game = await context.newPage();
    const url = await launchUrlOf(page, 'INHOUSE_blackjack');
    // ₱15.00 and a ₱10.00 deal leave ₱5.00: too little to double or split. A deal that ends at once
    // (a natural on either side) is dealt again from ₱15.00.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await moveMemberMoney(db, {
        memberId,
        wallet: 'cash',
        amountMinor: 1_500 - (await cashOf(db, memberId)),
        code: 'adjustment',
      });
      // The launch URL differs from the open one only in its fragment (the token), where a plain
      // goto would only change the hash: leave the page first so that the game loads afresh.
      await game.goto('about:blank');
      await game.goto(url);
      await expect(game.getByTestId('game-balance')).toContainText('₱15.00');
      await expect(game.getByTestId('stake-value')).toContainText('₱10.00');
      await game.getByTestId('play').click();
      await expect(game.getByTestId('game-balance')).not.toContainText('₱15.00');
      // The deal is on the table once the game offers a move, insurance, or (a natural) the result.
      const decline = game.getByTestId('blackjack-decline-insurance');
      await expect(
        game.getByTestId('blackjack-hit').or(decline).or(game.getByTestId('net-result')).first(),
      ).toBeVisible();
      if (await decline.isVisible()) {
        await decline.click();
        await expect(decline).toBeHidden();
      }
      if (await game.getByTestId('blackjack-hit').isVisible()) break;
    }
    await expect(game.getByTestId('blackjack-double')).toBeDisabled();
    await expect(game.getByTestId('blackjack-double-refused')).toHaveText(
      'Double is not available: your balance does not cover the extra stake.',
    );
    await expect(game.getByTestId('blackjack-hit')).toBeEnabled();
    await screenshot(game, 'game-blackjack-no-double');
  },
);
