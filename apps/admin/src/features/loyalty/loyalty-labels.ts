import type { LabelMap } from '../../lib/labels.ts';
import type { RebateMode, VipGiftStatus } from './loyalty-api.ts';

/** What a level's gift was given for. */
export const VIP_GIFT_KIND_LABELS: LabelMap = {
  upgrade: 'Upgrade',
  birthday: 'Birthday',
  monthly: 'Monthly',
};

/** A gift's state: waiting while the member may not receive promotions, then granted or dropped. */
export const VIP_GIFT_STATUS_LABELS: LabelMap = {
  waiting: 'Waiting',
  granted: 'Granted',
  dropped: 'Dropped',
};

export const VIP_GIFT_STATUS_CHOICES = [
  ['waiting', 'Waiting'],
  ['granted', 'Granted'],
  ['dropped', 'Dropped'],
] as const satisfies ReadonlyArray<readonly [VipGiftStatus, string]>;

/** What the next review would do with today's figures. */
export const VIP_PROJECTION_LABELS: LabelMap = {
  keep: 'Keeps the level',
  rise: 'Rises',
  fall: 'Falls',
};

/** How a rebate was paid: by the daily job, or claimed by the member. */
export const REBATE_MODE_LABELS: LabelMap = {
  auto: 'Daily (automatic)',
  manual: 'Claimed (manual)',
};

export const REBATE_MODE_CHOICES = [
  ['auto', 'Daily (automatic)'],
  ['manual', 'Claimed (manual)'],
] as const satisfies ReadonlyArray<readonly [RebateMode, string]>;

/** Why a rebate was recorded and not paid. */
export const REBATE_SKIP_LABELS: LabelMap = {
  NOT_MARKETABLE: 'Not paid: no promotions',
  TRIAL_ACCOUNT: 'Not paid: free play',
  skipped: 'Not paid',
};
