import { createHmac, randomBytes } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as authenticator apps make them:
 * HMAC-SHA1, 6 digits, 30-second steps, secrets in base32 (RFC 4648, no padding).
 */

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that still count, for clocks a little out of step. */
const TOTP_WINDOW_STEPS = 1;
const SECRET_BYTES = 20;

export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return text;
}

export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = BASE32_ALPHABET.indexOf(character);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new random secret, base32. */
export function createTotpSecret(): string {
  return encodeBase32(randomBytes(SECRET_BYTES));
}

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStepAt = (unixMs: number): number => Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);

/**
 * The step a code belongs to when it is valid now (within one step either way), else null. A
 * caller that remembers the last step used refuses the same code twice.
 */
export function matchTotp(secretBase32: string, code: string, unixMs: number): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const secret = decodeBase32(secretBase32);
  const now = totpStepAt(unixMs);
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step += 1) {
    if (hotp(secret, step) === code) return step;
  }
  return null;
}

/** The otpauth:// address an authenticator app reads from a QR code. */
export function totpUri(input: { issuer: string; account: string; secret: string }): string {
  const label = encodeURIComponent(`${input.issuer}:${input.account}`);
  const query = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
