import type { LabelMap } from '../../lib/labels.ts';

/** What a member receives for a redeemed unit of goods (docs/loyalty.md "Points"). */
export const GOODS_KINDS = ['cash', 'bonus', 'item'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export const GOODS_KIND_LABELS: LabelMap = {
  cash: 'Cash',
  bonus: 'Bonus',
  item: 'Physical item',
};

/** What each kind pays when an operator approves a redeem, for the form's hint. */
export const GOODS_KIND_HINTS: Record<GoodsKind, string> = {
  cash: 'Approving a redeem pays the amount per unit into the member’s cash.',
  bonus: 'Approving a redeem grants the amount per unit as a bonus, with the points conversion’s wagering.',
  item: 'Nothing is paid: the member gives a delivery address and you send the item.',
};

export const GOODS_STATUSES = ['active', 'hidden'] as const;
export type GoodsStatus = (typeof GOODS_STATUSES)[number];

export const GOODS_STATUS_LABELS: LabelMap = {
  active: 'Active',
  hidden: 'Hidden',
};

/** What a requirement counts over its last days: credited deposits, or the bet record's valid bet. */
export const REQUIREMENT_KINDS = ['deposit', 'validBet'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const REQUIREMENT_KIND_LABELS: LabelMap = {
  deposit: 'Deposits',
  validBet: 'Valid bet',
};

/** A redeem's life: reserved on the member's request, then approved or rejected by an operator. */
export const REDEEM_STATUSES = ['processing', 'approved', 'rejected'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

export const REDEEM_STATUS_LABELS: LabelMap = {
  processing: 'Processing',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const REDEEM_STATUS_BADGES: Record<RedeemStatus, string> = {
  processing: 'badge badge--brand',
  approved: 'badge badge--success',
  rejected: 'badge badge--danger',
};

/** The types a point record carries (the server's POINT_RECORD_TYPES), in the filter's order. */
export const POINT_RECORD_TYPES = [
  'slots',
  'live',
  'lottery',
  'pvp',
  'sports',
  'deposit',
  'redeem',
  'convert',
  'clawback',
  'refund',
  'adjustment',
] as const;
export type PointRecordType = (typeof POINT_RECORD_TYPES)[number];

export const POINT_RECORD_TYPE_LABELS: LabelMap = {
  slots: 'Earned on slots',
  live: 'Earned on live games',
  lottery: 'Earned on lottery',
  pvp: 'Earned on PvP games',
  sports: 'Earned on sports',
  deposit: 'Earned on a deposit',
  redeem: 'Redeemed',
  convert: 'Converted to bonus',
  clawback: 'Clawed back (bet voided)',
  refund: 'Redeem rejected, given back',
  adjustment: 'Adjusted by an operator',
};
