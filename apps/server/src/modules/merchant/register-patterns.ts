import type { RegisterRule } from './merchant-settings.ts';

/**
 * The pattern kinds of spec §5, numbered in the spec's order; a registration rule's patternId
 * names one, and clients show the translated text of that kind with the rule's min and max.
 * The regular expressions avoid flags (no `u`) so that any client can build them as written.
 */
export const PATTERN_KINDS = {
  1: { name: 'any characters', pattern: '*' },
  2: { name: 'letter first, then letters and digits', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
  3: { name: 'Chinese characters and digits', pattern: '^[\\u4e00-\\u9fa50-9]+$' },
  4: { name: 'email', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
  5: { name: 'alphanumeric without special characters', pattern: '^[A-Za-z0-9]+$' },
  6: { name: 'letters and digits', pattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$' },
  7: { name: 'digits only', pattern: '^[0-9]+$' },
  8: { name: 'alphanumeric with one uppercase letter', pattern: '^(?=.*[A-Z])[A-Za-z0-9]+$' },
  9: { name: 'English letters and spaces', pattern: '^[A-Za-z ]+$' },
  10: { name: 'no spaces', pattern: '^\\S+$' },
  11: { name: 'Chinese with punctuation', pattern: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef]+$' },
  12: {
    name: 'date yyyy-MM-dd or MM-dd-yyyy',
    pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4})$',
  },
  13: { name: 'letters and spaces', pattern: "^[A-Za-z\\u00C0-\\u024F .'-]+$" },
  14: { name: 'Korean only', pattern: '^[\\uac00-\\ud7a3]+$' },
  15: { name: 'Thai only', pattern: '^[\\u0e00-\\u0e7f]+$' },
  16: { name: 'Thai or English with spaces', pattern: '^[\\u0e00-\\u0e7fA-Za-z ]+$' },
  17: { name: 'uppercase letters and spaces, with a letter', pattern: '^(?=.*[A-Z])[A-Z ]+$' },
  18: { name: 'letters, digits and symbols', pattern: '^[\\x21-\\x7e]+$' },
  19: {
    name: 'strong: upper and lower case, digit and symbol',
    pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])\\S+$',
  },
} as const satisfies Record<number, { name: string; pattern: string }>;

export type PatternId = keyof typeof PATTERN_KINDS;

/** Whether a value satisfies a rule's accepted pattern (a lone `*` accepts anything). */
export function matchesAcceptedPattern(value: string, acceptedPattern: string): boolean {
  if (acceptedPattern === '*') return true;
  return new RegExp(acceptedPattern).test(value);
}

/**
 * The payee name's rule for a merchant whose registration rules have none: letters (accented ones
 * too), spaces, dots, apostrophes and hyphens, 2 to 50 of them, as a name on a bank account reads.
 */
const DEFAULT_PAYEE_NAME_RULE: RegisterRule = {
  field: 'payeeName',
  enabled: false,
  required: true,
  acceptedPattern: PATTERN_KINDS[13].pattern,
  patternId: 13,
  minLength: 2,
  maxLength: 50,
  type: 'text',
};

/**
 * The rule a payee name (the real name payouts go to) must satisfy wherever it is written: the
 * merchant's registration rule for the field, asked for at registration or not, else the default.
 * It is always required where it is used outside registration.
 */
export function payeeNameRuleOf(rules: readonly RegisterRule[]): RegisterRule {
  const rule = rules.find((each) => each.field === 'payeeName') ?? DEFAULT_PAYEE_NAME_RULE;
  return { ...rule, required: true };
}

/** Fields a member keeps up to date in the security centre after registration (docs/security.md). */
export const PROFILE_RULE_FIELDS = [
  'nickname',
  'birthday',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'email',
  'mobileNum',
] as const;
export type ProfileRuleField = (typeof PROFILE_RULE_FIELDS)[number];

const optionalRule = (
  field: ProfileRuleField,
  patternId: PatternId,
  minLength: number,
  maxLength: number,
  type: RegisterRule['type'] = 'text',
): RegisterRule => ({
  field,
  enabled: false,
  required: false,
  acceptedPattern: PATTERN_KINDS[patternId].pattern,
  patternId,
  minLength,
  maxLength,
  type,
});

/**
 * The rule of a profile field for a merchant whose registration rules have none: optional, with
 * bounds a Philippine member's values fit (a street address, a Telegram handle, a job title).
 */
const DEFAULT_PROFILE_RULES: Record<ProfileRuleField, RegisterRule> = {
  nickname: optionalRule('nickname', 1, 2, 20),
  birthday: optionalRule('birthday', 12, 10, 10, 'date'),
  telegram: optionalRule('telegram', 10, 3, 50),
  zalo: optionalRule('zalo', 10, 3, 50),
  address: optionalRule('address', 1, 5, 200),
  nationality: optionalRule('nationality', 13, 2, 50),
  occupation: optionalRule('occupation', 1, 2, 80),
  sourceOfIncome: optionalRule('sourceOfIncome', 1, 2, 80),
  email: optionalRule('email', 4, 5, 100, 'email'),
  mobileNum: optionalRule('mobileNum', 7, 10, 11, 'tel'),
};

/**
 * The rule a profile field's new value must satisfy in the security centre: the merchant's
 * registration rule for the field, asked for at registration or not, else the default above. A
 * field required at registration stays required: it cannot be emptied afterwards.
 */
export function profileRuleOf(rules: readonly RegisterRule[], field: ProfileRuleField): RegisterRule {
  return rules.find((each) => each.field === field) ?? DEFAULT_PROFILE_RULES[field];
}
