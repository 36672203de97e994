import { queryOptions } from '@tanstack/react-query';
import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';
import type { DayRange } from '../../../lib/date-presets';
import type { ContractKind } from '../contract-kinds';

/** A page of downlines or settlements; the server answers at most 100. */
export const contractListPageSize = 20;

/** GET /wps/agent/contracts: my contract of a kind, its past ones, and the offers I am party to. */
export type MyContracts = ApiValue<'/wps/agent/contracts', 'get'>;
/** A signed contract (docs/contracts.md "Calls"): never changed; new terms are a new version. */
export type Contract = MyContracts['history'][number];
/** A pending offer as its party sees it, with what I may do about it. */
export type ContractOffer = MyContracts['offers'][number];
/** A side of a contract: its member id and (masked but mine) account; null where it is the platform. */
export type ContractParty = Contract['downline'];
export type DownlineContract = ApiValue<'/wps/agent/contracts/downlines', 'get'>['list'][number];
export type ContractProgress = NonNullable<ApiValue<'/wps/agent/contracts/progress', 'get'>>;
export type SettlementSide = 'received' | 'paid';
export type ContractSettlement = ApiValue<'/wps/agent/contracts/settlements', 'get'>['list'][number];
export type RevenueReport = ApiValue<'/wps/agent/revenue', 'get'>;

/**
 * Every contract query starts with this key (a kind's contracts, downlines, progress and
 * settlements, and the offers modal), so that any change reloads them all.
 */
export const CONTRACTS_KEY = ['agentContracts'] as const;

export const contractsKey = (kind: ContractKind, language: LanguageCode) =>
  [...CONTRACTS_KEY, kind, language] as const;

/** GET /wps/agent/contracts: my contract of the kind, its history, and the offers I am party to. */
export function fetchMyContracts(kind: ContractKind, language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/contracts', { params: { query: { kind, language } }, signal });
}

/** The offers modal's query, under CONTRACTS_KEY so that any answer reloads it. */
export const waitingOffersKey = (memberId: string | null, language: LanguageCode) =>
  [...CONTRACTS_KEY, 'waiting', memberId, language] as const;

/**
 * GET /wps/agent/contracts/offers/waiting: the offers waiting for my answer across the kinds
 * switched on (newest first, at most 20), each with my own terms of its kind. Agents only.
 */
export function fetchWaitingOffers(language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/contracts/offers/waiting', { params: { query: { language } }, signal });
}

/** GET /wps/agent/contracts/downlines: my direct downline agents who may hold the kind. */
export function fetchDownlineContracts(
  input: { kind: ContractKind; pageNo: number },
  language: LanguageCode,
  signal?: AbortSignal,
) {
  return api.get('/wps/agent/contracts/downlines', {
    params: { query: { kind: input.kind, pageNo: input.pageNo, pageSize: contractListPageSize, language } },
    signal,
  });
}

export type OfferRequest = ApiBody<'/wps/agent/contracts/offers', 'post'>;

/** POST /wps/agent/contracts/offers: new terms to a downline, or asking to end a contract (mine or a downline's). */
export function sendOffer(body: OfferRequest, language: LanguageCode) {
  return api.post('/wps/agent/contracts/offers', { params: { query: { language } }, body });
}

export type OfferDecision = 'accept' | 'reject' | 'cancel';

/** POST /wps/agent/contracts/offers/{id}/accept | reject | cancel. */
export function decideOffer(id: string, decision: OfferDecision, language: LanguageCode) {
  const init = { params: { path: { id }, query: { language } } };
  switch (decision) {
    case 'accept':
      return api.post('/wps/agent/contracts/offers/{id}/accept', init);
    case 'reject':
      return api.post('/wps/agent/contracts/offers/{id}/reject', init);
    case 'cancel':
      return api.post('/wps/agent/contracts/offers/{id}/cancel', init);
  }
}

/** GET /wps/agent/contracts/progress: the current cycle of my active contract of the kind. */
export function fetchContractProgress(kind: ContractKind, language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/contracts/progress', { params: { query: { kind, language } }, signal });
}

/** GET /wps/agent/contracts/settlements: past cycles I was paid (received) or paid my downlines (paid). */
export function fetchSettlements(
  input: { kind: ContractKind; side: SettlementSide; pageNo: number },
  language: LanguageCode,
  signal?: AbortSignal,
) {
  return api.get('/wps/agent/contracts/settlements', {
    params: {
      query: {
        kind: input.kind,
        side: input.side,
        pageNo: input.pageNo,
        pageSize: contractListPageSize,
        language,
      },
    },
    signal,
  });
}

/** GET /wps/agent/revenue: my contract income by kind and day. */
export function fetchRevenue(range: DayRange, language: LanguageCode, signal?: AbortSignal) {
  return api.get('/wps/agent/revenue', {
    params: { query: { from: range.from, to: range.to, language } },
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
