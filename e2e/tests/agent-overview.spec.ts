import { actAsVisitor, logInAsNewMember, nextAddress, skipMemberPopup } from '../accounts.ts';
import { maskedAccount } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { launchUrlOf } from '../games.ts';
import { moveMemberMoney } from '../ledger.ts';
import { PHONE_ONLY } from '../tags.ts';

// The agent's team overview (agentTeamOverview, the agent centre's first page) and the team's
// profit and loss (palStatementsAgentCopy): a new player in the demo agent `leader`'s team plays a
// round of our dice; once the team rollup job has run (every minute), `leader` sees the team's
// figures with how current they are, and the player's round in the P&L by member and by game type.

const LEADER = { account: 'leader', password: 'Leader1234' };
/** The team rollup job runs every minute; a pass may just have started when the round settled. */
const ROLLUP_WAIT_MS = 90_000;

/** A shown amount ("₱1,234.50", "+₱10.00") as a number, to compare with a floor. */
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test(
  "an agent sees a team player's round in the team overview and the team's profit and loss",
  { tag: PHONE_ONLY },
  async ({ page, context, db }, testInfo) => {
    test.slow();
    const leader = await db.query<{ id: string }>('select id from members where account_key = $1', [
      LEADER.account,
    ]);
    const leaderId = leader.rows[0]?.id ?? '';
    expect(leaderId).not.toBe('');
    const { account, memberId } = await logInAsNewMember(page, db, {
      prefix: 'tov',
      projectName: testInfo.project.name,
      password: 'Overview1234',
      // In leader's team (the tree follows the upline by the members triggers), with ₱500.00.
      beforeLogIn: async (id) => {
        await db.query('update members set upline_id = $2 where id = $1', [id, leaderId]);
        await moveMemberMoney(db, { memberId: id, wallet: 'cash', amountMinor: 50_000, code: 'deposit' });
      },
    });

    // One round of dice at its default stake of ₱10.00, in the game's own page.
    const game = await context.newPage();
    await game.goto(await launchUrlOf(page, 'INHOUSE_dice'));
    await expect(game.getByTestId('game-balance')).toContainText('₱500.00');
    await game.getByTestId('play').click();
    await expect(game.getByTestId('dice-result')).toContainText(/\d+\.\d{2}/);
    await game.close();

    // The team rollup job's pass that sums the round: its watermark reaches the round's member rollup.
    await expect
      .poll(
        async () => {
          const summed = await db.query<{ done: boolean }>(
            `select coalesce(bool_and(w.changed_at >= date_trunc('milliseconds', r.changed_at)), false) as done
           from member_bet_days r
           left join team_rollup_watermarks w on w.merchant_id = r.merchant_id
           where r.member_id = $1`,
            [memberId],
          );
          return summed.rows[0]?.done ?? false;
        },
        { timeout: ROLLUP_WAIT_MS, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);

    // The agent, in a tab of its own (the session lives in the tab), through the agent login.
    const agent = await context.newPage();
    await actAsVisitor(agent, nextAddress());
    await skipMemberPopup(agent, leaderId);
    await agent.goto('/agent');
    const login = agent.getByTestId('login-modal');
    await expect(login).toBeVisible();
    await login.getByTestId('login-username').fill(LEADER.account);
    await login.getByTestId('login-password').fill(LEADER.password);
    await login.getByTestId('login-submit').click();
    await expect(agent).toHaveURL(/\/agentHome/);

    // The overview is the first page: the team's figures over the past 30 days count the round.
    const overview = agent.getByTestId('team-overview-page');
    await expect(overview).toBeVisible();
    await expect(overview.getByTestId('team-overview-as-of')).toContainText(/as of/);
    const figure = async (key: string) =>
      amountOf((await overview.getByTestId(`team-kpi-${key}`).locator('dd').first().textContent()) ?? '');
    expect(await figure('teamSize')).toBeGreaterThan(0);
    expect(await figure('activeMembers')).toBeGreaterThanOrEqual(1);
    expect(await figure('validBet')).toBeGreaterThanOrEqual(10);
    await expect(overview.getByTestId('team-chart').getByRole('img')).toHaveAttribute(
      'aria-label',
      /Valid bet/,
    );
    await overview.getByText('Show as a table').click();
    await expect(overview.getByTestId('team-chart-table').locator('tbody tr')).toHaveCount(30);
    await screenshot(agent, 'agent-team-overview');

    // The P&L by member: the player's row, masked, with the round's stake.
    await agent.goto('/agentHome?page=palStatementsAgentCopy');
    const report = agent.getByTestId('profit-loss-page');
    await expect(report).toBeVisible();
    const rows = report.locator('[data-testid="profit-loss-row"]:visible');
    const playerRow = rows.filter({ hasText: maskedAccount(account) });
    await expect(playerRow).toHaveCount(1);
    await expect(playerRow).toContainText('₱10.00');
    await expect(report).not.toContainText(account);
    await expect(report.getByTestId('profit-loss-totals')).toBeVisible();
    await screenshot(agent, 'agent-profit-loss');

    // By game type: our own games have a row of their own.
    await report.getByRole('tab', { name: 'By game type' }).click();
    await expect(rows.filter({ hasText: 'In-house' })).toHaveCount(1);
    await screenshot(agent, 'agent-profit-loss-game-types');
  },
);
