import type { CaptchaService } from '../modules/captcha/captcha.service.ts';
import {
  DEFAULT_PASSWORD,
  isAgentType,
  type MemberRow,
  type MemberService,
  type SecondStepMethod,
  type StartSessionInput,
  TRIAL_TYPE,
} from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { readSwitches } from '../modules/merchant/merchant.service.ts';
import type { ReferralService } from '../modules/referral/referral.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { VerificationService } from '../modules/verification/verification.service.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { AppError } from '../platform/errors/errors.ts';
import {
  type MobileNumber,
  maskEmail,
  maskPhone,
  parseMobileNumber,
} from '../platform/phone/phone-number.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../platform/rate-limit/secret-attempts.ts';
import { admitNewAccount } from './account-creation.ts';
import { admitSelfExcludedMember } from './responsible-gaming.ts';

/** The login result of spec §3 and API.md. */
export type LoginResult = { token: string; firstTimeLogin: boolean; passwordExpired: boolean };

/**
 * Who is logging in from where. `deviceId` is the random id the web app keeps in the browser
 * (X-Device-Id): weak, since a script can leave it out or change it, so it only adds to what the
 * address says.
 */
export type ClientContext = {
  ip: string;
  country: string | null;
  userAgent: string | null;
  deviceId: string | null;
};

export type LoginDeps = {
  members: MemberService;
  captcha: CaptchaService;
  verification: VerificationService;
  rateLimiter: RateLimiter;
  /** Opens members' sealed authenticator secrets. */
  totpBox: SecretBox;
  /** Breaks and self-exclusions: without it a self-excluded member is refused without an end date. */
  responsibleGaming?: ResponsibleGamingService;
  /** Member referrals: a registration with a member's referral code is recorded through it. */
  referrals?: Pick<ReferralService, 'findReferrer' | 'recordRegistration'>;
  /**
   * Told of every session started, after it is: a login may complete a login-streak mission, whose
   * claimable news goes out like a bet's (docs/missions.md "Live progress").
   */
  onLoggedIn?: (member: { merchantId: string; memberId: string }) => void;
  now?: () => Date;
};

/** What the first step established, replayed when the second step is done. */
export type LoginContext = { method: 'username' | 'sms'; agentPage: boolean; passwordExpired: boolean };

// API.md "Throttles": failures are counted per account and source together; from there a captcha
// after 3 failures and a growing delay after 5 (1 s, doubling, at most 15 minutes), which slow the
// one who keeps failing and never the owner at another address. The account as a whole and the
// address as a whole ask for a captcha too (many addresses on one account, many accounts from
// one address), and an address has a ceiling; nothing refuses the owner with the right password.
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE: RateLimitRule = {
  name: 'login-fail-account-source',
  limit: 100,
  windowSeconds: 3600,
  delay: { after: 5, baseSeconds: 1, maxSeconds: 15 * 60 },
};
/** Failures from every address together after which each address needs a captcha for the account. */
export const ACCOUNT_CAPTCHA_AFTER_FAILURES = 10;
// Only asks for a captcha, so it keeps far more events than that threshold: a burst's attempts
// refused before any check are then all given back, and the count holds the checked failures.
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'login-fail-account',
  limit: 1000,
  windowSeconds: 3600,
};
export const LOGIN_FAILURES_PER_IP: RateLimitRule = {
  name: 'login-fail-ip',
  limit: 1000,
  windowSeconds: 3600,
};

const DAY_MS = 86_400_000;

/** Whether this IP has failed often enough that its next login needs a captcha. */
export async function isCaptchaRequiredForIp(rateLimiter: RateLimiter, merchantId: string, ip: string) {
  return (await rateLimiter.peek(LOGIN_FAILURES_PER_IP, `${merchantId}:${ip}`)) >= CAPTCHA_AFTER_FAILURES;
}

/**
 * The one path every successful authentication takes (password, SMS code, registration, free
 * play, password reset, social login): the account checks of spec §4 and §6, then a new session.
 */
