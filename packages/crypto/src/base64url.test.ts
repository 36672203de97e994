import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('base64url', () => {
  it('matches the RFC 4648 test vectors, without padding', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(encodeBase64Url(text(plain))).toBe(encoded);
      expect(decodeBase64Url(encoded)).toEqual(text(plain));
    }
  });

  it('uses the URL-safe alphabet (- and _ instead of + and /)', () => {
    expect(encodeBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(decodeBase64Url('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  it('round-trips any bytes and agrees with Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const encoded = encodeBase64Url(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64Url(encoded)).toEqual(bytes);
      }),
    );
  });

  it('refuses padding, foreign characters, impossible lengths and non-zero spare bits', () => {
    expect(() => decodeBase64Url('Zg==')).toThrow(TypeError);
    expect(() => decodeBase64Url('Zm9+')).toThrow(TypeError);
    expect(() => decodeBase64Url('Zm9vY')).toThrow(TypeError);
    expect(() => decodeBase64Url('Zh')).toThrow(TypeError);
  });
});
