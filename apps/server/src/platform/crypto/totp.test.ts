import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32, hotp, matchTotp, totpStepAt, totpUri } from './totp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B: the shared secret is the ASCII "12345678901234567890".
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('one-time passwords', () => {
  it('matches the HOTP test values of RFC 4226', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('matches the SHA-1 TOTP test values of RFC 6238 (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_SECRET, totpStepAt(seconds * 1000), 8)).toBe(code);
    }
  });

  it('round-trips base32 and accepts the neighbouring steps only', () => {
    const secret = encodeBase32(RFC_SECRET);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(decodeBase32(secret)).toEqual(RFC_SECRET);
    const now = 1_700_000_000_000;
    const step = totpStepAt(now);
    expect(matchTotp(secret, hotp(RFC_SECRET, step), now)).toBe(step);
    expect(matchTotp(secret, hotp(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(RFC_SECRET, step + 2), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });

  it('writes the otpauth address authenticator apps read', () => {
    expect(totpUri({ issuer: 'Panalo', account: 'juan', secret: 'ABC' })).toBe(
      'otpauth://totp/Panalo%3Ajuan?secret=ABC&issuer=Panalo&algorithm=SHA1&digits=6&period=30',
    );
  });
});
