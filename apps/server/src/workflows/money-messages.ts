import { formatMoney } from '@panalo/money/amount.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { DepositRow } from '../modules/payment/payment.service.ts';
import type { PayoutAccountRow, WithdrawalRow } from '../modules/payment/withdrawal.service.ts';
import { currencySymbolOf } from '../modules/wallet/wallet.service.ts';

const ACCOUNT_DIGITS_SHOWN = 4;

const amountOf = (row: { amount_minor: bigint; currency: string }) =>
  formatMoney(row.amount_minor, { symbol: currencySymbolOf(row.currency) });

/**
 * The inbox messages of spec §3 about a member's money. Each event is told once, however often
 * the workflow that reached it runs again (a retried callback, a repeated decision).
 */
export function tellDeposit(inbox: InboxService, deposit: DepositRow, outcome: 'arrived' | 'failed') {
  return inbox.send({
    merchantId: deposit.merchant_id,
    memberId: deposit.member_id,
    kind: outcome === 'arrived' ? 'deposit_arrived' : 'deposit_failed',
    params: { amount: amountOf(deposit), reason: deposit.failure_reason ?? '' },
    dedupeKey: `deposit:${deposit.id}:${outcome}`,
  });
}

export function tellWithdrawal(
  inbox: InboxService,
  withdrawal: WithdrawalRow,
  account: PayoutAccountRow | undefined,
  outcome: 'approved' | 'rejected' | 'failed',
) {
  const accountText = account
    ? `${account.provider} •••• ${account.account_number.slice(-ACCOUNT_DIGITS_SHOWN)}`
    : '';
  return inbox.send({
    merchantId: withdrawal.merchant_id,
    memberId: withdrawal.member_id,
    kind: `withdrawal_${outcome}`,
    params: { amount: amountOf(withdrawal), account: accountText, reason: withdrawal.reason ?? '' },
    dedupeKey: `withdrawal:${withdrawal.id}:${outcome}`,
  });
}
