/**
 * The agent centre's pages of spec §2, in the spec's order. Each is listed with the check that
 * says whether it is offered; a page whose feature does not exist yet is not in this list at all
 * (agentRevenueReport and the contract pages join with their
 * features, each with its own check, e.g. a whitelabel switch for the salary contracts).
 */
export type AgentFeatures = {
  /** Whether a whitelabel switch (modId) is on, for the pages that follow one. */
  isSwitchOn: (modId: string) => boolean;
};

export const agentPages = [
  { key: 'agentAnnouncement', isOffered: (_features: AgentFeatures) => true },
  { key: 'agentTeamOverview', isOffered: (_features: AgentFeatures) => true },
  { key: 'registerCenter', isOffered: (_features: AgentFeatures) => true },
  { key: 'downlineManagmentView', isOffered: (_features: AgentFeatures) => true },
  { key: 'personalHistoryCopy', isOffered: (_features: AgentFeatures) => true },
  { key: 'palStatementsAgentCopy', isOffered: (_features: AgentFeatures) => true },
  { key: 'agentDownlineTransactionDetailsCopy', isOffered: (_features: AgentFeatures) => true },
] as const;

export type AgentPage = (typeof agentPages)[number]['key'];

/**
 * Spec §9: the default agent page is agentTeamOverview; until it is offered, the downlines. The
 * first page offered of this list is the default.
 */
const defaultPagePreference: readonly string[] = ['agentTeamOverview', 'downlineManagmentView'];

/** The pages this agent is offered, in menu order. */
export function offeredAgentPages(features: AgentFeatures): AgentPage[] {
  return agentPages.filter((page) => page.isOffered(features)).map((page) => page.key);
}

/** The page to show for a requested ?page=: the request when it is offered, else the default. */
export function pickAgentPage(requested: string | null, offered: readonly AgentPage[]): AgentPage | null {
  const isOffered = (key: string | null): key is AgentPage => offered.some((page) => page === key);
  if (isOffered(requested)) return requested;
  const preferred = defaultPagePreference.find(isOffered);
  return preferred !== undefined && isOffered(preferred) ? preferred : (offered[0] ?? null);
}
