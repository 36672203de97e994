import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { pngOrJpegOf } from '../../platform/storage/image-type.ts';
import {
  acceptConversation,
  type ChatConversationRow,
  type ChatImageRow,
  type ChatMessageRow,
  type ChatOwner,
  type ChatQueueRow,
  closeConversation,
  confirmIdentity,
  countCannedReplies,
  countImages,
  deleteCannedReply,
  findCannedReplies,
  findConversation,
  findConversationMerchantId,
  findImage,
  findLatestConversation,
  findMerchantOperators,
  findMessages,
  findOpenConversation,
  findOpenQueue,
  findOperatorName,
  findQueueRow,
  findRecentlyClosed,
  findVisitorByTokenHash,
  flagMoneyTopic,
  insertCannedReply,
  insertConversationIfNone,
  insertImage,
  insertMessage,
  insertVisitor,
  isImageSent,
  lockConversation,
  lockOperator,
  raiseReadMark,
  rateConversation,
  requestIdentity,
  transferConversation,
} from './chat.repository.ts';
import { isMoneyTopic, maskAccountNumbers, normaliseChatText } from './chat-text.ts';

export type { ChatConversationRow, ChatImageRow, ChatMessageRow, ChatOwner, ChatQueueRow };

/** A visitor's chat token is valid this long from the launch. */
export const CHAT_VISITOR_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Visitor tokens carry this prefix, so a handshake tells them from a member's session token. */
export const CHAT_VISITOR_TOKEN_PREFIX = 'cv1.';
export const CHAT_VISITOR_NAME_LENGTH_MAX = 60;
export const CHAT_VISITOR_CONTACT_LENGTH_MAX = 100;
/** A transcript shows at most this many of the latest messages. */
export const CHAT_HISTORY_MESSAGES_MAX = 200;
/** The desk lists at most this many open conversations, and this many recently closed ones. */
export const CHAT_QUEUE_SIZE_MAX = 200;
export const CHAT_CLOSED_LIST_MAX = 50;
/** A merchant keeps at most this many canned replies; a title and a text at most this long. */
export const CHAT_CANNED_REPLIES_MAX = 100;
export const CHAT_CANNED_TITLE_LENGTH_MAX = 60;
/** A picture in the chat: PNG or JPEG by its content, at most 5 MB and 16 megapixels, kept as WebP. */
export const CHAT_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
const CHAT_IMAGE_PIXELS_MAX = 16_000_000;
const CHAT_IMAGE_NAMESPACE = 'chat';
/** Pictures one conversation holds at most, from both sides. */
export const CHAT_IMAGES_PER_CONVERSATION_MAX = 30;
/** Wrong passwords a member may give the chat's identity confirmation in an hour. */
export const CHAT_IDENTITY_FAILURES: RateLimitRule = {
  name: 'chat-identity-fail',
  limit: 5,
  windowSeconds: 3600,
};
/** A password is at most this long (as at login). */
export const CHAT_IDENTITY_PASSWORD_LENGTH_MAX = 128;

export type ChatCannedReply = { id: string; title: string; text: string };

/**
 * The texts of the chat's system notes, stored as these codes and shown by each side in its own
 * words: the operator asked the member to confirm who they are, the member did, or the password
 * they gave was wrong.
 */
export const CHAT_SYSTEM_NOTES = {
  identityRequested: 'identity.requested',
  identityConfirmed: 'identity.confirmed',
  identityFailed: 'identity.failed',
} as const;

/** A customer of the chat: a signed-in member, or a visitor with a chat token. */
export type ChatCustomer = ChatOwner & { merchantId: string; name: string };

/** A support operator on the desk. */
export type ChatOperator = ChangeActor & { merchantId: string; displayName: string };

export type ChatMessageView = {
  id: string;
  conversationId: string;
  senderKind: ChatMessageRow['sender_kind'];
  operatorName: string | null;
  text: string;
  /** The picture the message carries, read by each side at its own address (docs/chat.md "Images"). */
  imageId: string | null;
  createdAt: string;
};

