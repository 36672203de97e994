import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MemberProfileChangesTable, MembersTable } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

export type ProfileChangeRow = MemberProfileChangesTable & { created_at: Date };

/**
 * Sets the birthday only while none is set (a guarded statement): of two simultaneous first
 * settings exactly one changes the row. Answers whether this one did.
 */
export async function setBirthdayWhileUnset(db: Executor, memberId: string, birthday: string, at: Date) {
  const result = await db
    .updateTable('members')
    .set({ birthday, updated_at: at })
    .where('id', '=', memberId)
    .where('birthday', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Writes exactly these columns. */
export async function updateProfileColumns(
  db: Executor,
  memberId: string,
  changes: Updateable<MembersTable>,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', memberId).execute();
}

/** Sets or removes contact entries (Telegram, Zalo) in the member's `contacts` document. */
export async function updateContactEntries(
  db: Executor,
  memberId: string,
  entries: Record<string, string | null>,
): Promise<void> {
  const keep = Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null));
  const drop = Object.keys(entries).filter((key) => entries[key] === null);
  await db
    .updateTable('members')
    .set({
      contacts: sql`(contacts - ${sql.val(drop)}::text[]) || ${JSON.stringify(keep)}::jsonb`,
    })
    .where('id', '=', memberId)
    .execute();
}

/** Serialises changes to one e-mail address at a merchant, which no unique index guards. */
export async function lockEmailAddress(db: Executor, merchantId: string, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`member_email:${merchantId}:${email}`}, 0))`.execute(
    db,
  );
}

/** Another member of the merchant with this (lower-case) e-mail address, if any. */
export async function findOtherMemberWithEmail(
  db: Executor,
  merchantId: string,
  memberId: string,
  email: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', '<>', memberId)
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
}

/** One field's change of a member's profile, by the member or an operator. */
export type ProfileChange = {
  merchantId: string;
  memberId: string;
  field: string;
  before: string | null;
  after: string | null;
  actorType: 'member' | 'operator';
  actorId: string | null;
  at: Date;
};

/** Writes profile changes to the member's history (member_profile_changes), a row each. */
export async function insertProfileChanges(db: Executor, changes: readonly ProfileChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows: Insertable<MemberProfileChangesTable>[] = changes.map((change) => ({
    id: uuidv7(),
    merchant_id: change.merchantId,
    member_id: change.memberId,
    field: change.field,
    before: change.before,
    after: change.after,
    actor_type: change.actorType,
    actor_id: change.actorId,
    created_at: change.at,
  }));
  await db.insertInto('member_profile_changes').values(rows).execute();
}

/** A member's latest profile changes, newest first. */
export function findProfileChanges(db: Executor, memberId: string, limit: number) {
  return db
    .selectFrom('member_profile_changes')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
