import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the password is read off a screen and typed in by hand.
const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A readable random password handed out once by a reset; the next sign-in must replace it. It
 * holds a letter and a digit, so that it passes the password rules it stands in for.
 */
export function createTemporaryPassword(length: number): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < length; index += 1) {
      password += TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)];
    }
    if (/[0-9]/.test(password) && /[A-Za-z]/.test(password)) return password;
  }
}
