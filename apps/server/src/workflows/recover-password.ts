import type { MemberRow } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { matchesAcceptedPattern } from '../modules/merchant/register-patterns.ts';
import { AppError } from '../platform/errors/errors.ts';
import { translateField, translatePattern } from '../platform/i18n/account-texts.ts';
import type { Language } from '../platform/i18n/language.ts';
import type { Messenger } from '../platform/messaging/messenger.ts';
import { parseMobileNumber } from '../platform/phone/phone-number.ts';
import type { RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import {
  type ClientContext,
  completeLogin,
  findMemberByLoginCode,
  type LoginDeps,
  type LoginResult,
} from './login.ts';

// Reset emails cost a message each: a few per client per ten minutes.
export const RESET_EMAILS_PER_CLIENT: RateLimitRule = {
  name: 'reset-email-client',
  limit: 5,
  windowSeconds: 600,
};

/**
 * A new password's field errors under the merchant's password rule (spec §5: the rule's pattern
 * text with its range) and the confirmation; empty when both are fine.
 */
export function checkNewPassword(
  merchant: ResolvedMerchant,
  language: Language,
  input: { newPassword: string; confirmNewPassword?: string | undefined },
  names: { password: string; confirmation: string } = {
    password: 'newPassword',
    confirmation: 'confirmNewPassword',
  },
): Record<string, string> {
  const fields: Record<string, string> = {};
  const rule = merchant.settings.register.find((candidate) => candidate.field === 'password');
  const length = [...input.newPassword].length;
  const isValid =
    length > 0 &&
    (!rule ||
      (length >= rule.minLength &&
        length <= rule.maxLength &&
        (rule.acceptedPattern === '*' || matchesAcceptedPattern(input.newPassword, rule.acceptedPattern))));
  if (!isValid) {
    fields[names.password] = rule
      ? translatePattern(language, rule.patternId, rule.minLength, rule.maxLength)
      : translateField(language, 'required');
  }
  if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
    fields[names.confirmation] = translateField(language, 'confirmMismatch');
  }
  return fields;
}

const RESET_TEXTS: Record<Language, (link: string, account: string) => { subject: string; body: string }> = {
  EN: (link, account) => ({
    subject: 'Set a new Panalo password',
    body: `Hello ${account},\n\nOpen this link within 30 minutes to set a new password:\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  }),
  TY: (link, account) => ({
    subject: 'Magtakda ng bagong password sa Panalo',
    body: `Kumusta ${account},\n\nBuksan ang link na ito sa loob ng 30 minuto para magtakda ng bagong password:\n${link}\n\nKung hindi ikaw ang humiling nito, huwag pansinin ang email na ito: hindi magbabago ang iyong password.`,
  }),
};

/** Forgot password by email (spec §4): username and email must match; a reset link is emailed. */
export async function sendPasswordResetEmail(
  deps: LoginDeps & { messenger: Messenger },
  merchant: ResolvedMerchant,
  input: { username: string; email: string; origin: string; language: Language; clientKey: string },
): Promise<void> {
  const limit = await deps.rateLimiter.hit(RESET_EMAILS_PER_CLIENT, input.clientKey);
  if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
  const member = await deps.members.findByAccount(merchant.id, input.username);
  const email = input.email.trim().toLowerCase();
  if (!member?.email || member.email !== email || member.type === 4) {
    const message = translateField(input.language, 'accountEmailUnknown');
    throw new AppError('VALIDATION', { value: { fields: { username: message, email: message } } });
  }
  const token = await deps.members.createPasswordReset(member.id);
  const text = RESET_TEXTS[input.language](`${input.origin}/#resetPassword=${token}`, member.account);
  await deps.messenger.send({
    merchantId: merchant.id,
    channel: 'email',
    destination: email,
    purpose: 'passwordReset',
    subject: text.subject,
    body: text.body,
  });
}

async function finishReset(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  member: MemberRow,
  newPassword: string,
  client: ClientContext,
): Promise<LoginResult> {
  await deps.members.setPassword(member.id, newPassword);
  // Whoever knew the old password is logged out everywhere.
  await deps.members.endOtherSessions(member.id, undefined, 'password-reset');
  return completeLogin(deps, {
    member,
    merchant,
    method: 'reset',
    agentPage: false,
    passwordExpired: false,
    client,
  });
}

/** The emailed link's form: a new password for the token's member, who is then logged in. */
export async function resetPasswordWithToken(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: { token: string; newPassword: string; confirmNewPassword: string; language: Language },
  client: ClientContext,
): Promise<LoginResult> {
  const fields = checkNewPassword(merchant, input.language, input);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  const member = await deps.members.consumePasswordReset(input.token);
  if (!member || member.merchant_id !== merchant.id) throw new AppError('NOT_FOUND');
  return finishReset(deps, merchant, member, input.newPassword, client);
}

/** Forgot password by phone (spec §4): an SMS code sets the new password and logs the member in. */
export async function resetPasswordWithSmsCode(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    newPassword: string;
    confirmNewPassword?: string | undefined;
    language: Language;
  },
  client: ClientContext,
): Promise<LoginResult> {
  const fields = checkNewPassword(merchant, input.language, input);
  const mobile = parseMobileNumber(input.countryDialingCode, input.mobileNum);
  if (!mobile) fields.mobileNum = translateField(input.language, 'mobileInvalid');
  if (Object.keys(fields).length > 0 || !mobile) throw new AppError('VALIDATION', { value: { fields } });
  const member = await findMemberByLoginCode(deps, merchant.id, mobile, input.verificationCode);
  return finishReset(deps, merchant, member, input.newPassword, client);
}
