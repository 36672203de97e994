import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readDeviceId } from '../../../lib/device-id';

/** A message of the transcript as the server sends it (docs/chat.md). */
export type ChatMessage = {
  id: string;
  conversationId: string;
  senderKind: 'member' | 'visitor' | 'operator' | 'system';
  operatorName: string | null;
  text: string;
  /** A picture's id: the message shows it, read at /wps/chat/images/<id> with the chat's token. */
  imageId: string | null;
  createdAt: string;
};

export type ChatConversation = {
  id: string;
  status: 'waiting' | 'active' | 'closed';
  isTicket: boolean;
  operatorName: string | null;
  operatorReadId: string;
  rating: number | null;
  /** The agent's request that the member confirm who they are, and when they did. */
  identityRequestedAt: string | null;
  identityConfirmedAt: string | null;
};

/** What an identity confirmation answered: done, or the server's code (and the wait when too many failed). */
export type IdentityAnswer = { ok: true } | { ok: false; code: string; retryAfterSeconds?: number };

/** A message on its way: shown at once, replaced by the stored one when the server acknowledges it. */
export type PendingMessage = { key: string; text: string; hasFailed: boolean };

type Ack<Value> = { ok: true; value: Value } | { ok: false; code: string; value?: Record<string, unknown> };

export type ChatConnection = {
  status: 'connecting' | 'online' | 'reconnecting' | 'refused';
  conversation: ChatConversation | null;
  messages: ChatMessage[];
  pending: PendingMessage[];
  isDeskOnline: boolean;
  isOperatorTyping: boolean;
  send: (text: string, retryKey?: string) => void;
  setTyping: (isTyping: boolean) => void;
  markRead: (messageId: string) => void;
  endChat: () => void;
  rate: (rating: number) => void;
  confirmIdentity: (password: string) => Promise<IdentityAnswer>;
  /** Uploads a picture and shows it in the chat; answers the server's code when it could not. */
  sendImage: (file: File) => Promise<{ ok: true } | { ok: false; code: string }>;
};

const ACK_TIMEOUT_MS = 15_000;
/** The operator's typing state fades if no new one comes (a closed tab sends no "stopped"). */
const TYPING_FADE_MS = 6_000;
/** Typing states are sent at most once a second, as the server takes them. */
const TYPING_SEND_INTERVAL_MS = 1_000;

function byId(left: ChatMessage, right: ChatMessage): number {
  return BigInt(left.id) < BigInt(right.id) ? -1 : BigInt(left.id) > BigInt(right.id) ? 1 : 0;
}

function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((known) => known.id === message.id)) return [...messages];
  return [...messages, message].sort(byId);
}

/**
 * The customer's side of the live chat: one socket on the /chat namespace with the member's session
 * or the visitor's chat token. Socket.IO reconnects by itself; on every (re)connection the server
 * sends the whole state again, so nothing said meanwhile is missed.
 */
