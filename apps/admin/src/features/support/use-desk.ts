import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { backOffice, unwrap } from '../../lib/back-office-api.ts';
import { readSessionToken } from '../../lib/session.ts';

/** A conversation as the desk lists it (docs/chat.md "Desk events"). */
export type DeskConversation = {
  id: string;
  status: 'waiting' | 'active' | 'closed';
  isTicket: boolean;
  priority: number;
  operatorId: string | null;
  operatorName: string | null;
  memberId: string | null;
  memberAccount: string | null;
  customerName: string;
  customerContact: string | null;
  customerReadId: string;
  lastText: string | null;
  unreadCount: number;
  createdAt: string;
  acceptedAt: string | null;
  lastMessageAt: string;
  /** When the member first wrote of a withdrawal or bank details. */
  topicFlaggedAt: string | null;
  /** The latest request that the member confirm who they are, and when they did. */
  identityRequestedAt: string | null;
  identityConfirmedAt: string | null;
};

export type DeskMessage = {
  id: string;
  conversationId: string;
  senderKind: 'member' | 'visitor' | 'operator' | 'system';
  operatorName: string | null;
  text: string;
  /** A picture's id: the message shows it (read at /bo/chat/images/<id>). */
  imageId: string | null;
  createdAt: string;
};

/** The desk's limits of a picture, as the server's: PNG or JPEG, at most 5 MB. */
export const DESK_IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const DESK_IMAGE_BYTES_MAX = 5 * 1024 * 1024;

/** Uploads a picture into a conversation the operator holds; answers its id for the socket's send. */
export function uploadDeskImage(conversationId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return unwrap(
    backOffice.POST('/bo/chat/conversations/{id}/images', {
      params: { path: { id: conversationId } },
      // The document types the form by its fields; the client sends the FormData as it is, and
      // the browser names its boundary.
      body: form as unknown as { file: string },
    }),
  );
}

/** A member's responsible-gaming state and upline, beside their chat. */
export type CustomerFacts = {
  exclusion: { kind: string; endsAt: string } | null;
  canDeposit: boolean;
  limits: { kind: string; period: string; value: string | null; used: string }[];
  realityCheckMinutes: number | null;
  uplineAccount: string | null;
};

export type CannedReply = { id: string; title: string; text: string };

type Ack<Value> = { ok: true; value: Value } | { ok: false; code: string };

const ACK_TIMEOUT_MS = 15_000;
const TYPING_FADE_MS = 6_000;

/** What the desk's calls answer when they fail, in words an operator acts on. */
export function deskFailureText(code: string): string {
  switch (code) {
    case 'CONFLICT':
      return 'Someone else took this conversation, or it has changed. The list is up to date now.';
    case 'LIMIT_REACHED':
      return 'You hold as many active chats as the limit allows. Close or transfer one first.';
    case 'NOT_FOUND':
      return 'That conversation or colleague is no longer there.';
    case 'VALIDATION':
      return 'The message is empty or longer than 2000 characters.';
    default:
      return 'The desk did not answer. Try again.';
  }
}

function byId(left: DeskMessage, right: DeskMessage): number {
  return BigInt(left.id) < BigInt(right.id) ? -1 : BigInt(left.id) > BigInt(right.id) ? 1 : 0;
}

/**
 * The operator's side of the live chat: one socket on /desk with the back-office session. The queue
 * is loaded on every (re)connection and kept current by `queue` events; the open conversation's
 * transcript by `message`, `typing` and `read` events.
 */
