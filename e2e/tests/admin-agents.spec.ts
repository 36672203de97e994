import { randomBytes } from 'node:crypto';
import { insertMember, uniqueAccount } from '../accounts.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { openSection, signInAsNewOwner } from '../operators.ts';
import { DESKTOP_ONLY } from '../tags.ts';

// The back office's agents: an operator makes a player an agent, moves another member under that
// agent with a reason, and finds the member in the agent's tree.

test(
  'an operator makes a player an agent, moves a member under them and sees the tree',
  { tag: DESKTOP_ONLY },
  async ({ page, db }, testInfo) => {
    test.setTimeout(90_000);
    const agentAccount = uniqueAccount('mkagent', testInfo.project.name);
    const memberAccount = uniqueAccount('mover', testInfo.project.name);
    await insertMember(db, { account: agentAccount, password: 'Secret123' });
    await insertMember(db, { account: memberAccount, password: 'Secret123' });
    const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

    await signInAsNewOwner(page, db, 'agents', testInfo.project.name);
    await openSection(page, 'Agents');

    await page.getByRole('button', { name: 'Make an agent' }).click();
    const make = page.getByRole('form', { name: 'Make an agent' });
    await make.getByLabel('Player account').fill(agentAccount);
    await make.getByLabel('Invitation code').fill(code);
    await make.getByRole('button', { name: 'Make agent…' }).click();
    const makeDialog = page.getByRole('dialog');
    await expect(makeDialog).toContainText(agentAccount);
    await screenshot(page, 'admin-agents-make-confirm');
    await makeDialog.getByRole('button', { name: /make/i }).click();
    await expect(page.getByText(`${agentAccount} is now an agent`)).toBeVisible();

    await page.getByRole('button', { name: 'Move to another upline' }).click();
    const move = page.getByRole('form', { name: 'Move to another upline' });
    await move.getByLabel('Member account').fill(memberAccount);
    await move.getByLabel('New upline agent account').fill(agentAccount);
    await move.getByLabel('Reason').fill('Signed up through the agent at an event');
    await move.getByRole('button', { name: 'Move…' }).click();
    const moveDialog = page.getByRole('dialog');
    await expect(moveDialog).toContainText(`Move ${memberAccount} under ${agentAccount}?`);
    await screenshot(page, 'admin-agents-move-confirm');
    await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText(`${memberAccount} is now under ${agentAccount}.`)).toBeVisible();

    await page.getByRole('button', { name: 'Agents and their teams' }).click();
    await page.getByLabel('Search agents').fill(agentAccount);
    await page.getByRole('button', { name: agentAccount, exact: true }).click();
    const tree = page.getByRole('region', { name: 'Agent tree' });
    await expect(tree).toContainText(memberAccount);
    await screenshot(page, 'admin-agents-tree');
  },
);
