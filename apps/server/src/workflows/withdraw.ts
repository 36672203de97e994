import { formatAmount, parseAmountOrThrow } from '@panalo/money/amount.ts';
import { v7 as uuidv7 } from 'uuid';
import type { PayoutAccountKind } from '../db/schema.ts';
import type { BonusService } from '../modules/bonus/bonus.service.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { MemberRow, MemberService } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { payeeNameRuleOf } from '../modules/merchant/register-patterns.ts';
import { GatewayError } from '../modules/payment/hosted-gateway.ts';
import type { PaymentService } from '../modules/payment/payment.service.ts';
import {
  isSameName,
  normalizeName,
  type PayoutAccountRow,
  type WithdrawalRow,
  type WithdrawalService,
  withdrawalHoldKey,
} from '../modules/payment/withdrawal.service.ts';
import type { VipService } from '../modules/vip/vip.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import type { ChangeActor } from '../platform/audit/record-change.ts';
import { AppError } from '../platform/errors/errors.ts';
import { present } from '../platform/errors/invariant.ts';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter.ts';
import type { CallbackAnswer } from './deposit.ts';
import { tellWithdrawal } from './money-messages.ts';
import { checkPaymentPassword } from './payment-password.ts';
import { checkRuleValue } from './register.ts';

export type WithdrawDeps = {
  members: MemberService;
  payments: PaymentService;
  withdrawals: WithdrawalService;
  wallet: WalletService;
  rateLimiter: RateLimiter;
  inbox: InboxService;
  /** The bonus a withdrawal makes the member give up (docs/promotions.md "Withdrawing"). */
  bonuses: Pick<BonusService, 'forfeitForWithdrawalIn'>;
  /** The member's VIP level's withdrawals per merchant day, count and amount (docs/loyalty.md). */
  vip: Pick<VipService, 'checkWithdrawalLimits' | 'checkWithdrawalLimitsIn'>;
};

/** What the withdraw page needs to know before the member types anything. */
export type WithdrawalOverview = {
  minMinor: bigint;
  maxMinor: bigint;
  balanceMinor: bigint;
  /** What a withdrawal request would take now: 0 while one is open, turnover is left or the balance is under the minimum. */
  withdrawableMinor: bigint;
  /** Still to be wagered before a withdrawal is allowed (0 when done). */
  turnoverLeftMinor: bigint;
  hasPaymentPassword: boolean;
  hasOpenWithdrawal: boolean;
  accounts: PayoutAccountRow[];
  /** What a withdrawal now would forfeit: the bonus wallet's balance (the request must agree to it). */
  bonusToForfeitMinor: bigint;
};

export async function describeWithdrawal(
  deps: WithdrawDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
): Promise<WithdrawalOverview> {
  const rules = merchant.settings.withdrawal;
  const [balances, turnoverLeftMinor, open, accounts] = await Promise.all([
    deps.wallet.getBalances({ merchantId: merchant.id, memberId: member.id, currency: merchant.currency }),
    turnoverLeft(deps, merchant, member),
    deps.withdrawals.countOpen(member.id),
    deps.withdrawals.listPayoutAccounts(member.id),
  ]);
  const minMinor = parseAmountOrThrow(rules.minAmount);
  const maxMinor = parseAmountOrThrow(rules.maxAmount);
  return {
    minMinor,
    maxMinor,
    balanceMinor: balances.cashMinor,
    withdrawableMinor: withdrawableOf({
      cashMinor: balances.cashMinor,
      minMinor,
      maxMinor,
      turnoverLeftMinor,
      hasOpenWithdrawal: open > 0,
    }),
    turnoverLeftMinor,
    hasPaymentPassword: member.payment_password_hash !== null,
    hasOpenWithdrawal: open > 0,
    accounts,
    bonusToForfeitMinor: balances.bonusMinor,
  };
}

/**
 * The most a withdrawal request would accept now, by requestWithdrawal's own rules: nothing while
 * another withdrawal is open or turnover is left, nothing when the cash (the balance less what
 * pending withdrawals hold, and never the bonus wallet) is under the minimum, else the cash up to
 * the maximum of one withdrawal.
 */
