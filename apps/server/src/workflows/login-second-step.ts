import {
  LOGIN_CHALLENGE_ATTEMPTS_MAX,
  type MemberRow,
  type SecondStepMethod,
} from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { matchTotp } from '../platform/crypto/totp.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { Language } from '../platform/i18n/language.ts';
import type { RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../platform/rate-limit/secret-attempts.ts';
import {
  type ClientContext,
  completeLogin,
  type LoginContext,
  type LoginDeps,
  type LoginResult,
} from './login.ts';

function phoneOf(member: MemberRow): string | null {
  return member.mobile_dialing_code && member.mobile_number
    ? `${member.mobile_dialing_code}${member.mobile_number}`
    : null;
}

// API.md "Throttles": a challenge takes LOGIN_CHALLENGE_ATTEMPTS_MAX answers; a member from one
// address, whatever the challenge (a known password opens new ones), a growing delay after 5.
export const SECOND_STEP_FAILURES_PER_CHALLENGE: RateLimitRule = {
  name: 'second-step-fail-challenge',
  limit: LOGIN_CHALLENGE_ATTEMPTS_MAX,
  windowSeconds: 3600,
};
export const SECOND_STEP_FAILURES_PER_MEMBER_AND_SOURCE: RateLimitRule = {
  name: 'second-step-fail-member-source',
  limit: 100,
  windowSeconds: 3600,
  delay: { after: 5, baseSeconds: 1, maxSeconds: 15 * 60 },
};

const normalizeName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The open challenge and its member; the challenge id is a 256-bit secret handed to the first step. */
async function openChallenge(deps: LoginDeps, merchant: ResolvedMerchant, challengeId: string) {
  const challenge = await deps.members.findOpenChallenge(challengeId, merchant.id);
  const member = challenge ? await deps.members.findById(challenge.memberId) : undefined;
  if (!challenge || !member) throw new AppError('NOT_FOUND');
  return { challenge, member };
}

/** Sends the code of a second step by SMS or email (purpose loginStep). */
export async function sendSecondStepCode(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: { challengeId: string; method: 'sms' | 'email'; language: Language },
  client: ClientContext,
): Promise<{ expiredMinutes: number }> {
  const { challenge, member } = await openChallenge(deps, merchant, input.challengeId);
  if (!challenge.methods.includes(input.method)) throw new AppError('CONFLICT');
  const destination = input.method === 'sms' ? phoneOf(member) : member.email;
  if (!destination) throw new AppError('CONFLICT');
  return deps.verification.sendCode({
    merchantId: merchant.id,
    purpose: 'loginStep',
    channel: input.method,
    destination,
    language: input.language,
    clientKey: `${merchant.id}:${client.ip}`,
  });
}

/** Whether the answer proves the member for this method; codes are used up either way. */
async function checkAnswer(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
  method: SecondStepMethod,
  answer: string,
): Promise<boolean> {
  if (method === 'bankName') {
    return member.payee_name !== null && normalizeName(member.payee_name) === normalizeName(answer);
  }
  if (method === 'totp') {
    if (!member.totp_secret || !member.totp_enabled_at) return false;
    const nowMs = (deps.now ?? (() => new Date()))().getTime();
    const step = matchTotp(deps.totpBox.open(member.totp_secret), answer.trim(), nowMs);
    return step !== null && (await deps.members.useTotpStep(member.id, step));
  }
  const destination = method === 'sms' ? phoneOf(member) : member.email;
  if (!destination) return false;
  try {
    await deps.verification.checkCode({
      merchantId: merchant.id,
      purpose: 'loginStep',
      destination,
      code: answer,
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SMS_CODE_EXPIRED') throw error;
    return false;
  }
}

/**
 * The second step of spec §4 "Unregistered IP": an SMS or email code, an authenticator code or
 * the bank account name; five wrong answers close the challenge. Success finishes the login the
 * first step began.
 */
export async function answerSecondStep(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: { challengeId: string; method: SecondStepMethod; code: string },
  client: ClientContext,
): Promise<LoginResult> {
  const { challenge, member } = await openChallenge(deps, merchant, input.challengeId);
  if (!challenge.methods.includes(input.method)) throw new AppError('CONFLICT');
  // Counted before the answer is checked, so that simultaneous answers cannot outrun the count.
  const attempt = await reserveSecretAttempt(deps.rateLimiter, [
    { rule: SECOND_STEP_FAILURES_PER_CHALLENGE, key: challenge.id },
    { rule: SECOND_STEP_FAILURES_PER_MEMBER_AND_SOURCE, key: `${member.id}:${client.ip}` },
  ]);
  if (!(await checkAnswer(deps, merchant, member, input.method, input.code))) {
    await deps.members.countChallengeAttempt(challenge.id);
    throw new AppError('SMS_CODE_INVALID');
  }
  await attempt.refund();
  if (!(await deps.members.completeChallenge(challenge.id))) throw new AppError('NOT_FOUND');
  const context = challenge.context as LoginContext;
  return completeLogin(deps, {
    member,
    merchant,
    method: context.method,
    agentPage: context.agentPage,
    passwordExpired: context.passwordExpired,
    client,
    isSecondStepDone: true,
  });
}
