import type { FastifyRequest } from 'fastify';
import { lookupCountry, parseAddress } from '../modules/merchant/region-restriction.ts';
import { readCookie } from '../platform/http/cookies.ts';
import type { ClientContext } from '../workflows/login.ts';
import { readVisitor } from './merchant-context.ts';

const USER_AGENT_LENGTH_MAX = 400;
/** The web app sends 22 base64url characters (128 random bits); other clients may send up to 64. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const DEVICE_ID_HEADER = 'x-device-id';

/** The client's device id (X-Device-Id), or null when it is missing or malformed (then ignored). */
export function readDeviceId(request: FastifyRequest): string | null {
  const raw = request.headers[DEVICE_ID_HEADER];
  return typeof raw === 'string' && DEVICE_ID_PATTERN.test(raw) ? raw : null;
}

/** Who is calling, as login history and throttles record it. */
export function readClient(request: FastifyRequest, countryHeader: string | undefined): ClientContext {
  const visitor = readVisitor(request, countryHeader);
  const userAgent = request.headers['user-agent'];
  return {
    ip: visitor.ip,
    country: visitor.trustedCountry ?? lookupCountry(parseAddress(visitor.ip)),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_LENGTH_MAX) : null,
    deviceId: readDeviceId(request),
  };
}

export const CAPTCHA_COOKIE = 'captchaId';

/** The browser's captcha id, from its HttpOnly cookie (the only cookie the platform reads). */
export function readCaptchaId(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, CAPTCHA_COOKIE);
}