export function withdrawableOf(input: {
  cashMinor: bigint;
  minMinor: bigint;
  maxMinor: bigint;
  turnoverLeftMinor: bigint;
  hasOpenWithdrawal: boolean;
}): bigint {
  if (input.hasOpenWithdrawal || input.turnoverLeftMinor > 0n) return 0n;
  if (input.cashMinor < input.minMinor) return 0n;
  if (input.cashMinor > input.maxMinor) return input.maxMinor;
  return input.cashMinor;
}

/** The wagering a withdrawal waits for: deposits times the merchant's multiplier, and what was wagered. */
export type TurnoverProgress = { requiredMinor: bigint; wageredMinor: bigint; leftMinor: bigint };

/**
 * How far the member is with the turnover a withdrawal requires (zeros when the merchant requires
 * none): the deposits since the last withdrawal times the multiplier, against the valid bet of the
 * bets settled since (the bet record: rolled back, void and open bets count nothing).
 */
export async function describeTurnover(
  deps: Pick<WithdrawDeps, 'withdrawals' | 'wallet'>,
  merchant: ResolvedMerchant,
  member: MemberRow,
): Promise<TurnoverProgress> {
  const multiplier = BigInt(merchant.settings.withdrawal.turnoverMultiplier);
  if (multiplier === 0n) return { requiredMinor: 0n, wageredMinor: 0n, leftMinor: 0n };
  const { since, depositedMinor } = await deps.withdrawals.turnoverSince(member.id);
  const wageredMinor = await deps.wallet.sumWagered({
    merchantId: merchant.id,
    memberId: member.id,
    currency: merchant.currency,
    since,
  });
  const requiredMinor = depositedMinor * multiplier;
  const left = requiredMinor - wageredMinor;
  return { requiredMinor, wageredMinor, leftMinor: left > 0n ? left : 0n };
}

async function turnoverLeft(
  deps: WithdrawDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
): Promise<bigint> {
  return (await describeTurnover(deps, merchant, member)).leftMinor;
}

/**
 * Binds a bank or e-wallet account for payouts (security centre). Payouts go only to the member's
 * own name: the first account sets the real name when none was registered, and every later one
 * must carry the same name. The name meets the merchant's payee-name rule of registration.
 */
export async function bindPayoutAccount(
  deps: WithdrawDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
  input: { kind: PayoutAccountKind; provider: string; accountName: string; accountNumber: string },
): Promise<PayoutAccountRow> {
  // The name becomes the member's payee name, so it meets the rule registration holds it to.
  if (!checkRuleValue(payeeNameRuleOf(merchant.settings.register), normalizeName(input.accountName))) {
    throw new AppError('VALIDATION', { value: { fields: { accountName: 'format' } } });
  }
  const registered = member.payee_name?.trim();
  if (registered && !isSameName(registered, input.accountName)) {
    throw new AppError('VALIDATION', { value: { fields: { accountName: 'payeeMismatch' } } });
  }
  const account = await deps.withdrawals.bindPayoutAccount({
    merchantId: merchant.id,
    memberId: member.id,
    ...input,
  });
  if (!registered) await deps.members.setPayeeName(member.id, account.account_name);
  return account;
}

/**
 * A withdrawal request (spec §2 withdraw): the payment password, the account, the amount within
 * the merchant's range and the balance, and the turnover done; then the amount is held in the
 * ledger and the withdrawal waits for an operator. One withdrawal may be open at a time, however
 * many requests arrive together (CONFLICT WITHDRAWAL_OPEN). While the bonus wallet holds money the
 * request must give it up (`forfeitBonus`, else CONFLICT BONUS_ACTIVE with `bonusAmount`): the
 * active bonus is then cancelled in the withdrawal's own transaction, so that the two land
 * together or not at all.
 */
