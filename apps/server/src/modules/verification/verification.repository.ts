import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type VerificationCodeRow = Row<'verification_codes'>;

/** The door a code opens: a merchant's destination for one purpose. */
export type CodeDoor = { merchantId: string; destination: string; purpose: string };

/** Voids the live codes of the door (a new code replaces them). */
export async function consumeLiveCodes(db: Executor, door: CodeDoor, at: Date): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('merchant_id', '=', door.merchantId)
    .where('destination', '=', door.destination)
    .where('purpose', '=', door.purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(db: Executor, row: NewRow<'verification_codes'>): Promise<void> {
  await db.insertInto('verification_codes').values(row).execute();
}

/** The newest code sent to the door, live or not. */
export function findLatestCode(db: Executor, door: CodeDoor): Promise<VerificationCodeRow | undefined> {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('merchant_id', '=', door.merchantId)
    .where('destination', '=', door.destination)
    .where('purpose', '=', door.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one attempt on a live code that has attempts left; false when it has none. */
export async function reserveCodeAttempt(db: Executor, id: string, attemptsMax: number): Promise<boolean> {
  const reserved = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', attemptsMax)
    .returning('id')
    .executeTakeFirst();
  return reserved !== undefined;
}

/** Consumes the code unless someone did first; answers whether this call did. */
export async function consumeCode(db: Executor, id: string, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
