import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteExpiredChallenges, takeChallenge, upsertChallenge } from './captcha.repository.ts';
import { createCaptchaText, drawCaptcha } from './captcha-image.ts';

export const CAPTCHA_EXPIRY_MINUTES = 5;
const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const ANSWER_LENGTH_MAX = 16;

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Captcha challenges bound to a browser by an id (the HttpOnly `captchaId` cookie). A browser has
 * one challenge at a time: a new image replaces the old answer. Answers are single use.
 */
export function createCaptchaService(deps: { db: Kysely<Database>; appSecret: Buffer; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const hashAnswer = (id: string, answer: string) =>
    createHmac('sha256', deps.appSecret).update(`captcha:${id}:${answer.toUpperCase()}`).digest('hex');

  return {
    isCaptchaId: (value: string | undefined): value is string =>
      value !== undefined && CAPTCHA_ID_PATTERN.test(value),

    /** A new challenge for this browser (keeping its id when it has a well-formed one). */
    async issue(existingId: string | undefined): Promise<{ id: string; imageDataUrl: string }> {
      const id =
        existingId && CAPTCHA_ID_PATTERN.test(existingId)
          ? existingId
          : randomBytes(18).toString('base64url');
      const text = createCaptchaText();
      const timestamp = now();
      const expiresAt = new Date(timestamp.getTime() + CAPTCHA_EXPIRY_MINUTES * 60_000);
      await upsertChallenge(db, { id, answerHash: hashAnswer(id, text), createdAt: timestamp, expiresAt });
      return { id, imageDataUrl: `data:image/png;base64,${drawCaptcha(text).toString('base64')}` };
    },

    /** Whether answer solves id's live challenge; the challenge is used up either way. */
    async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!id || !CAPTCHA_ID_PATTERN.test(id) || !answer) return false;
      const trimmed = answer.trim();
      if (trimmed.length === 0 || trimmed.length > ANSWER_LENGTH_MAX) return false;
      const row = await takeChallenge(db, id);
      if (!row || row.expires_at.getTime() <= now().getTime()) return false;
      return timingSafeEqual(
        Buffer.from(row.answer_hash, 'hex'),
        Buffer.from(hashAnswer(id, trimmed), 'hex'),
      );
    },

    /** Removes challenges that expired before the given time; answers how many. */
    purgeExpired: (): Promise<number> => deleteExpiredChallenges(db, now()),
  };
}
