import { logInAsNewMember } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { moveMemberMoney } from '../ledger.ts';

// The member centre's betting records (personalHistoryCopy): a member plays a round of our dice,
// finds the bet among their records, opens its detail with the round's provably-fair inputs, and
// follows its link into the game, which opens its own records on that round to verify it.

test('a member finds a round of dice in the betting records and opens its detail', async ({
  page,
  context,
  db,
}, testInfo) => {
  test.slow();
  const { memberId } = await logInAsNewMember(page, db, {
    prefix: 'br',
    projectName: testInfo.project.name,
    password: 'Records1234',
    beforeLogIn: (memberId) =>
      moveMemberMoney(db, { memberId, wallet: 'cash', amountMinor: 50_000, code: 'deposit' }),
  });

  // One round of dice at its default stake of ₱10.00, in the game's own page.
  const game = await context.newPage();
  await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
  await expect(game.getByTestId('game-balance')).toContainText('₱500.00');
  await game.getByTestId('play').click();
  await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
  await game.close();
  const round = await db.query<{ id: string }>('select id from game_rounds where member_id = $1', [memberId]);
  expect(round.rows).toHaveLength(1);
  const roundId = round.rows[0]?.id ?? '';

  await page.goto('/member?page=personalHistoryCopy');
  const records = page.getByTestId('betting-records-page');
  await expect(records).toBeVisible();
  // A card per bet on a phone, a table row on a desktop: the one shown is the one on screen.
  const bets = records.locator('[data-testid="bet"]:visible');
  await expect(bets).toHaveCount(1);
  await expect(bets.first()).toContainText(/dice|dais/i);
  await expect(bets.first()).toContainText('₱10.00');
  await expect(bets.first().getByTestId('bet-status')).toHaveText(/settled|tapos na/i);
  await expect(records.getByTestId('bets-totals')).toContainText(/1 (bet|taya)/i);
  await screenshot(page, 'betting-records');

  // Filters that leave the bet out show the empty state; back to every status, it returns.
  await records.getByRole('tab', { name: /pending|nakabinbin/i }).click();
  await expect(records.getByTestId('empty-state')).toBeVisible();
  await records.getByRole('tab', { name: /^(all|lahat)$/i }).click();
  await expect(bets).toHaveCount(1);

  await bets.first().getByRole('button').first().click();
  const detail = page.getByTestId('bet-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(roundId);
  const fairness = detail.getByTestId('bet-fairness');
  await expect(fairness).toContainText(/[0-9a-f]{64}/);
  await screenshot(page, 'betting-record-detail');

  // The link opens the game on that round's recall, where the member can verify it.
  await fairness.getByTestId('bet-verify').click();
  const holder = page.getByTestId(testInfo.project.name === 'phone' ? 'seamless-page' : 'game-popup');
  await expect(holder).toBeVisible();
  const frame = holder.frameLocator('iframe');
  const roundDetail = frame.getByTestId('round-detail');
  await expect(roundDetail).toBeVisible({ timeout: 15_000 });
  await expect(roundDetail).toContainText(roundId);
  await screenshot(page, 'betting-record-recall');
});
