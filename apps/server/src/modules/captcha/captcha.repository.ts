import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Stores the browser's challenge, replacing the one it had (a new image, a new answer, no attempts). */
export async function upsertChallenge(
  db: Kysely<Database>,
  challenge: { id: string; answerHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captcha_challenges')
    .values({
      id: challenge.id,
      answer_hash: challenge.answerHash,
      created_at: challenge.createdAt,
      expires_at: challenge.expiresAt,
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        answer_hash: challenge.answerHash,
        attempts: 0,
        expires_at: challenge.expiresAt,
      }),
    )
    .execute();
}

/** Deletes the challenge and answers what it held: an answer is tried once. */
export function takeChallenge(
  db: Kysely<Database>,
  id: string,
): Promise<{ answer_hash: string; expires_at: Date } | undefined> {
  return db
    .deleteFrom('captcha_challenges')
    .where('id', '=', id)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}

/** Deletes the challenges that expired before `before`; answers how many. */
export async function deleteExpiredChallenges(db: Kysely<Database>, before: Date): Promise<number> {
  const rows = await db
    .deleteFrom('captcha_challenges')
    .where('expires_at', '<', before)
    .returning('id')
    .execute();
  return rows.length;
}
