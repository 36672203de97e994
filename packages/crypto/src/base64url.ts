// base64url (RFC 4648 §5) without padding, written out by hand so that the same code runs in the
// browser and in Node without Buffer, and refuses anything that is not canonical base64url.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES: ReadonlyMap<string, number> = new Map(
  [...ALPHABET].map((character, index) => [character, index]),
);

/** Encodes bytes as base64url without padding. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let text = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    text += ALPHABET[(chunk >> 18) & 63]! + ALPHABET[(chunk >> 12) & 63]! + ALPHABET[(chunk >> 6) & 63]!;
    text += ALPHABET[chunk & 63]!;
  }
  const remaining = bytes.length - index;
  if (remaining === 1) {
    const chunk = bytes[index]! << 16;
    text += ALPHABET[(chunk >> 18) & 63]! + ALPHABET[(chunk >> 12) & 63]!;
  } else if (remaining === 2) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    text += ALPHABET[(chunk >> 18) & 63]! + ALPHABET[(chunk >> 12) & 63]! + ALPHABET[(chunk >> 6) & 63]!;
  }
  return text;
}

/**
 * Decodes base64url without padding. Throws a TypeError on a character outside the alphabet, on
 * padding, on an impossible length, or on non-zero spare bits, so that one byte string has exactly
 * one accepted spelling.
 */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 === 1) throw new TypeError('base64url text has an impossible length');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (const character of text) {
    const value = VALUES.get(character);
    if (value === undefined) throw new TypeError('base64url text holds a character outside its alphabet');
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written] = (buffer >> bits) & 0xff;
      written += 1;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) throw new TypeError('base64url text has non-zero spare bits');
  return bytes;
}
