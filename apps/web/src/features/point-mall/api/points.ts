import { type ApiBody, type ApiQuery, type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's points calls (docs/loyalty.md "Points", its Wire table), typed by the server's
// OpenAPI document.

export type PointsBalance = ApiValue<'/wps/points/balance', 'get'>;

export type GoodsPage = ApiValue<'/wps/points/goods', 'get'>;
/** A reward of the mall: `amount` is per unit (cash or bonus), null for an item. */
export type Goods = GoodsPage['list'][number];
export type GoodsKind = Goods['kind'];
export type GoodsRequirement = NonNullable<Goods['requirement']>;

/** How points are earned and converted; `multiplier` is the member's VIP multiplier ("1.00" for visitors). */
export type PointsConfig = ApiValue<'/wps/points/config', 'get'>;
export type ExchangeRow = PointsConfig['exchange'][number];

export type RedeemPage = ApiValue<'/wps/points/redeems', 'get'>;
export type RedeemRecord = RedeemPage['list'][number];
export type RedeemStatus = RedeemRecord['status'];

export type PointRecordPage = ApiValue<'/wps/points/records', 'get'>;
export type PointRecord = PointRecordPage['list'][number];
export type PointRecordType = PointRecord['type'];

export type RedeemInput = ApiBody<'/wps/points/redeem', 'post'>;
export type ConvertResult = ApiValue<'/wps/points/convert', 'post'>;

/** The statuses a redeem moves through, in the order the history's filter offers them. */
export const REDEEM_STATUSES = [
  'processing',
  'approved',
  'rejected',
] as const satisfies readonly RedeemStatus[];

/** Spec §3's point record types, and ours for a conversion, a claw-back, a refund and an adjustment. */
export const POINT_RECORD_TYPES = [
  'live',
  'lottery',
  'pvp',
  'slots',
  'sports',
  'redeem',
  'deposit',
  'convert',
  'clawback',
  'refund',
  'adjustment',
  'reward',
] as const satisfies readonly PointRecordType[];

/** Goods cards per page: four rows of the desktop grid, a short scroll on a phone. */
export const GOODS_PAGE_SIZE = 12;
/** Redeem and point records per page. */
export const RECORDS_PAGE_SIZE = 10;

type RedeemsQuery = ApiQuery<'/wps/points/redeems', 'get'>;
type RecordsQuery = ApiQuery<'/wps/points/records', 'get'>;

/** GET /wps/points/balance (T): the member's points, and what a claw-back still owes. */
export function fetchPointsBalance(language: LanguageCode, signal?: AbortSignal): Promise<PointsBalance> {
  return api.get('/wps/points/balance', { params: { query: { language } }, signal });
}

/** GET /wps/points/goods (visitors too): a page of the rewards on offer. */
export function fetchGoods(page: number, language: LanguageCode, signal?: AbortSignal): Promise<GoodsPage> {
  return api.get('/wps/points/goods', {
    params: { query: { page, pageSize: GOODS_PAGE_SIZE, language } },
    signal,
  });
}

/** GET /wps/points/config (visitors too): the earning rules, the exchange-rate table and the member's multiplier. */
export function fetchPointsConfig(language: LanguageCode, signal?: AbortSignal): Promise<PointsConfig> {
  return api.get('/wps/points/config', { params: { query: { language } }, signal });
}

/** GET /wps/points/redeems (T): the member's redeems, of one status or all. */
export function fetchRedeems(
  input: { status: RedeemStatus | null; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<RedeemPage> {
  const query: RedeemsQuery = { page: input.page, pageSize: RECORDS_PAGE_SIZE, language };
  if (input.status !== null) query.status = input.status;
  return api.get('/wps/points/redeems', { params: { query }, signal });
}

/** GET /wps/points/records (T): every change of the member's points, of one type or all. */
export function fetchPointRecords(
  input: { type: PointRecordType | null; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PointRecordPage> {
  const query: RecordsQuery = { page: input.page, pageSize: RECORDS_PAGE_SIZE, language };
  if (input.type !== null) query.type = input.type;
  return api.get('/wps/points/records', { params: { query }, signal });
}

/** POST /wps/points/redeem (T, sealed: it carries the payment password). */
export function redeemGoods(input: RedeemInput, language: LanguageCode): Promise<RedeemRecord> {
  return sealedApi.post('/wps/points/redeem', { params: { query: { language } }, body: input });
}

/** POST /wps/points/convert (T, sealed: it carries the payment password): points into the bonus wallet. */
export function convertPoints(
  input: ApiBody<'/wps/points/convert', 'post'>,
  language: LanguageCode,
): Promise<ConvertResult> {
  return sealedApi.post('/wps/points/convert', { params: { query: { language } }, body: input });
}
