import { BackOfficeError } from '../../lib/back-office-api.ts';
import { REDEEM_STATUSES, type RedeemStatus } from './points-labels.ts';

/** The longest reason a member may be given for a rejected redeem. */
export const REJECT_REASON_LENGTH_MAX = 500;

/** The reason as the member will read it: trimmed, 1 to 500 characters. */
export function readRejectReason(text: string): { reason: string } | { error: string } {
  const reason = text.trim();
  if (reason === '') return { error: 'Say why: the member reads the reason with the points given back.' };
  if (reason.length > REJECT_REASON_LENGTH_MAX)
    return { error: `At most ${REJECT_REASON_LENGTH_MAX} characters.` };
  return { reason };
}

/** The status a refusal says the redeem already has (`value.status`), if it says one. */
export function decidedStatusOf(error: unknown): RedeemStatus | null {
  if (!(error instanceof BackOfficeError)) return null;
  const status = (error.value as Record<string, unknown> | undefined)?.status;
  return REDEEM_STATUSES.find((known) => known === status) ?? null;
}

/**
 * A refused decision in words an operator acts on: a CONFLICT means the redeem was decided
 * already (by another operator a moment ago, or in another tab), so nothing was paid or given back
 * twice. Any other refusal is the server's own.
 */
export function decisionRefusalOf(error: unknown): unknown {
  if (!(error instanceof BackOfficeError) || error.code !== 'CONFLICT') return error;
  const status = decidedStatusOf(error);
  const decided = status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'decided';
  return new BackOfficeError(
    error.code,
    `Already ${decided}: another operator decided this redeem first. Nothing more was paid or given back; the list shows it as it is now.`,
    error.value,
  );
}
