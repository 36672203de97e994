/**
 * "Remember" on the login form (spec §4): the account name and the login type are kept in a
 * cookie for one day. Never the password; the browser's password manager keeps that.
 */
export type RememberedLogin = { username: string; type: 'username' | 'sms' };

const COOKIE_NAME = 'panalo_remember';
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
const USERNAME_LENGTH_MAX = 64;

export function readRememberedLogin(cookie: string = document.cookie): RememberedLogin | null {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE_NAME}=`));
  if (!entry) return null;
  try {
    const parsed = JSON.parse(
      decodeURIComponent(entry.slice(COOKIE_NAME.length + 1)),
    ) as Partial<RememberedLogin>;
    if (typeof parsed.username !== 'string' || parsed.username.length > USERNAME_LENGTH_MAX) return null;
    return { username: parsed.username, type: parsed.type === 'sms' ? 'sms' : 'username' };
  } catch {
    return null;
  }
}

/** The cookie text that remembers a login, or forgets it when login is null. */
export function rememberedLoginCookie(login: RememberedLogin | null, isSecure: boolean): string {
  const secure = isSecure ? '; Secure' : '';
  if (!login) return `${COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  const value = encodeURIComponent(JSON.stringify({ username: login.username, type: login.type }));
  return `${COOKIE_NAME}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function writeRememberedLogin(login: RememberedLogin | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie; the Cookie Store API is missing in older phone browsers.
  document.cookie = rememberedLoginCookie(login, window.location.protocol === 'https:');
}