export async function completeLogin(
  deps: LoginDeps,
  input: {
    member: MemberRow;
    merchant: ResolvedMerchant;
    method: StartSessionInput['method'];
    agentPage: boolean;
    passwordExpired: boolean;
    client: ClientContext;
    /** The second step has just been passed (or never applies to this way in). */
    isSecondStepDone?: boolean;
  },
): Promise<LoginResult> {
  const { member } = input;
  // A member an agent registered sets a password and accepts the terms and age before anything
  // else, whichever way they log in (the session may only do that or log out).
  const passwordExpired = input.passwordExpired || member.consent_required;
  if (member.status === 'locked') throw new AppError('ACCOUNT_LOCKED');
  if (member.status === 'self_excluded') {
    if (!deps.responsibleGaming) throw new AppError('SELF_EXCLUDED');
    await admitSelfExcludedMember(
      { members: deps.members, responsibleGaming: deps.responsibleGaming },
      member,
    );
  }
  if (member.type === TRIAL_TYPE && input.method !== 'freeplay') throw new AppError('NON_MEMBER');
  if (input.agentPage && !isAgentType(member.type)) throw new AppError('NON_AGENT');
  if ((input.method === 'username' || input.method === 'sms') && !input.isSecondStepDone) {
    await askForSecondStep(deps, {
      member,
      merchant: input.merchant,
      client: input.client,
      context: { method: input.method, agentPage: input.agentPage, passwordExpired },
    });
  }
  const started = await deps.members.startSession({
    member,
    policy: input.merchant.settings.session,
    method: input.method,
    agentPage: input.agentPage,
    passwordChangeRequired: passwordExpired,
    ip: input.client.ip,
    country: input.client.country,
    userAgent: input.client.userAgent,
    deviceId: input.client.deviceId,
  });
  deps.onLoggedIn?.({ merchantId: member.merchant_id, memberId: member.id });
  return {
    token: started.token,
    firstTimeLogin: started.firstTimeLogin,
    passwordExpired,
  };
}

/** The ways a member can answer a second step, among those the merchant offers. */
function availableSecondSteps(member: MemberRow, offered: readonly SecondStepMethod[]): SecondStepMethod[] {
  const has: Record<SecondStepMethod, boolean> = {
    sms: member.mobile_number !== null,
    email: member.email !== null,
    totp: member.totp_enabled_at !== null,
    bankName: member.payee_name !== null && member.payee_name.trim() !== '',
  };
  return offered.filter((method) => has[method]);
}

/**
 * Spec §4 "Unregistered IP": when the merchant asks for it, a login from an address the member has
 * never logged in from stops here with VERIFICATION_REQUIRED and a challenge to answer. A first
 * login ever, or a member with no way to answer, goes through.
 */
async function askForSecondStep(
  deps: LoginDeps,
  input: { member: MemberRow; merchant: ResolvedMerchant; client: ClientContext; context: LoginContext },
): Promise<void> {
  const policy = input.merchant.settings.loginVerification;
  if (!policy.enabled) return;
  const methods = availableSecondSteps(input.member, policy.methods);
  if (methods.length === 0) return;
  if ((await deps.members.countLogins(input.member.id)) === 0) return;
  if (await deps.members.hasLoginFromIp(input.member.id, input.client.ip)) return;
  const challengeId = await deps.members.createLoginChallenge({
    member: input.member,
    ip: input.client.ip,
    methods,
    context: input.context,
  });
  const destinations: Record<string, string> = {};
  if (methods.includes('sms') && input.member.mobile_dialing_code && input.member.mobile_number) {
    destinations.sms = maskPhone(`${input.member.mobile_dialing_code}${input.member.mobile_number}`);
  }
  if (methods.includes('email') && input.member.email) destinations.email = maskEmail(input.member.email);
  throw new AppError('VERIFICATION_REQUIRED', { value: { challengeId, methods, destinations } });
}

/** Spec §4: the default six-digit password, an operator-forced change, or an expired password. */
function isPasswordExpired(member: MemberRow, password: string, merchant: ResolvedMerchant, now: Date) {
  if (password === DEFAULT_PASSWORD || member.must_change_password) return true;
  const { FORCEPASSCHANGE } = readSwitches(merchant.settings.whitelabel, ['FORCEPASSCHANGE']);
  const expiryDays = merchant.settings.passwordExpiryDays;
  if (!FORCEPASSCHANGE || expiryDays <= 0 || !member.password_changed_at) return false;
  return now.getTime() - member.password_changed_at.getTime() > expiryDays * DAY_MS;
}

export type PasswordLogin = {
  username: string;
  password: string;
  captcha?: string | undefined;
  captchaId: string | undefined;
  agentPage: boolean;
};

