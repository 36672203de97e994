import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import {
  CHAT_CANNED_TITLE_LENGTH_MAX,
  CHAT_IDENTITY_PASSWORD_LENGTH_MAX,
  CHAT_VISITOR_TOKEN_PREFIX,
  type ChatConversationRow,
  type ChatCustomer,
  type ChatOperator,
  type ChatOwner,
  type ChatService,
} from '../../modules/chat/chat.service.ts';
import { CHAT_TEXT_LENGTH_MAX } from '../../modules/chat/chat-text.ts';
import { AppError, isAppError } from '../../platform/errors/errors.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** The live chat's namespaces (docs/chat.md). */
export const CHAT_NAMESPACE = '/chat';
export const DESK_NAMESPACE = '/desk';
/** Typing states are sent at most this often per socket; more are dropped. */
const TYPING_INTERVAL_MS = 1_000;

const deskRoom = (merchantId: string) => `desk:${merchantId}`;
const operatorRoom = (operatorId: string) => `operator:${operatorId}`;
const customerRoom = (owner: ChatOwner) =>
  owner.kind === 'member' ? `customer:member:${owner.memberId}` : `customer:visitor:${owner.visitorId}`;

const MessageId = Type.String({ pattern: '^\\d{1,18}$' });
const ConversationId = Type.String({ minLength: 1, maxLength: 64 });
const ImageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** A text, or a picture uploaded before (docs/chat.md "Images"). */
const SendPayload = Type.Union([
  Type.Object({ text: Type.String({ minLength: 1, maxLength: CHAT_TEXT_LENGTH_MAX * 2 }) }),
  Type.Object({ imageId: ImageId }),
]);
const TypingPayload = Type.Object({ isTyping: Type.Boolean() });
const ReadPayload = Type.Object({ messageId: MessageId });
const RatePayload = Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }) });
const ConfirmIdentityPayload = Type.Object({
  password: Type.String({ minLength: 1, maxLength: CHAT_IDENTITY_PASSWORD_LENGTH_MAX }),
});
const DeskConversationPayload = Type.Object({ conversationId: ConversationId });
const DeskSendPayload = Type.Union([
  Type.Object({
    conversationId: ConversationId,
    text: Type.String({ minLength: 1, maxLength: CHAT_TEXT_LENGTH_MAX * 2 }),
  }),
  Type.Object({ conversationId: ConversationId, imageId: ImageId }),
]);
const DeskTypingPayload = Type.Object({ conversationId: ConversationId, isTyping: Type.Boolean() });
const DeskReadPayload = Type.Object({ conversationId: ConversationId, messageId: MessageId });
const CannedReplyPayload = Type.Object({
  title: Type.String({ minLength: 1, maxLength: CHAT_CANNED_TITLE_LENGTH_MAX * 2 }),
  text: Type.String({ minLength: 1, maxLength: CHAT_TEXT_LENGTH_MAX * 2 }),
});
const CannedReplyIdPayload = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const DeskTransferPayload = Type.Object({ conversationId: ConversationId, operatorId: ConversationId });

/** A customer socket's identity: the chat's customer and, for a member, their VIP rank's source. */
export type ChatSocketIdentity = ChatCustomer;
/** A desk socket's identity: an operator with the support.chat permission. */
export type DeskSocketIdentity = ChatOperator;

export type ChatSocketsDeps = {
  chat: ChatService;
  realtime: Realtime;
  logger: FastifyBaseLogger;
  /** A member's session token → the member as a chat customer, or null. */
  resolveMember: (token: string) => Promise<ChatCustomer | null>;
  /** An operator's back-office session token → the operator, or null without support.chat. */
  resolveOperator: (token: string) => Promise<ChatOperator | null>;
  /** The member's VIP rank (0 without one), the priority of their conversations. */
  vipRankOf: (memberId: string) => Promise<number>;
  /** The merchant's limit of active conversations per operator. */
  activeChatsMaxOf: (merchantId: string) => Promise<number>;
  /** A member's responsible-gaming state and upline, for the desk. */
  customerFacts: (memberId: string, merchantId: string) => Promise<ChatCustomerFacts>;
  /** Operators of the merchant who may chat (to transfer to). */
  canChat: (operatorId: string) => Promise<boolean>;
  /**
   * Checks a member's login password for the identity confirmation: BAD_CREDENTIALS when wrong,
   * RATE_LIMITED once too many were wrong (each try counted before the check).
   */
  checkMemberPassword: (memberId: string, password: string) => Promise<void>;
};

