import type { FormReading } from '../../components/form-save.ts';
import type { PlayerProfile, PlayerProfileBody } from './player-profile-api.ts';

/**
 * The player page's profile form (docs/security.md "Profile"): the fields the merchant's register
 * rules know, as an operator edits them. Only what changed is sent; the server checks every value
 * with the field's register rule as it checks the member's own save (patterns, the minimum age,
 * an address or number another member holds), and the form checks what it can say at once.
 */

/** The fields saved as typed, in the order the panel shows them. */
export const PLAIN_PROFILE_FIELDS = [
  'nickname',
  'birthday',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
export type PlainProfileField = (typeof PLAIN_PROFILE_FIELDS)[number];

export type ProfileForm = Record<PlainProfileField | 'email' | 'countryDialingCode' | 'mobileNum', string>;

type FieldRule = PlayerProfile['rules'][keyof PlayerProfile['rules']];

/** The dialing code a number without one is read with (the platform's players are in the Philippines). */
export const DEFAULT_DIALING_CODE = '+63';

/** The form as the player's values fill it: an unset field is empty. */
export function profileFormOf(values: PlayerProfile['values']): ProfileForm {
  return {
    ...(Object.fromEntries(PLAIN_PROFILE_FIELDS.map((field) => [field, values[field] ?? ''])) as Record<
      PlainProfileField,
      string
    >),
    email: values.email ?? '',
    countryDialingCode: values.mobile?.dialingCode ?? DEFAULT_DIALING_CODE,
    mobileNum: values.mobile?.nationalNumber ?? '',
  };
}

/** "6-12", or "6" when the bounds are equal, as the register rules' texts say it. */
const rangeOf = (rule: FieldRule) =>
  rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength}-${rule.maxLength}`;

/** What a rule says at once of a value: empty where it is required, or a length outside its bounds. */
export function ruleProblemOf(rule: FieldRule, text: string): string | undefined {
  if (text === '') return rule.required ? 'Required by the register rules: it cannot be emptied.' : undefined;
  const length = [...text].length;
  if (length < rule.minLength || length > rule.maxLength) return `Enter ${rangeOf(rule)} characters.`;
  return undefined;
}

/**
 * The body of a save: each field whose trimmed value differs from the player's, empty as null (a
 * cleared field); the mobile number with its dialing code. Nothing changed, or a value its rule
 * refuses at once, is a problem shown next to the field (`form` for the whole form).
 */
export function readProfileForm(form: ProfileForm, profile: PlayerProfile): FormReading<PlayerProfileBody> {
  const { values, rules } = profile;
  const body: PlayerProfileBody = {};
  const errors: Record<string, string> = {};
  for (const field of PLAIN_PROFILE_FIELDS) {
    const text = form[field].trim();
    if ((text || null) === values[field]) continue;
    const problem = ruleProblemOf(rules[field], text);
    if (problem) errors[field] = problem;
    else body[field] = text || null;
  }
  const email = form.email.trim();
  if ((email.toLowerCase() || null) !== (values.email?.toLowerCase() ?? null)) {
    const problem = ruleProblemOf(rules.email, email);
    if (problem) errors.email = problem;
    else body.email = email || null;
  }
  const dialingCode = form.countryDialingCode.trim() || DEFAULT_DIALING_CODE;
  const number = form.mobileNum.trim();
  const isSameNumber = values.mobile
    ? dialingCode === values.mobile.dialingCode && number === values.mobile.nationalNumber
    : number === '';
  if (!isSameNumber) {
    const problem = ruleProblemOf(rules.mobileNum, number);
    if (problem) errors.mobileNum = problem;
    else Object.assign(body, { countryDialingCode: dialingCode, mobileNum: number || null });
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (Object.keys(body).length === 0) return { errors: { form: 'Nothing changed: edit a field first.' } };
  return { body };
}