export async function requestWithdrawal(
  deps: WithdrawDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
  input: { payoutAccountId: string; amountMinor: bigint; paymentPassword: string; forfeitBonus: boolean },
): Promise<WithdrawalRow> {
  const passwordCheck = await checkPaymentPassword(deps, merchant.id, member, input.paymentPassword);
  await passwordCheck.clearFailures();

  const account = await deps.withdrawals.findPayoutAccount(input.payoutAccountId);
  if (!account || account.member_id !== member.id || account.removed_at !== null)
    throw new AppError('NOT_FOUND');
  const rules = merchant.settings.withdrawal;
  if (input.amountMinor < parseAmountOrThrow(rules.minAmount)) {
    throw new AppError('LIMIT_REACHED', { value: { limit: 'minimum' } });
  }
  if (input.amountMinor > parseAmountOrThrow(rules.maxAmount)) {
    throw new AppError('LIMIT_REACHED', { value: { limit: 'maximum' } });
  }
  // Answers the usual case before anything is held; the database's rule decides a race.
  if ((await deps.withdrawals.countOpen(member.id)) > 0) {
    throw new AppError('CONFLICT', { value: { reason: 'WITHDRAWAL_OPEN' } });
  }
  const left = await turnoverLeft(deps, merchant, member);
  if (left > 0n) throw new AppError('TURNOVER_REQUIRED', { value: { turnoverLeftMinor: left.toString() } });
  // The VIP level's limits for the day: asked here for a prompt answer, decided in the transaction.
  const vipCheck = { timeZone: merchant.timeZone, memberId: member.id, amountMinor: input.amountMinor };
  await deps.vip.checkWithdrawalLimits({ ...vipCheck, exceptId: null });
  const player = { merchantId: merchant.id, memberId: member.id, currency: merchant.currency };
  // Asked before anything is held; the withdrawal's transaction asks again under the member's lock.
  const { bonusMinor } = await deps.wallet.getBalances(player);
  if (bonusMinor > 0n && !input.forfeitBonus) {
    throw new AppError('CONFLICT', {
      value: { reason: 'BONUS_ACTIVE', bonusAmount: formatAmount(bonusMinor) },
    });
  }

  // The hold comes first: if the member is short, nothing is recorded. Should the record then
  // fail (another request of the member's opened a withdrawal first), the hold is given back.
  const id = uuidv7();
  await deps.wallet.hold({
    merchantId: merchant.id,
    memberId: member.id,
    currency: merchant.currency,
    key: withdrawalHoldKey(id),
    amountMinor: input.amountMinor,
    reference: id,
  });
  let announce = () => {};
  try {
    const withdrawal = await deps.withdrawals.createWithdrawal({
      id,
      merchantId: merchant.id,
      memberId: member.id,
      payoutAccountId: account.id,
      currency: merchant.currency,
      amountMinor: input.amountMinor,
      alsoIn: async (trx) => {
        // Under the member's lock, with this withdrawal recorded: a burst of requests takes turns.
        await deps.vip.checkWithdrawalLimitsIn(trx, { ...vipCheck, exceptId: id });
        const forfeited = await deps.bonuses.forfeitForWithdrawalIn(trx, {
          ...player,
          forfeit: input.forfeitBonus,
        });
        announce = forfeited.announce;
      },
    });
    announce();
    return withdrawal;
  } catch (error) {
    await deps.wallet.release({ merchantId: merchant.id, key: withdrawalHoldKey(id) });
    throw error;
  }
}

/** An operator refuses a withdrawal: the held amount goes back to the member's balance. */
export async function rejectWithdrawal(
  deps: WithdrawDeps,
  actor: ChangeActor,
  input: { id: string; reason: string },
): Promise<WithdrawalRow> {
  const rejected = await deps.withdrawals.reject(actor, input.id, input.reason);
  await settleEndedWithdrawal(deps, rejected);
  return rejected;
}

/** An operator paid the member by other means: the held amount leaves the ledger as paid. */
export async function markWithdrawalPaid(
  deps: WithdrawDeps,
  actor: ChangeActor,
  input: { id: string; reason: string | null },
): Promise<WithdrawalRow> {
  const paid = await deps.withdrawals.markPaid(actor, input.id, input.reason);
  await settleEndedWithdrawal(deps, paid);
  return paid;
}

/**
 * Settles the hold of a withdrawal that has reached its end, and tells the member: a paid one's
 * amount leaves the ledger, a rejected or failed one's goes back to the member's balance. A
 * withdrawal still under way is left alone.
 */
async function settleEndedWithdrawal(deps: WithdrawDeps, withdrawal: WithdrawalRow): Promise<void> {
  const { status } = withdrawal;
  if (status !== 'paid' && status !== 'rejected' && status !== 'failed') return;
  const hold = { merchantId: withdrawal.merchant_id, key: withdrawal.hold_key };
  if (status === 'paid') await deps.wallet.capture(hold);
  else await deps.wallet.release(hold);
  const account = await deps.withdrawals.findPayoutAccount(withdrawal.payout_account_id);
  await tellWithdrawal(deps.inbox, withdrawal, account, status === 'paid' ? 'approved' : status);
}