/** What the desk shows beside a member's chat besides their account: responsible gaming and upline. */
export type ChatCustomerFacts = {
  exclusion: { kind: string; endsAt: string } | null;
  canDeposit: boolean;
  limits: { kind: string; period: string; value: string | null; used: string }[];
  realityCheckMinutes: number | null;
  uplineAccount: string | null;
};

type Ack = (answer: unknown) => void;
type Failure = { ok: false; code: string; value?: Record<string, unknown> };

function failureOf(error: unknown, logger: FastifyBaseLogger): Failure {
  if (isAppError(error))
    return { ok: false, code: error.code, ...(error.value ? { value: error.value } : {}) };
  logger.error({ err: error }, 'chat socket handler failed');
  return { ok: false, code: 'UNKNOWN' };
}

/**
 * Registers a client event whose payload must match `schema`; a malformed payload answers
 * VALIDATION, an expected failure its code, anything else UNKNOWN (logged). An ack is optional
 * for the client; one without a function simply gets no answer.
 */
function on<S extends TSchema>(
  socket: Socket,
  event: string,
  schema: S,
  logger: FastifyBaseLogger,
  handle: (payload: Static<S>) => Promise<unknown>,
): void {
  socket.on(event, async (payload: unknown, maybeAck: unknown) => {
    const ack: Ack = typeof maybeAck === 'function' ? (maybeAck as Ack) : () => {};
    if (!Value.Check(schema, payload)) {
      ack({ ok: false, code: 'VALIDATION' } satisfies Failure);
      return;
    }
    try {
      const value = await handle(payload);
      ack({ ok: true, ...(value === undefined ? {} : { value }) });
    } catch (error) {
      ack(failureOf(error, logger));
    }
  });
}

/** Drops a socket's typing states that come faster than one a second. */
function typingThrottle(): () => boolean {
  let lastMs = 0;
  return () => {
    const nowMs = Date.now();
    if (nowMs - lastMs < TYPING_INTERVAL_MS) return false;
    lastMs = nowMs;
    return true;
  };
}

/**
 * The live chat on Socket.IO (docs/chat.md): customers on `/chat` (a visitor's chat token or a
 * member's session), support operators on `/desk` (their back-office session and support.chat).
 * Every event is delivered through rooms, so with the Redis adapter a customer on one process and
 * an operator on another reach each other.
 */
