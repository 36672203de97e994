import type {
  EditableProfileField,
  MemberProfileService,
  OperatorProfileActor,
  OperatorProfileChanges,
  ProfileActor,
  ProfileChanges,
  ProfileValues,
} from '../modules/member/member-profile.service.ts';
import { EDITABLE_PROFILE_FIELDS } from '../modules/member/member-profile.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { RegisterRule } from '../modules/merchant/merchant-settings.ts';
import { type ProfileRuleField, profileRuleOf } from '../modules/merchant/register-patterns.ts';
import type { VerificationService } from '../modules/verification/verification.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { type FieldTextKey, translateField, translatePattern } from '../platform/i18n/account-texts.ts';
import type { Language } from '../platform/i18n/language.ts';
import { type MobileNumber, parseMobileNumber } from '../platform/phone/phone-number.ts';
import { acceptedBirthdayOf, checkRuleValue } from './register.ts';

export type ProfileDeps = {
  profiles: MemberProfileService;
  verification: VerificationService;
  now?: () => Date;
};

/** What a client needs of a field's rule to check a value as the server will. */
export type ProfileFieldRule = Pick<
  RegisterRule,
  'required' | 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength' | 'type'
> & { locked: boolean };

/** A new e-mail address or mobile number, as typed. */
export type ContactTarget =
  | { kind: 'email'; email: string }
  | { kind: 'mobile'; countryDialingCode: string; mobileNum: string };

/** The contact a target names once checked: where its code goes and what the member will hold. */
type CheckedContact =
  | { kind: 'email'; destination: string }
  | { kind: 'mobile'; destination: string; mobile: MobileNumber };

const RULE_FIELD_OF_CONTACT = { email: 'email', mobile: 'mobileNum' } as const satisfies Record<
  ContactTarget['kind'],
  ProfileRuleField
>;

const ruleView = (rule: RegisterRule): ProfileFieldRule => ({
  required: rule.required,
  acceptedPattern: rule.acceptedPattern,
  patternId: rule.patternId,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  type: rule.type,
  locked: rule.lockedAfterRegistration === true,
});

const invalid = (fields: Record<string, string>) => new AppError('VALIDATION', { value: { fields } });

/**
 * The security centre's profile (docs/security.md "Profile"): the member's values and, per field,
 * the rule it is checked with and whether the merchant locked it after registration.
 */
export async function readProfile(
  deps: Pick<ProfileDeps, 'profiles'>,
  merchant: ResolvedMerchant,
  memberId: string,
): Promise<{ values: ProfileValues; rules: Record<ProfileRuleField, ProfileFieldRule> }> {
  const values = await deps.profiles.readProfile(memberId);
  const rules = Object.fromEntries(
    [...EDITABLE_PROFILE_FIELDS, 'email', 'mobileNum'].map((field) => [
      field,
      ruleView(profileRuleOf(merchant.settings.register, field as ProfileRuleField)),
    ]),
  ) as Record<ProfileRuleField, ProfileFieldRule>;
  return { values, rules };
}

/**
 * Saves profile fields with the register rules' checks: a locked field is refused, a value must
 * match its rule (an empty one only where the rule is optional), a birthday must be at least the
 * merchant's minimum age ago and can be set once. VALIDATION names every refused field.
 */