export function useChatConnection(token: string | null, onRefused: () => void): ChatConnection {
  const socketRef = useRef<Socket | null>(null);
  const [status, setStatus] = useState<ChatConnection['status']>('connecting');
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [isDeskOnline, setDeskOnline] = useState(false);
  const [isOperatorTyping, setOperatorTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSentMs = useRef(0);
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  useEffect(() => {
    if (!token) return;
    const socket = io('/chat', { path: '/socket.io', transports: ['websocket'], auth: { token } });
    socketRef.current = socket;
    setStatus('connecting');
    socket.on('connect', () => setStatus('online'));
    socket.on('disconnect', () => setStatus('reconnecting'));
    socket.on('connect_error', (error) => {
      if (error.message === 'NOT_LOGGED_IN') {
        socket.disconnect();
        setStatus('refused');
        refusedRef.current();
      } else {
        setStatus('reconnecting');
      }
    });
    socket.on(
      'state',
      (state: { conversation: ChatConversation | null; messages: ChatMessage[]; isDeskOnline: boolean }) => {
        setConversation(state.conversation);
        setMessages([...state.messages].sort(byId));
        setDeskOnline(state.isDeskOnline);
      },
    );
    socket.on('message', (message: ChatMessage) => {
      setMessages((known) => withMessage(known, message));
      if (message.senderKind === 'operator') setOperatorTyping(false);
    });
    socket.on('conversation', (next: ChatConversation) => {
      setConversation(next);
      if (next.status === 'active') setDeskOnline(true);
    });
    socket.on('typing', (payload: { isTyping: boolean }) => {
      clearTimeout(typingTimer.current);
      setOperatorTyping(payload.isTyping);
      if (payload.isTyping) typingTimer.current = setTimeout(() => setOperatorTyping(false), TYPING_FADE_MS);
    });
    socket.on('read', (payload: { by: string; upTo: string }) => {
      if (payload.by !== 'operator') return;
      setConversation((current) => (current ? { ...current, operatorReadId: payload.upTo } : current));
    });
    return () => {
      clearTimeout(typingTimer.current);
      socket.disconnect();
      socketRef.current = null;
    };
  }, [token]);

  const send = useCallback((text: string, retryKey?: string) => {
    const socket = socketRef.current;
    if (!socket) return;
    const key = retryKey ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    setPending((list) =>
      retryKey
        ? list.map((item) => (item.key === key ? { ...item, hasFailed: false } : item))
        : [...list, { key, text, hasFailed: false }],
    );
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('send', { text })
      .then((answer: Ack<ChatMessage>) => {
        if (!answer.ok) throw new Error(answer.code);
        setMessages((known) => withMessage(known, answer.value));
        setPending((list) => list.filter((item) => item.key !== key));
      })
      .catch(() => {
        setPending((list) => list.map((item) => (item.key === key ? { ...item, hasFailed: true } : item)));
      });
  }, []);

  const setTyping = useCallback((isTyping: boolean) => {
    const nowMs = Date.now();
    if (isTyping && nowMs - lastTypingSentMs.current < TYPING_SEND_INTERVAL_MS) return;
    lastTypingSentMs.current = isTyping ? nowMs : 0;
    socketRef.current?.emit('typing', { isTyping });
  }, []);

  const markRead = useCallback((messageId: string) => {
    socketRef.current?.emit('read', { messageId });
  }, []);

  const endChat = useCallback(() => {
    socketRef.current?.emit('close', {});
  }, []);

  const rate = useCallback((rating: number) => {
    socketRef.current?.emit('rate', { rating });
    setConversation((current) => (current ? { ...current, rating } : current));
  }, []);

  const confirmIdentity = useCallback(async (password: string): Promise<IdentityAnswer> => {
    const socket = socketRef.current;
    if (!socket) return { ok: false, code: 'OFFLINE' };
    try {
      const answer: Ack<unknown> = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('confirmIdentity', { password });
      if (answer.ok) return { ok: true };
      const wait = answer.value?.retryAfterSeconds;
      return {
        ok: false,
        code: answer.code,
        ...(typeof wait === 'number' ? { retryAfterSeconds: wait } : {}),
      };
    } catch {
      return { ok: false, code: 'TIMEOUT' };
    }
  }, []);

  const sendImage = useCallback(
    async (file: File): Promise<{ ok: true } | { ok: false; code: string }> => {
      const socket = socketRef.current;
      if (!socket || !token) return { ok: false, code: 'OFFLINE' };
      const form = new FormData();
      form.set('file', file, file.name);
      try {
        const response = await fetch('/wps/chat/image', {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': readDeviceId() },
          credentials: 'same-origin',
        });
        const uploaded = (await response.json()) as {
          success: boolean;
          code?: string;
          value?: { id: string };
        };
        if (!uploaded.success || !uploaded.value) return { ok: false, code: uploaded.code ?? 'UNKNOWN' };
        const answer: Ack<ChatMessage> = await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('send', { imageId: uploaded.value.id });
        if (!answer.ok) return { ok: false, code: answer.code };
        setMessages((known) => withMessage(known, answer.value));
        return { ok: true };
      } catch {
        return { ok: false, code: 'NETWORK' };
      }
    },
    [token],
  );

  return {
    status,
    conversation,
    messages,
    pending,
    isDeskOnline,
    isOperatorTyping,
    send,
    setTyping,
    markRead,
    endChat,
    rate,
    confirmIdentity,
    sendImage,
  };
}