/**
 * An operator approves a withdrawal for payout through a gateway method's payout call. The
 * gateway's callback later settles it; a gateway that refuses at once sends it back to review.
 * A gateway that does not answer may have taken the payout, so it stays in flight, ended only by
 * the gateway's word; the operator may send it again (the same payout id to the same method),
 * which the gateway takes as the same payout.
 */
export async function payOutWithdrawal(
  deps: WithdrawDeps,
  actor: ChangeActor,
  input: { id: string; methodId: string; siteOrigin: string },
): Promise<WithdrawalRow> {
  const found = await deps.withdrawals.findWithdrawal(input.id);
  if (!found) throw new AppError('NOT_FOUND');
  const method = await deps.payments.findMethod(input.methodId);
  if (!method || method.merchant_id !== found.merchant_id || method.kind !== 'gateway') {
    throw new AppError('VALIDATION', { value: { fields: { methodId: 'unknown' } } });
  }
  const account = present(
    await deps.withdrawals.findPayoutAccount(found.payout_account_id),
    `withdrawal ${found.id} has no payout account`,
  );
  const isUnanswered = found.status === 'paying' && found.gateway_payout_id === null;
  const paying = isUnanswered
    ? await deps.withdrawals.resendPayout(actor, found.id, method.id)
    : await deps.withdrawals.startPayout(actor, found.id, method.id);
  try {
    const { gatewayPayoutId } = await deps.payments.openPayout({
      method,
      payoutId: paying.id,
      amountMinor: paying.amount_minor,
      currency: paying.currency,
      accountName: account.account_name,
      accountNumber: account.account_number,
      notifyUrl: `${input.siteOrigin}/pay/hosted/${method.id}/payout-callback`,
    });
    return (await deps.withdrawals.setGatewayPayout(paying.id, gatewayPayoutId)) ?? paying;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const after = error.isRefused
      ? await deps.withdrawals.returnToReview(paying.id, error.message)
      : await deps.withdrawals.notePayoutUnanswered(paying.id, error.message);
    throw new AppError('PAYMENT_UNAVAILABLE', { cause: error, value: { status: after?.status ?? null } });
  }
}

/**
 * A gateway's word on a payout, believed like a deposit callback (signature, clock, the same
 * amount and currency): PAID takes the held amount out of the ledger, FAILED gives it back.
 */
export async function applyPayoutCallback(
  deps: WithdrawDeps,
  input: { methodId: string; timestamp: string | undefined; signature: string | undefined; rawBody: string },
): Promise<CallbackAnswer> {
  const method = await deps.payments.findMethod(input.methodId);
  if (method?.kind !== 'gateway') return { httpStatus: 404, status: 'ERROR', message: 'unknown method' };
  const record = (outcome: string) =>
    deps.payments.recordCallback({ methodId: method.id, depositId: null, body: input.rawBody, outcome });
  const check = deps.payments.readPayoutCallback(method, input);
  if (check.kind !== 'ok') {
    await record(check.kind);
    return { httpStatus: check.kind === 'malformed' ? 400 : 401, status: 'ERROR', message: check.kind };
  }
  const { callback } = check;
  const withdrawal = await deps.withdrawals.findWithdrawal(callback.payoutId);
  if (!withdrawal || withdrawal.payout_method_id !== method.id) {
    await record('unknown_payout');
    return { httpStatus: 404, status: 'ERROR', message: 'unknown payout' };
  }
  if (callback.amountMinor !== withdrawal.amount_minor || callback.currency !== withdrawal.currency) {
    await record('mismatch');
    return { httpStatus: 409, status: 'ERROR', message: 'the callback does not match the payout' };
  }
  const status = callback.status === 'PAID' ? 'paid' : 'failed';
  const settled = await deps.withdrawals.settlePayout(withdrawal.id, status);
  // The ledger side runs again on a repeated callback too: settling a hold is idempotent, and a
  // crash between the two steps is mended by the gateway's retry.
  const current = settled ?? withdrawal;
  // Only the gateway's own ends: a payout sent back to review and then rejected was settled then.
  if (current.status === 'paid' || current.status === 'failed') await settleEndedWithdrawal(deps, current);
  await record(settled ? `payout_${status}` : 'duplicate');
  return { httpStatus: 200, status: 'OK' };
}
