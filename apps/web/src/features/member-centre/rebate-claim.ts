import { isApiError } from '../../lib/api/api-error';
import { toCentavos } from '../../lib/money';
import type { RebateAccrued } from './api/rebate';

/** Whether the member may claim now, and what holds the claim back when not. */
export type ClaimState = {
  canClaim: boolean;
  /** Rebates are paid by the daily job: nothing is claimed here. */
  isAutomatic: boolean;
  /** Nothing accrued since the last rebate. */
  isEmpty: boolean;
  /** Something accrued, but less than the least a claim takes. */
  isBelowMinimum: boolean;
  /** Whole seconds until the claim interval ends, rounded up; 0 once it has. */
  secondsLeft: number;
};

/**
 * What the Claim button may do at `now` (docs/loyalty.md "Manual mode"): claim in manual mode
 * something of at least the minimum once the interval since the last claim has run. The server
 * checks all of it again under the member's lock.
 */
export function claimStateOf(
  accrued: Pick<RebateAccrued, 'mode' | 'total' | 'minimum' | 'nextClaimAt'>,
  now: Date,
): ClaimState {
  const total = toCentavos(accrued.total) ?? 0n;
  const minimum = toCentavos(accrued.minimum) ?? 0n;
  const nextClaimMs = accrued.nextClaimAt === null ? Number.NaN : new Date(accrued.nextClaimAt).getTime();
  const leftMs = Number.isFinite(nextClaimMs) ? nextClaimMs - now.getTime() : 0;
  const secondsLeft = leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
  const isAutomatic = accrued.mode === 'auto';
  const isEmpty = total <= 0n;
  const isBelowMinimum = !isEmpty && total < minimum;
  return {
    canClaim: !isAutomatic && !isEmpty && !isBelowMinimum && secondsLeft === 0,
    isAutomatic,
    isEmpty,
    isBelowMinimum,
    secondsLeft,
  };
}

/** The refusals of a claim the page words itself (docs/loyalty.md "Rebates", Wire). */
const CLAIM_REASONS = ['TOO_SOON', 'NOTHING', 'AUTO_MODE'] as const;

/**
 * The words of a refused claim: a CONFLICT's reason, or a member promotions may not reach
 * (FORBIDDEN); null for anything else, which shows the server's own message.
 */
export function claimRefusalKeyOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'FORBIDDEN') return 'rebate.reasons.FORBIDDEN';
  if (error.code !== 'CONFLICT') return null;
  const { value } = error;
  const reason = typeof value === 'object' && value !== null && 'reason' in value ? value.reason : null;
  const known = CLAIM_REASONS.find((candidate) => candidate === reason);
  return known ? `rebate.reasons.${known}` : null;
}
