import type { MemberRow, MemberService } from '../modules/member/member.service.ts';
import { isAgentType } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter.ts';
import { checkPaymentPassword } from './payment-password.ts';

export type MemberTransferDeps = { members: MemberService; wallet: WalletService; rateLimiter: RateLimiter };

/** The most one transfer moves (₱1,000,000.00): a mistyped amount should not empty a wallet. */
export const MEMBER_TRANSFER_MINOR_MAX = 100_000_000n;

/**
 * Money between members of one agent tree (spec §2 transferFund and transferUpline): an agent to
 * anyone in their own tree, or a member to their direct upline. Confirmed with the payment
 * password; once-only per request id, so that a retried request moves nothing more.
 */
export async function transferBetweenMembers(
  deps: MemberTransferDeps,
  merchant: ResolvedMerchant,
  sender: MemberRow,
  input: {
    direction: 'downline' | 'upline';
    /** The receiving account's name, for transfers down the tree. */
    account?: string;
    amountMinor: bigint;
    paymentPassword: string;
    requestId: string;
  },
): Promise<{ balanceMinor: bigint; recipient: MemberRow; duplicate: boolean }> {
  if (input.amountMinor <= 0n || input.amountMinor > MEMBER_TRANSFER_MINOR_MAX) {
    throw new AppError('VALIDATION', { value: { fields: { amount: 'range' } } });
  }
  const passwordCheck = await checkPaymentPassword(deps, merchant.id, sender, input.paymentPassword);

  let recipient: MemberRow | undefined;
  if (input.direction === 'upline') {
    recipient = sender.upline_id ? await deps.members.findById(sender.upline_id) : undefined;
    if (!recipient) throw new AppError('CONFLICT', { value: { reason: 'NO_UPLINE' } });
  } else {
    if (!isAgentType(sender.type)) throw new AppError('NON_AGENT');
    recipient = input.account ? await deps.members.findByAccount(merchant.id, input.account) : undefined;
    // Someone outside the agent's own tree is as unknown as no one.
    if (
      !recipient ||
      recipient.id === sender.id ||
      !(await deps.members.isInDownline(sender.id, recipient.id))
    ) {
      throw new AppError('VALIDATION', { value: { fields: { account: 'notInTree' } } });
    }
  }
  if (recipient.status !== 'active')
    throw new AppError('CONFLICT', { value: { reason: 'RECIPIENT_INACTIVE' } });

  const { transfer, duplicate } = await deps.wallet.transfer({
    merchantId: merchant.id,
    currency: merchant.currency,
    key: `member-transfer:${sender.id}:${input.requestId}`,
    code: 'transfer',
    reference: `${input.direction}:${recipient.account}`,
    from: { memberId: sender.id, wallet: 'cash' },
    to: { memberId: recipient.id, wallet: 'cash' },
    amountMinor: input.amountMinor,
  });
  await passwordCheck.clearFailures();
  return { balanceMinor: transfer.debitBalanceAfterMinor, recipient, duplicate };
}
