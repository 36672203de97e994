import { isApiError } from '../../lib/api/api-error';

/** The refusals of a claim the page words itself (docs/missions.md, Members' wire). */
const CLAIM_REASONS = ['NOT_DONE', 'ALREADY_CLAIMED', 'NOT_RUNNING', 'BUDGET_EXHAUSTED', 'NO_TABLE'] as const;

/**
 * The words of a refused claim: a CONFLICT's reason, or a member promotions may not reach
 * (FORBIDDEN); null for anything else, which shows the server's own message.
 */
export function claimRefusalKeyOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'FORBIDDEN') return 'missions.reasons.FORBIDDEN';
  if (error.code !== 'CONFLICT') return null;
  const { value } = error;
  const reason = typeof value === 'object' && value !== null && 'reason' in value ? value.reason : null;
  const known = CLAIM_REASONS.find((candidate) => candidate === reason);
  return known ? `missions.reasons.${known}` : null;
}
