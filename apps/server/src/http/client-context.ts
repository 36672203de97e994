import type { FastifyRequest } from 'fastify';
import { lookupCountry, parseAddress } from '../modules/merchant/region-restriction.ts';
import { readCookie } from '../platform/http/cookies.ts';
import type { ClientContext } from '../workflows/login.ts';
import { readVisitor } from './merchant-context.ts';

const USER_AGENT_LENGTH_MAX = 400;

/** Who is calling, as login history and throttles record it. */
export function readClient(request: FastifyRequest, countryHeader: string | undefined): ClientContext {
  const visitor = readVisitor(request, countryHeader);
  const userAgent = request.headers['user-agent'];
  return {
    ip: visitor.ip,
    country: visitor.trustedCountry ?? lookupCountry(parseAddress(visitor.ip)),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_LENGTH_MAX) : null,
  };
}

export const CAPTCHA_COOKIE = 'captchaId';

/** The browser's captcha id, from its HttpOnly cookie (the only cookie the platform reads). */
export function readCaptchaId(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, CAPTCHA_COOKIE);
}
