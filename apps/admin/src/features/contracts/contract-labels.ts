import type { LabelMap } from '../../lib/labels.ts';

/** The names operators read for the contract codes the server speaks (docs/contracts.md). */

export const CONTRACT_STATUS_LABELS: LabelMap = {
  active: 'Active',
  ended: 'Ended',
};

/** Why a contract ended. */
export const END_REASON_LABELS: LabelMap = {
  terminated: 'Ended on request',
  superseded: 'Replaced by new terms',
  rate_cap: "Above the upline's new rate",
  upline_moved: 'Agent moved to another upline',
  operator: 'Ended by an operator',
};

/** How often a contract is settled; a dividend's is chosen, the salaries' follow their kind. */
export const PERIOD_LABELS: LabelMap = {
  D: 'Daily',
  W: 'Weekly (Monday to Sunday)',
  H: 'Semi-monthly (1st–15th, 16th–end)',
  M: 'Monthly',
  h: 'Hourly',
  '5m': 'Every 5 minutes',
};

export const OFFER_STATUS_LABELS: LabelMap = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const OFFER_TYPE_LABELS: LabelMap = {
  new: 'New terms',
  terminate: 'End the contract',
};

/** Who made an offer. */
export const OFFER_SIDE_LABELS: LabelMap = {
  upline: 'Upline',
  downline: 'Downline',
  operator: 'Operator',
};

export const SETTLEMENT_STATUS_LABELS: LabelMap = {
  paid: 'Paid',
  processing: "Waiting: upline's cash short",
  approval: 'Waiting for approval',
  deferred: 'Deferred',
  cancelled: 'Cancelled',
};

/** What a tier's minimum base is, for each kind: a dividend's is net gaming revenue, a salary's valid bet. */
export const BASE_LABELS: LabelMap = {
  dividend: 'Net gaming revenue',
  daily: 'Team valid bet in the day',
  hourly: 'Team valid bet in the hour',
  realtime: 'Team valid bet in 5 minutes',
};

/** A status's badge: settled or active in green, waiting in the brand colour, ended or refused in red. */
export function badgeClassOf(status: string): string {
  switch (status) {
    case 'active':
    case 'paid':
    case 'accepted':
      return 'badge badge--success';
    case 'pending':
    case 'approval':
    case 'processing':
      return 'badge badge--brand';
    case 'rejected':
    case 'cancelled':
      return 'badge badge--danger';
    default:
      return 'badge';
  }
}

/** Who ran a settlement run: the scheduled job, or the operator by username. */
export function runnerOf(run: { runBy: 'job' | 'operator'; operatorName: string | null }): string {
  if (run.runBy === 'job') return 'The scheduled job';
  return run.operatorName ?? 'An operator no longer on file';
}
