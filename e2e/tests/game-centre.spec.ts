import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { actAsVisitor, insertMember, skipMemberPopup, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';

// The game centre pages (/sports, /lott …: a category's provider lanes) and the lottery page
// (/lottery?gameCode=…: the lottery vendor's game in a frame), against the vendor sandbox's
// sportsbook and lottery, which move the member's money through /wallet/v1.

const randomAddress = () =>
  `10.78.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Puts money in a member's cash as a deposit would: one transfer through the ledger's own function. */
async function fundMember(db: pg.Client, memberId: string, amountMinor: number): Promise<void> {
  const id = () => `e2e-${randomBytes(8).toString('hex')}`;
  const merchant = await db.query<{ merchant_id: string }>('select merchant_id from members where id = $1', [
    memberId,
  ]);
  const merchantId = merchant.rows[0]?.merchant_id;
  const [cashId, bonusId] = [id(), id()];
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, owner_id, currency) values
       ($1, $3, 'player_cash', $4, 'PHP'), ($2, $3, 'player_bonus', $4, 'PHP')`,
    [cashId, bonusId, merchantId, memberId],
  );
  await db.query(
    `insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
     values ($1, $2, 'house', 'deposit:e2e', 0, 'PHP') on conflict do nothing`,
    [id(), merchantId],
  );
  const house = await db.query<{ id: string }>(
    `select id from ledger_accounts where merchant_id = $1 and purpose = 'deposit:e2e' and shard = 0`,
    [merchantId],
  );
  await db.query(
    `select * from ledger_apply_transfer($1, $2, $3, 'deposit', null, $4, $5, 'PHP', $6, null)`,
    [id(), merchantId, id(), house.rows[0]?.id, cashId, amountMinor],
  );
}

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

test('a member opens the lottery from /lott, buys a ticket in the frame and the header balance follows', async ({
  page,
  db,
}, testInfo) => {
  test.slow();
  await actAsVisitor(page, randomAddress());
  const account = uniqueAccount('lot', testInfo.project.name);
  const memberId = await insertMember(db, { account, password: 'Lotto1234' });
  await skipMemberPopup(page, memberId);
  await fundMember(db, memberId, 50_000);
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill('Lotto1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  const balance = page.getByTestId('balance-amount');
  await expect(balance).toContainText('500.00');

  await page.goto('/lott');
  const lane = page.locator('[data-testid="provider-lane"][data-vassalage="LOTT"]');
  await expect(lane.getByRole('heading', { name: 'Bituin Lotto' })).toBeVisible();
  // Spec §4: a LOTT provider in a lottery lane makes the prize mode ELOTT.
  await expect(page.getByTestId('prize-mode')).toContainText('ELOTT');
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
  await frame.getByTestId('draw-now').click();
  const status = frame.getByTestId('ticket-status').first();
  await expect(status).not.toHaveText(/Waiting/);
  const rounds = await db.query<{ status: string; stake_minor: string; win_minor: string }>(
    'select status, stake_minor::text, win_minor::text from game_rounds where member_id = $1',
    [memberId],
  );
  expect(rounds.rows).toHaveLength(1);
  expect(rounds.rows[0]).toMatchObject({ status: 'settled', stake_minor: '1000' });
  const after = (49_000 + Number(rounds.rows[0]?.win_minor)) / 100;
  await expect(balance).toContainText(after.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await expect(page.getByTestId('latest-draw')).not.toContainText('No draw yet', { timeout: 20_000 });
  await screenshot(page, 'lottery-page-drawn');
});
