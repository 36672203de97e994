import { requestApi } from '../../../lib/api/api-client';
import { requestSealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's points calls (docs/loyalty.md "Points", its Wire table), declared here as the
// document writes them until the server's OpenAPI document carries them.

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
] as const;
export type PointRecordType = (typeof POINT_RECORD_TYPES)[number];

/** The point types valid bet earns by: the config's `earn` rules name these. */
export type PointBetType = 'live' | 'lottery' | 'pvp' | 'slots' | 'sports';

export const REDEEM_STATUSES = ['processing', 'approved', 'rejected'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

export type PointsBalance = { points: number; owed: number };

export type GoodsKind = 'cash' | 'bonus' | 'item';

export type GoodsRequirement = { kind: 'deposit' | 'validBet'; amount: string; days: number };

/** A reward of the mall: `amount` is per unit (cash or bonus), null for an item. */
export type Goods = {
  id: string;
  name: string;
  description: string;
  imageUrls: string[];
  kind: GoodsKind;
  points: number;
  amount: string | null;
  requirement: GoodsRequirement | null;
  stock: number | null;
  perMemberLimit: number | null;
};

export type GoodsPage = { list: Goods[]; totalPages: number };

export type EarnRule = { type: PointBetType; per: string; points: number };
export type ExchangeRow = { from: number; amount: string };

/** How points are earned and converted; `multiplier` is the member's VIP multiplier ("1.00" for visitors). */
export type PointsConfig = {
  earn: EarnRule[];
  deposit: { per: string; points: number } | null;
  multiplier: string;
  exchange: ExchangeRow[];
  convertMultiplier: number;
  minConvertPoints: number;
};

export type RedeemRecord = {
  id: string;
  reference: string;
  goodsName: string;
  quantity: number;
  points: number;
  amountRequirement: string | null;
  status: RedeemStatus;
  appliedAt: string;
  decidedAt: string | null;
  address: string | null;
  remark: string | null;
};

export type RedeemPage = { list: RedeemRecord[]; totalPages: number };

export type PointRecord = {
  id: string;
  type: PointRecordType;
  points: number;
  balance: number;
  remark: string | null;
  createdAt: string;
};

export type PointRecordPage = { list: PointRecord[]; totalPages: number };

export type ConvertResult = { points: number; amount: string; bonusId: string };

/** Goods cards per page: four rows of the desktop grid, a short scroll on a phone. */
export const GOODS_PAGE_SIZE = 12;
/** Redeem and point records per page. */
export const RECORDS_PAGE_SIZE = 10;

/** GET /wps/points/balance (T): the member's points, and what a claw-back still owes. */
export function fetchPointsBalance(language: LanguageCode, signal?: AbortSignal): Promise<PointsBalance> {
  return requestApi('/wps/points/balance', { query: { language }, signal });
}

/** GET /wps/points/goods (visitors too): a page of the rewards on offer. */
export function fetchGoods(page: number, language: LanguageCode, signal?: AbortSignal): Promise<GoodsPage> {
  return requestApi('/wps/points/goods', { query: { page, pageSize: GOODS_PAGE_SIZE, language }, signal });
}

/** GET /wps/points/config (visitors too): the earning rules, the exchange-rate table and the member's multiplier. */
export function fetchPointsConfig(language: LanguageCode, signal?: AbortSignal): Promise<PointsConfig> {
  return requestApi('/wps/points/config', { query: { language }, signal });
}

/** GET /wps/points/redeems (T): the member's redeems, of one status or all. */
export function fetchRedeems(
  input: { status: RedeemStatus | null; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<RedeemPage> {
  return requestApi('/wps/points/redeems', {
    query: { status: input.status, page: input.page, pageSize: RECORDS_PAGE_SIZE, language },
    signal,
  });
}

/** GET /wps/points/records (T): every change of the member's points, of one type or all. */
export function fetchPointRecords(
  input: { type: PointRecordType | null; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PointRecordPage> {
  return requestApi('/wps/points/records', {
    query: { type: input.type, page: input.page, pageSize: RECORDS_PAGE_SIZE, language },
    signal,
  });
}

/** POST /wps/points/redeem (T, sealed: it carries the payment password). */
export function redeemGoods(
  input: { goodsId: string; quantity: number; paymentPassword: string; address?: string },
  language: LanguageCode,
): Promise<RedeemRecord> {
  return requestSealedApi('/wps/points/redeem', { method: 'POST', query: { language }, body: input });
}

/** POST /wps/points/convert (T, sealed: it carries the payment password): points into the bonus wallet. */
export function convertPoints(
  input: { points: number; paymentPassword: string },
  language: LanguageCode,
): Promise<ConvertResult> {
  return requestSealedApi('/wps/points/convert', { method: 'POST', query: { language }, body: input });
}