export function useDesk() {
  const socketRef = useRef<Socket | null>(null);
  const [status, setStatus] = useState<'connecting' | 'online' | 'offline' | 'refused'>('connecting');
  const [conversations, setConversations] = useState<DeskConversation[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [messages, setMessages] = useState<DeskMessage[]>([]);
  const [typingIds, setTypingIds] = useState<ReadonlySet<string>>(new Set());
  const [cannedReplies, setCannedReplies] = useState<CannedReply[]>([]);
  const openIdRef = useRef<string | null>(null);
  openIdRef.current = openId;
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const call = useCallback(async <Value>(event: string, payload: unknown): Promise<Value> => {
    const socket = socketRef.current;
    if (!socket) throw new Error('UNKNOWN');
    const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as Ack<Value>;
    if (!answer.ok) throw new Error(answer.code);
    return answer.value;
  }, []);

  const loadQueue = useCallback(async () => {
    const queue = await call<{ open: DeskConversation[]; closed: DeskConversation[] }>('queue', {});
    setConversations([...queue.open, ...queue.closed]);
  }, [call]);

  useEffect(() => {
    const token = readSessionToken();
    if (!token) {
      setStatus('refused');
      return;
    }
    const socket = io('/desk', { path: '/socket.io', transports: ['websocket'], auth: { token } });
    socketRef.current = socket;
    const timers = typingTimers.current;
    socket.on('connect', () => {
      setStatus('online');
      void loadQueue().catch(() => undefined);
      void call<CannedReply[]>('cannedReplies', {})
        .then(setCannedReplies)
        .catch(() => undefined);
    });
    socket.on('cannedReplies', (list: CannedReply[]) => setCannedReplies(list));
    socket.on('disconnect', () => setStatus('offline'));
    socket.on('connect_error', (error) => {
      if (error.message === 'NOT_LOGGED_IN') {
        socket.disconnect();
        setStatus('refused');
      } else {
        setStatus('offline');
      }
    });
    socket.on('queue', (item: DeskConversation) => {
      setConversations((list) => [item, ...list.filter((known) => known.id !== item.id)]);
    });
    socket.on('message', (message: DeskMessage) => {
      if (message.conversationId === openIdRef.current) {
        setMessages((list) =>
          list.some((known) => known.id === message.id) ? list : [...list, message].sort(byId),
        );
      }
      setConversations((list) =>
        list.map((item) =>
          item.id === message.conversationId
            ? {
                ...item,
                lastText: message.text,
                lastMessageAt: message.createdAt,
                unreadCount:
                  message.senderKind === 'operator' || item.id === openIdRef.current
                    ? item.unreadCount
                    : item.unreadCount + 1,
              }
            : item,
        ),
      );
      setTypingIds((ids) => {
        if (!ids.has(message.conversationId)) return ids;
        const next = new Set(ids);
        next.delete(message.conversationId);
        return next;
      });
    });
    socket.on('typing', (payload: { conversationId: string; isTyping: boolean }) => {
      clearTimeout(timers.get(payload.conversationId));
      setTypingIds((ids) => {
        const next = new Set(ids);
        if (payload.isTyping) next.add(payload.conversationId);
        else next.delete(payload.conversationId);
        return next;
      });
      if (payload.isTyping) {
        timers.set(
          payload.conversationId,
          setTimeout(
            () =>
              setTypingIds((ids) => {
                const next = new Set(ids);
                next.delete(payload.conversationId);
                return next;
              }),
            TYPING_FADE_MS,
          ),
        );
      }
    });
    socket.on('read', (payload: { conversationId: string; by: string; upTo: string }) => {
      if (payload.by !== 'customer') return;
      setConversations((list) =>
        list.map((item) =>
          item.id === payload.conversationId ? { ...item, customerReadId: payload.upTo } : item,
        ),
      );
    });
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      socket.disconnect();
      socketRef.current = null;
    };
  }, [loadQueue, call]);

  const open = useCallback(
    async (conversationId: string) => {
      setOpenId(conversationId);
      setMessages([]);
      const opened = await call<{ conversation: DeskConversation; messages: DeskMessage[] }>('open', {
        conversationId,
      });
      setMessages([...opened.messages].sort(byId));
      setConversations((list) =>
        list.map((item) => (item.id === conversationId ? { ...opened.conversation, unreadCount: 0 } : item)),
      );
      const latest = opened.messages.at(-1);
      if (latest) void call('read', { conversationId, messageId: latest.id }).catch(() => undefined);
    },
    [call],
  );

  const accept = useCallback(
    async (conversationId: string) => {
      try {
        await call('accept', { conversationId });
      } finally {
        await loadQueue().catch(() => undefined);
      }
      await open(conversationId);
    },
    [call, loadQueue, open],
  );

  const send = useCallback(
    async (conversationId: string, content: string | { imageId: string }) => {
      const message = await call<DeskMessage>('send', {
        conversationId,
        ...(typeof content === 'string' ? { text: content } : content),
      });
      setMessages((list) =>
        list.some((known) => known.id === message.id) ? list : [...list, message].sort(byId),
      );
    },
    [call],
  );

  const customerFacts = useCallback(
    (conversationId: string) => call<CustomerFacts | null>('customer', { conversationId }),
    [call],
  );

  const markRead = useCallback(
    (conversationId: string, messageId: string) => {
      void call('read', { conversationId, messageId }).catch(() => undefined);
    },
    [call],
  );

  return {
    status,
    conversations,
    openId,
    messages,
    typingIds,
    open,
    accept,
    send,
    markRead,
    setTyping: (conversationId: string, isTyping: boolean) =>
      socketRef.current?.emit('typing', { conversationId, isTyping }),
    close: (conversationId: string) => call('close', { conversationId }),
    sendImage: async (conversationId: string, file: File) => {
      const { id } = await uploadDeskImage(conversationId, file);
      return send(conversationId, { imageId: id });
    },
    requestIdentity: (conversationId: string) => call('requestIdentity', { conversationId }),
    transfer: (conversationId: string, operatorId: string) =>
      call('transfer', { conversationId, operatorId }),
    cannedReplies,
    customerFacts,
    addCannedReply: (title: string, text: string) => call<CannedReply>('cannedReplyAdd', { title, text }),
    removeCannedReply: (id: string) => call('cannedReplyRemove', { id }),
    colleagues: () => call<{ id: string; name: string }[]>('colleagues', {}),
  };
}
