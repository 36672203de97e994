/** The Philippines' dialing code, the site's default (Philippines first). */
export const defaultDialingCode = '+63';

/** A Philippine mobile number: 9 and nine more digits, with or without the leading 0. */
const philippineMobilePattern = /^0?9\d{9}$/;
/** Elsewhere only the E.164 bounds are known here; the server checks the number itself. */
const otherMobilePattern = /^\d{6,14}$/;

export function isValidMobileNumber(dialingCode: string, mobileNum: string): boolean {
  const digits = mobileNum.trim();
  return dialingCode === defaultDialingCode
    ? philippineMobilePattern.test(digits)
    : otherMobilePattern.test(digits);
}
