import { expect, it } from 'vitest';
import { readRememberedLogin, rememberedLoginCookie } from './remembered-login';

it('keeps the account and login type for a day, never a password', () => {
  const cookie = rememberedLoginCookie({ username: 'juan', type: 'username' }, false);
  expect(cookie).toContain('Max-Age=86400');
  expect(cookie).not.toContain('password');
  const value = cookie.split(';')[0] ?? '';
  expect(readRememberedLogin(`other=1; ${value}`)).toEqual({ username: 'juan', type: 'username' });
});

it('forgets with an expired cookie and ignores a broken one', () => {
  expect(rememberedLoginCookie(null, true)).toBe('panalo_remember=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  expect(readRememberedLogin('panalo_remember=%7Bnot-json')).toBeNull();
  expect(readRememberedLogin('')).toBeNull();
});
