import { CONTRACT_KINDS, type ContractKind, contractKinds } from './contract-kinds';

/**
 * The agent centre's pages of spec §2, in the spec's order. Each is listed with the check that
 * says whether it is offered; a page whose feature does not exist yet is not in this list at all.
 */
export type AgentFeatures = {
  /** Whether a whitelabel switch (modId) is on, for the pages that follow one. */
  isSwitchOn: (modId: string) => boolean;
  /**
   * Whether this agent may hold a contract of the kind: the consolidated info's flag (spec §3
   * divtypereq, dailysalreqtype, contracthoursalreq, realtimesalreqtype); false until it has loaded.
   */
  mayHoldContract: (kind: ContractKind) => boolean;
};

/** A contract page is offered when the merchant's switch of its kind is on and this agent may hold it. */
const isContractOffered = (kind: ContractKind) => (features: AgentFeatures) =>
  features.isSwitchOn(contractKinds[kind].switchId) && features.mayHoldContract(kind);

/** The revenue report lists contract income: offered when any kind of contract is switched on. */
const isRevenueOffered = (features: AgentFeatures) =>
  CONTRACT_KINDS.some((kind) => features.isSwitchOn(contractKinds[kind].switchId));

export const agentPages = [
  { key: 'agentAnnouncement', isOffered: (_features: AgentFeatures) => true },
  { key: 'agentTeamOverview', isOffered: (_features: AgentFeatures) => true },
  { key: 'registerCenter', isOffered: (_features: AgentFeatures) => true },
  { key: 'downlineManagmentView', isOffered: (_features: AgentFeatures) => true },
  { key: 'personalHistoryCopy', isOffered: (_features: AgentFeatures) => true },
  { key: 'palStatementsAgentCopy', isOffered: (_features: AgentFeatures) => true },
  { key: 'agentRevenueReport', isOffered: isRevenueOffered },
  { key: 'agentDownlineTransactionDetailsCopy', isOffered: (_features: AgentFeatures) => true },
  { key: contractKinds.dividend.page, isOffered: isContractOffered('dividend') },
  { key: contractKinds.daily.page, isOffered: isContractOffered('daily') },
  { key: contractKinds.hourly.page, isOffered: isContractOffered('hourly') },
  { key: contractKinds.realtime.page, isOffered: isContractOffered('realtime') },
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
