/**
 * Who may see the agent area (spec §4, §6: "Only agents log in to the agent area"), decided from
 * the session alone so that the routes, the menus and the tests agree:
 * - 'login': a visitor, who gets the login popup in agent mode;
 * - 'pending': a kept token whose member info has not loaded yet, so nothing of the area shows;
 * - 'refused': a member who is not an agent (a player or a trial account), who is sent home;
 * - 'granted': an agent.
 */
export type AgentAccess = 'login' | 'pending' | 'refused' | 'granted';

export function agentAccessOf(session: {
  hasToken: boolean;
  isLogin: boolean;
  isAgent: boolean;
}): AgentAccess {
  if (!session.hasToken) return 'login';
  if (!session.isLogin) return 'pending';
  return session.isAgent ? 'granted' : 'refused';
}

/**
 * The member centre's pages that are an agent's alone (transfers down the tree). For anyone else
 * such a page is not in the menu, and its address leads to the centre's default page.
 */
const agentOnlyMemberPages: readonly string[] = ['transferFund'];

/**
 * Whether a member-centre page is shown to this session: agent-only pages for agents only. While
 * the member info loads nothing is decided (true), so an agent's page does not bounce away.
 */
export function mayOpenMemberPage(page: string, session: { isLogin: boolean; isAgent: boolean }): boolean {
  if (!agentOnlyMemberPages.includes(page)) return true;
  return !session.isLogin || session.isAgent;
}
