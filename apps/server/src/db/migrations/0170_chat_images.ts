import { type Kysely, sql } from 'kysely';

// Pictures in the live chat (docs/chat.md "Images"): uploaded one at a time into a conversation by
// its customer (a visitor only once an operator has accepted it) or by the operator holding it,
// re-encoded as WebP by the image store, then sent as a message naming it. An image is sent at
// most once (the unique image_id), and a message is a text, or an image with an empty text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_images (
      id text primary key,
      merchant_id text not null references merchants (id),
      conversation_id text not null references chat_conversations (id),
      uploader_kind text not null check (uploader_kind in ('member', 'visitor', 'operator')),
      operator_id text null references operators (id),
      image_path text not null,
      byte_size integer not null check (byte_size between 1 and 5242880),
      created_at timestamptz not null,
      check ((uploader_kind = 'operator') = (operator_id is not null))
    )`.execute(db);
  await sql`create index chat_images_conversation_idx on chat_images (conversation_id, created_at)`.execute(
    db,
  );
  await sql`
    alter table chat_messages
      add column image_id text null unique references chat_images (id),
      drop constraint chat_messages_body_check,
      add constraint chat_messages_body_check
        check (char_length(body) between 1 and 2000 or (image_id is not null and body = ''))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table chat_messages
      drop constraint chat_messages_body_check,
      drop column image_id,
      add constraint chat_messages_body_check check (char_length(body) between 1 and 2000)`.execute(db);
  await sql`drop table chat_images`.execute(db);
}
