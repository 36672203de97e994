import { type Kysely, sql } from 'kysely';

// The live chat's identity re-confirmation (docs/chat.md "Identity before money topics"):
// - topic_flagged_at: when a member's message first spoke of a withdrawal or bank details;
// - identity_requested_at / identity_confirmed_at: an operator asked the member to confirm who
//   they are with their login password, and when they did (null again after a new request).
// And an index for the desk's figures, which read a merchant's conversations by their times.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table chat_conversations
      add column topic_flagged_at timestamptz null,
      add column identity_requested_at timestamptz null,
      add column identity_confirmed_at timestamptz null,
      add constraint chat_conversations_identity_check
        check (identity_confirmed_at is null or identity_requested_at is not null)`.execute(db);
  await sql`create index chat_conversations_merchant_created_idx on chat_conversations (merchant_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index chat_conversations_merchant_created_idx`.execute(db);
  await sql`
    alter table chat_conversations
      drop constraint chat_conversations_identity_check,
      drop column topic_flagged_at,
      drop column identity_requested_at,
      drop column identity_confirmed_at`.execute(db);
}
