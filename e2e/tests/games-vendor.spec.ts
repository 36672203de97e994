import type { Page } from '@playwright/test';
import { actAsVisitor, insertMember, skipMemberPopup, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney } from '../ledger.ts';
import { DESKTOP_ONLY } from '../tags.ts';

// A member launches a game of the vendor sandbox through the launch call (the lobby comes later:
// the URL it answers is opened as the game iframe would), plays a round, and the header balance
// of the site follows the money the vendor moved through /wallet/v1.

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
}

test(
  'a member plays a sandbox vendor round from its launch URL and the header balance follows',
  { tag: DESKTOP_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const address = `10.77.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    await actAsVisitor(page, address);
    const account = uniqueAccount('gam', testInfo.project.name);
    const memberId = await insertMember(db, { account, password: 'Games1234' });
    await skipMemberPopup(page, memberId);
    await moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' });
    await logIn(page, account, 'Games1234');
    const balance = page.getByTestId('balance-amount');
    await expect(balance).toContainText('500.00');

    // What the lobby's tile will do: ask for the launch URL with the member's session.
    const launched = await page.evaluate(async () => {
      const token = sessionStorage.getItem('token');
      const response = await fetch('/wps/game/launchGame?nodeId=LAKAN_lakan-live-high-card&mode=real', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { success: boolean; value: { url: string } };
    });
    expect(launched.success).toBe(true);
    expect(launched.value.url).toMatch(/\/lakan\/play\/lakan-live-high-card\?.*token=/);

    const game = await context.newPage();
    await game.goto(launched.value.url);
    await expect(game.getByTestId('vendor-balance')).toHaveText('500.00');
    // Real money: the play-money badge of demo mode is not shown.
    await expect(game.getByText(/play money/i)).toBeHidden();
    await game.getByTestId('stake').fill('25.00');
    // A tie gives the stake back; play on until a round has moved the balance (a tie is 1 in 13).
    let after = '500.00';
    let plays = 0;
    while (after === '500.00' && plays < 8) {
      plays += 1;
      await game.getByTestId('pick-draw').click();
      await expect(game.getByTestId('result')).toHaveAttribute('data-status', 'OK');
      await expect(game.getByTestId('pick-draw')).toBeEnabled();
      after = (await game.getByTestId('vendor-balance').textContent()) ?? '';
    }
    // Lost (475.00) or won (525.00): the vendor shows what the platform's wallet answered.
    expect(['475.00', '525.00']).toContain(after);
    await screenshot(game, 'vendor-sandbox-game');

    // The stake and the win reached the member's open page over the socket.
    await expect(balance).toContainText(after);
    const rounds = await db.query<{ status: string; stake_minor: string }>(
      'select status, stake_minor::text from game_rounds where member_id = $1',
      [memberId],
    );
    expect(rounds.rows).toEqual(
      Array.from({ length: plays }, () => ({ status: 'settled', stake_minor: '2500' })),
    );
  },
);
