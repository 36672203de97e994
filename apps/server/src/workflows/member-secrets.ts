import type { MemberRow, MemberService } from '../modules/member/member.service.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { matchTotp } from '../platform/crypto/totp.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../platform/rate-limit/secret-attempts.ts';

// The secrets a logged-in member gives again in the member centre. Each attempt is counted before
// the check (API.md "Throttles"), so a burst of guesses from a stolen session is checked no more
// often than these allow; a right answer gives its count back.

/** Wrong current passwords a member may give when changing the login password, per hour. */
export const OLD_PASSWORD_FAILURES: RateLimitRule = {
  name: 'old-password-fail',
  limit: 5,
  windowSeconds: 3600,
};
/** Wrong authenticator codes a member may give in the security centre, per 15 minutes. */
export const AUTHENTICATOR_CODE_FAILURES: RateLimitRule = {
  name: 'member-totp-fail',
  limit: 5,
  windowSeconds: 15 * 60,
};

/** Whether password is the member's login password; RATE_LIMITED once too many were wrong. */
export async function checkCurrentPassword(
  deps: { members: MemberService; rateLimiter: RateLimiter },
  member: MemberRow,
  password: string,
): Promise<boolean> {
  const attempt = await reserveSecretAttempt(deps.rateLimiter, [
    { rule: OLD_PASSWORD_FAILURES, key: `${member.merchant_id}:${member.id}` },
  ]);
  const isRight = await deps.members.verifyPassword(member, password);
  if (isRight) await attempt.refund();
  return isRight;
}

/**
 * A code of the member's authenticator, valid now and not used before, answered with its time
 * step; SMS_CODE_INVALID otherwise, and RATE_LIMITED once too many were wrong.
 */
export async function checkAuthenticatorCode(
  deps: { members: MemberService; rateLimiter: RateLimiter; totpBox: SecretBox; now: () => Date },
  member: MemberRow,
  code: string,
): Promise<number> {
  const attempt = await reserveSecretAttempt(deps.rateLimiter, [
    { rule: AUTHENTICATOR_CODE_FAILURES, key: `${member.merchant_id}:${member.id}` },
  ]);
  const step = member.totp_secret
    ? matchTotp(deps.totpBox.open(member.totp_secret), code.trim(), deps.now().getTime())
    : null;
  if (step === null || !(await deps.members.useTotpStep(member.id, step)))
    throw new AppError('SMS_CODE_INVALID');
  await attempt.refund();
  return step;
}
