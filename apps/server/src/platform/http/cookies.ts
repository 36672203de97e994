/**
 * The one cookie the platform keeps (the captcha's), read and written by hand: a cookie plugin
 * would put a hook on every reply of every route for a header one route sets.
 */

/** RFC 6265 cookie-name characters (a token); values are percent-encoded, so any text fits. */
const COOKIE_NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export type CookieOptions = {
  maxAgeSeconds: number;
  path: string;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
};

/** A Set-Cookie header value. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME_PATTERN.test(name)) throw new Error(`not a cookie name: ${name}`);
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    `Path=${options.path}`,
  ];
  if (options.httpOnly) parts.push('HttpOnly');
  parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The value of the cookie `name` in a Cookie request header, or undefined; the first one wins,
 * as browsers send the most specific path first. A value that is not valid percent-encoding is
 * taken as it came.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    let raw = pair.slice(separator + 1).trim();
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