export async function saveProfile(
  deps: ProfileDeps,
  merchant: ResolvedMerchant,
  actor: ProfileActor,
  input: ProfileChanges,
  language: Language,
): Promise<ProfileValues> {
  const current = await deps.profiles.readProfile(actor.memberId);
  const { fields, changes } = checkFieldChanges(deps, merchant, current, input, language, {
    isLockHonoured: true,
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return deps.profiles.updateProfile(actor, changes);
}

/**
 * The plain fields of `input` that change a value, each checked with its register rule: the
 * accepted values (trimmed, the birthday as yyyy-MM-dd, empty as null) and the refused fields'
 * texts. A locked field is refused only where the lock is honoured (the member's own save).
 */
function checkFieldChanges(
  deps: Pick<ProfileDeps, 'now'>,
  merchant: ResolvedMerchant,
  current: ProfileValues,
  input: ProfileChanges,
  language: Language,
  options: { isLockHonoured: boolean },
): { fields: Record<string, string>; changes: ProfileChanges } {
  const fields: Record<string, string> = {};
  const changes: ProfileChanges = {};
  const now = deps.now ?? (() => new Date());
  for (const field of EDITABLE_PROFILE_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    const text = (raw ?? '').trim();
    // Saving the form as it was loaded is no change, even of a locked field.
    if ((text || null) === current[field]) continue;
    const rule = profileRuleOf(merchant.settings.register, field);
    const problem = problemOf(merchant, rule, field, text, now, options);
    if (problem) {
      fields[field] = problem.key
        ? translateField(language, problem.key, { age: merchant.settings.minimumAge })
        : translatePattern(language, rule.patternId, rule.minLength, rule.maxLength);
      continue;
    }
    changes[field] = field === 'birthday' && text ? acceptedBirthdayOf(merchant, text, now()) : text || null;
  }
  return { fields, changes };
}

/** Why a value is refused: a field text, or the rule's pattern text (key null); null: accepted. */
function problemOf(
  merchant: ResolvedMerchant,
  rule: RegisterRule,
  field: EditableProfileField,
  text: string,
  now: () => Date,
  options: { isLockHonoured: boolean },
): { key: FieldTextKey | null } | null {
  if (rule.lockedAfterRegistration && options.isLockHonoured) return { key: 'fieldLocked' };
  if (!checkRuleValue(rule, text)) return { key: text === '' && rule.required ? 'required' : null };
  if (field === 'birthday' && text && !acceptedBirthdayOf(merchant, text, now()))
    return { key: 'ageRequired' };
  return null;
}

/** An operator's change of a member's profile as the back office's form sends it. */
export type OperatorProfileInput = ProfileChanges & {
  email?: string | null;
  countryDialingCode?: string;
  mobileNum?: string | null;
};

/** The back office speaks English only. */
const BACK_OFFICE_LANGUAGE: Language = 'EN';

/**
 * An operator changes a member's profile (docs/security.md "Profile"): the same fields with the
 * same register rules' checks as the member's own save, except that a field the merchant locked
 * after registration may change (the lock sends the member to customer service) and a birthday
 * set already may be corrected. A new e-mail address or mobile number needs no code but is
 * checked as registration checks it and refused when another member of the merchant holds it;
 * an optional one may be emptied. VALIDATION names every refused field; nothing changes then.
 */
export async function saveProfileAsOperator(
  deps: Pick<ProfileDeps, 'profiles' | 'now'>,
  merchant: ResolvedMerchant,
  actor: OperatorProfileActor,
  input: OperatorProfileInput,
): Promise<ProfileValues> {
  const language = BACK_OFFICE_LANGUAGE;
  const current = await deps.profiles.readProfile(actor.memberId);
  const { fields, changes: plain } = checkFieldChanges(deps, merchant, current, input, language, {
    isLockHonoured: false,
  });
  const changes: OperatorProfileChanges = { ...plain };
  const refuse = (field: 'email' | 'mobileNum', text: string) => {
    const rule = profileRuleOf(merchant.settings.register, field);
    fields[field] =
      text === '' && rule.required
        ? translateField(language, 'required')
        : translatePattern(language, rule.patternId, rule.minLength, rule.maxLength);
  };
  if (input.email !== undefined) {
    const text = (input.email ?? '').trim();
    // The address as loaded, in any case, is no change.
    if ((text.toLowerCase() || null) !== (current.email?.toLowerCase() ?? null)) {
      if (checkRuleValue(profileRuleOf(merchant.settings.register, 'email'), text)) {
        changes.email = text.toLowerCase() || null;
      } else refuse('email', text);
    }
  }
  if (input.mobileNum !== undefined) {
    const text = (input.mobileNum ?? '').trim();
    const mobile = text ? parseMobileNumber(input.countryDialingCode || '+63', text) : null;
    const e164 = current.mobile ? `${current.mobile.dialingCode}${current.mobile.nationalNumber}` : null;
    // The number as loaded, in whichever form it was typed, is no change.
    const isChange = text ? mobile?.e164 !== e164 : e164 !== null;
    if (!isChange) {
      // Nothing to check.
    } else if (!checkRuleValue(profileRuleOf(merchant.settings.register, 'mobileNum'), text)) {
      refuse('mobileNum', text);
    } else if (text && !mobile) {
      fields.mobileNum = translateField(language, 'mobileInvalid');
    } else {
      changes.mobile = mobile;
    }
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  try {
    return await deps.profiles.updateProfileAsOperator(actor, changes);
  } catch (error) {
    throw asFieldError(error, language);
  }
}

/** A new contact checked as registration checks it, and not the member's current one. */
async function checkContact(
  deps: ProfileDeps,
  merchant: ResolvedMerchant,
  actor: ProfileActor,
  target: ContactTarget,
  language: Language,
): Promise<CheckedContact> {
  const field = RULE_FIELD_OF_CONTACT[target.kind];
  const rule = profileRuleOf(merchant.settings.register, field);
  const bodyField = target.kind === 'email' ? 'email' : 'mobileNum';
  if (rule.lockedAfterRegistration) throw invalid({ [bodyField]: translateField(language, 'fieldLocked') });
  const text = (target.kind === 'email' ? target.email : target.mobileNum).trim();
  if (!text || !checkRuleValue(rule, text)) {
    throw invalid({
      [bodyField]: translatePattern(language, rule.patternId, rule.minLength, rule.maxLength),
    });
  }
  const current = await deps.profiles.readProfile(actor.memberId);
  if (target.kind === 'email') {
    const destination = text.toLowerCase();
    if (destination === current.email?.toLowerCase()) {
      throw invalid({ email: translateField(language, 'sameContact') });
    }
    return { kind: 'email', destination };
  }
  const mobile = parseMobileNumber(target.countryDialingCode, text);
  if (!mobile) throw invalid({ mobileNum: translateField(language, 'mobileInvalid') });
  if (current.mobile && `${current.mobile.dialingCode}${current.mobile.nationalNumber}` === mobile.e164) {
    throw invalid({ mobileNum: translateField(language, 'sameContact') });
  }
  return { kind: 'mobile', destination: mobile.e164, mobile };
}

/** The contact-taken conflicts of the profile service as the form's field errors. */
function asFieldError(error: unknown, language: Language): unknown {
  const reason = error instanceof AppError && error.code === 'CONFLICT' ? error.value?.reason : undefined;
  if (reason === 'EMAIL_TAKEN') return invalid({ email: translateField(language, 'emailTaken') });
  if (reason === 'MOBILE_TAKEN') return invalid({ mobileNum: translateField(language, 'mobileTaken') });
  return error;
}

/**
 * Sends a code to a new e-mail address or mobile number, through the verification module and its
 * throttles. An address or number another member of the merchant holds is refused before any
 * code goes out.
 */
export async function sendContactChangeCode(
  deps: ProfileDeps,
  merchant: ResolvedMerchant,
  actor: ProfileActor,
  target: ContactTarget,
  input: { language: Language; clientKey: string },
): Promise<{ expiredMinutes: number }> {
  const contact = await checkContact(deps, merchant, actor, target, input.language);
  const isTaken =
    contact.kind === 'email'
      ? await deps.profiles.isEmailTaken(actor, contact.destination)
      : await deps.profiles.isMobileTaken(actor, contact.mobile);
  if (isTaken) {
    throw asFieldError(
      new AppError('CONFLICT', {
        value: { reason: contact.kind === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN' },
      }),
      input.language,
    );
  }
  return deps.verification.sendCode({
    merchantId: merchant.id,
    purpose: 'contactChange',
    channel: contact.kind === 'email' ? 'email' : 'sms',
    destination: contact.destination,
    language: input.language,
    clientKey: input.clientKey,
  });
}

/**
 * Replaces the e-mail address or mobile number once the code sent to the new one is right; the
 * code is used up either way it is checked. Taken by another member meanwhile: refused.
 */
export async function confirmContactChange(
  deps: ProfileDeps,
  merchant: ResolvedMerchant,
  actor: ProfileActor,
  target: ContactTarget,
  input: { code: string; language: Language },
): Promise<ProfileValues> {
  const contact = await checkContact(deps, merchant, actor, target, input.language);
  await deps.verification.checkCode({
    merchantId: merchant.id,
    purpose: 'contactChange',
    destination: contact.destination,
    code: input.code,
  });
  try {
    return contact.kind === 'email'
      ? await deps.profiles.changeEmail(actor, contact.destination)
      : await deps.profiles.changeMobile(actor, contact.mobile);
  } catch (error) {
    throw asFieldError(error, input.language);
  }
}
