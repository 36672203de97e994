import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { MemberRow } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { DepositRow, PaymentService } from '../modules/payment/payment.service.ts';
import type { PromotionService } from '../modules/promotion/promotion.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import type { ChangeActor } from '../platform/audit/record-change.ts';
import { AppError } from '../platform/errors/errors.ts';
import { present } from '../platform/errors/invariant.ts';
import type { ImageStore } from '../platform/storage/image-store.ts';
import { creditDepositToMember, recordDepositWithinLimits } from './deposit.ts';
import { tellDeposit } from './money-messages.ts';

export type BankDepositDeps = {
  payments: PaymentService;
  wallet: WalletService;
  images: ImageStore;
  inbox: InboxService;
  /** The deposit bonus a credited deposit may earn (creditDepositToMember). */
  promotions: Pick<PromotionService, 'grantDepositBonusIn'>;
};

/** A phone photo of a transfer slip is well under this; anything larger is not one. */
export const RECEIPT_BYTES_MAX = 5 * 1024 * 1024;
const RECEIPT_PIXELS_MAX = 6000 * 6000;
/** Payment proofs are private: this namespace is never served to the public. */
export const RECEIPT_NAMESPACE = 'receipts';

/**
 * A manual bank transfer (issue: the first gateway kind): the player sends the money to the
 * merchant's account, then submits the amount, their transfer reference and a photo of the
 * receipt. The deposit waits for an operator; nothing is credited before. It counts towards the
 * member's deposit limits from now on, as a gateway deposit does from its order (responsible
 * gaming), and is refused during a break or self-exclusion.
 */
export async function submitBankDeposit(
  deps: BankDepositDeps & { responsibleGaming: ResponsibleGamingService },
  merchant: ResolvedMerchant,
  member: MemberRow,
  input: { methodId: string; amountMinor: bigint; reference: string; receipt: Buffer },
): Promise<DepositRow> {
  const method = await deps.payments.findMethod(input.methodId);
  if (!method || method.merchant_id !== merchant.id || !method.enabled || method.kind !== 'bank_transfer') {
    throw new AppError('NOT_FOUND');
  }
  // Answered before the receipt is stored; checked again, under the member's lock, as it is recorded.
  await deps.responsibleGaming.checkDepositAllowed(
    { memberId: member.id, merchantId: merchant.id },
    input.amountMinor,
  );
  await deps.payments.checkAmount({
    method,
    memberId: member.id,
    amountMinor: input.amountMinor,
    timeZone: merchant.timeZone,
  });
  const stored = await deps.images.save({
    namespace: RECEIPT_NAMESPACE,
    data: input.receipt,
    maxBytes: RECEIPT_BYTES_MAX,
    maxPixels: RECEIPT_PIXELS_MAX,
  });
  return recordDepositWithinLimits(deps, merchant, member, method, {
    amountMinor: input.amountMinor,
    status: 'review',
    reference: input.reference,
    receiptPath: stored.path,
  });
}

/**
 * An operator confirms the money arrived. The decision is taken first (review → credited, with the
 * audit row), so that a rejection at the same moment cannot also win; then the player is credited
 * once (the deposit's ledger key). Should the process stop in between, approving the credited
 * deposit again finishes the credit.
 */
export async function approveBankDeposit(
  deps: BankDepositDeps,
  actor: ChangeActor,
  deposit: DepositRow,
): Promise<DepositRow> {
  const isUnfinished = deposit.status === 'credited' && deposit.transfer_id === null;
  if (deposit.status !== 'review' && !isUnfinished) {
    throw new AppError('CONFLICT', { value: { status: deposit.status } });
  }
  const method = present(
    await deps.payments.findMethod(deposit.method_id),
    `deposit ${deposit.id} has no method`,
  );
  if (!isUnfinished) await deps.payments.decideDeposit(actor, deposit.id, { status: 'credited' });
  const transfer = await creditDepositToMember(deps, deposit, method);
  const credited = await deps.payments.attachTransfer(deposit.id, transfer.id);
  await tellDeposit(deps.inbox, credited, 'arrived');
  return credited;
}

/** An operator found no such money: the deposit is closed with the reason the player sees. */
export async function rejectBankDeposit(
  deps: BankDepositDeps,
  actor: ChangeActor,
  deposit: DepositRow,
  reason: string,
): Promise<DepositRow> {
  const rejected = await deps.payments.decideDeposit(actor, deposit.id, { status: 'rejected', reason });
  await tellDeposit(deps.inbox, rejected, 'failed');
  return rejected;
}
