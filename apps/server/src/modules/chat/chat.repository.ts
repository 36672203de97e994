import { sql } from 'kysely';
import type { ChatSenderKind } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type ChatConversationRow = Row<'chat_conversations'>;
export type ChatMessageRow = Row<'chat_messages'>;
export type ChatVisitorRow = Row<'chat_visitors'>;
export type ChatCannedReplyRow = Row<'chat_canned_replies'>;
export type ChatImageRow = Row<'chat_images'>;

/** Who a conversation belongs to: a member (their session) or a visitor (their chat token). */
export type ChatOwner = { kind: 'member'; memberId: string } | { kind: 'visitor'; visitorId: string };

/** A conversation as the desk lists it, with its customer's name and the latest message. */
export type ChatQueueRow = ChatConversationRow & {
  customer_name: string;
  customer_contact: string | null;
  member_account: string | null;
  operator_name: string | null;
  last_body: string | null;
  unread_count: number;
};

export async function insertVisitor(db: Executor, row: NewRow<'chat_visitors'>): Promise<void> {
  await db.insertInto('chat_visitors').values(row).execute();
}

export async function findVisitorByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<ChatVisitorRow | null> {
  return (
    (await db
      .selectFrom('chat_visitors')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst()) ?? null
  );
}

function whereOwner(owner: ChatOwner) {
  return owner.kind === 'member'
    ? (['member_id', '=', owner.memberId] as const)
    : (['visitor_id', '=', owner.visitorId] as const);
}

export async function findOpenConversation(
  db: Executor,
  owner: ChatOwner,
): Promise<ChatConversationRow | null> {
  const [column, operator, value] = whereOwner(owner);
  return (
    (await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where(column, operator, value)
      .where('status', '<>', 'closed')
      .executeTakeFirst()) ?? null
  );
}

