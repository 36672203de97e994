import {
  type MemberRow,
  type NewMember,
  newInvitationCode,
  SUBAGENT_TYPE,
} from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { readSwitches } from '../modules/merchant/merchant.service.ts';
import type { RegisterRule } from '../modules/merchant/merchant-settings.ts';
import { matchesAcceptedPattern } from '../modules/merchant/register-patterns.ts';
import { AppError } from '../platform/errors/errors.ts';
import { translateField, translatePattern } from '../platform/i18n/account-texts.ts';
import type { Language } from '../platform/i18n/language.ts';
import { parseMobileNumber } from '../platform/phone/phone-number.ts';
import { dayIn } from '../platform/time/zoned-day.ts';
import { admitNewAccount } from './account-creation.ts';
import { type ClientContext, completeLogin, type LoginDeps, type LoginResult } from './login.ts';
import { referralMerchantOf } from './referral.ts';

export type RegisterMethod = 'username' | 'mobile';

/** The register form of spec §3 as the route hands it over (every field optional on the wire). */
export type RegisterForm = Partial<
  Record<
    | 'username'
    | 'password'
    | 'confirmPassword'
    | 'payeeName'
    | 'email'
    | 'qqNum'
    | 'mobileNum'
    | 'countryDialingCode'
    | 'verificationCode'
    | 'affiliateCode'
    | 'referralCode'
    | 'paymentPassword'
    | 'line'
    | 'whatsapp'
    | 'facebook'
    | 'wechat'
    | 'telegram'
    | 'zalo'
    | 'idNumber'
    | 'birthday'
    | 'nickname'
    | 'address'
    | 'nationality'
    | 'occupation'
    | 'sourceOfIncome'
    | 'captcha'
    | 'domain'
    | 'registerMethod',
    string
  >
> & { termsAccepted?: boolean; ageConfirmed?: boolean };

const CONTACT_FIELDS = ['line', 'whatsapp', 'facebook', 'wechat', 'qqNum', 'telegram', 'zalo'] as const;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$|^(\d{2})-(\d{2})-(\d{4})$/;

/**
 * The rules a method asks for, as the web form shows them: mobile registration always asks for
 * the number and uses it as the account name; the SMS code only on mobile registration with
 * REGMOBVERF3 on.
 */
export function selectRegisterRules(
  rules: readonly RegisterRule[],
  method: RegisterMethod,
  isCodeRequired: boolean,
): RegisterRule[] {
  return rules
    .map((rule) =>
      method === 'mobile' && rule.field === 'mobileNum' ? { ...rule, enabled: true, required: true } : rule,
    )
    .filter((rule) => rule.enabled)
    .filter((rule) => !(method === 'mobile' && rule.field === 'username'))
    .filter((rule) => rule.field !== 'verificationCode' || (method === 'mobile' && isCodeRequired));
}

/** Spec §5 for one field: pattern (a lone * matches all) and length in code points. */
export function checkRuleValue(rule: RegisterRule, value: string): boolean {
  if (value === '') return !rule.required;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  try {
    return matchesAcceptedPattern(value, rule.acceptedPattern);
  } catch {
    // An operator's pattern that does not compile refuses nothing rather than everything.
    return true;
  }
}

/** yyyy-MM-dd from either accepted date form, or null when it is no real date. */
export function normalizeBirthday(text: string): string | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = match[1] ? [match[1], match[2], match[3]] : [match[6], match[4], match[5]];
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * Whole years from a birthday to a day (both yyyy-MM-dd): a member born on 29 February turns a
 * year older on 1 March of a common year.
 */
function ageOn(birthdayIso: string, todayIso: string): number {
  const [year, month, day] = birthdayIso.split('-').map(Number) as [number, number, number];
  const [todayYear, todayMonth, todayDay] = todayIso.split('-').map(Number) as [number, number, number];
  const isBeforeBirthday = todayMonth < month || (todayMonth === month && todayDay < day);
  return todayYear - year - (isBeforeBirthday ? 1 : 0);
}

/**
 * A birthday as the register rules accept it (docs/money.md "Minimum age"): a real day in either
 * date form, not in the future, and at least the merchant's minimum age ago, counted to today in
 * the merchant's time zone (a member turns 21 at midnight in Manila, not in UTC). Answers it as
 * yyyy-MM-dd, or null when it is refused.
 */