export function installChatSockets(deps: ChatSocketsDeps): void {
  const { chat, logger } = deps;

  const chatNamespace = deps.realtime.openNamespace<ChatSocketIdentity>(CHAT_NAMESPACE, async (token) =>
    token.startsWith(CHAT_VISITOR_TOKEN_PREFIX) ? chat.resolveVisitorToken(token) : deps.resolveMember(token),
  );
  const deskNamespace = deps.realtime.openNamespace<DeskSocketIdentity>(DESK_NAMESPACE, deps.resolveOperator);

  async function isDeskOnline(merchantId: string): Promise<boolean> {
    // Across every process through the adapter; a desk that does not answer counts as away.
    try {
      return (await deskNamespace.in(deskRoom(merchantId)).fetchSockets()).length > 0;
    } catch (error) {
      logger.warn({ err: error }, 'desk presence check failed');
      return false;
    }
  }

  function toCustomer(owner: ChatOwner, event: string, payload: unknown): void {
    chatNamespace.to(customerRoom(owner)).emit(event, payload as never);
  }
  function toDesk(merchantId: string, event: string, payload: unknown): void {
    deskNamespace.to(deskRoom(merchantId)).emit(event, payload as never);
  }

  /** Tells the desk and the customer how a conversation stands after a change. */
  async function announce(merchantId: string, row: ChatConversationRow): Promise<void> {
    const item = await chat.queueItem(row.id);
    if (item) toDesk(merchantId, 'queue', item);
    const owner = await chat.ownerOf(merchantId, row.id);
    if (owner) toCustomer(owner, 'conversation', await chat.viewOf(row));
  }

  chatNamespace.on('connection', (socket) => {
    const customer = socket.data;
    void socket.join(customerRoom(customer));
    const canType = typingThrottle();

    void (async () => {
      try {
        const [state, online] = await Promise.all([
          chat.customerState(customer),
          isDeskOnline(customer.merchantId),
        ]);
        socket.emit('state', { ...state, name: customer.name, isDeskOnline: online } as never);
      } catch (error) {
        logger.error({ err: error }, 'chat state failed');
      }
    })();

    on(socket, 'send', SendPayload, logger, async (payload) => {
      if ('imageId' in payload) {
        const message = await chat.sendImage({ kind: 'customer', customer }, payload.imageId);
        socket.to(customerRoom(customer)).emit('message', message as never);
        toDesk(customer.merchantId, 'message', message);
        return message;
      }
      const sent = await chat.sendFromCustomer(customer, payload.text, {
        isDeskOnline: () => isDeskOnline(customer.merchantId),
        priority: async () => (customer.kind === 'member' ? deps.vipRankOf(customer.memberId) : 0),
      });
      socket.to(customerRoom(customer)).emit('message', sent.message as never);
      toDesk(customer.merchantId, 'message', sent.message);
      if (sent.isNew || sent.isFlagged) {
        const item = await chat.queueItem(sent.conversation.id);
        if (item) toDesk(customer.merchantId, 'queue', item);
      }
      if (sent.isNew) {
        socket.emit('conversation', sent.conversation as never);
        socket.to(customerRoom(customer)).emit('conversation', sent.conversation as never);
      }
      return sent.message;
    });

    on(socket, 'confirmIdentity', ConfirmIdentityPayload, logger, async ({ password }) => {
      const result = await chat.confirmIdentity(customer, password, deps.checkMemberPassword);
      if (result.message) {
        toCustomer(customer, 'message', result.message);
        toDesk(customer.merchantId, 'message', result.message);
      }
      if (result.conversation) await announce(customer.merchantId, result.conversation);
      if (result.failure) throw result.failure;
    });

    on(socket, 'typing', TypingPayload, logger, async ({ isTyping }) => {
      if (isTyping && !canType()) return;
      const state = await chat.customerState(customer);
      if (state.conversation && state.conversation.status !== 'closed') {
        toDesk(customer.merchantId, 'typing', {
          conversationId: state.conversation.id,
          from: 'customer',
          isTyping,
        });
      }
    });

    on(socket, 'read', ReadPayload, logger, async ({ messageId }) => {
      const mark = await chat.markReadByCustomer(customer, messageId);
      if (mark) toDesk(customer.merchantId, 'read', { ...mark, by: 'customer' });
      return mark;
    });

    on(socket, 'close', Type.Object({}), logger, async () => {
      const closed = await chat.closeByCustomer(customer);
      if (closed) await announce(customer.merchantId, closed);
    });

    on(socket, 'rate', RatePayload, logger, async ({ rating }) => {
      const rated = await chat.rate(customer, rating);
      if (rated) await announce(customer.merchantId, rated);
    });
  });

  deskNamespace.on('connection', (socket) => {
    const operator = socket.data;
    void socket.join([deskRoom(operator.merchantId), operatorRoom(operator.id)]);
    const canType = typingThrottle();

    on(socket, 'queue', Type.Object({}), logger, async () => ({
      open: await chat.queue(operator.merchantId),
      closed: await chat.recentlyClosed(operator.merchantId),
    }));

    on(socket, 'open', DeskConversationPayload, logger, async ({ conversationId }) =>
      chat.openForDesk(operator, conversationId),
    );

    on(socket, 'accept', DeskConversationPayload, logger, async ({ conversationId }) => {
      const accepted = await chat.accept(
        operator,
        conversationId,
        await deps.activeChatsMaxOf(operator.merchantId),
      );
      await announce(operator.merchantId, accepted);
      return chat.openForDesk(operator, conversationId);
    });

    on(socket, 'send', DeskSendPayload, logger, async (payload) => {
      const { conversationId } = payload;
      const message =
        'imageId' in payload
          ? await chat.sendImage({ kind: 'operator', operator, conversationId }, payload.imageId)
          : await chat.sendFromOperator(operator, conversationId, payload.text);
      const owner = await chat.ownerOf(operator.merchantId, conversationId);
      if (owner) toCustomer(owner, 'message', message);
      socket.to(deskRoom(operator.merchantId)).emit('message', message as never);
      return message;
    });

    on(socket, 'typing', DeskTypingPayload, logger, async ({ conversationId, isTyping }) => {
      if (isTyping && !canType()) return;
      const owner = await chat.ownerOf(operator.merchantId, conversationId);
      if (owner) toCustomer(owner, 'typing', { from: 'operator', isTyping });
    });

    on(socket, 'read', DeskReadPayload, logger, async ({ conversationId, messageId }) => {
      const mark = await chat.markReadByOperator(operator, conversationId, messageId);
      if (!mark) return null;
      const owner = await chat.ownerOf(operator.merchantId, conversationId);
      if (owner) toCustomer(owner, 'read', { by: 'operator', upTo: mark.upTo });
      socket
        .to(deskRoom(operator.merchantId))
        .emit('read', { conversationId, by: 'operator', ...mark } as never);
      return mark;
    });

    on(socket, 'close', DeskConversationPayload, logger, async ({ conversationId }) => {
      await announce(operator.merchantId, await chat.close(operator, conversationId));
    });

    on(socket, 'transfer', DeskTransferPayload, logger, async ({ conversationId, operatorId }) => {
      if (!(await deps.canChat(operatorId))) throw new AppError('NOT_FOUND');
      const moved = await chat.transfer(
        operator,
        conversationId,
        operatorId,
        await deps.activeChatsMaxOf(operator.merchantId),
      );
      await announce(operator.merchantId, moved);
    });

    on(socket, 'requestIdentity', DeskConversationPayload, logger, async ({ conversationId }) => {
      const { conversation, message } = await chat.requestIdentity(operator, conversationId);
      if (conversation.member_id)
        toCustomer({ kind: 'member', memberId: conversation.member_id }, 'message', message);
      toDesk(operator.merchantId, 'message', message);
      await announce(operator.merchantId, conversation);
    });

    on(socket, 'customer', DeskConversationPayload, logger, async ({ conversationId }) => {
      const owner = await chat.ownerOf(operator.merchantId, conversationId);
      if (!owner) throw new AppError('NOT_FOUND');
      return owner.kind === 'member' ? deps.customerFacts(owner.memberId, operator.merchantId) : null;
    });

    on(socket, 'cannedReplies', Type.Object({}), logger, async () => chat.cannedReplies(operator.merchantId));

    on(socket, 'cannedReplyAdd', CannedReplyPayload, logger, async (input) => {
      const added = await chat.addCannedReply(operator, input);
      toDesk(operator.merchantId, 'cannedReplies', await chat.cannedReplies(operator.merchantId));
      return added;
    });

    on(socket, 'cannedReplyRemove', CannedReplyIdPayload, logger, async ({ id }) => {
      await chat.removeCannedReply(operator, id);
      toDesk(operator.merchantId, 'cannedReplies', await chat.cannedReplies(operator.merchantId));
    });

    on(socket, 'colleagues', Type.Object({}), logger, async () => {
      const colleagues = await chat.colleagues(operator.merchantId);
      const allowed = await Promise.all(colleagues.map((colleague) => deps.canChat(colleague.id)));
      return colleagues
        .filter((colleague, index) => allowed[index] && colleague.id !== operator.id)
        .map((colleague) => ({ id: colleague.id, name: colleague.display_name }));
    });
  });
}
