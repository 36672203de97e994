import type { Page } from '@playwright/test';
import type pg from 'pg';
import { insertMember, logInAsNewMember, uniqueAccount } from './accounts.ts';
import { expect } from './fixtures.ts';

/** A member's type (spec §9): 0 player; 1 agent, 2 sub-agent (41, 42 affiliates). */
type MemberType = 0 | 1 | 2;

/**
 * A member straight in the database, of a type and under an upline: the database's triggers keep
 * the team tree (member_tree) in step with the upline, as for any registration.
 */
export async function insertTeamMember(
  db: pg.Client,
  input: { account: string; password: string; type: MemberType; uplineId?: string },
): Promise<string> {
  const id = await insertMember(db, { account: input.account, password: input.password });
  await db.query('update members set type = $2, upline_id = $3 where id = $1', [
    id,
    input.type,
    input.uplineId ?? null,
  ]);
  return id;
}

export type Team = {
  agent: { id: string; account: string };
  /** Direct downlines of the agent: two players and a sub-agent. */
  players: { id: string; account: string }[];
  subagent: { id: string; account: string };
  /** A player under the sub-agent: one of the agent's downlines at level 2. */
  grandchild: { id: string; account: string };
};

/** An agent with a small team of new accounts: two players and a sub-agent with a player of its own. */
export async function insertTeam(
  db: pg.Client,
  input: { prefix: string; projectName: string; password: string },
): Promise<Team> {
  const make = async (suffix: string, type: MemberType, uplineId?: string) => {
    const account = uniqueAccount(`${input.prefix}${suffix}`, input.projectName);
    const id = await insertTeamMember(db, { account, password: input.password, type, uplineId });
    return { id, account };
  };
  const agent = await make('a', 1);
  const players = [await make('p', 0, agent.id), await make('q', 0, agent.id)];
  const subagent = await make('s', 2, agent.id);
  const grandchild = await make('g', 0, subagent.id);
  return { agent, players, subagent, grandchild };
}

/** What an agent sees of an account (the server masks it): first two, stars, last two. */
export function maskedAccount(account: string): string {
  return `${account.slice(0, 2)}${'*'.repeat(account.length - 4)}${account.slice(-2)}`;
}

/** Logs in through the agent login that /agent opens for a visitor. */
export async function logInAtAgentPage(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/agent');
  const login = page.getByTestId('login-modal');
  await expect(login).toBeVisible();
  await expect(login.getByTestId('agent-login-line')).toBeVisible();
  await login.getByTestId('login-username').fill(account);
  await login.getByTestId('login-password').fill(password);
  await login.getByTestId('login-submit').click();
}

/**
 * A new player in the team of an existing agent (a demo agent such as `leader`), logged in through
 * the page; the team tree follows the upline by the members triggers.
 */
export async function logInAsNewTeamPlayer(
  page: Page,
  db: pg.Client,
  input: {
    agentAccount: string;
    prefix: string;
    projectName: string;
    password: string;
    beforeLogIn?: (memberId: string) => Promise<void>;
  },
): Promise<{ account: string; memberId: string; agentId: string }> {
  const agent = await db.query<{ id: string }>('select id from members where account_key = $1', [
    input.agentAccount,
  ]);
  const agentId = agent.rows[0]?.id;
  if (!agentId) throw new Error(`no agent ${input.agentAccount}`);
  const player = await logInAsNewMember(page, db, {
    prefix: input.prefix,
    projectName: input.projectName,
    password: input.password,
    beforeLogIn: async (memberId) => {
      await db.query('update members set upline_id = $2 where id = $1', [memberId, agentId]);
      await input.beforeLogIn?.(memberId);
    },
  });
  return { ...player, agentId };
}
