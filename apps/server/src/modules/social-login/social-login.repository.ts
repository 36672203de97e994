import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SocialIdentitiesTable, SocialLoginStatesTable } from '../../db/schema.ts';

export type SocialLoginStateRow = Selectable<SocialLoginStatesTable>;

/** Deletes the states that expired before `before` (logins abandoned at the provider). */
export async function deleteStatesExpiredBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('social_login_states').where('expires_at', '<', before).execute();
}

export async function insertState(
  db: Kysely<Database>,
  row: Insertable<SocialLoginStatesTable>,
): Promise<void> {
  await db.insertInto('social_login_states').values(row).execute();
}

/** Marks the live, unused state of the merchant's provider called back; answers it when it did. */
export function takeStateForCallback(
  db: Kysely<Database>,
  input: { stateHash: string; merchantId: string; provider: string; at: Date },
): Promise<SocialLoginStateRow | undefined> {
  return db
    .updateTable('social_login_states')
    .set({ callback_at: input.at })
    .where('state_hash', '=', input.stateHash)
    .where('merchant_id', '=', input.merchantId)
    .where('provider', '=', input.provider)
    .where('callback_at', 'is', null)
    .where('expires_at', '>', input.at)
    .returningAll()
    .executeTakeFirst();
}

export async function findLinkedMemberId(
  db: Kysely<Database>,
  merchantId: string,
  provider: string,
  subject: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('social_identities')
    .select('member_id')
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.member_id ?? null;
}

export async function insertIdentity(
  db: Kysely<Database>,
  row: Insertable<SocialIdentitiesTable>,
): Promise<void> {
  await db.insertInto('social_identities').values(row).execute();
}

/** Writes the callback's outcome and its ticket's hash on the state. */
export async function setStateTicket(
  db: Kysely<Database>,
  stateHash: string,
  ticket: {
    memberId: string | null;
    errorCode: string | null;
    ticketHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .updateTable('social_login_states')
    .set({
      member_id: ticket.memberId,
      error_code: ticket.errorCode,
      login_code_hash: ticket.ticketHash,
      login_code_expires_at: ticket.expiresAt,
    })
    .where('state_hash', '=', stateHash)
    .execute();
}

/** Uses up the merchant's live ticket of this hash; answers its outcome when it did. */
export function takeTicket(
  db: Kysely<Database>,
  input: { merchantId: string; ticketHash: string; at: Date },
): Promise<{ member_id: string | null; error_code: string | null; provider: string } | undefined> {
  return db
    .updateTable('social_login_states')
    .set({ used_at: input.at })
    .where('login_code_hash', '=', input.ticketHash)
    .where('merchant_id', '=', input.merchantId)
    .where('used_at', 'is', null)
    .where('login_code_expires_at', '>', input.at)
    .returning(['member_id', 'error_code', 'provider'])
    .executeTakeFirst();
}