export function acceptedBirthdayOf(merchant: ResolvedMerchant, text: string, now: Date): string | null {
  const birthday = normalizeBirthday(text);
  const today = dayIn(merchant.timeZone, now);
  if (!birthday || birthday > today || ageOn(birthday, today) < merchant.settings.minimumAge) return null;
  return birthday;
}

/**
 * Registration (spec §4 "Register", §5): the switches decide which methods exist, the invitation
 * code is checked first, then every field against the merchant's rules; the new member is logged
 * in at once and the reply is a login result.
 */
export async function registerMember(
  deps: LoginDeps,
  merchant: ResolvedMerchant,
  input: { method: RegisterMethod; form: RegisterForm; captchaId: string | undefined; language: Language },
  client: ClientContext,
): Promise<LoginResult> {
  const { form, method, language } = input;
  const switches = readSwitches(merchant.settings.whitelabel, [
    'USERNAMEREG3',
    'MOBILENUMREG3',
    'REGMOBVERF3',
  ]);
  if (method === 'username' && !switches.USERNAMEREG3) throw new AppError('FEATURE_DISABLED');
  if (method === 'mobile' && !switches.MOBILENUMREG3) throw new AppError('FEATURE_DISABLED');

  const value = (field: keyof RegisterForm) => {
    const raw = form[field];
    return typeof raw === 'string' ? raw.trim() : '';
  };

  // The invitation code first (spec §4): a wrong one is its own answer.
  // An agent's own code or one of its enabled invitation links (a disabled one is as unknown).
  const affiliateCode = value('affiliateCode');
  const invitation = affiliateCode ? await deps.members.findInvitation(merchant.id, affiliateCode) : null;
  if (affiliateCode && !invitation) throw new AppError('INVITATION_CODE_INVALID');
  const isSubagent = invitation?.link?.kind === 'agent';
  // A member's referral code (docs/referrals.md): with the programme on, a code naming a member
  // records the referral; an unknown code is ignored. The friend joins the referrer's upline
  // unless an invitation code names one: an agent's link decides first.
  const referralCode = value('referralCode');
  const referralMerchant = referralMerchantOf(merchant);
  const referrer =
    referralCode && deps.referrals ? await deps.referrals.findReferrer(referralMerchant, referralCode) : null;
  const upline = invitation?.agent ?? (referrer?.upline_id ? { id: referrer.upline_id } : null);

  const rules = selectRegisterRules(merchant.settings.register, method, switches.REGMOBVERF3);
  // Only what the form asks for is checked, so only that is stored: a field the rules do not show
  // is ignored even when it is sent (docs/security.md "Profile").
  const shown = new Set(rules.map((rule) => rule.field));
  const shownValue = (field: keyof RegisterForm) => (shown.has(field) ? value(field) : '');
  const fields: Record<string, string> = {};
  for (const rule of rules) {
    if (rule.field === 'confirmPassword' || rule.field === 'captcha') continue;
    // Passwords are taken as typed; everything else is trimmed (spec §5).
    const raw = form[rule.field as keyof RegisterForm];
    const text = typeof raw === 'string' ? (rule.type === 'password' ? raw : raw.trim()) : '';
    if (!checkRuleValue(rule, text)) {
      fields[rule.field] = translatePattern(language, rule.patternId, rule.minLength, rule.maxLength);
    }
  }
  const password = typeof form.password === 'string' ? form.password : '';
  const hasPasswordRule = rules.some((rule) => rule.field === 'password');
  if (hasPasswordRule && !fields.password && form.confirmPassword !== password) {
    fields.confirmPassword = translateField(language, 'confirmMismatch');
  }

  let mobile: ReturnType<typeof parseMobileNumber> = null;
  const mobileText = shownValue('mobileNum');
  if (mobileText && !fields.mobileNum) {
    mobile = parseMobileNumber(value('countryDialingCode') || '+63', mobileText);
    if (!mobile) fields.mobileNum = translateField(language, 'mobileInvalid');
  }

  let birthday: string | null = null;
  if (shownValue('birthday') && !fields.birthday) {
    birthday = acceptedBirthdayOf(merchant, shownValue('birthday'), (deps.now ?? (() => new Date()))());
    if (!birthday) {
      fields.birthday = translateField(language, 'ageRequired', { age: merchant.settings.minimumAge });
    }
  }
  if (form.termsAccepted !== true) fields.termsAccepted = translateField(language, 'termsRequired');
  if (form.ageConfirmed !== true) {
    fields.ageConfirmed = translateField(language, 'ageRequired', { age: merchant.settings.minimumAge });
  }

  const captchaRule = rules.find((rule) => rule.field === 'captcha');
  if (captchaRule && Object.keys(fields).length === 0) {
    if (!value('captcha')) fields.captcha = translateField(language, 'captchaRequired');
    else if (!(await deps.captcha.verify(input.captchaId, value('captcha')))) {
      fields.captcha = translateField(language, 'captchaInvalid');
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  // Counted before the account exists; past the merchant's thresholds a captcha is asked for, unless
  // its register rules have just had one solved.
  const admission = await admitNewAccount(deps, merchant, {
    kind: 'register',
    client,
    captcha: value('captcha') || undefined,
    captchaId: input.captchaId,
    isCaptchaSolved: captchaRule !== undefined,
  });

  // Everything that can still fail without opening an account, then the account itself.
  const openAccount = async (): Promise<MemberRow> => {
    const account = method === 'mobile' ? mobileText.replace(/[^0-9]/g, '') : value('username');
    const [taken, mobileTaken] = await Promise.all([
      deps.members.findByAccount(merchant.id, account),
      mobile ? deps.members.findByMobile(merchant.id, mobile.dialingCode, mobile.nationalNumber) : undefined,
    ]);
    if (taken) {
      const field = method === 'mobile' ? 'mobileNum' : 'username';
      throw new AppError('VALIDATION', {
        value: { fields: { [field]: translateField(language, 'usernameTaken') } },
      });
    }
    if (mobileTaken) {
      throw new AppError('VALIDATION', {
        value: { fields: { mobileNum: translateField(language, 'mobileTaken') } },
      });
    }

    const isCodeChecked = method === 'mobile' && switches.REGMOBVERF3 && mobile !== null;
    if (isCodeChecked && mobile) {
      await deps.verification.checkCode({
        merchantId: merchant.id,
        purpose: 'register',
        destination: mobile.e164,
        code: value('verificationCode'),
      });
    }

    const contacts: Record<string, string> = {};
    for (const field of CONTACT_FIELDS) if (shownValue(field)) contacts[field] = shownValue(field);
    const newMember: NewMember = {
      merchantId: merchant.id,
      account,
      password: hasPasswordRule && password ? password : null,
      uplineId: upline?.id ?? null,
      referredByCode: value('referralCode') || null,
      payeeName: shownValue('payeeName') || null,
      email: shownValue('email') || null,
      mobile: mobile ? { ...mobile, verified: isCodeChecked } : null,
      birthday,
      contacts,
      // The profile fields the security centre shows and edits afterwards (member-profile.service.ts).
      nickname: shownValue('nickname') || null,
      address: shownValue('address') || null,
      nationality: shownValue('nationality') || null,
      occupation: shownValue('occupation') || null,
      sourceOfIncome: shownValue('sourceOfIncome') || null,
      idNumber: shownValue('idNumber') || null,
      paymentPassword: rules.some((rule) => rule.field === 'paymentPassword')
        ? form.paymentPassword || null
        : null,
      registerIp: client.ip,
      registerDomain: value('domain').slice(0, 253) || null,
      registerMethod: method === 'mobile' ? 'MOBILE' : 'USERNAME',
      invitationLinkId: invitation?.link?.id ?? null,
      ...(isSubagent ? { type: SUBAGENT_TYPE, affiliateCode: newInvitationCode() } : {}),
    };
    const created = await deps.members.createMember(newMember);
    if (referrer && deps.referrals) {
      await deps.referrals.recordRegistration({
        merchant: referralMerchant,
        referrerId: referrer.id,
        friendId: created.id,
        code: referralCode,
        ip: client.ip,
        deviceId: client.deviceId,
      });
    }
    return created;
  };
  // An attempt that opens no account (a taken name, a wrong SMS code) is given back to the count.
  const member = await openAccount().catch(async (error: unknown) => {
    await admission.refund();
    throw error;
  });
  return completeLogin(deps, {
    member,
    merchant,
    method: 'register',
    agentPage: false,
    passwordExpired: false,
    client,
  });
}
