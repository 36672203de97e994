import type { MemberRow, MemberService } from '../modules/member/member.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../platform/rate-limit/secret-attempts.ts';

export type PaymentPasswordDeps = { members: MemberService; rateLimiter: RateLimiter };

/** Wrong payment passwords a member may enter in an hour before money actions pause. */
export const PAYMENT_PASSWORD_FAILURES: RateLimitRule = {
  name: 'payment-password-fail',
  limit: 5,
  windowSeconds: 3600,
};

/** A passed check; the caller clears the failure count once the action it guards has gone through. */
export type PaymentPasswordCheck = { clearFailures: () => Promise<void> };

/**
 * The payment password guarding a withdrawal, a transfer or the change of the payment password
 * itself, with one failure count per member for all of them, so that guessing on one page does
 * not restart on another. Each attempt is counted before the password is checked (and given back
 * when it is right); once the count is full every attempt is refused with RATE_LIMITED, right or
 * wrong, until the window passes.
 *
 * `orLoginPassword` is for setting the first payment password: with none set yet the member
 * proves themselves with the login password instead (a wrong one is BAD_CREDENTIALS).
 * Without it, a member who has no payment password is told to set one first.
 */
export async function checkPaymentPassword(
  deps: PaymentPasswordDeps,
  merchantId: string,
  member: MemberRow,
  password: string,
  options: { orLoginPassword?: boolean } = {},
): Promise<PaymentPasswordCheck> {
  const hasPaymentPassword = member.payment_password_hash !== null;
  if (!hasPaymentPassword && !options.orLoginPassword) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
  const failureKey = `${merchantId}:${member.id}`;
  // Counted before the check, so that simultaneous guesses cannot outrun the count.
  const attempt = await reserveSecretAttempt(deps.rateLimiter, [
    { rule: PAYMENT_PASSWORD_FAILURES, key: failureKey },
  ]);
  const isRight = hasPaymentPassword
    ? await deps.members.verifyPaymentPassword(member, password)
    : await deps.members.verifyPassword(member, password);
  if (!isRight) throw new AppError(hasPaymentPassword ? 'PAYMENT_PASSWORD_INVALID' : 'BAD_CREDENTIALS');
  await attempt.refund();
  return { clearFailures: () => deps.rateLimiter.reset(PAYMENT_PASSWORD_FAILURES, failureKey) };
}
