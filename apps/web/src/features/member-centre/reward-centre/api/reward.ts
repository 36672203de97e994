import { type ApiValue, api } from '../../../../lib/api/api-client';
import type { LanguageCode } from '../../../../lib/api/system-types';

// The member's reward-centre calls: tickets and prize draws (the prize wheel, the golden egg) and
// red envelopes, typed by the server's OpenAPI document.

/**
 * What the centre shows: whether the member may take part (`marketable`), the prize tables with
 * the member's tickets and every prize's chance, the ways to earn tickets, and the seed pair the
 * next draw uses.
 */
export type RewardCentre = ApiValue<'/wps/reward/centre', 'get'>;
export type PrizeTable = RewardCentre['tables'][number];
/** A prize of a table: what it pays (`kind`, `amount`, `points`) and its chance in percent ("12.50"). */
export type Prize = PrizeTable['prizes'][number];
export type PrizeKind = Prize['kind'];
export type TableKind = PrizeTable['kind'];
/** A way to earn tickets (an active ticket rule). */
export type TicketWay = RewardCentre['ways'][number];

/** A draw answered: the draw and the tickets left for its table. */
export type DrawResult = ApiValue<'/wps/reward/draw', 'post'>;
/** A draw: the prize the seeds picked, and everything the verifier needs (`serverSeed` once revealed). */
export type Draw = DrawResult['draw'];
export type DrawPage = ApiValue<'/wps/reward/draws', 'get'>;

export type TicketPage = ApiValue<'/wps/reward/tickets', 'get'>;
export type Ticket = TicketPage['list'][number];
export type TicketStatus = Ticket['status'];
export type TicketSource = Ticket['source'];

/** A table's version as it was drawn with: the canonical JSON whose SHA-256 is `tableHash`. */
export type TableVersion = ApiValue<'/wps/reward/tables/{id}/versions/{version}', 'get'>;

/** The drops for the member: upcoming, open and lately ended; `mine` is the envelope they opened. */
export type DropList = ApiValue<'/wps/reward/envelopes', 'get'>;
export type Drop = DropList['list'][number];
export type OpenedEnvelope = ApiValue<'/wps/reward/envelopes/{id}/open', 'post'>;
/** An ended drop's every envelope in handing-out order, for the verifier. */
export type DropSplit = ApiValue<'/wps/reward/envelopes/{id}/split', 'get'>;

/** Every reward-centre query's key starts so; a draw, an open and the socket's news reload them. */
export const REWARD_KEY = ['reward-centre'] as const;

/** Records per page of the member's history. */
export const REWARD_PAGE_SIZE = 10;

export function fetchRewardCentre(language: LanguageCode, signal?: AbortSignal): Promise<RewardCentre> {
  return api.get('/wps/reward/centre', { params: { query: { language } }, signal });
}

/** POST /wps/reward/draw: uses a ticket of the table (the one expiring first) and draws its prize. */
export function drawPrize(tableId: string, language: LanguageCode): Promise<DrawResult> {
  return api.post('/wps/reward/draw', { params: { query: { language } }, body: { tableId } });
}

export function fetchDraws(page: number, language: LanguageCode, signal?: AbortSignal): Promise<DrawPage> {
  return api.get('/wps/reward/draws', {
    params: { query: { language, page, pageSize: REWARD_PAGE_SIZE } },
    signal,
  });
}

export function fetchTickets(
  input: { page: number; status: TicketStatus | null },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<TicketPage> {
  return api.get('/wps/reward/tickets', {
    params: {
      query: {
        language,
        page: input.page,
        pageSize: REWARD_PAGE_SIZE,
        ...(input.status === null ? {} : { status: input.status }),
      },
    },
    signal,
  });
}

export function fetchTableVersion(
  input: { id: string; version: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<TableVersion> {
  return api.get('/wps/reward/tables/{id}/versions/{version}', {
    params: { path: { id: input.id, version: input.version }, query: { language } },
    signal,
  });
}

export function fetchDrops(language: LanguageCode, signal?: AbortSignal): Promise<DropList> {
  return api.get('/wps/reward/envelopes', { params: { query: { language } }, signal });
}

/** POST /wps/reward/envelopes/{id}/open: takes the next envelope of an open drop, paid as cash. */
export function openEnvelope(id: string, language: LanguageCode): Promise<OpenedEnvelope> {
  return api.post('/wps/reward/envelopes/{id}/open', { params: { path: { id }, query: { language } } });
}

export function fetchDropSplit(id: string, language: LanguageCode, signal?: AbortSignal): Promise<DropSplit> {
  return api.get('/wps/reward/envelopes/{id}/split', {
    params: { path: { id }, query: { language } },
    signal,
  });
}
