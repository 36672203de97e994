import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { MemberRow } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { GatewayError } from '../modules/payment/hosted-gateway.ts';
import type { DepositRow, PaymentMethodRow, PaymentService } from '../modules/payment/payment.service.ts';
import type { PromotionService } from '../modules/promotion/promotion.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { tellDeposit } from './money-messages.ts';

export type DepositDeps = {
  payments: PaymentService;
  wallet: WalletService;
  responsibleGaming: ResponsibleGamingService;
  inbox: InboxService;
  /** The deposit bonus a credited deposit may earn, granted in the credit's transaction. */
  promotions: Pick<PromotionService, 'grantDepositBonusIn'>;
};

/** What the gateway hears back: 2xx with status OK stops its retries; anything else retries. */
export type CallbackAnswer = {
  httpStatus: 200 | 400 | 401 | 404 | 409;
  status: 'OK' | 'ERROR';
  message?: string;
};

/** The ledger key of a deposit's credit: one deposit, one credit, whatever arrives twice. */
export const depositTransferKey = (depositId: string) => `deposit:${depositId}`;

/**
 * Moves a deposit's money from its method's house account to the member's cash wallet, once: the
 * ledger key answers the first transfer again to a repeat (a racing delivery, a retried review).
 * Every credited deposit passes here, by gateway or bank transfer alike, so the deposit bonus a
 * member joined is granted here, in the credit's own transaction: the credit and its bonus commit
 * together, and a repeat, which answers the first transfer, grants nothing again.
 */
export async function creditDepositToMember(
  deps: Pick<DepositDeps, 'wallet' | 'promotions'>,
  deposit: DepositRow,
  method: Pick<PaymentMethodRow, 'code'>,
) {
  const announcements: (() => void)[] = [];
  const { transfer } = await deps.wallet.transferAfterCheck(
    {
      merchantId: deposit.merchant_id,
      currency: deposit.currency,
      key: depositTransferKey(deposit.id),
      code: 'deposit',
      reference: deposit.id,
      from: { house: `deposit:${method.code}`, shardKey: deposit.member_id },
      to: { memberId: deposit.member_id, wallet: 'cash' },
      amountMinor: deposit.amount_minor,
    },
    async (trx) => {
      const granted = await deps.promotions.grantDepositBonusIn(trx, {
        id: deposit.id,
        merchantId: deposit.merchant_id,
        memberId: deposit.member_id,
        currency: deposit.currency,
        amountMinor: deposit.amount_minor,
        methodCode: method.code,
      });
      announcements.push(...granted);
    },
  );
  for (const announce of announcements) announce();
  return transfer;
}

async function requireEnabledMethod(
  deps: DepositDeps,
  merchant: ResolvedMerchant,
  methodId: string,
  kind: PaymentMethodRow['kind'],
): Promise<PaymentMethodRow> {
  const method = await deps.payments.findMethod(methodId);
  if (!method || method.merchant_id !== merchant.id || !method.enabled || method.kind !== kind) {
    throw new AppError('NOT_FOUND');
  }
  return method;
}

/**
 * Records a deposit once the member's responsible-gaming limits and breaks and the method's
 * limits allow it. A deposit counts towards the limits from the moment it is recorded (pending,
 * or in review) until it fails or is rejected, so the check and the record are one transaction
 * under the member's play lock: simultaneous deposits are checked one after the other, each
 * against those recorded before it.
 */
export async function recordDepositWithinLimits(
  deps: Pick<DepositDeps, 'payments' | 'responsibleGaming'>,
  merchant: ResolvedMerchant,
  member: MemberRow,
  method: PaymentMethodRow,
  input: {
    amountMinor: bigint;
    status: 'pending' | 'review';
    reference?: string;
    receiptPath?: string;
  },
): Promise<DepositRow> {
  const player = { memberId: member.id, merchantId: merchant.id };
  const amount = {
    method,
    memberId: member.id,
    amountMinor: input.amountMinor,
    timeZone: merchant.timeZone,
  };
  return deps.responsibleGaming.withPlayLock(player, async (trx) => {
    // The member's own limits and breaks (responsible gaming) before the method's limits.
    await deps.responsibleGaming.checkDepositAllowedIn(trx, player, input.amountMinor);
    await deps.payments.checkAmount(amount, trx);
    return deps.payments.createDeposit(
      {
        merchantId: merchant.id,
        memberId: member.id,
        method,
        currency: merchant.currency,
        amountMinor: input.amountMinor,
        status: input.status,
        reference: input.reference ?? null,
        receiptPath: input.receiptPath ?? null,
      },
      trx,
    );
  });
}