/** Who uploads or sends a picture: the customer into their open conversation, or the operator into theirs. */
export type ChatImageSender =
  | { kind: 'customer'; customer: ChatCustomer }
  | { kind: 'operator'; operator: ChatOperator; conversationId: string };

export type ChatConversationView = {
  id: string;
  status: ChatConversationRow['status'];
  isTicket: boolean;
  priority: number;
  operatorName: string | null;
  customerReadId: string;
  operatorReadId: string;
  rating: number | null;
  createdAt: string;
  acceptedAt: string | null;
  closedAt: string | null;
  /** When the member's messages first spoke of a withdrawal or bank details. */
  topicFlaggedAt: string | null;
  /** The operator's latest request that the member confirm who they are, and its answer. */
  identityRequestedAt: string | null;
  identityConfirmedAt: string | null;
};

export type ChatQueueItem = ChatConversationView & {
  operatorId: string | null;
  memberId: string | null;
  customerName: string;
  customerContact: string | null;
  memberAccount: string | null;
  lastText: string | null;
  unreadCount: number;
  lastMessageAt: string;
};

function messageView(row: ChatMessageRow, operatorNames: ReadonlyMap<string, string>): ChatMessageView {
  return {
    id: row.id.toString(),
    conversationId: row.conversation_id,
    senderKind: row.sender_kind,
    operatorName: row.operator_id === null ? null : (operatorNames.get(row.operator_id) ?? null),
    text: row.body,
    imageId: row.image_id,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Whether the sender may put a picture into the conversation as it stands: it is open; a visitor's
 * only once an operator has accepted it; an operator's only while they hold it.
 */
function assertMayShowImage(
  sender: ChatImageSender,
  conversation: ChatConversationRow | null,
): ChatConversationRow {
  if (!conversation) throw new AppError('CONFLICT', { value: { reason: 'NO_CONVERSATION' } });
  if (conversation.status === 'closed') throw new AppError('CONFLICT', { value: { reason: 'CLOSED' } });
  if (sender.kind === 'operator') {
    if (conversation.status !== 'active' || conversation.operator_id !== sender.operator.id) {
      throw new AppError('CONFLICT', { value: { reason: 'NOT_YOURS' } });
    }
  } else if (sender.customer.kind === 'visitor' && conversation.status !== 'active') {
    throw new AppError('CONFLICT', { value: { reason: 'NOT_ACCEPTED' } });
  }
  return conversation;
}

/** Whether an image was uploaded by this sender (into the conversation named, for an operator). */
function isUploadedBy(image: ChatImageRow, sender: ChatImageSender, conversationId: string): boolean {
  if (image.conversation_id !== conversationId) return false;
  return sender.kind === 'operator'
    ? image.operator_id === sender.operator.id
    : image.uploader_kind === sender.customer.kind;
}

function conversationView(row: ChatConversationRow, operatorName: string | null): ChatConversationView {
  return {
    id: row.id,
    status: row.status,
    isTicket: row.is_ticket,
    priority: row.priority,
    operatorName,
    customerReadId: row.customer_read_id.toString(),
    operatorReadId: row.operator_read_id.toString(),
    rating: row.rating,
    createdAt: row.created_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    topicFlaggedAt: row.topic_flagged_at?.toISOString() ?? null,
    identityRequestedAt: row.identity_requested_at?.toISOString() ?? null,
    identityConfirmedAt: row.identity_confirmed_at?.toISOString() ?? null,
  };
}

function queueItem(row: ChatQueueRow): ChatQueueItem {
  return {
    ...conversationView(row, row.operator_name),
    operatorId: row.operator_id,
    memberId: row.member_id,
    customerName: row.customer_name,
    customerContact: row.customer_contact,
    memberAccount: row.member_account,
    lastText: row.last_body,
    unreadCount: row.unread_count,
    lastMessageAt: new Date(row.last_message_at).toISOString(),
  };
}

function parseMessageId(value: string): bigint | null {
  return /^\d{1,18}$/.test(value) ? BigInt(value) : null;
}

export type ChatService = ReturnType<typeof createChatService>;

/**
 * The live chat's rules (docs/chat.md): visitors' tokens, conversations from the first message to
 * the close, the desk's queue, one operator per conversation under a per-operator limit, read
 * marks, and transcripts with account numbers masked. Delivering events is the wire's business.
 */
export function createChatService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  images: ImageStore;
  now: () => Date;
}) {
  const { db, now } = deps;

  /** The conversation a sender's picture goes into: the customer's open one, or the operator's named one. */
  async function conversationOfSender(sender: ChatImageSender): Promise<ChatConversationRow | null> {
    return sender.kind === 'customer'
      ? findOpenConversation(db, sender.customer)
      : findConversation(db, sender.operator.merchantId, sender.conversationId);
  }

  async function operatorNamesOf(messages: readonly ChatMessageRow[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(messages.flatMap((message) => (message.operator_id ? [message.operator_id] : []))),
    ];
    const names = new Map<string, string>();
    for (const id of ids) names.set(id, (await findOperatorName(db, id)) ?? '');
    return names;
  }

  async function viewOf(row: ChatConversationRow): Promise<ChatConversationView> {
    return conversationView(row, row.operator_id ? await findOperatorName(db, row.operator_id) : null);
  }

  async function transcriptOf(conversationId: string): Promise<ChatMessageView[]> {
    const messages = await findMessages(db, conversationId, CHAT_HISTORY_MESSAGES_MAX);
    const names = await operatorNamesOf(messages);
    return messages.map((message) => messageView(message, names));
  }

  async function requireConversation(
    merchantId: string,
    conversationId: string,
  ): Promise<ChatConversationRow> {
    const found = await findConversation(db, merchantId, conversationId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  function audit(
    executor: Parameters<RecordChange>[0],
    operator: ChatOperator,
    action: string,
    conversationId: string,
    before: unknown,
    after: unknown,
  ) {
    return deps.recordChange(executor, {
      ...actorOf(operator),
      merchantId: operator.merchantId,
      action,
      target: { type: 'chat_conversation', id: conversationId },
      before,
      after,
    });
  }

  return {
    /** A visitor's chat token (valid 24 h), for a name and a contact already validated by the wire. */
    async issueVisitorToken(
      merchantId: string,
      input: { name: string; contact: string },
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = `${CHAT_VISITOR_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const at = now();
      const expiresAt = new Date(at.getTime() + CHAT_VISITOR_TOKEN_TTL_MS);
      await insertVisitor(db, {
        id: uuidv7(),
        merchant_id: merchantId,
        name: input.name,
        contact: input.contact,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        created_at: at,
      });
      return { token, expiresAt };
    },

    /** The visitor behind a chat token, or null when it is unknown or has expired. */
    async resolveVisitorToken(token: string): Promise<ChatCustomer | null> {
      if (!token.startsWith(CHAT_VISITOR_TOKEN_PREFIX) || token.length > 100) return null;
      const visitor = await findVisitorByTokenHash(db, hashToken(token));
      if (!visitor || visitor.expires_at.getTime() <= now().getTime()) return null;
      return { kind: 'visitor', visitorId: visitor.id, merchantId: visitor.merchant_id, name: visitor.name };
    },

    /** The customer's latest conversation with its transcript, or nulls before their first message. */
    async customerState(
      customer: ChatCustomer,
    ): Promise<{ conversation: ChatConversationView | null; messages: ChatMessageView[] }> {
      const latest = await findLatestConversation(db, customer);
      if (!latest) return { conversation: null, messages: [] };
      return { conversation: await viewOf(latest), messages: await transcriptOf(latest.id) };
    },

    /**
     * A customer's message: into their open conversation, or a new one (waiting, a ticket when no
     * operator is on the desk, `priority` their VIP rank). CONFLICT is never answered: a closed
     * conversation is followed by a new one.
     */
    async sendFromCustomer(
      customer: ChatCustomer,
      text: string,
      context: { isDeskOnline: () => Promise<boolean>; priority: () => Promise<number> },
    ): Promise<{
      message: ChatMessageView;
      conversation: ChatConversationView;
      isNew: boolean;
      /** The conversation turned to a withdrawal or bank-detail topic with this message. */
      isFlagged: boolean;
    }> {
      const body = normaliseChatText(text);
      if (body === null) throw new AppError('VALIDATION', { value: { fields: { text: 'length' } } });
      let conversation = await findOpenConversation(db, customer);
      let isNew = false;
      if (!conversation) {
        const at = now();
        const [isOnline, priority] = await Promise.all([context.isDeskOnline(), context.priority()]);
        isNew = await insertConversationIfNone(db, {
          id: uuidv7(),
          merchant_id: customer.merchantId,
          member_id: customer.kind === 'member' ? customer.memberId : null,
          visitor_id: customer.kind === 'visitor' ? customer.visitorId : null,
          status: 'waiting',
          is_ticket: !isOnline,
          priority,
          created_at: at,
          last_message_at: at,
        });
        conversation = await findOpenConversation(db, customer);
        if (!conversation) throw new Error('an open conversation exists after its insert');
      }
      const row = await insertMessage(db, {
        conversationId: conversation.id,
        senderKind: customer.kind,
        operatorId: null,
        body: maskAccountNumbers(body),
        at: now(),
      });
      // Only a member can confirm who they are; a visitor's topic is not flagged.
      const flagged =
        customer.kind === 'member' && conversation.topic_flagged_at === null && isMoneyTopic(body)
          ? await flagMoneyTopic(db, conversation.id, now())
          : null;
      return {
        message: messageView(row, new Map()),
        conversation: await viewOf(flagged ?? conversation),
        isNew,
        isFlagged: flagged !== null,
      };
    },

    /** The customer has read up to a message of their open or latest conversation; answers the mark. */
    async markReadByCustomer(
      customer: ChatCustomer,
      messageId: string,
    ): Promise<{ conversationId: string; upTo: string } | null> {
      const upTo = parseMessageId(messageId);
      const latest = await findLatestConversation(db, customer);
      if (upTo === null || !latest) return null;
      const mark = await raiseReadMark(db, latest.id, 'customer', upTo);
      return mark === null ? null : { conversationId: latest.id, upTo: mark.toString() };
    },

    /** The desk's queue: open conversations, waiting ones first by VIP priority and waiting time. */
    async queue(merchantId: string): Promise<ChatQueueItem[]> {
      return (await findOpenQueue(db, merchantId, CHAT_QUEUE_SIZE_MAX)).map(queueItem);
    },

    async recentlyClosed(merchantId: string): Promise<ChatQueueItem[]> {
      return (await findRecentlyClosed(db, merchantId, CHAT_CLOSED_LIST_MAX)).map(queueItem);
    },

    /** One conversation as the desk lists it (after a change, to tell every operator). */
    async queueItem(conversationId: string): Promise<ChatQueueItem | null> {
      const row = await findQueueRow(db, conversationId);
      return row ? queueItem(row) : null;
    },

    /** A conversation of the operator's merchant with its transcript. */
    async openForDesk(
      operator: ChatOperator,
      conversationId: string,
    ): Promise<{ conversation: ChatQueueItem; messages: ChatMessageView[] }> {
      await requireConversation(operator.merchantId, conversationId);
      const item = await findQueueRow(db, conversationId);
      if (!item) throw new AppError('NOT_FOUND');
      return { conversation: queueItem(item), messages: await transcriptOf(conversationId) };
    },

    /**
     * The operator takes a waiting conversation. Of two operators at once one wins (the other gets
     * CONFLICT); an operator at their limit of active conversations gets LIMIT_REACHED, counted
     * under their row's lock so that a burst of accepts cannot pass it.
     */
    async accept(
      operator: ChatOperator,
      conversationId: string,
      activeMax: number,
    ): Promise<ChatConversationRow> {
      const before = await requireConversation(operator.merchantId, conversationId);
      return db.transaction().execute(async (trx) => {
        if (!(await lockOperator(trx, operator.id))) throw new AppError('FORBIDDEN');
        const accepted = await acceptConversation(trx, {
          merchantId: operator.merchantId,
          conversationId,
          operatorId: operator.id,
          activeMax,
          at: now(),
        });
        if (!accepted) {
          const current = await findConversation(trx, operator.merchantId, conversationId);
          if (current?.status !== 'waiting') throw new AppError('CONFLICT', { value: { reason: 'TAKEN' } });
          throw new AppError('LIMIT_REACHED', { value: { activeMax } });
        }
        await audit(
          trx,
          operator,
          'chat.accept',
          conversationId,
          { status: before.status },
          { status: 'active' },
        );
        return accepted;
      });
    },

    /** An operator's reply, in a conversation they hold. */
    async sendFromOperator(
      operator: ChatOperator,
      conversationId: string,
      text: string,
    ): Promise<ChatMessageView> {
      const body = normaliseChatText(text);
      if (body === null) throw new AppError('VALIDATION', { value: { fields: { text: 'length' } } });
      const conversation = await requireConversation(operator.merchantId, conversationId);
      if (conversation.status !== 'active' || conversation.operator_id !== operator.id) {
        throw new AppError('CONFLICT', { value: { reason: 'NOT_YOURS' } });
      }
      const row = await insertMessage(db, {
        conversationId,
        senderKind: 'operator',
        operatorId: operator.id,
        body: maskAccountNumbers(body),
        at: now(),
      });
      return messageView(row, new Map([[operator.id, operator.displayName]]));
    },

    async markReadByOperator(
      operator: ChatOperator,
      conversationId: string,
      messageId: string,
    ): Promise<{ upTo: string } | null> {
      const upTo = parseMessageId(messageId);
      if (upTo === null) return null;
      await requireConversation(operator.merchantId, conversationId);
      const mark = await raiseReadMark(db, conversationId, 'operator', upTo);
      return mark === null ? null : { upTo: mark.toString() };
    },

    /** Closes the operator's conversation (or a waiting one); CONFLICT when it is not theirs or closed. */
    async close(operator: ChatOperator, conversationId: string): Promise<ChatConversationRow> {
      const before = await requireConversation(operator.merchantId, conversationId);
      return db.transaction().execute(async (trx) => {
        const closed = await closeConversation(trx, {
          merchantId: operator.merchantId,
          conversationId,
          operatorId: operator.id,
          at: now(),
        });
        if (!closed) throw new AppError('CONFLICT', { value: { reason: 'NOT_YOURS' } });
        await audit(
          trx,
          operator,
          'chat.close',
          conversationId,
          { status: before.status },
          { status: 'closed' },
        );
        return closed;
      });
    },

    /** The customer ends their open conversation themselves. */
    async closeByCustomer(customer: ChatCustomer): Promise<ChatConversationRow | null> {
      const open = await findOpenConversation(db, customer);
      if (!open) return null;
      return closeConversation(db, {
        merchantId: customer.merchantId,
        conversationId: open.id,
        operatorId: null,
        at: now(),
      });
    },

    /** The customer rates their latest conversation once it is closed, once. */
    async rate(customer: ChatCustomer, rating: number): Promise<ChatConversationRow | null> {
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
        throw new AppError('VALIDATION', { value: { fields: { rating: 'range' } } });
      }
      const latest = await findLatestConversation(db, customer);
      if (!latest) return null;
      return rateConversation(db, latest.id, rating);
    },

    /**
     * Hands the operator's active conversation to a colleague of the same merchant, under the
     * colleague's limit (their row locked, as for an accept).
     */
    async transfer(
      operator: ChatOperator,
      conversationId: string,
      toOperatorId: string,
      activeMax: number,
    ): Promise<ChatConversationRow> {
      if (toOperatorId === operator.id)
        throw new AppError('CONFLICT', { value: { reason: 'SAME_OPERATOR' } });
      const colleagues = await findMerchantOperators(db, operator.merchantId);
      if (!colleagues.some((colleague) => colleague.id === toOperatorId)) throw new AppError('NOT_FOUND');
      return db.transaction().execute(async (trx) => {
        await lockOperator(trx, toOperatorId);
        const moved = await transferConversation(trx, {
          merchantId: operator.merchantId,
          conversationId,
          fromOperatorId: operator.id,
          toOperatorId,
          activeMax,
        });
        if (!moved) {
          const current = await findConversation(trx, operator.merchantId, conversationId);
          if (current?.status !== 'active' || current.operator_id !== operator.id) {
            throw new AppError('CONFLICT', { value: { reason: 'NOT_YOURS' } });
          }
          throw new AppError('LIMIT_REACHED', { value: { activeMax } });
        }
        await audit(
          trx,
          operator,
          'chat.transfer',
          conversationId,
          { operatorId: operator.id },
          { operatorId: toOperatorId },
        );
        return moved;
      });
    },

    /** The merchant's active operators, to transfer to (the wire keeps those with the chat permission). */
    colleagues: (merchantId: string) => findMerchantOperators(db, merchantId),

    /** The owner of a conversation, to reach their sockets. */
    async ownerOf(merchantId: string, conversationId: string): Promise<ChatOwner | null> {
      const row = await findConversation(db, merchantId, conversationId);
      if (!row) return null;
      if (row.member_id) return { kind: 'member', memberId: row.member_id };
      return row.visitor_id ? { kind: 'visitor', visitorId: row.visitor_id } : null;
    },

    /** The merchant's canned replies, in their order. */
    async cannedReplies(merchantId: string): Promise<ChatCannedReply[]> {
      return (await findCannedReplies(db, merchantId)).map((row) => ({
        id: row.id,
        title: row.title,
        text: row.body,
      }));
    },

    /** Adds a canned reply to the merchant's list (audited); LIMIT_REACHED past the list's size. */
    async addCannedReply(
      operator: ChatOperator,
      input: { title: string; text: string },
    ): Promise<ChatCannedReply> {
      const title = input.title.trim();
      const text = normaliseChatText(input.text);
      if (title.length === 0 || [...title].length > CHAT_CANNED_TITLE_LENGTH_MAX || text === null) {
        throw new AppError('VALIDATION', { value: { fields: { title: 'length', text: 'length' } } });
      }
      return db.transaction().execute(async (trx) => {
        // The operator's row lock orders their own adds; the count keeps the list bounded.
        await lockOperator(trx, operator.id);
        if ((await countCannedReplies(trx, operator.merchantId)) >= CHAT_CANNED_REPLIES_MAX) {
          throw new AppError('LIMIT_REACHED', { value: { max: CHAT_CANNED_REPLIES_MAX } });
        }
        const at = now();
        const row = await insertCannedReply(trx, {
          id: uuidv7(),
          merchant_id: operator.merchantId,
          title,
          body: text,
          sort_order: 0,
          created_at: at,
          updated_at: at,
        });
        await deps.recordChange(trx, {
          ...actorOf(operator),
          merchantId: operator.merchantId,
          action: 'chat.canned.create',
          target: { type: 'chat_canned_reply', id: row.id },
          before: null,
          after: { title, text },
        });
        return { id: row.id, title: row.title, text: row.body };
      });
    },

    /** Removes a canned reply of the merchant (audited); NOT_FOUND when it is not there. */
    async removeCannedReply(operator: ChatOperator, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await deleteCannedReply(trx, operator.merchantId, id);
        if (!removed) throw new AppError('NOT_FOUND');
        await deps.recordChange(trx, {
          ...actorOf(operator),
          merchantId: operator.merchantId,
          action: 'chat.canned.delete',
          target: { type: 'chat_canned_reply', id },
          before: { title: removed.title, text: removed.body },
          after: null,
        });
      });
    },

    /**
     * The operator asks the member of their active conversation to confirm who they are (before a
     * withdrawal or bank-detail topic), audited, with a system note in the transcript. CONFLICT
     * unless the conversation is the operator's, active, and a member's.
     */
    async requestIdentity(
      operator: ChatOperator,
      conversationId: string,
    ): Promise<{ conversation: ChatConversationRow; message: ChatMessageView }> {
      await requireConversation(operator.merchantId, conversationId);
      return db.transaction().execute(async (trx) => {
        const at = now();
        const requested = await requestIdentity(trx, {
          merchantId: operator.merchantId,
          conversationId,
          operatorId: operator.id,
          at,
        });
        if (!requested) throw new AppError('CONFLICT', { value: { reason: 'NOT_A_MEMBER_OR_NOT_YOURS' } });
        const note = await insertMessage(trx, {
          conversationId,
          senderKind: 'system',
          operatorId: null,
          body: CHAT_SYSTEM_NOTES.identityRequested,
          at,
        });
        await audit(trx, operator, 'chat.identity.request', conversationId, null, { requestedAt: at });
        return { conversation: requested, message: messageView(note, new Map()) };
      });
    },

    /**
     * The member answers the operator's request with their login password, checked by `check`
     * (which counts wrong ones and refuses when too many were tried). A right one confirms the
     * request once; a wrong one leaves a note for the operator. Either way the note is answered
     * with the error to pass on, if any. CONFLICT when there is no open request to answer.
     */
    async confirmIdentity(
      customer: ChatCustomer,
      password: string,
      check: (memberId: string, password: string) => Promise<void>,
    ): Promise<{
      conversation: ChatConversationRow | null;
      message: ChatMessageView | null;
      failure: AppError | null;
    }> {
      if (customer.kind !== 'member') throw new AppError('CONFLICT', { value: { reason: 'NO_REQUEST' } });
      const open = await findOpenConversation(db, customer);
      if (!open || open.identity_requested_at === null || open.identity_confirmed_at !== null) {
        throw new AppError('CONFLICT', { value: { reason: 'NO_REQUEST' } });
      }
      let failure: AppError | null = null;
      try {
        await check(customer.memberId, password);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failure = error;
      }
      // Too many tries: refused before any check, with nothing to add to the transcript.
      if (failure && failure.code !== 'BAD_CREDENTIALS')
        return { conversation: null, message: null, failure };
      return db.transaction().execute(async (trx) => {
        const at = now();
        const confirmed = failure ? null : await confirmIdentity(trx, open.id, at);
        // A request answered twice at once: the second finds it confirmed already.
        if (!failure && !confirmed) throw new AppError('CONFLICT', { value: { reason: 'NO_REQUEST' } });
        const note = await insertMessage(trx, {
          conversationId: open.id,
          senderKind: 'system',
          operatorId: null,
          body: failure ? CHAT_SYSTEM_NOTES.identityFailed : CHAT_SYSTEM_NOTES.identityConfirmed,
          at,
        });
        return { conversation: confirmed, message: messageView(note, new Map()), failure };
      });
    },

    /**
     * Stores a picture for the sender's conversation (CONFLICT when they may not show one there
     * now, LIMIT_REACHED past the conversation's pictures), counted under the conversation's lock
     * as it is recorded. It is shown once a message names it (`sendImage`).
     */
    async uploadImage(sender: ChatImageSender, data: Buffer): Promise<ChatImageRow> {
      if (pngOrJpegOf(data) === null) {
        throw new AppError('VALIDATION', { value: { fields: { file: 'notPngOrJpeg' } } });
      }
      const conversation = assertMayShowImage(sender, await conversationOfSender(sender));
      const refuse = () =>
        new AppError('LIMIT_REACHED', {
          value: { limit: 'chatImages', max: CHAT_IMAGES_PER_CONVERSATION_MAX },
        });
      // Asked once before the work of storing, and again, under the lock, as it is recorded.
      if ((await countImages(db, conversation.id)) >= CHAT_IMAGES_PER_CONVERSATION_MAX) throw refuse();
      const stored = await deps.images.save({
        namespace: CHAT_IMAGE_NAMESPACE,
        data,
        maxBytes: CHAT_IMAGE_BYTES_MAX,
        maxPixels: CHAT_IMAGE_PIXELS_MAX,
      });
      return db.transaction().execute(async (trx) => {
        assertMayShowImage(sender, await lockConversation(trx, conversation.id));
        if ((await countImages(trx, conversation.id)) >= CHAT_IMAGES_PER_CONVERSATION_MAX) throw refuse();
        return insertImage(trx, {
          id: uuidv7(),
          merchant_id: conversation.merchant_id,
          conversation_id: conversation.id,
          uploader_kind: sender.kind === 'operator' ? 'operator' : sender.customer.kind,
          operator_id: sender.kind === 'operator' ? sender.operator.id : null,
          image_path: stored.path,
          byte_size: stored.bytes,
          created_at: now(),
        });
      });
    },

    /**
     * Shows an uploaded picture in its conversation as a message: the sender's own upload, once
     * (CONFLICT for a second send, even a simultaneous one: both wait for the conversation's lock).
     */
    async sendImage(sender: ChatImageSender, imageId: string): Promise<ChatMessageView> {
      const conversation = assertMayShowImage(sender, await conversationOfSender(sender));
      const image = await findImage(db, imageId);
      if (!image || !isUploadedBy(image, sender, conversation.id)) throw new AppError('NOT_FOUND');
      const row = await db.transaction().execute(async (trx) => {
        assertMayShowImage(sender, await lockConversation(trx, conversation.id));
        if (await isImageSent(trx, imageId)) throw new AppError('CONFLICT', { value: { reason: 'SENT' } });
        return insertMessage(trx, {
          conversationId: conversation.id,
          senderKind: sender.kind === 'operator' ? 'operator' : sender.customer.kind,
          operatorId: sender.kind === 'operator' ? sender.operator.id : null,
          body: '',
          imageId,
          at: now(),
        });
      });
      const names =
        sender.kind === 'operator' ? new Map([[sender.operator.id, sender.operator.displayName]]) : new Map();
      return messageView(row, names);
    },

    /** Where a picture the customer may see is kept: one of their own conversations'; NOT_FOUND otherwise. */
    async customerImagePath(customer: ChatCustomer, imageId: string): Promise<string> {
      const image = await findImage(db, imageId);
      const conversation = image
        ? await findConversation(db, customer.merchantId, image.conversation_id)
        : null;
      const isTheirs =
        conversation !== null &&
        (customer.kind === 'member'
          ? conversation.member_id === customer.memberId
          : conversation.visitor_id === customer.visitorId);
      if (!image || !isTheirs) throw new AppError('NOT_FOUND');
      return image.image_path;
    },

    /** Where a picture of the merchant's conversations is kept, for its desk. */
    async deskImagePath(imageId: string): Promise<string> {
      const image = await findImage(db, imageId);
      if (!image) throw new AppError('NOT_FOUND');
      return image.image_path;
    },

    /** The merchant a conversation belongs to, for the back office's resource check. */
    conversationMerchantOf: (conversationId: string) => findConversationMerchantId(db, conversationId),

    /** The merchant a picture belongs to, for the back office's resource check. */
    imageMerchantOf: async (imageId: string) => (await findImage(db, imageId))?.merchant_id ?? null,

    viewOf,
  };
}
