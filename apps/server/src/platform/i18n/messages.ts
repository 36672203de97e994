import type { ErrorCode } from '../errors/errors.ts';
import type { Language } from './language.ts';

type Catalogue = Record<ErrorCode, string> & Record<ValidationKey, string>;

export type ValidationKey =
  | 'validation.required'
  | 'validation.type'
  | 'validation.format'
  | 'validation.minLength'
  | 'validation.maxLength'
  | 'validation.minimum'
  | 'validation.maximum'
  | 'validation.enum'
  | 'validation.unknownField'
  | 'validation.pattern';

/** The server's own texts. Clients show `message` as is and decide by `code`. */
const MESSAGES: Record<Language, Catalogue> = {
  EN: {
    MALFORMED: 'The request could not be read.',
    ENCRYPTION_REQUIRED: 'This request must be encrypted.',
    KEY_ROTATED: 'The encryption key has changed. Please try again.',
    NOT_LOGGED_IN: 'Not logged in, please log in.',
    TRIAL_ACCOUNT: 'Please register an account first.',
    NON_MEMBER: 'Non-member account unable to login.',
    NON_AGENT: 'Non-agents cannot log in.',
    FEATURE_DISABLED: 'This function is not enabled. Please contact customer service.',
    PASSWORD_CHANGE_REQUIRED: 'Please change your password first.',
    FORBIDDEN: 'You do not have permission to do this.',
    ACCOUNT_LOCKED: 'This account is locked. Please contact customer service.',
    SELF_EXCLUDED: 'This account is excluded from play for now.',
    NOT_FOUND: 'Not found.',
    CONFLICT: 'This cannot be done right now.',
    GAME_MAINTENANCE: 'Game under maintenance. Try one of these hot games.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    VALIDATION: 'Please enter correct information.',
    BAD_CREDENTIALS: 'Incorrect account or password.',
    CAPTCHA_REQUIRED: 'Please enter the captcha.',
    CAPTCHA_INVALID: 'Captcha check failed.',
    VERIFICATION_REQUIRED: 'Please complete verification first.',
    SMS_CODE_INVALID: 'Invalid verification code.',
    SMS_CODE_EXPIRED: 'Verification code expired, send again.',
    INVITATION_CODE_INVALID: 'Invalid invitation code.',
    SOCIAL_LOGIN_FAILED: 'Signing in with that account did not finish. Please try again.',
    PAYMENT_UNAVAILABLE:
      'This payment method is not answering right now. Please try another or try again later.',
    INSUFFICIENT_FUNDS: 'Insufficient balance.',
    LIMIT_REACHED: 'A limit has been reached.',
    PAYMENT_PASSWORD_REQUIRED: 'Set a payment password in the security centre first.',
    PAYMENT_PASSWORD_INVALID: 'Incorrect payment password.',
    TURNOVER_REQUIRED: 'Your deposits must be wagered before you can withdraw.',
    RATE_LIMITED: 'Too many requests, please try again later.',
    SMS_TOO_MANY: 'Too many requests, try again after 5 minutes.',
    UNKNOWN: 'Unknown error.',
    MAINTENANCE: 'System maintenance notice.',
    'validation.required': 'Input cannot be empty.',
    'validation.type': 'The value has the wrong type.',
    'validation.format': 'The format is incorrect.',
    'validation.minLength': 'Must be at least {min} characters.',
    'validation.maxLength': 'Must be at most {max} characters.',
    'validation.minimum': 'Must be at least {min}.',
    'validation.maximum': 'Must be at most {max}.',
    'validation.enum': 'Choose one of the allowed values.',
    'validation.unknownField': 'This field is not accepted.',
    'validation.pattern': 'The format is incorrect.',
  },
  TY: {
    MALFORMED: 'Hindi mabasa ang kahilingan.',
    ENCRYPTION_REQUIRED: 'Kailangang naka-encrypt ang kahilingang ito.',
    KEY_ROTATED: 'Nagbago ang encryption key. Pakisubukang muli.',
    NOT_LOGGED_IN: 'Hindi naka-log in, mangyaring mag-log in.',
    TRIAL_ACCOUNT: 'Mangyaring magrehistro muna ng account.',
    NON_MEMBER: 'Hindi makapag-log in ang account na hindi miyembro.',
    NON_AGENT: 'Hindi makapag-log in ang hindi ahente.',
    FEATURE_DISABLED: 'Hindi naka-enable ang function na ito. Makipag-ugnayan sa customer service.',
    PASSWORD_CHANGE_REQUIRED: 'Mangyaring palitan muna ang iyong password.',
    FORBIDDEN: 'Wala kang pahintulot na gawin ito.',
    ACCOUNT_LOCKED: 'Naka-lock ang account na ito. Makipag-ugnayan sa customer service.',
    SELF_EXCLUDED: 'Hindi muna pinapayagang maglaro ang account na ito.',
    NOT_FOUND: 'Hindi nahanap.',
    CONFLICT: 'Hindi ito magagawa sa ngayon.',
    GAME_MAINTENANCE: 'Nasa maintenance ang laro. Subukan ang isa sa mga sikat na larong ito.',
    PAYLOAD_TOO_LARGE: 'Masyadong malaki ang kahilingan.',
    VALIDATION: 'Mangyaring ilagay ang tamang impormasyon.',
    BAD_CREDENTIALS: 'Maling account o password.',
    CAPTCHA_REQUIRED: 'Mangyaring ilagay ang captcha.',
    CAPTCHA_INVALID: 'Nabigo ang pagsusuri ng captcha.',
    VERIFICATION_REQUIRED: 'Mangyaring kumpletuhin muna ang beripikasyon.',
    SMS_CODE_INVALID: 'Hindi wastong verification code.',
    SMS_CODE_EXPIRED: 'Nag-expire na ang verification code, magpadala muli.',
    INVITATION_CODE_INVALID: 'Hindi wastong invitation code.',
    SOCIAL_LOGIN_FAILED: 'Hindi natapos ang pag-log in gamit ang account na iyon. Pakisubukang muli.',
    PAYMENT_UNAVAILABLE:
      'Hindi sumasagot ang paraan ng pagbabayad na ito ngayon. Subukan ang iba o subukang muli mamaya.',
    INSUFFICIENT_FUNDS: 'Kulang ang balanse.',
    LIMIT_REACHED: 'Naabot na ang limitasyon.',
    PAYMENT_PASSWORD_REQUIRED: 'Magtakda muna ng payment password sa security centre.',
    PAYMENT_PASSWORD_INVALID: 'Mali ang payment password.',
    TURNOVER_REQUIRED: 'Kailangang maitaya muna ang iyong mga deposito bago ka makapag-withdraw.',
    RATE_LIMITED: 'Masyadong maraming kahilingan, subukang muli mamaya.',
    SMS_TOO_MANY: 'Masyadong maraming kahilingan, subukang muli pagkalipas ng 5 minuto.',
    UNKNOWN: 'Hindi kilalang error.',
    MAINTENANCE: 'Abiso ng maintenance ng sistema.',
    'validation.required': 'Hindi maaaring walang laman.',
    'validation.type': 'Mali ang uri ng halaga.',
    'validation.format': 'Mali ang format.',
    'validation.minLength': 'Dapat hindi bababa sa {min} na karakter.',
    'validation.maxLength': 'Dapat hindi hihigit sa {max} na karakter.',
    'validation.minimum': 'Dapat hindi bababa sa {min}.',
    'validation.maximum': 'Dapat hindi hihigit sa {max}.',
    'validation.enum': 'Pumili ng isa sa mga pinapayagang halaga.',
    'validation.unknownField': 'Hindi tinatanggap ang field na ito.',
    'validation.pattern': 'Mali ang format.',
  },
};