/** Login by account name and password (spec §4 "Login success", API.md "Throttles"). */
export async function logInWithPassword(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: PasswordLogin,
  client: ClientContext,
): Promise<LoginResult> {
  const accountKey = `${merchant.id}:${input.username.trim().toLowerCase()}`;
  const sourceKey = `${accountKey}:${client.ip}`;
  const attempt = await reserveSecretAttempt(deps.rateLimiter, [
    { rule: LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE, key: sourceKey },
    { rule: LOGIN_FAILURES_PER_IP, key: `${merchant.id}:${client.ip}` },
    { rule: LOGIN_FAILURES_PER_ACCOUNT, key: accountKey, refuses: false },
  ]);
  // The counts hold this attempt: the earlier failures are one less.
  const [sourceFailures = 0, ipFailures = 0, accountFailures = 0] = attempt.counts.map((count) => count - 1);

  // The attempt stays counted: the failure's answer says whether the next one needs a captcha.
  const failure = (code: 'BAD_CREDENTIALS' | 'CAPTCHA_INVALID') => {
    const needsCaptcha =
      sourceFailures + 1 >= CAPTCHA_AFTER_FAILURES ||
      ipFailures + 1 >= CAPTCHA_AFTER_FAILURES ||
      accountFailures + 1 >= ACCOUNT_CAPTCHA_AFTER_FAILURES;
    return new AppError(code, { value: { captcha: needsCaptcha } });
  };

  if (
    sourceFailures >= CAPTCHA_AFTER_FAILURES ||
    ipFailures >= CAPTCHA_AFTER_FAILURES ||
    accountFailures >= ACCOUNT_CAPTCHA_AFTER_FAILURES
  ) {
    if (!input.captcha?.trim()) {
      await attempt.refund();
      throw new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
    }
    if (!(await deps.captcha.verify(input.captchaId, input.captcha))) throw failure('CAPTCHA_INVALID');
  }

  const member = await deps.members.findByAccount(merchant.id, input.username);
  const isValid = await deps.members.verifyPassword(member, input.password);
  if (!member || !isValid) throw failure('BAD_CREDENTIALS');
  // A one-time password an agent had sent works once, until it expires (agent-registration.ts).
  if (member.one_time_password_expires_at && !(await deps.members.consumeOneTimePassword(member))) {
    throw failure('BAD_CREDENTIALS');
  }

  // The right password is no failure, whatever the account checks after it answer.
  await Promise.all([
    attempt.refund(),
    deps.rateLimiter.reset(LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE, sourceKey),
  ]);
  return completeLogin(deps, {
    member,
    merchant,
    method: 'username',
    agentPage: input.agentPage,
    passwordExpired: isPasswordExpired(member, input.password, merchant, (deps.now ?? (() => new Date()))()),
    client,
  });
}

export type SmsLogin = {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  agentPage: boolean;
};

/** Login by mobile number and a code sent by SMS (VERCODELOGIN); never forces a password change. */
export async function logInWithSmsCode(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: SmsLogin,
  client: ClientContext,
): Promise<LoginResult> {
  const { VERCODELOGIN } = readSwitches(merchant.settings.whitelabel, ['VERCODELOGIN']);
  if (!VERCODELOGIN) throw new AppError('FEATURE_DISABLED');
  const mobile = parseMobileNumber(input.countryDialingCode, input.mobileNum);
  if (!mobile) throw new AppError('SMS_CODE_INVALID');
  const member = await findMemberByLoginCode(deps, merchant.id, mobile, input.verificationCode);
  return completeLogin(deps, {
    member,
    merchant,
    method: 'sms',
    agentPage: input.agentPage,
    passwordExpired: false,
    client,
  });
}

/**
 * Free play (spec §4): a fresh trial account (type 4) for this browser, logged in; past the
 * merchant's thresholds for this address or device, only with a solved captcha.
 */
export async function logInForFreePlay(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: { captcha: string | undefined; captchaId: string | undefined },
  client: ClientContext,
): Promise<LoginResult> {
  const { FREEPLAY } = readSwitches(merchant.settings.whitelabel, ['FREEPLAY']);
  if (!FREEPLAY) throw new AppError('FEATURE_DISABLED');
  await admitNewAccount(deps, merchant, { kind: 'trial', client, ...input });
  const member = await deps.members.createTrialMember(merchant.id, client.ip);
  return completeLogin(deps, {
    member,
    merchant,
    method: 'freeplay',
    agentPage: false,
    passwordExpired: false,
    client,
  });
}

/**
 * The member a login code proves: the code sent for `noLogin` to this number must match, and the
 * number must be a member's. No code is ever sent to a number without an account, so only a race
 * finds none; either failure is SMS_CODE_INVALID.
 */
export async function findMemberByLoginCode(
  deps: LoginDeps,
  merchantId: string,
  mobile: MobileNumber,
  code: string,
): Promise<MemberRow> {
  await deps.verification.checkCode({ merchantId, purpose: 'noLogin', destination: mobile.e164, code });
  const member = await deps.members.findByMobile(merchantId, mobile.dialingCode, mobile.nationalNumber);
  if (!member) throw new AppError('SMS_CODE_INVALID');
  return member;
}
