import { callApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The member's reward-centre calls: tickets and prize draws (the prize wheel, the golden egg) and
// red envelopes, as the reward routes answer them.

/** What a prize pays: cash, a bonus with wagering, points, or nothing ("try again"). */
export type PrizeKind = 'cash' | 'bonus' | 'points' | 'none';
export type TableKind = 'wheel' | 'egg';
export type TicketSource = 'deposit' | 'valid_bet_day' | 'mission' | 'vip_level' | 'contact' | 'operator';
export type TicketStatus = 'unused' | 'used' | 'expired';

/** A prize of a table, with its chance in percent ("12.50"). */
export type Prize = {
  index: number;
  name: string;
  kind: PrizeKind;
  amount: string | null;
  points: number | null;
  weight: number;
  chance: string;
};

/** A prize table as the centre shows it, with the member's tickets for it. */
export type PrizeTable = {
  id: string;
  kind: TableKind;
  name: string;
  version: number;
  tableHash: string;
  tickets: number;
  nextExpiresAt: string | null;
  prizes: Prize[];
};

/** A way to earn tickets (an active ticket rule). */
export type TicketWay = {
  id: string;
  trigger: Exclude<TicketSource, 'operator'>;
  name: string;
  amount: string | null;
  vipRank: number | null;
  tickets: number;
  tableId: string;
  expiresInDays: number;
};

export type RewardCentre = {
  marketable: boolean;
  tables: PrizeTable[];
  ways: TicketWay[];
  seed: { serverSeedHash: string; clientSeed: string; nonce: number };
};

/** A draw: the prize the seeds picked, and everything the verifier needs. */
export type Draw = {
  id: string;
  tableId: string;
  kind: TableKind;
  tableName: string;
  prizeIndex: number;
  prize: Prize;
  tableVersion: number;
  tableHash: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
  createdAt: string;
};

export type DrawResult = { draw: Draw; tickets: number };
export type DrawPage = { list: Draw[]; totalPages: number };

export type Ticket = {
  id: string;
  tableId: string;
  kind: TableKind;
  tableName: string;
  source: TicketSource;
  status: TicketStatus;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};
export type TicketPage = { list: Ticket[]; totalPages: number };

/** A table's version as it was drawn with: the canonical JSON whose SHA-256 is `tableHash`. */
export type TableVersion = {
  id: string;
  version: number;
  tableHash: string;
  prizes: Prize[];
  canonical: string;
};

/** A red-envelope drop; `mine` is the envelope the member opened. */
export type Drop = {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  status: 'upcoming' | 'open' | 'ended';
  count: number;
  left: number;
  totalAmount: string;
  minimumAmount: string;
  serverSeedHash: string;
  serverSeed: string | null;
  mine: { index: number; amount: string; openedAt: string } | null;
};
export type DropList = { marketable: boolean; list: Drop[] };
export type OpenedEnvelope = { index: number; amount: string; left: number };

/** An ended drop's every envelope in handing-out order, for the verifier. */
export type DropSplit = {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  count: number;
  totalAmount: string;
  minimumAmount: string;
  amounts: string[];
};

/** Every reward-centre query's key starts so; a draw, an open and the socket's news reload them. */
export const REWARD_KEY = ['reward-centre'] as const;

/** Records per page of the member's history. */
export const REWARD_PAGE_SIZE = 10;

export function fetchRewardCentre(language: LanguageCode, signal?: AbortSignal): Promise<RewardCentre> {
  return callApi('GET', '/wps/reward/centre', { params: { query: { language } }, signal });
}

export function drawPrize(tableId: string, language: LanguageCode): Promise<DrawResult> {
  return callApi('POST', '/wps/reward/draw', { params: { query: { language } }, body: { tableId } });
}

export function fetchDraws(page: number, language: LanguageCode, signal?: AbortSignal): Promise<DrawPage> {
  return callApi('GET', '/wps/reward/draws', {
    params: { query: { language, page, pageSize: REWARD_PAGE_SIZE } },
    signal,
  });
}

export function fetchTickets(
  input: { page: number; status: TicketStatus | null },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<TicketPage> {
  return callApi('GET', '/wps/reward/tickets', {
    params: { query: { language, page: input.page, pageSize: REWARD_PAGE_SIZE, status: input.status } },
    signal,
  });
}

export function fetchTableVersion(
  input: { id: string; version: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<TableVersion> {
  return callApi('GET', '/wps/reward/tables/{id}/versions/{version}', {
    params: { path: { id: input.id, version: input.version }, query: { language } },
    signal,
  });
}

export function fetchDrops(language: LanguageCode, signal?: AbortSignal): Promise<DropList> {
  return callApi('GET', '/wps/reward/envelopes', { params: { query: { language } }, signal });
}

export function openEnvelope(id: string, language: LanguageCode): Promise<OpenedEnvelope> {
  return callApi('POST', '/wps/reward/envelopes/{id}/open', {
    params: { path: { id }, query: { language } },
  });
}

export function fetchDropSplit(id: string, language: LanguageCode, signal?: AbortSignal): Promise<DropSplit> {
  return callApi('GET', '/wps/reward/envelopes/{id}/split', {
    params: { path: { id }, query: { language } },
    signal,
  });
}
