import type { FrameLocator, Page } from '@playwright/test';
import type pg from 'pg';
import { actAsVisitor, insertMember, skipMemberPopup, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { moveMemberMoney } from '../ledger.ts';
import { DESKTOP_ONLY, PHONE_ONLY } from '../tags.ts';

// The game centre pages (/sports, /lott …: a category's provider lanes) and the lottery page
// (/lottery?gameCode=…: the lottery vendor's game in a frame), against the vendor sandbox's
// sportsbook and lottery, which move the member's money through /wallet/v1.

const randomAddress = () =>
  `10.78.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

test('a visitor sees the sports provider lane, and a game asks them to log in', async ({ page }) => {
  await actAsVisitor(page, randomAddress());
  await page.goto('/sports');
  const lane = page.locator('[data-testid="provider-lane"][data-vassalage="TAMBULI"]');
  await expect(lane).toBeVisible();
  await expect(lane.getByRole('heading', { name: 'Tambuli Sports' })).toBeVisible();
  await expect(lane.getByTestId('game-tile')).toHaveCount(2);
  await expect(lane.getByText('Tambuli Sportsbook')).toBeVisible();
  await screenshot(page, 'game-centre-sports');

  await lane.locator('[data-node-id="TAMBULI_tambuli-sportsbook"]').getByTestId('game-tile-play').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

/** A new member with ₱500.00, logged in; answers their id. */
async function logInFundedMember(page: Page, db: pg.Client, account: string): Promise<string> {
  await actAsVisitor(page, randomAddress());
  const memberId = await insertMember(db, { account, password: 'Lotto1234' });
  await skipMemberPopup(page, memberId);
  await moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' });
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill('Lotto1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  // The header's first balance follows the login's own calls; on a busy machine that takes a while.
  await expect(page.getByTestId('balance-amount')).toContainText('500.00', { timeout: 15_000 });
  return memberId;
}

/**
 * Presses the frame's "Draw now" until the newest ticket is settled. A press joins a draw already
 * running rather than starting another, so one that lands while the sandbox's scheduled draw of the
 * previous numero runs leaves the ticket waiting for its own numero.
 */
async function drawUntilSettled(frame: FrameLocator): Promise<void> {
  await expect(async () => {
    // The frame's page refreshes its lists every few seconds, which can move the button between
    // a pointer's aim and its click on a busy machine: the keyboard presses it wherever it is.
    await frame.getByTestId('draw-now').press('Enter');
    await expect(frame.getByTestId('ticket-status').first()).not.toHaveText(/Waiting/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The member's game rounds: one ticket bought and drawn is one settled round. */
async function roundsOf(db: pg.Client, memberId: string) {
  const rounds = await db.query<{ status: string; stake_minor: string; win_minor: string }>(
    'select status, stake_minor::text, win_minor::text from game_rounds where member_id = $1',
    [memberId],
  );
  return rounds.rows;
}

test(
  'a member opens the lottery from /lott, buys a ticket in the frame and the header balance follows',
  { tag: PHONE_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const memberId = await logInFundedMember(page, db, uniqueAccount('lot', testInfo.project.name));
    const balance = page.getByTestId('balance-amount');

    await page.goto('/lott');
    const lane = page.locator('[data-testid="provider-lane"][data-vassalage="LOTT"]');
    await expect(lane.getByRole('heading', { name: 'Bituin Lotto' })).toBeVisible();
    // Spec §4: a LOTT provider in a lottery lane makes the prize mode ELOTT.
    await expect(page.getByTestId('prize-mode')).toHaveAttribute('data-prize-mode', 'ELOTT');
    await expect(page.getByTestId('prize-mode')).toContainText('Electronic draws');
    await screenshot(page, 'game-centre-lott');
    await lane.locator('[data-node-id="LOTT_bituin-3-of-20"]').getByTestId('game-tile-play').click();

    await expect(page).toHaveURL(/\/lottery\?gameCode=bituin-3-of-20$/);
    await expect(
      page.getByTestId('lottery-page').getByRole('heading', { name: 'Bituin Lotto 3/20' }),
    ).toBeVisible();
    // A game page: no footer and no side menu.
    await expect(page.locator('footer')).toHaveCount(0);
    const frameElement = page.getByTestId('lottery-frame');
    await expect(frameElement).toHaveAttribute('src', /\/bituin\/play\/bituin-3-of-20\?.*prizeMode=ELOTT/);
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('500.00');
    for (const number of [4, 11, 17]) await frame.getByTestId(`number-${number}`).click();
    await frame.getByTestId('stake').fill('10.00');
    await frame.getByTestId('buy-ticket').click();
    await expect(frame.getByTestId('message')).toHaveAttribute('data-status', 'OK');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('490.00');
    // The frame's message refreshes the site's own balance.
    await expect(balance).toContainText('490.00');
    await screenshot(page, 'lottery-page');

    // The draw settles the ticket: the win (if any) reaches the header too.
    await drawUntilSettled(frame);
    const rounds = await roundsOf(db, memberId);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ status: 'settled', stake_minor: '1000' });
    const after = (49_000 + Number(rounds[0]?.win_minor)) / 100;
    await expect(balance).toContainText(after.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await expect(page.getByTestId('latest-draw')).not.toContainText('No draw yet', { timeout: 20_000 });
    await screenshot(page, 'lottery-page-drawn');
  },
);

test(
  'a member opens the 4D draw on /seaLottery, sets its digits in the frame and buys a ticket',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.slow();
    const memberId = await logInFundedMember(page, db, uniqueAccount('sea', testInfo.project.name));
    const balance = page.getByTestId('balance-amount');

    await page.goto('/lott');
    const lane = page.locator('[data-testid="provider-lane"][data-vassalage="TCG_SEA"]');
    await expect(lane.getByRole('heading', { name: 'Dagat Lotto' })).toBeVisible();
    // Spec §4: a TCG_SEA game opens on /seaLottery, not /lottery.
    await lane.locator('[data-node-id="TCG_SEA_dagat-4d"]').getByTestId('game-tile-play').click();
    await expect(page).toHaveURL(/\/seaLottery\?gameCode=dagat-4d$/);
    await expect(
      page.getByTestId('lottery-page').getByRole('heading', { name: 'Dagat 4D Draw' }),
    ).toBeVisible();
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.getByTestId('lottery-frame')).toHaveAttribute(
      'src',
      /\/dagat\/play\/dagat-4d\?.*lottoArea=SEA/,
    );
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('500.00');

    // 1 2 0 9: up once, up twice, left at 0, and down from 0 round to 9.
    await frame.getByTestId('digit-up-0').click();
    for (let step = 0; step < 2; step += 1) await frame.getByTestId('digit-up-1').click();
    await frame.getByTestId('digit-down-3').click();
    for (const [place, digit] of ['1', '2', '0', '9'].entries())
      await expect(frame.getByTestId(`digit-${place}`)).toHaveText(digit);
    await frame.getByTestId('stake').fill('10.00');
    await frame.getByTestId('buy-ticket').click();
    await expect(frame.getByTestId('message')).toHaveAttribute('data-status', 'OK');
    await expect(frame.getByTestId('tickets')).toContainText('1209');
    await expect(frame.getByTestId('vendor-balance')).toHaveText('490.00');
    await expect(balance).toContainText('490.00');
    await screenshot(page, 'sea-lottery-page');

    await drawUntilSettled(frame);
    const rounds = await roundsOf(db, memberId);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ status: 'settled', stake_minor: '1000' });
    const after = (49_000 + Number(rounds[0]?.win_minor)) / 100;
    await expect(balance).toContainText(after.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await expect(page.getByTestId('latest-draw')).not.toContainText('No draw yet', { timeout: 20_000 });
    await screenshot(page, 'sea-lottery-page-drawn');
  },
);
