import { type Kysely, sql } from 'kysely';

// The live chat of our own (docs/chat.md):
// - chat_visitors: a guest who gave a name and a contact at the chat launch, with the hash of the
//   chat token they were answered (valid 24 h); members chat with their session instead;
// - chat_conversations: one customer (a member or a visitor) with the merchant's support desk,
//   waiting → active (one operator, accepted_by) → closed. At most one conversation of a customer
//   is open at a time (unique partial indexes), so two tabs sending at once share it. A
//   conversation started while no operator was on the desk is a ticket (is_ticket) the desk
//   answers later. Read marks are the highest message id each side has read;
// - chat_messages: the transcript, account numbers already masked when stored;
// - chat_canned_replies: an operator-managed list of ready answers per merchant.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_visitors (
      id text primary key,
      merchant_id text not null references merchants (id),
      name text not null check (char_length(name) between 1 and 60),
      contact text not null check (char_length(contact) between 3 and 100),
      token_hash text not null unique,
      expires_at timestamptz not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index chat_visitors_expiry_idx on chat_visitors (expires_at)`.execute(db);

  await sql`
    create table chat_conversations (
      id text primary key,
      merchant_id text not null references merchants (id),
      member_id text null references members (id),
      visitor_id text null references chat_visitors (id),
      status text not null check (status in ('waiting', 'active', 'closed')),
      is_ticket boolean not null default false,
      operator_id text null references operators (id),
      priority integer not null default 0,
      customer_read_id bigint not null default 0,
      operator_read_id bigint not null default 0,
      rating smallint null check (rating between 1 and 5),
      created_at timestamptz not null,
      accepted_at timestamptz null,
      closed_at timestamptz null,
      last_message_at timestamptz not null,
      check ((member_id is null) <> (visitor_id is null)),
      check ((status = 'active') = (operator_id is not null and closed_at is null) or status <> 'active'),
      check ((status = 'closed') = (closed_at is not null))
    )`.execute(db);
  await sql`create unique index chat_conversations_open_member_idx on chat_conversations (member_id)
    where status <> 'closed' and member_id is not null`.execute(db);
  await sql`create unique index chat_conversations_open_visitor_idx on chat_conversations (visitor_id)
    where status <> 'closed' and visitor_id is not null`.execute(db);
  await sql`create index chat_conversations_queue_idx on chat_conversations (merchant_id, status, priority desc, created_at)`.execute(
    db,
  );
  await sql`create index chat_conversations_operator_idx on chat_conversations (operator_id, status)`.execute(
    db,
  );

  await sql`
    create table chat_messages (
      id bigserial primary key,
      conversation_id text not null references chat_conversations (id),
      sender_kind text not null check (sender_kind in ('member', 'visitor', 'operator', 'system')),
      operator_id text null references operators (id),
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null,
      check ((sender_kind = 'operator') = (operator_id is not null))
    )`.execute(db);
  await sql`create index chat_messages_conversation_idx on chat_messages (conversation_id, id)`.execute(db);

  await sql`
    create table chat_canned_replies (
      id text primary key,
      merchant_id text not null references merchants (id),
      title text not null check (char_length(title) between 1 and 60),
      body text not null check (char_length(body) between 1 and 2000),
      sort_order integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index chat_canned_replies_merchant_idx on chat_canned_replies (merchant_id, sort_order, id)`.execute(
    db,
  );
}
