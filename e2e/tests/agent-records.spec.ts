import { actAsVisitor, closePublicPopup, nextAddress, skipMemberPopup } from '../accounts.ts';
import { logInAsNewTeamPlayer, logInAtAgentPage, maskedAccount } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { PHONE_ONLY } from '../tags.ts';

// The agent centre's team records: a new player in the demo agent `leader`'s team deposits through
// the payment sandbox and plays a round of our dice; `leader` finds the bet in the team's betting
// records (personalHistoryCopy) with its detail, and the deposit in the downline transactions
// (agentDownlineTransactionDetailsCopy), both under the player's masked account.

const LEADER = { account: 'leader', password: 'Leader1234' };

test(
  "an agent finds a team player's round in the team's betting records and their deposit in the downline transactions",
  { tag: PHONE_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const {
      account,
      memberId,
      agentId: leaderId,
    } = await logInAsNewTeamPlayer(page, db, {
      agentAccount: LEADER.account,
      prefix: 'trp',
      projectName: testInfo.project.name,
      password: 'Records1234',
    });
    await closePublicPopup(page);

    // A deposit of ₱500.00 through the payment sandbox.
    await page.goto('/member?page=depositv2');
    const form = page.getByTestId('deposit-form');
    await expect(form).toBeVisible();
    await form.getByTestId('deposit-amount').fill('500');
    await form.getByRole('button', { name: 'Deposit' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit received', { timeout: 15_000 });

    // One round of dice at its default stake of ₱10.00, in the game's own page.
    const game = await context.newPage();
    await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
    await expect(game.getByTestId('game-balance')).toContainText('₱500.00');
    await game.getByTestId('play').click();
    await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
    await game.close();
    const round = await db.query<{ id: string }>('select id from game_rounds where member_id = $1', [
      memberId,
    ]);
    expect(round.rows).toHaveLength(1);
    const roundId = round.rows[0]?.id ?? '';

    // The agent, in a tab of its own (the session lives in the tab), through the agent login.
    const agent = await context.newPage();
    await actAsVisitor(agent, nextAddress());
    await skipMemberPopup(agent, leaderId);
    await logInAtAgentPage(agent, LEADER.account, LEADER.password);
    await expect(agent).toHaveURL(/\/agentHome/);

    await agent.goto('/agentHome?page=personalHistoryCopy');
    const records = agent.getByTestId('team-bets-page');
    await expect(records).toBeVisible();
    await records.getByTestId('team-bets-account').fill(account);
    await records.getByRole('button', { name: 'Search' }).click();
    // A card per bet on a phone, a table row on a desktop: the one shown is the one on screen.
    const bets = records.locator('[data-testid="bet"]:visible');
    await expect(bets).toHaveCount(1);
    await expect(bets.first()).toContainText(maskedAccount(account));
    await expect(bets.first()).toContainText(/dice/i);
    await expect(bets.first()).toContainText('₱10.00');
    await expect(records.getByTestId('bets-totals')).toContainText('1 bet');
    await screenshot(agent, 'agent-team-bets');
    await bets.first().getByRole('button').first().click();
    const detail = agent.getByTestId('bet-detail');
    await expect(detail).toContainText(roundId);
    await expect(detail).toContainText(maskedAccount(account));
    await screenshot(agent, 'agent-team-bet-detail');
    await detail.getByRole('button', { name: /close/i }).click();

    // Another account than a downline's finds nothing.
    await records.getByTestId('team-bets-account').fill('nobodyhere');
    await records.getByRole('button', { name: 'Search' }).click();
    await expect(records.getByTestId('empty-state')).toBeVisible();

    await agent.goto('/agentHome?page=agentDownlineTransactionDetailsCopy');
    const transactions = agent.getByTestId('downline-transactions-page');
    await expect(transactions).toBeVisible();
    await transactions.getByTestId('transactions-account').fill(account);
    await transactions.getByRole('button', { name: 'Search' }).click();
    const lines = transactions.locator('[data-testid="transaction"]:visible');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(maskedAccount(account));
    await expect(lines.first()).toContainText('₱500.00');
    await expect(lines.first().getByTestId('transaction-status')).toHaveText('Completed');
    await expect(transactions.getByTestId('transactions-totals')).toContainText('₱500.00');
    await screenshot(agent, 'agent-downline-transactions');
  },
);
