import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHmacSha256, sha256, toHex } from './sha256.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('sha256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(toHex(sha256(text('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(text('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with Node for any message, across every padding boundary', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('HMAC-SHA256', () => {
  it('matches RFC 4231 test case 2', () => {
    const hmac = createHmacSha256(text('Jefe'));
    expect(toHex(hmac.digest(text('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('agrees with Node for any key and message, long keys included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 200 }), (key, message) => {
        const expected = createHmac('sha256', key).update(message).digest('hex');
        expect(toHex(createHmacSha256(key).digest(message))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
