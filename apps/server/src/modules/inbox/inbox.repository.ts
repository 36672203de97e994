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

/**
 * Inserts many messages in one statement of array parameters, each unless its member was told of
 * its event before; answers the ids of those inserted.
 */
export async function insertMessagesOnce(
  db: Kysely<Database>,
  messages: readonly Insertable<MemberMessagesTable>[],
): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const column = <T>(pick: (message: Insertable<MemberMessagesTable>) => T) => sql.val(messages.map(pick));
  const created = (message: Insertable<MemberMessagesTable>) =>
    message.created_at instanceof Date ? message.created_at.toISOString() : (message.created_at ?? null);
  const inserted = await sql<{ id: string }>`
    insert into member_messages (id, merchant_id, member_id, kind, params, dedupe_key, created_at)
    select id, merchant_id, member_id, kind, params, dedupe_key, coalesce(created_at, now())
      from unnest(${column((message) => message.id)}::text[], ${column((message) => message.merchant_id)}::text[],
        ${column((message) => message.member_id)}::text[], ${column((message) => message.kind)}::text[],
        ${column((message) => message.params)}::jsonb[], ${column((message) => message.dedupe_key)}::text[],
        ${column(created)}::timestamptz[])
        as m(id, merchant_id, member_id, kind, params, dedupe_key, created_at)
    on conflict (member_id, dedupe_key) do nothing
    returning id`.execute(db);
  return new Set(inserted.rows.map((row) => row.id));
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
