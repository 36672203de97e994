import type { MemberRow } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { WithdrawalRow, WithdrawalService } from '../modules/payment/withdrawal.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';
import type { ImageStore } from '../platform/storage/image-store.ts';
import { RECEIPT_BYTES_MAX, RECEIPT_NAMESPACE } from './bank-deposit.ts';

export type WithdrawalConfirmationDeps = { withdrawals: WithdrawalService; images: ImageStore };

/** A phone photo of a banking app's screen; the same bound as a deposit receipt (spec §5: 5 MB). */
export const PROOF_BYTES_MAX = RECEIPT_BYTES_MAX;
const PROOF_PIXELS_MAX = 6000 * 6000;

/** Every minute: the merchant's timeout is counted in minutes (spec §9). */
export const AUTO_RECEIPT_CRON = '* * * * *';

/**
 * The member says a paid-out withdrawal did not arrive (spec §4 "not received"): the proof photo
 * is kept with the private payment proofs, and the withdrawal opens a case in the operators'
 * queue. Nothing moves in the ledger: the payout left it when it was paid.
 */
export async function reportWithdrawalNotReceived(
  deps: WithdrawalConfirmationDeps,
  member: MemberRow,
  input: { id: string; proof: Buffer; note: string | null },
): Promise<WithdrawalRow> {
  // Checked before the photo is stored, so that a refused report leaves no file behind.
  const row = await deps.withdrawals.findWithdrawal(input.id);
  if (!row || row.member_id !== member.id) throw new AppError('NOT_FOUND');
  if (row.status !== 'paid' || row.confirmation !== 'awaiting') {
    throw new AppError('CONFLICT', { value: { confirmation: row.confirmation } });
  }
  const stored = await deps.images.save({
    namespace: RECEIPT_NAMESPACE,
    data: input.proof,
    maxBytes: PROOF_BYTES_MAX,
    maxPixels: PROOF_PIXELS_MAX,
  });
  return deps.withdrawals.reportNotReceived({
    memberId: member.id,
    id: row.id,
    proofPath: stored.path,
    note: input.note,
  });
}

/** When an awaiting payout will count as received, for the member's page. */
export function autoReceiptAt(merchant: ResolvedMerchant, withdrawal: WithdrawalRow): Date | null {
  if (withdrawal.confirmation !== 'awaiting' || !withdrawal.paid_at) return null;
  return new Date(withdrawal.paid_at.getTime() + merchant.settings.withdrawal.confirmTimeoutMinutes * 60_000);
}

/**
 * Payouts left unconfirmed past each merchant's timeout count as received (spec §4: forced
 * receipt; nothing is refunded). Answers how many it confirmed.
 */
export async function confirmOverdueWithdrawals(deps: {
  withdrawals: WithdrawalService;
  findMerchant: (merchantId: string) => Promise<ResolvedMerchant | null>;
}): Promise<number> {
  let confirmed = 0;
  for (const merchantId of await deps.withdrawals.listMerchantsAwaitingConfirmation()) {
    const merchant = await deps.findMerchant(merchantId);
    if (!merchant) continue;
    const rows = await deps.withdrawals.confirmOverdue(
      merchantId,
      merchant.settings.withdrawal.confirmTimeoutMinutes,
    );
    confirmed += rows.length;
  }
  return confirmed;
}

/** The scheduled auto-receipt; several nodes may run it, each payout is confirmed once. */
export function createWithdrawalAutoReceiptJob(
  deps: Parameters<typeof confirmOverdueWithdrawals>[0],
): JobDefinition<object> {
  return defineScheduledJob({
    name: 'payment.withdrawal-auto-receipt',
    cron: AUTO_RECEIPT_CRON,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    timeoutSeconds: 120,
    run: () => confirmOverdueWithdrawals(deps),
  });
}
