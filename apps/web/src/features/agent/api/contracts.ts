import { queryOptions } from '@tanstack/react-query';
import { api, requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';
import type { ContractKind } from '../contract-kinds';
import type { WireTier } from '../contract-terms';

/** A page of downlines or settlements; the server answers at most 100. */
export const contractListPageSize = 20;

export type ContractParty = { id: string; account: string };

/** A signed contract (docs/contracts.md "Calls"): never changed; new terms are a new version. */
export type Contract = {
  id: string;
  kind: ContractKind;
  period: string;
  version: number;
  /** Null: the platform (a top-level agent's contract). */
  upline: ContractParty | null;
  downline: ContractParty;
  tiers: WireTier[];
  rateBp: number;
  status: 'active' | 'ended';
  signedAt: string;
  startsAt: string;
  endedAt: string | null;
  endReason: 'terminated' | 'superseded' | 'rate_cap' | 'upline_moved' | 'operator' | null;
};

export type ContractOffer = {
  id: string;
  kind: ContractKind;
  type: 'new' | 'terminate';
  fromSide: 'upline' | 'downline' | 'operator';
  upline: ContractParty | null;
  downline: ContractParty;
  period: string | null;
  tiers: WireTier[] | null;
  rateBp: number | null;
  contractId: string | null;
  status: 'pending' | 'accepted' | 'rejected' | 'expired' | 'cancelled';
  expiresAt: string;
  createdAt: string;
  decidedAt: string | null;
  canAccept: boolean;
  canReject: boolean;
  canCancel: boolean;
};

export type MyContracts = {
  kind: ContractKind;
  enabled: boolean;
  /** The highest rate I may offer my downlines (my own); null while I hold no contract of the kind. */
  maxRateBp: number | null;
  /** My period, which a dividend contract I offer must keep. */
  period: string | null;
  mine: Contract | null;
  history: Contract[];
  offers: ContractOffer[];
};

export type DownlineContract = {
  memberId: string;
  account: string;
  type: number;
  contract: Contract | null;
  pendingOffer: ContractOffer | null;
};

export type ContractProgress = {
  cycleKey: string;
  startsAt: string;
  endsAt: string;
  asOf: string;
  activeMembers: number;
  base: string;
  tierIndex: number | null;
  rateBp: number | null;
  amount: string;
  nextTier: { index: number; activeMembersMissing: number; baseMissing: string; rateBp: number } | null;
};

export type SettlementSide = 'received' | 'paid';

export type ContractSettlement = {
  id: string;
  kind: ContractKind;
  cycleKey: string;
  payer: ContractParty | null;
  payee: ContractParty;
  /** What the cycle counted when it settled, frozen. */
  inputs: {
    validBet: string;
    profitLoss: string;
    rewards: string;
    activeMembers: number;
    carryIn: string;
    lateDifference: string;
  };
  tierIndex: number | null;
  rateBp: number;
  base: string;
  amount: string;
  carryOut: string;
  status: 'paid' | 'processing' | 'approval' | 'deferred' | 'cancelled';
  settledAt: string;
  paidAt: string | null;
};

export type RevenueReport = {
  from: string;
  to: string;
  kinds: ContractKind[];
  days: { day: string; amounts: Partial<Record<ContractKind, string>>; total: string }[];
  totals: Partial<Record<ContractKind, string>>;
  total: string;
};

/**
 * Every contract query starts with this key (a kind's contracts, downlines, progress and
 * settlements, and the offers modal), so that any change reloads them all.
 */
export const CONTRACTS_KEY = ['agentContracts'] as const;

export const contractsKey = (kind: ContractKind, language: LanguageCode) =>
  [...CONTRACTS_KEY, kind, language] as const;

/** GET /wps/agent/contracts: my contract of the kind, its history, and the offers I am party to. */
export function fetchMyContracts(kind: ContractKind, language: LanguageCode, signal?: AbortSignal) {
  return requestApi<MyContracts>('/wps/agent/contracts', { query: { kind, language }, signal });
}

/** GET /wps/agent/contracts/downlines: my direct downline agents who may hold the kind. */
export function fetchDownlineContracts(
  input: { kind: ContractKind; pageNo: number },
  language: LanguageCode,
  signal?: AbortSignal,
) {
  return requestApi<{ list: DownlineContract[]; total: number }>('/wps/agent/contracts/downlines', {
    query: { kind: input.kind, pageNo: input.pageNo, pageSize: contractListPageSize, language },
    signal,
  });
}

export type OfferRequest =
  | { kind: ContractKind; downlineId: string; type: 'new'; tiers: WireTier[]; period?: string }
  | { kind: ContractKind; downlineId: string; type: 'terminate' };

/** POST /wps/agent/contracts/offers: new terms to a downline, or asking to end a contract (mine or a downline's). */
export function sendOffer(body: OfferRequest, language: LanguageCode) {
  return requestApi<ContractOffer>('/wps/agent/contracts/offers', {
    method: 'POST',
    query: { language },
    body,
  });
}

export type OfferDecision = 'accept' | 'reject' | 'cancel';

/** POST /wps/agent/contracts/offers/{id}/accept | reject | cancel. */
export function decideOffer(id: string, decision: OfferDecision, language: LanguageCode) {
  return requestApi<ContractOffer>(`/wps/agent/contracts/offers/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    query: { language },
  });
}

/** GET /wps/agent/contracts/progress: the current cycle of my active contract of the kind. */
export function fetchContractProgress(kind: ContractKind, language: LanguageCode, signal?: AbortSignal) {
  return requestApi<ContractProgress | null>('/wps/agent/contracts/progress', {
    query: { kind, language },
    signal,
  });
}

/** GET /wps/agent/contracts/settlements: past cycles I was paid (received) or paid my downlines (paid). */
export function fetchSettlements(
  input: { kind: ContractKind; side: SettlementSide; pageNo: number },
  language: LanguageCode,
  signal?: AbortSignal,
) {
  return requestApi<{ list: ContractSettlement[]; total: number }>('/wps/agent/contracts/settlements', {
    query: {
      kind: input.kind,
      side: input.side,
      pageNo: input.pageNo,
      pageSize: contractListPageSize,
      language,
    },
    signal,
  });
}

/** GET /wps/agent/revenue: my contract income by kind and day. */
export function fetchRevenue(range: DayRange, language: LanguageCode, signal?: AbortSignal) {
  return requestApi<RevenueReport>('/wps/agent/revenue', {
    query: { from: range.from, to: range.to, language },
    signal,
  });
}

/**
 * The consolidated info's contract flags (spec §3): which kinds this agent may hold. Keyed by the
 * member, so another login never reads the last one's.
 */
export const contractFlagsQuery = (memberId: string | null, language: LanguageCode) =>
  queryOptions({
    queryKey: ['agentContractFlags', memberId, language],
    queryFn: ({ signal }) =>
      api.get('/wps/member/info/funds/consolidated', { params: { query: { language } }, signal }),
    select: (value) => ({
      divtypereq: value.divtypereq,
      dailysalreqtype: value.dailysalreqtype,
      contracthoursalreq: value.contracthoursalreq,
      realtimesalreqtype: value.realtimesalreqtype,
    }),
    enabled: memberId !== null,
    staleTime: 5 * 60_000,
  });
