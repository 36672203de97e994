import {
  actAsVisitor,
  insertMember,
  logInAsNewMember,
  nextAddress,
  skipMemberPopup,
  uniqueAccount,
} from '../accounts.ts';
import { insertTeam, logInAtAgentPage, maskedAccount } from '../agents.ts';
import { expect, screenshot, test } from '../fixtures.ts';

// The agent area (spec §2, §4, §6): the login opened from /agent is an agent's, refused to anyone
// else with the server's message; an agent lands on /agentHome and sees their team there; members
// never see the agent area or its menus.

const PASSWORD = 'Agents1234';

test('a player is refused at the agent login with the reason, and stays logged out', async ({
  page,
  db,
}, testInfo) => {
  await actAsVisitor(page, nextAddress());
  const account = uniqueAccount('agnon', testInfo.project.name);
  await insertMember(db, { account, password: PASSWORD });
  await logInAtAgentPage(page, account, PASSWORD);
  const login = page.getByTestId('login-modal');
  await expect(login).toContainText('Non-agents cannot log in');
  // No session: no member menu, and the token was never kept.
  await expect(page.getByTestId('member-menu')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await screenshot(page, 'agent-login-refused');
});

test('an agent logs in at /agent, lands on /agentHome and opens their team down to a sub-agent', async ({
  page,
  db,
}, testInfo) => {
  test.slow();
  await actAsVisitor(page, nextAddress());
  const team = await insertTeam(db, {
    prefix: 'agl',
    projectName: testInfo.project.name,
    password: PASSWORD,
  });
  await skipMemberPopup(page, team.agent.id);
  await logInAtAgentPage(page, team.agent.account, PASSWORD);
  await expect(page).toHaveURL(/\/agentHome$/);
  const centre = page.getByTestId('agent-centre-page');
  await expect(centre).toBeVisible();

  // The default page is the team overview; the downlines are a page of the menu: the three direct
  // ones, masked, with their type names.
  await expect(centre.getByTestId('team-overview-page')).toBeVisible();
  await page.goto('/agentHome?page=downlineManagmentView');
  const downlines = centre.getByTestId('downlines-page');
  const rows = downlines.locator('[data-testid="downline"]:visible');
  await expect(rows).toHaveCount(3);
  for (const member of [...team.players, team.subagent]) {
    await expect(downlines).toContainText(maskedAccount(member.account));
  }
  await expect(downlines).not.toContainText(team.players[0]?.account ?? '');
  await expect(rows.filter({ hasText: maskedAccount(team.subagent.account) })).toContainText('Sub-agent');
  await screenshot(page, 'agent-downlines');

  // All downlines at any depth include the sub-agent's player, at level 2.
  await downlines.getByRole('tab', { name: 'All downlines' }).click();
  await expect(rows).toHaveCount(4);
  await expect(
    rows.filter({ hasText: maskedAccount(team.grandchild.account) }).getByTestId('downline-level'),
  ).toHaveText('2');

  // Drilling into the sub-agent shows its team and the way back up.
  await downlines.getByRole('tab', { name: 'Direct downlines' }).click();
  await expect(rows).toHaveCount(3);
  await rows
    .filter({ hasText: maskedAccount(team.subagent.account) })
    .getByTestId('downline-open-team')
    .click();
  const breadcrumb = downlines.getByTestId('downline-breadcrumb');
  await expect(breadcrumb).toContainText('My team');
  await expect(breadcrumb).toContainText(maskedAccount(team.subagent.account));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(maskedAccount(team.grandchild.account));
  await breadcrumb.getByRole('button', { name: 'My team' }).click();
  await expect(rows).toHaveCount(3);

  // A search by account finds the one downline.
  await downlines.getByTestId('downline-search').fill(team.players[1]?.account ?? '');
  await downlines.getByTestId('downline-search').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(maskedAccount(team.players[1]?.account ?? ''));
});

test('the agent announcements show those for agents and everyone, never those for members', async ({
  page,
  db,
}, testInfo) => {
  await actAsVisitor(page, nextAddress());
  const team = await insertTeam(db, {
    prefix: 'agn',
    projectName: testInfo.project.name,
    password: PASSWORD,
  });
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  for (const audience of ['agents', 'members'] as const) {
    await db.query(
      `insert into announcements (id, merchant_id, type, audience, title, content, starts_at)
       select $1, id, 'H', $2, $3::jsonb, $4::jsonb, now() - interval '1 minute' from merchants where is_default`,
      [
        `e2e-${audience}-${stamp}`,
        audience,
        JSON.stringify({ EN: `For ${audience} ${stamp}`, TY: `Para sa ${audience} ${stamp}` }),
        JSON.stringify({ EN: `<p>Read by ${audience}</p>` }),
      ],
    );
  }
  await skipMemberPopup(page, team.agent.id);
  await logInAtAgentPage(page, team.agent.account, PASSWORD);
  await expect(page).toHaveURL(/\/agentHome$/);
  await page.goto('/agentHome?page=agentAnnouncement');
  const announcements = page.getByTestId('agent-announcements');
  await expect(announcements).toContainText(`For agents ${stamp}`);
  await expect(announcements).not.toContainText(`For members ${stamp}`);
  await screenshot(page, 'agent-announcements');
});

test('a member is sent home from the agent area and sees no agent menu or agent transfer', async ({
  page,
  db,
}, testInfo) => {
  await logInAsNewMember(page, db, { prefix: 'agm', projectName: testInfo.project.name, password: PASSWORD });
  for (const path of ['/agent', '/agentHome']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('agent-centre-page')).toHaveCount(0);
  }
  await page.getByTestId('member-menu').getByRole('button').first().click();
  await expect(page.getByTestId('member-menu-recent')).toBeVisible();
  await expect(page.getByTestId('member-menu-agent')).toHaveCount(0);

  // The downline transfer is an agent's: its address leads to the member centre's default page.
  await page.goto('/member?page=transferFund');
  await expect(page).toHaveURL(/page=securityCenter/);
  await expect(page.getByTestId('transfer-downline')).toHaveCount(0);
});

test('an agent finds the agent centre in the member menu', async ({ page, db }, testInfo) => {
  await actAsVisitor(page, nextAddress());
  const team = await insertTeam(db, {
    prefix: 'agu',
    projectName: testInfo.project.name,
    password: PASSWORD,
  });
  await skipMemberPopup(page, team.agent.id);
  await logInAtAgentPage(page, team.agent.account, PASSWORD);
  await expect(page).toHaveURL(/\/agentHome$/);
  await page.goto('/');
  await page.getByTestId('member-menu').getByRole('button').first().click();
  await page.getByTestId('member-menu-agent').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-centre-page')).toBeVisible();
});
