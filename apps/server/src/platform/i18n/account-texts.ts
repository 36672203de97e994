import type { Language } from './language.ts';

/**
 * The texts of spec §5's pattern kinds, keyed by patternId, with the rule's length range in
 * {range} ("6-16", or "6" when both bounds are equal). Registration errors carry these texts.
 */
const PATTERN_TEXTS: Record<Language, Record<string, string>> = {
  EN: {
    1: 'Enter {range} characters.',
    2: 'Enter {range} letters or digits, starting with a letter.',
    3: 'Enter {range} Chinese characters or digits.',
    4: 'Enter a valid email address ({range} characters).',
    5: 'Enter {range} letters or digits, no special characters.',
    6: 'Enter {range} letters and digits.',
    7: 'Enter {range} digits.',
    8: 'Enter {range} letters or digits with at least one uppercase letter.',
    9: 'Enter {range} English letters or spaces.',
    10: 'Enter {range} characters without spaces.',
    11: 'Enter {range} Chinese characters or punctuation.',
    12: 'Enter a date as yyyy-MM-dd or MM-dd-yyyy.',
    13: 'Enter {range} letters or spaces.',
    14: 'Enter {range} Korean characters.',
    15: 'Enter {range} Thai characters.',
    16: 'Enter {range} Thai or English letters or spaces.',
    17: 'Enter {range} uppercase letters or spaces, with at least one letter.',
    18: 'Enter {range} letters, digits or symbols.',
    19: 'Enter {range} characters with an uppercase letter, a lowercase letter, a digit and a symbol.',
    DEFAULT: 'Enter {range} characters in the required format.',
  },
  TY: {
    1: 'Maglagay ng {range} karakter.',
    2: 'Maglagay ng {range} titik o numero, nagsisimula sa titik.',
    3: 'Maglagay ng {range} Chinese na karakter o numero.',
    4: 'Maglagay ng wastong email ({range} karakter).',
    5: 'Maglagay ng {range} titik o numero, walang espesyal na karakter.',
    6: 'Maglagay ng {range} titik at numero.',
    7: 'Maglagay ng {range} numero.',
    8: 'Maglagay ng {range} titik o numero na may kahit isang malaking titik.',
    9: 'Maglagay ng {range} titik sa Ingles o espasyo.',
    10: 'Maglagay ng {range} karakter na walang espasyo.',
    11: 'Maglagay ng {range} Chinese na karakter o bantas.',
    12: 'Ilagay ang petsa bilang yyyy-MM-dd o MM-dd-yyyy.',
    13: 'Maglagay ng {range} titik o espasyo.',
    14: 'Maglagay ng {range} Korean na karakter.',
    15: 'Maglagay ng {range} Thai na karakter.',
    16: 'Maglagay ng {range} titik sa Thai o Ingles o espasyo.',
    17: 'Maglagay ng {range} malaking titik o espasyo, may kahit isang titik.',
    18: 'Maglagay ng {range} titik, numero o simbolo.',
    19: 'Maglagay ng {range} karakter na may malaking titik, maliit na titik, numero at simbolo.',
    DEFAULT: 'Maglagay ng {range} karakter sa tamang format.',
  },
};

/** Account form texts that are not error codes. */
const FIELD_TEXTS = {
  EN: {
    confirmMismatch: 'Incorrect confirmation input.',
    termsRequired: 'Please agree to the terms.',
    ageRequired: 'You must be at least {age} years old.',
    mobileInvalid: 'Enter a valid mobile number.',
    usernameTaken: 'This account name is already taken.',
    mobileTaken: 'This mobile number is already registered.',
    captchaRequired: 'Please enter the captcha.',
    captchaInvalid: 'Captcha check failed.',
    emailInvalid: 'Account, password, email format incorrect.',
    required: 'Input cannot be empty.',
    oldPasswordWrong: 'The current password is incorrect.',
    samePassword: 'The new password must differ from the current one.',
    accountEmailUnknown: 'Username/Email does not exist.',
    emailTaken: 'This email address belongs to another account.',
    fieldLocked: 'This cannot be changed after registration.',
    sameContact: 'This is already your current one.',
  },
  TY: {
    confirmMismatch: 'Hindi tugma ang kumpirmasyon.',
    termsRequired: 'Mangyaring sumang-ayon sa mga tuntunin.',
    ageRequired: 'Dapat ay hindi bababa sa {age} taong gulang ka.',
    mobileInvalid: 'Maglagay ng wastong mobile number.',
    usernameTaken: 'May gumagamit na ng pangalang ito.',
    mobileTaken: 'Nakarehistro na ang mobile number na ito.',
    captchaRequired: 'Mangyaring ilagay ang captcha.',
    captchaInvalid: 'Nabigo ang pagsusuri ng captcha.',
    emailInvalid: 'Mali ang format ng account, password o email.',
    required: 'Hindi maaaring walang laman.',
    oldPasswordWrong: 'Mali ang kasalukuyang password.',
    samePassword: 'Dapat iba ang bagong password sa kasalukuyan.',
    accountEmailUnknown: 'Walang ganitong username o email.',
    emailTaken: 'Ginagamit na ng ibang account ang email na ito.',
    fieldLocked: 'Hindi na ito mababago pagkatapos magparehistro.',
    sameContact: 'Ito na ang kasalukuyan mong gamit.',
  },
} as const;

export type FieldTextKey = keyof (typeof FIELD_TEXTS)['EN'];

/** "6-16", or "6" when the bounds are equal (spec §5). */
export function formatLengthRange(minLength: number, maxLength: number): string {
  return minLength === maxLength ? String(minLength) : `${minLength}-${maxLength}`;
}

/** The translated text of a pattern kind for a rule's bounds. */
export function translatePattern(
  language: Language,
  patternId: number,
  minLength: number,
  maxLength: number,
) {
  const texts = PATTERN_TEXTS[language];
  const template = texts[String(patternId)] ?? texts.DEFAULT ?? '';
  return template.replace('{range}', formatLengthRange(minLength, maxLength));
}

export function translateField(
  language: Language,
  key: FieldTextKey,
  params: Record<string, string | number> = {},
) {
  return FIELD_TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