/** The translated text of a code or validation key, with {placeholders} filled. */
export function translate(
  language: Language,
  key: ErrorCode | ValidationKey,
  params: Record<string, string | number> = {},
): string {
  const template = MESSAGES[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * What a hand-thrown VALIDATION says about a field, as a token (`{ fields: { username: 'taken' } }`),
 * and its message in each language. The envelope puts the message in `fields` and the token in
 * `reasons`; a message that is no token here passes through as it is.
 */
const REASON_MESSAGES_EN = {
  taken: 'This is already taken.',
  unknown: 'There is no such choice.',
  wrong: 'This is not correct.',
  unchanged: 'Choose something different from the current one.',
  same: 'Choose a different one.',
  length: 'The length is not allowed.',
  letterAndDigit: 'Use at least one letter and one digit.',
  range: 'This is outside the allowed range.',
  invalid: 'This is not valid.',
  format: 'The format is incorrect.',
  mismatch: 'This does not match.',
  order: 'Must be after the start.',
  beforeFrom: 'Must not be before the start.',
  amount: 'Enter an amount above zero.',
  minutes: 'Enter a number of minutes.',
  required: 'Input cannot be empty.',
  duplicate: 'This appears more than once.',
  positive: 'Must be more than zero.',
  belowMin: 'Must be at least the minimum.',
  tooHigh: 'This is above the highest allowed.',
  inHouseOnly: 'Only our own games have this.',
  seamlessOnly: 'Only a vendor that plays from our wallet (seamless) can have this.',
  one_side_main: 'One side of the transfer must be the main wallet.',
  notInTree: 'This account is not in your team.',
  notAgent: 'This member is not an agent.',
  self: 'Choose another member than yourself.',
  notOpenToMember: 'This kind of contract is not open to this agent.',
  notTopLevel: 'Only a top-level agent, with no upline, takes contracts from the platform.',
  ownDownline: 'A member cannot go under itself or its own downline.',
  noSubagents: 'This agent type may not have sub-agents.',
  payeeMismatch: 'This name is not the real name on your account.',
  limit: 'The stake is outside the limits of this game.',
  maxWin: 'This could win more than the maximum win.',
  notAnImage: 'This is not a PNG, JPEG or WebP image.',
  unreadableImage: 'The image could not be read.',
  tooManyPixels: 'The image has too many pixels.',
  notPngOrJpeg: 'Send a PNG or JPEG image.',
  locked: 'This cannot change once the promotion is published.',
  rankOrder: 'A higher level must not ask for less than a lower one, nor a lower level for more.',
  future: 'This date is in the future.',
  tooYoung: 'This birthday is under the minimum age.',
  belowMinimums: 'Must be at least the number of envelopes times the minimum.',
  overBudget: 'The promotions budget of the day this opens cannot hold this total.',
  past: 'Must be later than now.',
  placeholder: 'This uses a placeholder this message does not fill in.',
  notApplicable: 'This does not apply to the task chosen.',
  rankSequence: 'Give prizes to ranks 1, 2, 3 and so on, in order, none skipped.',
  notForKind: 'This does not apply to this kind.',
  prizeCount: 'A prize table has from 1 to 24 prizes.',
  noWeight: 'At least one prize must weigh more than zero.',
  INVALID_BET: 'This bet is not valid.',
  INVALID_CLIENT_SEED: 'The client seed is not valid.',
  INVALID_SERVER_SEED: 'The server seed is not valid.',
  INVALID_NONCE: 'The nonce is not valid.',
};

export type FieldReason = keyof typeof REASON_MESSAGES_EN;

const REASON_MESSAGES: Record<Language, Record<FieldReason, string>> = {
  EN: REASON_MESSAGES_EN,
  TY: {
    taken: 'Ginagamit na ito.',
    unknown: 'Walang ganitong pagpipilian.',
    wrong: 'Hindi ito tama.',
    unchanged: 'Pumili ng iba sa kasalukuyan.',
    same: 'Pumili ng iba.',
    length: 'Hindi tama ang haba.',
    letterAndDigit: 'Gumamit ng kahit isang titik at isang numero.',
    range: 'Wala ito sa pinapayagang saklaw.',
    invalid: 'Hindi ito wasto.',
    format: 'Mali ang format.',
    mismatch: 'Hindi ito tugma.',
    order: 'Dapat pagkatapos ng simula.',
    beforeFrom: 'Hindi maaaring mas maaga sa simula.',
    amount: 'Maglagay ng halagang higit sa zero.',
    minutes: 'Maglagay ng bilang ng minuto.',
    required: 'Hindi maaaring walang laman.',
    duplicate: 'Higit sa isang beses itong nakalagay.',
    positive: 'Dapat higit sa zero.',
    belowMin: 'Dapat hindi bababa sa minimum.',
    tooHigh: 'Lampas ito sa pinakamataas na pinapayagan.',
    inHouseOnly: 'Para lamang ito sa sarili naming mga laro.',
    seamlessOnly: 'Para lamang ito sa vendor na naglalaro mula sa aming wallet (seamless).',
    one_side_main: 'Dapat ang main wallet ang isang panig ng paglipat.',
    notInTree: 'Wala sa iyong team ang account na ito.',
    notAgent: 'Hindi ahente ang miyembrong ito.',
    self: 'Pumili ng ibang miyembro, hindi ang iyong sarili.',
    notOpenToMember: 'Hindi bukas sa ahenteng ito ang ganitong uri ng kontrata.',
    notTopLevel: 'Ang ahenteng walang upline lamang ang tumatanggap ng kontrata mula sa platform.',
    ownDownline: 'Hindi mailalagay ang miyembro sa ilalim ng sarili o ng sarili nitong downline.',
    noSubagents: 'Hindi maaaring magkaroon ng sub-ahente ang uri ng ahenteng ito.',
    payeeMismatch: 'Hindi ito ang tunay na pangalan sa iyong account.',
    limit: 'Wala sa limitasyon ng larong ito ang taya.',
    maxWin: 'Maaari itong manalo nang higit sa pinakamataas na panalo.',
    notAnImage: 'Hindi ito larawang PNG, JPEG o WebP.',
    unreadableImage: 'Hindi mabasa ang larawan.',
    tooManyPixels: 'Masyadong marami ang pixel ng larawan.',
    notPngOrJpeg: 'Magpadala ng larawang PNG o JPEG.',
    locked: 'Hindi na ito mababago kapag nailathala na ang promosyon.',
    rankOrder:
      'Hindi dapat mas mababa ang hinihingi ng mas mataas na level, o mas mataas ang sa mas mababang level.',
    future: 'Nasa hinaharap ang petsang ito.',
    tooYoung: 'Kulang sa pinakamababang edad ang kaarawang ito.',
    belowMinimums: 'Dapat hindi bababa sa bilang ng sobre na pinarami sa minimum.',
    overBudget: 'Hindi kasya ang kabuuang ito sa badyet ng promosyon sa araw ng pagbubukas.',
    past: 'Dapat mas huli kaysa ngayon.',
    placeholder: 'May placeholder dito na hindi pinupunan ng mensaheng ito.',
    notApplicable: 'Hindi ito bagay sa napiling gawain.',
    rankSequence: 'Magbigay ng premyo sa ranggo 1, 2, 3 at iba pa, nang sunud-sunod at walang nilalaktawan.',
    notForKind: 'Hindi ito bagay sa ganitong uri.',
    prizeCount: 'Mula 1 hanggang 24 na premyo ang isang talaan ng premyo.',
    noWeight: 'Dapat may kahit isang premyo na may bigat na higit sa zero.',
    INVALID_BET: 'Hindi wasto ang tayang ito.',
    INVALID_CLIENT_SEED: 'Hindi wasto ang client seed.',
    INVALID_SERVER_SEED: 'Hindi wasto ang server seed.',
    INVALID_NONCE: 'Hindi wasto ang nonce.',
  },
};

export function isFieldReason(token: string): token is FieldReason {
  return Object.hasOwn(REASON_MESSAGES_EN, token);
}

/** The message of a field reason in a language, or undefined for text that is no known token. */
export function translateReason(language: Language, token: string): string | undefined {
  return isFieldReason(token) ? REASON_MESSAGES[language][token] : undefined;
}

/**
 * The withdrawal rule a bonus's terms state, in the words the member accepts with the bonus
 * (docs/promotions.md "Bonus terms"), with or without a cap on what converts to cash.
 */
const BONUS_WITHDRAWAL_RULES: Record<Language, { capped: string; uncapped: string }> = {
  EN: {
    uncapped:
      'The bonus and its winnings stay in the bonus wallet and cannot be withdrawn until {wageringRequired} has been wagered within {expiryDays} days; then they move to your cash. Withdrawing cash before that forfeits what the bonus wallet holds.',
    capped:
      'The bonus and its winnings stay in the bonus wallet and cannot be withdrawn until {wageringRequired} has been wagered within {expiryDays} days; then up to {maxConversion} moves to your cash and the rest is forfeited. Withdrawing cash before that forfeits what the bonus wallet holds.',
  },
  TY: {
    uncapped:
      'Ang bonus at ang mga panalo nito ay nasa bonus wallet at hindi maaaring i-withdraw hangga’t hindi naitataya ang {wageringRequired} sa loob ng {expiryDays} araw; pagkatapos ay ililipat ito sa iyong cash. Kapag nag-withdraw ka ng cash bago iyon, mawawala ang laman ng bonus wallet.',
    capped:
      'Ang bonus at ang mga panalo nito ay nasa bonus wallet at hindi maaaring i-withdraw hangga’t hindi naitataya ang {wageringRequired} sa loob ng {expiryDays} araw; pagkatapos ay hanggang {maxConversion} ang ililipat sa iyong cash at mawawala ang sobra. Kapag nag-withdraw ka ng cash bago iyon, mawawala ang laman ng bonus wallet.',
  },
};

/** A bonus's withdrawal rule in a language, amounts as the member reads them ("500.00"). */
export function wordBonusWithdrawalRule(
  language: Language,
  params: { wageringRequired: string; expiryDays: number; maxConversion: string | null },
): string {
  const rules = BONUS_WITHDRAWAL_RULES[language];
  const template = params.maxConversion === null ? rules.uncapped : rules.capped;
  const values: Record<string, string> = {
    wageringRequired: params.wageringRequired,
    expiryDays: String(params.expiryDays),
    maxConversion: params.maxConversion ?? '',
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
