import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, MemberMessagesTable } from '../../db/schema.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';

export type MemberMessageRow = Selectable<MemberMessagesTable>;

/** Inserts the message unless the member was told of this event (its dedupe key) before. */
export async function insertMessageOnce(
  db: Kysely<Database>,
  message: Insertable<MemberMessagesTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('member_messages')
    .values(message)
    .onConflict((conflict) => conflict.columns(['member_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One page of the member's messages, newest first, and how many there are in all. */
export async function findMessagesPage(
  db: Kysely<Database>,
  memberId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberMessageRow[]; total: number }> {
  const base = db.selectFrom('member_messages').where('member_id', '=', memberId);
  return findNewestFirstPage(base, page);
}

export async function countUnreadMessages(db: Kysely<Database>, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_messages')
    .select(sql<string>`count(*)`.as('total'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks the named unread messages of the member read (all of them when `ids` is null). */
export async function markMessagesRead(
  db: Kysely<Database>,
  memberId: string,
  ids: readonly string[] | null,
  readAt: Date,
): Promise<number> {
  let query = db
    .updateTable('member_messages')
    .set({ read_at: readAt })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : ['']);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
