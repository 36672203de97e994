import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaService } from '../modules/captcha/captcha.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { serializeCookie } from '../platform/http/cookies.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { CAPTCHA_COOKIE, readCaptchaId } from './client-context.ts';

// API.md "Throttles": a captcha image at most once per second per client.
export const CAPTCHA_PER_CLIENT: RateLimitRule = { name: 'captcha-client', limit: 1, windowSeconds: 1 };
const CAPTCHA_COOKIE_MAX_AGE_SECONDS = 24 * 3600;

/**
 * A new captcha image for this browser (the player site's and the back office's alike), its
 * challenge bound by the HttpOnly captchaId cookie; answers the image as a PNG data URL.
 */
export async function issueCaptchaImage(
  deps: { captcha: CaptchaService; rateLimiter: RateLimiter },
  request: FastifyRequest,
  reply: FastifyReply,
  clientKey: string,
): Promise<string> {
  const limit = await deps.rateLimiter.hit(CAPTCHA_PER_CLIENT, clientKey);
  if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
  const challenge = await deps.captcha.issue(readCaptchaId(request));
  reply.header(
    'Set-Cookie',
    serializeCookie(CAPTCHA_COOKIE, challenge.id, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: request.protocol === 'https',
      maxAgeSeconds: CAPTCHA_COOKIE_MAX_AGE_SECONDS,
    }),
  );
  reply.header('Cache-Control', 'no-store');
  return challenge.imageDataUrl;
}
