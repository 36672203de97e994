import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

const options = { maxAgeSeconds: 86_400, path: '/', httpOnly: true, sameSite: 'Lax', secure: false } as const;

describe('cookies', () => {
  it('writes a Set-Cookie value with its attributes, the value percent-encoded', () => {
    expect(serializeCookie('captchaId', 'a b;c', options)).toBe(
      'captchaId=a%20b%3Bc; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('captchaId', 'x', { ...options, httpOnly: false, secure: true })).toBe(
      'captchaId=x; Max-Age=86400; Path=/; SameSite=Lax; Secure',
    );
  });

  it('refuses a name a cookie cannot have', () => {
    expect(() => serializeCookie('bad name', 'x', options)).toThrow(/cookie name/);
    expect(() => serializeCookie('a=b', 'x', options)).toThrow(/cookie name/);
  });

  it('reads a value back from a Cookie header among others, decoded', () => {
    const header = `theme=dark; ${serializeCookie('captchaId', 'a b;c', options).split(';')[0]}; other=1`;
    expect(readCookie(header, 'captchaId')).toBe('a b;c');
    expect(readCookie(header, 'theme')).toBe('dark');
    expect(readCookie('captchaId="quoted"', 'captchaId')).toBe('quoted');
  });

  it('answers undefined for no header or no such cookie, and keeps a broken encoding as sent', () => {
    expect(readCookie(undefined, 'captchaId')).toBeUndefined();
    expect(readCookie('', 'captchaId')).toBeUndefined();
    expect(readCookie('captchaIdx=1; xcaptchaId=2; flag', 'captchaId')).toBeUndefined();
    expect(readCookie('captchaId=%E0%A4%A', 'captchaId')).toBe('%E0%A4%A');
    expect(readCookie('captchaId=first; captchaId=second', 'captchaId')).toBe('first');
  });
});
