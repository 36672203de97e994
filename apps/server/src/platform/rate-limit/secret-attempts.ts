import { AppError } from '../errors/errors.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

/**
 * A throttle that an attempt at a secret counts against. One that only counts (`refuses: false`)
 * never refuses by itself: its caller reads the count, e.g. to ask for a captcha.
 */
export type AttemptThrottle = { rule: RateLimitRule; key: string; refuses?: boolean };

/** An attempt counted on its throttles before the secret is checked. */
export type SecretAttempt = {
  /** Each throttle's count with this attempt in it, in the order they were given. */
  counts: number[];
  /** Takes the attempt back off every throttle: it was no failure (the right secret, or refused before any check). */
  refund(): Promise<void>;
};

/**
 * API.md "Throttles": every attempt at a secret (a password, a payment password, an
 * authenticator or second-step answer) is counted before the secret is checked, and a failure
 * simply keeps its count. A burst of simultaneous guesses is therefore counted in full, and no
 * more guesses are checked than the throttles allow, however the requests interleave.
 * Refused with RATE_LIMITED (and Retry-After) when a throttle is full or its growing delay has
 * not passed; a refused attempt is not counted.
 */
export async function reserveSecretAttempt(
  rateLimiter: RateLimiter,
  throttles: readonly AttemptThrottle[],
): Promise<SecretAttempt> {
  const results = await Promise.all(throttles.map(({ rule, key }) => rateLimiter.hit(rule, key)));
  // An event counted past a throttle's limit is never given back: the store keeps only limit + 1
  // events, so past the limit a new event pushes an old one out, and giving both back would let
  // a burst wear the count down below the failures it holds.
  const refund = async () => {
    await Promise.all(
      results.map((result, index) => {
        const throttle = throttles[index];
        return result.ticket !== null && throttle && result.count <= throttle.rule.limit
          ? rateLimiter.refund(throttle.rule, throttle.key, result.ticket)
          : undefined;
      }),
    );
  };
  const refusals = results.filter((result, index) => !result.allowed && throttles[index]?.refuses !== false);
  if (refusals.length > 0) {
    await refund();
    const retryAfterSeconds = Math.max(...refusals.map((result) => result.retryAfterSeconds));
    // The wait in the body too, so that a form can say it (Retry-After says it to any client).
    throw new AppError('RATE_LIMITED', { retryAfterSeconds, value: { retryAfterSeconds } });
  }
  return { counts: results.map((result) => result.count), refund };
}
