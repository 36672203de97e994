import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A mobile number split as members store it: dialing code with its plus, national digits. */
export type MobileNumber = { dialingCode: string; nationalNumber: string; e164: string };

const DIALING_CODE_PATTERN = /^\+?[0-9]{1,4}$/;
const NATIONAL_INPUT_PATTERN = /^[0-9 ()-]{4,20}$/;

/**
 * Reads a dialing code ("+63" or "63") and a number as typed ("0917 123 4567") into one canonical
 * form; null when the pair is not a valid mobile (or fixed-or-mobile) number of that country.
 */
export function parseMobileNumber(dialingCode: string, mobileNum: string): MobileNumber | null {
  if (!DIALING_CODE_PATTERN.test(dialingCode.trim()) || !NATIONAL_INPUT_PATTERN.test(mobileNum.trim())) {
    return null;
  }
  const code = dialingCode.trim().replace(/^\+/, '');
  const digits = mobileNum.replace(/[^0-9]/g, '');
  const parsed = parsePhoneNumberFromString(`+${code}${digits.replace(/^0+/, '')}`);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return {
    dialingCode: `+${parsed.countryCallingCode}`,
    nationalNumber: String(parsed.nationalNumber),
    e164: parsed.number,
  };
}

/** "+63 9** *** 4567": enough for the owner to recognise, too little to reuse. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return '***';
  const national = String(parsed.nationalNumber);
  const visibleEnd = national.slice(-4);
  const hidden = national.slice(1, -4).replace(/[0-9]/g, '*');
  return `+${parsed.countryCallingCode} ${national.slice(0, 1)}${hidden}${visibleEnd}`;
}

/** "j***@g***.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