/** The owner's latest conversation, open or closed (a closed one still shows its transcript). */
export async function findLatestConversation(
  db: Executor,
  owner: ChatOwner,
): Promise<ChatConversationRow | null> {
  const [column, operator, value] = whereOwner(owner);
  return (
    (await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where(column, operator, value)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Opens a conversation unless the owner has one open already; the unique partial indexes make two
 * simultaneous first messages share one. Answers whether this call created it.
 */
export async function insertConversationIfNone(
  db: Executor,
  row: NewRow<'chat_conversations'>,
): Promise<boolean> {
  const result = await sql`
    insert into chat_conversations
      (id, merchant_id, member_id, visitor_id, status, is_ticket, priority, created_at, last_message_at)
    values (${row.id}, ${row.merchant_id}, ${row.member_id ?? null}, ${row.visitor_id ?? null}, 'waiting',
      ${row.is_ticket ?? false}, ${row.priority ?? 0}, ${row.created_at}, ${row.last_message_at})
    on conflict do nothing`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function findConversation(
  db: Executor,
  merchantId: string,
  conversationId: string,
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst()) ?? null
  );
}

/** The merchant a conversation belongs to, or null when there is none. */
export async function findConversationMerchantId(
  db: Executor,
  conversationId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('chat_conversations')
    .select('merchant_id')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.merchant_id ?? null;
}

export async function insertMessage(
  db: Executor,
  row: {
    conversationId: string;
    senderKind: ChatSenderKind;
    operatorId: string | null;
    body: string;
    at: Date;
    imageId?: string;
  },
): Promise<ChatMessageRow> {
  const message = await db
    .insertInto('chat_messages')
    .values({
      conversation_id: row.conversationId,
      sender_kind: row.senderKind,
      operator_id: row.operatorId,
      body: row.body,
      created_at: row.at,
      image_id: row.imageId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chat_conversations')
    .set({ last_message_at: row.at })
    .where('id', '=', row.conversationId)
    .execute();
  return message;
}

export async function findMessages(
  db: Executor,
  conversationId: string,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** Raises a read mark (never lowers it) up to the conversation's latest message; answers the mark. */
export async function raiseReadMark(
  db: Executor,
  conversationId: string,
  side: 'customer' | 'operator',
  upTo: bigint,
): Promise<bigint | null> {
  const column = side === 'customer' ? sql.ref('customer_read_id') : sql.ref('operator_read_id');
  const row = await sql<{ mark: bigint }>`
    update chat_conversations c
    set ${column} = greatest(${column}, least(${upTo}::bigint,
      coalesce((select max(id) from chat_messages m where m.conversation_id = c.id), 0)))
    where c.id = ${conversationId}
    returning ${column} as mark`.execute(db);
  return row.rows[0]?.mark ?? null;
}

/**
 * Locks the operator's row for the rest of the transaction, so that their accepts and the
 * transfers to them are counted one at a time against their limit.
 */
export async function lockOperator(db: Executor, operatorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('id')
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives a waiting conversation to the operator, in one guarded statement: only while it is still
 * waiting (the first of two operators wins) and only while the operator has fewer than `activeMax`
 * active conversations (the caller holds the operator's row lock, so the count is current).
 */
export async function acceptConversation(
  db: Executor,
  input: { merchantId: string; conversationId: string; operatorId: string; activeMax: number; at: Date },
): Promise<ChatConversationRow | null> {
  const result = await sql<ChatConversationRow>`
    update chat_conversations set status = 'active', operator_id = ${input.operatorId}, accepted_at = ${input.at}
    where id = ${input.conversationId} and merchant_id = ${input.merchantId} and status = 'waiting'
      and (select count(*) from chat_conversations a
           where a.operator_id = ${input.operatorId} and a.status = 'active') < ${input.activeMax}
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

/** Hands an active conversation from one operator to another under the same limit as an accept. */
export async function transferConversation(
  db: Executor,
  input: {
    merchantId: string;
    conversationId: string;
    fromOperatorId: string;
    toOperatorId: string;
    activeMax: number;
  },
): Promise<ChatConversationRow | null> {
  const result = await sql<ChatConversationRow>`
    update chat_conversations set operator_id = ${input.toOperatorId}
    where id = ${input.conversationId} and merchant_id = ${input.merchantId} and status = 'active'
      and operator_id = ${input.fromOperatorId}
      and (select count(*) from chat_conversations a
           where a.operator_id = ${input.toOperatorId} and a.status = 'active') < ${input.activeMax}
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

export async function closeConversation(
  db: Executor,
  input: { merchantId: string; conversationId: string; operatorId: string | null; at: Date },
): Promise<ChatConversationRow | null> {
  let query = db
    .updateTable('chat_conversations')
    .set({ status: 'closed', closed_at: input.at })
    .where('id', '=', input.conversationId)
    .where('merchant_id', '=', input.merchantId)
    .where('status', '<>', 'closed');
  if (input.operatorId !== null) {
    const operatorId = input.operatorId;
    // An operator closes their own conversation, or a waiting one (a ticket answered elsewhere).
    query = query.where((eb) => eb.or([eb('operator_id', '=', operatorId), eb('status', '=', 'waiting')]));
  }
  return (await query.returningAll().executeTakeFirst()) ?? null;
}

export async function rateConversation(
  db: Executor,
  conversationId: string,
  rating: number,
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .updateTable('chat_conversations')
      .set({ rating })
      .where('id', '=', conversationId)
      .where('status', '=', 'closed')
      .where('rating', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Marks a conversation as on a withdrawal or bank-detail topic, once; null when it was already. */
export async function flagMoneyTopic(
  db: Executor,
  conversationId: string,
  at: Date,
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .updateTable('chat_conversations')
      .set({ topic_flagged_at: at })
      .where('id', '=', conversationId)
      .where('topic_flagged_at', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/**
 * The operator asks the member of their active conversation to confirm who they are: a new
 * request (an earlier confirmation no longer counts). Null unless the conversation is the
 * operator's, active, and a member's.
 */
export async function requestIdentity(
  db: Executor,
  input: { merchantId: string; conversationId: string; operatorId: string; at: Date },
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .updateTable('chat_conversations')
      .set({ identity_requested_at: input.at, identity_confirmed_at: null })
      .where('id', '=', input.conversationId)
      .where('merchant_id', '=', input.merchantId)
      .where('operator_id', '=', input.operatorId)
      .where('status', '=', 'active')
      .where('member_id', 'is not', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Records the member's confirmation of an open request, once; null when there is none to answer. */
export async function confirmIdentity(
  db: Executor,
  conversationId: string,
  at: Date,
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .updateTable('chat_conversations')
      .set({ identity_confirmed_at: at })
      .where('id', '=', conversationId)
      .where('status', '=', 'active')
      .where('identity_requested_at', 'is not', null)
      .where('identity_confirmed_at', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

const QUEUE_SELECT = sql`
  select c.*,
    coalesce(v.name, nullif(mb.nickname, ''), mb.account) as customer_name,
    v.contact as customer_contact,
    mb.account as member_account,
    o.display_name as operator_name,
    (select body from chat_messages m where m.conversation_id = c.id order by m.id desc limit 1) as last_body,
    (select count(*)::integer from chat_messages m
      where m.conversation_id = c.id and m.id > c.operator_read_id and m.sender_kind <> 'operator') as unread_count
  from chat_conversations c
  left join chat_visitors v on v.id = c.visitor_id
  left join members mb on mb.id = c.member_id
  left join operators o on o.id = c.operator_id`;

/** The desk's view: waiting conversations (VIP first, then the longest waiting) and the active ones. */
export async function findOpenQueue(
  db: Executor,
  merchantId: string,
  limit: number,
): Promise<ChatQueueRow[]> {
  const result = await sql<ChatQueueRow>`${QUEUE_SELECT}
    where c.merchant_id = ${merchantId} and c.status <> 'closed'
    order by (c.status = 'waiting') desc, c.priority desc, c.created_at, c.id
    limit ${limit}`.execute(db);
  return result.rows;
}

export async function findQueueRow(db: Executor, conversationId: string): Promise<ChatQueueRow | null> {
  const result = await sql<ChatQueueRow>`${QUEUE_SELECT} where c.id = ${conversationId}`.execute(db);
  return result.rows[0] ?? null;
}

export async function findRecentlyClosed(
  db: Executor,
  merchantId: string,
  limit: number,
): Promise<ChatQueueRow[]> {
  const result = await sql<ChatQueueRow>`${QUEUE_SELECT}
    where c.merchant_id = ${merchantId} and c.status = 'closed'
    order by c.closed_at desc, c.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

export async function findOperatorName(db: Executor, operatorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('operators')
    .select('display_name')
    .where('id', '=', operatorId)
    .executeTakeFirst();
  return row?.display_name ?? null;
}

export async function findMerchantOperators(
  db: Executor,
  merchantId: string,
): Promise<{ id: string; display_name: string; role_id: string }[]> {
  return db
    .selectFrom('operators')
    .select(['id', 'display_name', 'role_id'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'active')
    .orderBy('display_name')
    .execute();
}

export async function findCannedReplies(db: Executor, merchantId: string): Promise<ChatCannedReplyRow[]> {
  return db
    .selectFrom('chat_canned_replies')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertCannedReply(
  db: Executor,
  row: NewRow<'chat_canned_replies'>,
): Promise<ChatCannedReplyRow> {
  return db.insertInto('chat_canned_replies').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteCannedReply(
  db: Executor,
  merchantId: string,
  id: string,
): Promise<ChatCannedReplyRow | null> {
  return (
    (await db
      .deleteFrom('chat_canned_replies')
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export async function countCannedReplies(db: Executor, merchantId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_canned_replies')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks a conversation's row for the rest of the transaction, answering it as it is now. */
export async function lockConversation(
  db: Executor,
  conversationId: string,
): Promise<ChatConversationRow | null> {
  return (
    (await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function countImages(db: Executor, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_images')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertImage(db: Executor, row: NewRow<'chat_images'>): Promise<ChatImageRow> {
  return db.insertInto('chat_images').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findImage(db: Executor, imageId: string): Promise<ChatImageRow | null> {
  return (
    (await db.selectFrom('chat_images').selectAll().where('id', '=', imageId).executeTakeFirst()) ?? null
  );
}

/** Whether an image has been sent in a message already. */
export async function isImageSent(db: Executor, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('image_id', '=', imageId)
    .executeTakeFirst();
  return row !== undefined;
}