/**
 * A deposit through a hosted gateway: the amount checked against the member's responsible-gaming
 * limits and breaks and the method's limits, the
 * deposit recorded as pending, and the gateway's order opened; the player goes to `payUrl`.
 * Nothing is credited here: only the gateway's signed callback credits.
 */
export async function startGatewayDeposit(
  deps: DepositDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
  input: { methodId: string; amountMinor: bigint; siteOrigin: string; returnPath: string },
): Promise<{ deposit: DepositRow; payUrl: string }> {
  const method = await requireEnabledMethod(deps, merchant, input.methodId, 'gateway');
  const deposit = await recordDepositWithinLimits(deps, merchant, member, method, {
    amountMinor: input.amountMinor,
    status: 'pending',
  });
  try {
    const order = await deps.payments.openGatewayOrder({
      method,
      deposit,
      notifyUrl: `${input.siteOrigin}/pay/hosted/${method.id}/callback`,
      returnUrl: `${input.siteOrigin}${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}deposit=${deposit.id}`,
      description: `${merchant.name} deposit`,
    });
    return {
      deposit: { ...deposit, gateway_order_id: order.gatewayOrderId, pay_url: order.payUrl },
      payUrl: order.payUrl,
    };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await deps.payments.markFailed(deposit.id, error.message);
    throw new AppError('PAYMENT_UNAVAILABLE', { cause: error });
  }
}

/**
 * A gateway's callback for a deposit of one method. It is believed only when signed with the
 * method's secret within the clock window, about a deposit of that method, with the same gateway
 * order, amount and currency. PAID credits the player once, however often it arrives — also late,
 * after the deposit was marked failed, since the money did arrive; FAILED closes a pending
 * deposit. Every callback is kept with its outcome.
 */
export async function applyGatewayCallback(
  deps: Pick<DepositDeps, 'payments' | 'wallet' | 'inbox' | 'promotions'>,
  input: { methodId: string; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<CallbackAnswer> {
  const method = await deps.payments.findMethod(input.methodId);
  if (method?.kind !== 'gateway') return { httpStatus: 404, status: 'ERROR', message: 'unknown method' };
  const record = (outcome: string, depositId: string | null = null) =>
    deps.payments.recordCallback({ methodId: method.id, depositId, body: input.rawBody, outcome });

  const check = deps.payments.readCallback(method, input);
  if (check.kind !== 'ok') {
    await record(check.kind);
    return { httpStatus: check.kind === 'malformed' ? 400 : 401, status: 'ERROR', message: check.kind };
  }
  const { callback } = check;
  const deposit = await deps.payments.findDeposit(callback.orderId);
  if (!deposit || deposit.method_id !== method.id) {
    await record('unknown_order');
    return { httpStatus: 404, status: 'ERROR', message: 'unknown order' };
  }
  if (
    callback.amountMinor !== deposit.amount_minor ||
    callback.currency !== deposit.currency ||
    (deposit.gateway_order_id !== null && callback.gatewayOrderId !== deposit.gateway_order_id)
  ) {
    await record('mismatch', deposit.id);
    return { httpStatus: 409, status: 'ERROR', message: 'the callback does not match the order' };
  }

  if (callback.status === 'FAILED') {
    const moved = await deps.payments.markFailed(deposit.id, 'the gateway reported the payment failed');
    await record(moved ? 'failed' : 'duplicate', deposit.id);
    if (moved) await tellDeposit(deps.inbox, moved, 'failed');
    return { httpStatus: 200, status: 'OK' };
  }
  if (deposit.status === 'credited') {
    await record('duplicate', deposit.id);
    return { httpStatus: 200, status: 'OK' };
  }
  // The ledger key makes the credit happen once even if two deliveries race past the check above,
  // or the process stops between the credit and the status change and the gateway retries.
  const transfer = await creditDepositToMember(deps, deposit, method);
  const moved = await deps.payments.markCredited(deposit.id, transfer.id);
  await record(moved ? 'applied' : 'duplicate', deposit.id);
  await tellDeposit(deps.inbox, moved ?? deposit, 'arrived');
  return { httpStatus: 200, status: 'OK' };
}
