import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { Language } from '../../platform/i18n/language.ts';
import type { Channel, Messenger } from '../../platform/messaging/messenger.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import {
  consumeCode,
  consumeLiveCodes,
  findLatestCode,
  insertCode,
  reserveCodeAttempt,
} from './verification.repository.ts';

/** What a code is for; a code only opens the door it was sent for. */
export type CodePurpose = 'register' | 'noLogin' | 'loginStep' | 'contactChange';

export type SendCodeInput = {
  merchantId: string;
  purpose: CodePurpose;
  channel: Channel;
  /** E.164 phone number or lower-case email address. */
  destination: string;
  language: Language;
  /** Who asks (the client's IP): one send per second each. */
  clientKey: string;
  /**
   * False when the code must not actually go out (no account has this number) but the caller
   * should not be able to tell: every limit is still counted and the same answer given.
   */
  deliver?: boolean;
};

export type CheckCodeInput = { merchantId: string; purpose: CodePurpose; destination: string; code: string };

export const CODE_EXPIRY_MINUTES = 5;
const CODE_DIGITS = 6;
/** Wrong guesses a code survives; then it is dead and a new one must be sent. */
const CODE_ATTEMPTS_MAX = 5;
const SMS_TOO_MANY_RETRY_SECONDS = 300;

// API.md "Throttles": one per second per client; per destination one per 60 s and five per hour.
export const SEND_PER_CLIENT: RateLimitRule = { name: 'code-client', limit: 1, windowSeconds: 1 };
export const SEND_PER_DESTINATION_MINUTE: RateLimitRule = {
  name: 'code-dest-60s',
  limit: 1,
  windowSeconds: 60,
};
export const SEND_PER_DESTINATION_HOUR: RateLimitRule = {
  name: 'code-dest-1h',
  limit: 5,
  windowSeconds: 3600,
};

const TEXTS: Record<Language, (code: string) => { subject: string; body: string }> = {
  EN: (code) => ({
    subject: 'Your Panalo verification code',
    body: `Your Panalo code is ${code}. It expires in ${CODE_EXPIRY_MINUTES} minutes. Never share it with anyone.`,
  }),
  TY: (code) => ({
    subject: 'Ang iyong Panalo verification code',
    body: `Ang iyong Panalo code ay ${code}. Mag-e-expire ito sa loob ng ${CODE_EXPIRY_MINUTES} minuto. Huwag itong ibahagi kaninuman.`,
  }),
};

export type VerificationService = ReturnType<typeof createVerificationService>;

/** One-time codes by SMS or email: sent through the messenger, stored only as a keyed hash. */
export function createVerificationService(deps: {
  db: Kysely<Database>;
  messenger: Messenger;
  rateLimiter: RateLimiter;
  appSecret: Buffer;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const hashCode = (id: string, code: string) =>
    createHmac('sha256', deps.appSecret).update(`${id}:${code}`).digest('hex');

  async function throttle(input: SendCodeInput): Promise<void> {
    const client = await deps.rateLimiter.hit(SEND_PER_CLIENT, input.clientKey);
    if (!client.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: client.retryAfterSeconds });
    const destinationKey = `${input.merchantId}:${input.destination}`;
    const hourly = await deps.rateLimiter.peek(SEND_PER_DESTINATION_HOUR, destinationKey);
    if (hourly >= SEND_PER_DESTINATION_HOUR.limit) {
      throw new AppError('SMS_TOO_MANY', { retryAfterSeconds: SMS_TOO_MANY_RETRY_SECONDS });
    }
    const minute = await deps.rateLimiter.hit(SEND_PER_DESTINATION_MINUTE, destinationKey);
    if (!minute.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: minute.retryAfterSeconds });
    await deps.rateLimiter.hit(SEND_PER_DESTINATION_HOUR, destinationKey);
  }

  return {
    async sendCode(input: SendCodeInput): Promise<{ expiredMinutes: number }> {
      await throttle(input);
      if (input.deliver === false) return { expiredMinutes: CODE_EXPIRY_MINUTES };
      const code = String(randomInt(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
      const id = uuidv7();
      const timestamp = now();
      await db.transaction().execute(async (trx) => {
        // A new code voids the older ones for the same door.
        await consumeLiveCodes(trx, input, timestamp);
        await insertCode(trx, {
          id,
          merchant_id: input.merchantId,
          purpose: input.purpose,
          channel: input.channel,
          destination: input.destination,
          code_hash: hashCode(id, code),
          created_at: timestamp,
          expires_at: new Date(timestamp.getTime() + CODE_EXPIRY_MINUTES * 60_000),
        });
      });
      const text = TEXTS[input.language](code);
      await deps.messenger.send({
        merchantId: input.merchantId,
        channel: input.channel,
        destination: input.destination,
        purpose: input.purpose,
        ...(input.channel === 'email' ? { subject: text.subject } : {}),
        body: text.body,
      });
      return { expiredMinutes: CODE_EXPIRY_MINUTES };
    },

    /** Consumes the live code if it matches; SMS_CODE_INVALID or SMS_CODE_EXPIRED otherwise. */
    async checkCode(input: CheckCodeInput): Promise<void> {
      const code = input.code.trim();
      const latest = await findLatestCode(db, input);
      if (!latest || latest.consumed_at || latest.attempts >= CODE_ATTEMPTS_MAX) {
        throw new AppError('SMS_CODE_INVALID');
      }
      if (latest.expires_at.getTime() <= now().getTime()) throw new AppError('SMS_CODE_EXPIRED');
      // The attempt is counted before the code is compared, by a guarded update, so that a burst
      // of simultaneous guesses is compared no more than CODE_ATTEMPTS_MAX times.
      if (!(await reserveCodeAttempt(db, latest.id, CODE_ATTEMPTS_MAX)))
        throw new AppError('SMS_CODE_INVALID');
      const expected = Buffer.from(latest.code_hash, 'hex');
      const actual = Buffer.from(hashCode(latest.id, code), 'hex');
      const matches = /^[0-9]{6}$/.test(code) && timingSafeEqual(expected, actual);
      if (!matches) throw new AppError('SMS_CODE_INVALID');
      // Consuming is a guarded update too, so two racing right answers cannot both succeed.
      if (!(await consumeCode(db, latest.id, now()))) throw new AppError('SMS_CODE_INVALID');
    },
  };
}
