import {
  Check,
  CheckCheck,
  Headset,
  ImageOff,
  ImagePlus,
  LoaderCircle,
  SendHorizontal,
  Star,
  X,
} from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { api } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { useAuthorizedImage } from '../../../lib/images/use-authorized-image';
import { useAuthStore } from '../../../lib/session/auth-store';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys';
import { type ChatConnection, type ChatMessage, useChatConnection } from '../hooks/use-chat-connection';

/** The server's limit of a message, in characters. */
const MESSAGE_LENGTH_MAX = 2000;
/** The server's limits of a picture: PNG or JPEG, at most 5 MB. */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\p{N} .'-]*$/u;
const CONTACT_PATTERN = /^(?:[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}|\+?\d(?:[ -]?\d){6,14})$/;

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'TY' ? 'fil' : 'en', {
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A visitor says who they are before the chat opens; the answer is a chat token kept in session storage. */
function VisitorForm({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [touched, setTouched] = useState({ name: false, contact: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const nameError = name.trim().length === 0 || name.trim().length > 60 || !NAME_PATTERN.test(name.trim());
  const contactError = !CONTACT_PATTERN.test(contact.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, contact: true });
    if (nameError || contactError) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const launched = await api.post('/wps/chat/launch', {
        body: { name: name.trim(), contact: contact.trim() },
      });
      writeStorage('session', storageKeys.chatToken, launched.token);
      onToken(launched.token);
    } catch (error) {
      setFailure(
        isApiError(error) && error.code === 'RATE_LIMITED'
          ? t('liveChatRoom.tooMany')
          : t('liveChatRoom.failed'),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      <div className="flex flex-col items-center gap-2 py-4 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand/15 text-brand">
          <Headset size={28} aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">{t('liveChatRoom.introTitle')}</h2>
        <p className="text-sm text-muted">{t('liveChatRoom.intro')}</p>
      </div>
      <TextField
        label={t('liveChatRoom.name')}
        value={name}
        onValueChange={setName}
        onBlur={() => setTouched((value) => ({ ...value, name: true }))}
        error={touched.name && nameError ? t('liveChatRoom.nameInvalid') : null}
        autoComplete="name"
        maxLength={60}
        isRequired
      />
      <TextField
        label={t('liveChatRoom.contact')}
        value={contact}
        onValueChange={setContact}
        onBlur={() => setTouched((value) => ({ ...value, contact: true }))}
        error={touched.contact && contactError ? t('liveChatRoom.contactInvalid') : null}
        hint={t('liveChatRoom.contactHint')}
        autoComplete="email"
        maxLength={100}
        isRequired
      />
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="mt-auto w-full">
        {isSubmitting ? t('liveChatRoom.starting') : t('liveChatRoom.start')}
      </Button>
    </form>
  );
}

/** A picture of the chat, read with the chat's token; a tap opens it whole in a new tab. */
function ChatPicture({ imageId, token }: { imageId: string; token: string }) {
  const { t } = useTranslation();
  const image = useAuthorizedImage(`/wps/chat/images/${imageId}`, token);
  if (image.status === 'loading') {
    return (
      <div
        role="img"
        className="size-40 animate-pulse rounded-md bg-raised"
        aria-label={t('liveChatRoom.picture')}
      />
    );
  }
  if (image.status === 'failed') {
    return (
      <div
        role="img"
        aria-label={t('liveChatRoom.pictureFailed')}
        className="grid size-24 place-items-center text-muted"
      >
        <ImageOff size={20} aria-hidden="true" />
      </div>
    );
  }
  return (
    <a href={image.objectUrl} target="_blank" rel="noreferrer" className="block">
      <img
        src={image.objectUrl}
        alt={t('liveChatRoom.picture')}
        data-testid="chat-picture"
        className="max-h-60 max-w-full rounded-md object-contain"
      />
    </a>
  );
}

function MessageBubble({
  message,
  isMine,
  isRead,
  language,
  token,
}: {
  message: ChatMessage;
  isMine: boolean;
  isRead: boolean;
  language: string;
  token: string;
}) {
  const { t } = useTranslation();
  return (
    <li className={joinClassNames('flex flex-col gap-1', isMine ? 'items-end' : 'items-start')}>
      {!isMine && message.operatorName ? (
        <span className="px-1 text-xs text-muted">{message.operatorName}</span>
      ) : null}
      <div
        className={joinClassNames(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words',
          isMine ? 'rounded-br-sm bg-brand text-on-brand' : 'rounded-bl-sm bg-raised text-text',
        )}
      >
        {message.imageId ? <ChatPicture imageId={message.imageId} token={token} /> : message.text}
      </div>
      <span className="flex items-center gap-1 px-1 text-[11px] text-muted">
        {formatTime(message.createdAt, language)}
        {isMine ? (
          isRead ? (
            <CheckCheck size={14} className="text-brand" aria-label={t('liveChatRoom.read')} />
          ) : (
            <Check size={14} aria-label={t('liveChatRoom.sent')} />
          )
        ) : null}
      </span>
    </li>
  );
}

/** The server's system notes (docs/chat.md) and their words on the page. */
const NOTE_KEYS = {
  'identity.requested': 'liveChatRoom.notes.identityRequested',
  'identity.confirmed': 'liveChatRoom.notes.identityConfirmed',
  'identity.failed': 'liveChatRoom.notes.identityFailed',
} as const;

function isNoteCode(text: string): text is keyof typeof NOTE_KEYS {
  return Object.hasOwn(NOTE_KEYS, text);
}

/** A system note of the transcript (an identity request and its answer), centred, in the page's words. */
function SystemNote({ message, language }: { message: ChatMessage; language: string }) {
  const { t } = useTranslation();
  if (!isNoteCode(message.text)) return null;
  return (
    <li
      className="self-center rounded-full bg-raised px-3 py-1 text-center text-xs text-muted"
      data-testid="chat-note"
    >
      {t(NOTE_KEYS[message.text])} · {formatTime(message.createdAt, language)}
    </li>
  );
}

/**
 * The agent asked the member to confirm who they are before a withdrawal or bank-detail topic: their
 * login password, checked by the server (and never shown to the agent), with wrong tries counted.
 */
function IdentityCard({ onConfirm }: { onConfirm: ChatConnection['confirmIdentity'] }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length === 0 || isChecking) return;
    setChecking(true);
    setError(null);
    const answer = await onConfirm(password);
    setChecking(false);
    if (answer.ok) return;
    setPassword('');
    if (answer.code === 'BAD_CREDENTIALS') setError(t('liveChatRoom.identityWrong'));
    else if (answer.code === 'RATE_LIMITED') {
      const minutes = Math.max(1, Math.ceil((answer.retryAfterSeconds ?? 60) / 60));
      setError(t('liveChatRoom.identityTooMany', { minutes }));
    } else setError(t('liveChatRoom.identityFailed'));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('liveChatRoom.identityTitle')}
      data-testid="chat-identity"
      className="flex flex-col gap-3 border-t border-line bg-surface p-3"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-semibold">{t('liveChatRoom.identityTitle')}</h2>
        <p className="text-xs text-muted">{t('liveChatRoom.identityLine')}</p>
      </div>
      <PasswordField
        label={t('liveChatRoom.identityPassword')}
        value={password}
        onValueChange={setPassword}
        error={error}
        autoComplete="current-password"
        maxLength={128}
      />
      <Button type="submit" disabled={password.length === 0 || isChecking} className="w-full">
        {isChecking ? t('liveChatRoom.identityConfirming') : t('liveChatRoom.identityConfirm')}
      </Button>
    </form>
  );
}

function Rating({ rating, onRate }: { rating: number | null; onRate: (rating: number) => void }) {
  const { t } = useTranslation();
  if (rating !== null) return <p className="text-sm text-muted">{t('liveChatRoom.thanks')}</p>;
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm">{t('liveChatRoom.rate')}</p>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            onClick={() => onRate(value)}
            aria-label={t('liveChatRoom.rateStar', { count: value })}
            className="grid size-11 place-items-center rounded-md text-accent hover:bg-raised"
          >
            <Star size={22} aria-hidden="true" />
          </button>
        ))}
      </div>
    </div>
  );
}

function ChatRoom({
  token,
  isMember,
  onRefused,
}: {
  token: string;
  isMember: boolean;
  onRefused: () => void;
}) {
  const { t, i18n } = useTranslation();
  const chat = useChatConnection(token, onRefused);
  const [draft, setDraft] = useState('');
  const [isSendingImage, setSendingImage] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const lastReadSent = useRef<string | null>(null);
  const language = i18n.language;
  const { conversation, messages } = chat;
  const operatorReadId = BigInt(conversation?.operatorReadId ?? '0');

  // Keeps the newest message in view as messages arrive.
  const rowCount = messages.length + chat.pending.length + (chat.isOperatorTyping ? 1 : 0);
  useEffect(() => {
    const list = listRef.current;
    if (list && rowCount >= 0) list.scrollTop = list.scrollHeight;
  }, [rowCount]);

  // Marks the operator's latest message read while the page is in view.
  const latestFromOperator = [...messages].reverse().find((message) => message.senderKind === 'operator');
  useEffect(() => {
    if (!latestFromOperator || lastReadSent.current === latestFromOperator.id) return;
    if (document.visibilityState !== 'visible') return;
    lastReadSent.current = latestFromOperator.id;
    chat.markRead(latestFromOperator.id);
  }, [latestFromOperator, chat.markRead]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (text.length === 0 || [...text].length > MESSAGE_LENGTH_MAX) return;
    chat.send(text);
    chat.setTyping(false);
    setDraft('');
  }

  async function sendPicture(file: File) {
    setImageError(null);
    if (!IMAGE_TYPES.includes(file.type)) {
      setImageError(t('liveChatRoom.imageInvalid'));
      return;
    }
    if (file.size > IMAGE_BYTES_MAX) {
      setImageError(t('liveChatRoom.imageTooLarge'));
      return;
    }
    setSendingImage(true);
    const answer = await chat.sendImage(file);
    setSendingImage(false);
    if (answer.ok) return;
    setImageError(
      answer.code === 'LIMIT_REACHED'
        ? t('liveChatRoom.imageLimit')
        : answer.code === 'VALIDATION'
          ? t('liveChatRoom.imageInvalid')
          : answer.code === 'PAYLOAD_TOO_LARGE'
            ? t('liveChatRoom.imageTooLarge')
            : t('liveChatRoom.imageFailed'),
    );
  }

  const isClosed = conversation?.status === 'closed';
  // A picture goes into an open conversation; a visitor's once an agent has taken it.
  const canSendPicture =
    conversation !== null &&
    conversation.status !== 'closed' &&
    (isMember || conversation.status === 'active');
  const isTooLong = [...draft].length > MESSAGE_LENGTH_MAX;
  const showOffline = !chat.isDeskOnline && conversation?.status !== 'active';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {chat.status === 'reconnecting' || chat.status === 'connecting' ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-warning/15 px-3 py-1.5 text-xs text-warning"
        >
          <LoaderCircle size={14} className="animate-spin" aria-hidden="true" />
          {t('liveChatRoom.reconnecting')}
        </p>
      ) : null}
      {showOffline ? (
        <p data-testid="chat-offline" className="border-b border-line bg-raised px-4 py-2 text-sm text-muted">
          {t('liveChatRoom.offlineNotice')}
        </p>
      ) : null}
      <ul
        ref={listRef}
        aria-live="polite"
        data-testid="chat-messages"
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4"
      >
        {messages.length === 0 && chat.pending.length === 0 ? (
          <li className="m-auto max-w-64 text-center text-sm text-muted">{t('liveChatRoom.empty')}</li>
        ) : null}
        {messages.map((message) => {
          if (message.senderKind === 'system') {
            return <SystemNote key={message.id} message={message} language={language} />;
          }
          const isMine = message.senderKind !== 'operator';
          return (
            <MessageBubble
              key={message.id}
              message={message}
              isMine={isMine}
              isRead={isMine && BigInt(message.id) <= operatorReadId}
              language={language}
              token={token}
            />
          );
        })}
        {chat.pending.map((item) => (
          <li key={item.key} className="flex flex-col items-end gap-1">
            <div className="max-w-[85%] rounded-lg rounded-br-sm bg-brand/60 px-3 py-2 text-sm whitespace-pre-wrap break-words text-on-brand">
              {item.text}
            </div>
            {item.hasFailed ? (
              <button
                type="button"
                onClick={() => chat.send(item.text, item.key)}
                className="min-h-11 px-1 text-xs text-danger underline"
              >
                {t('liveChatRoom.sendFailed')}
              </button>
            ) : (
              <span className="px-1 text-[11px] text-muted">{t('liveChatRoom.sending')}</span>
            )}
          </li>
        ))}
        {isSendingImage ? (
          <li className="self-end px-1 text-[11px] text-muted" data-testid="chat-picture-sending">
            {t('liveChatRoom.imageSending')}
          </li>
        ) : null}
        {conversation?.status === 'waiting' && !showOffline ? (
          <li className="self-center rounded-full bg-raised px-3 py-1 text-xs text-muted">
            {t('liveChatRoom.waiting')}
          </li>
        ) : null}
        {conversation?.status === 'active' && conversation.operatorName ? (
          <li
            className="self-center rounded-full bg-raised px-3 py-1 text-xs text-muted"
            data-testid="chat-accepted"
          >
            {t('liveChatRoom.accepted', { name: conversation.operatorName })}
          </li>
        ) : null}
        {isClosed ? (
          <li className="flex flex-col items-center gap-2 rounded-lg border border-line p-3 text-center">
            <p className="text-sm font-medium">{t('liveChatRoom.closed')}</p>
            <Rating rating={conversation.rating} onRate={chat.rate} />
          </li>
        ) : null}
      </ul>
      {chat.isOperatorTyping ? (
        <p className="px-4 pb-1 text-xs text-muted" data-testid="chat-typing">
          {t('liveChatRoom.typing', { name: conversation?.operatorName ?? t('liveChatRoom.agent') })}
        </p>
      ) : null}
      {conversation?.status === 'active' &&
      conversation.identityRequestedAt !== null &&
      conversation.identityConfirmedAt === null ? (
        <IdentityCard onConfirm={chat.confirmIdentity} />
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2 border-t border-line bg-surface p-3">
        {canSendPicture ? (
          <>
            <input
              ref={fileRef}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="chat-picture-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void sendPicture(file);
              }}
            />
            <button
              type="button"
              onClick={() => fileRef.current?.click()}
              disabled={isSendingImage}
              aria-label={t('liveChatRoom.attachImage')}
              className="grid size-11 shrink-0 place-items-center rounded-md text-muted hover:text-text disabled:opacity-50"
            >
              <ImagePlus size={20} aria-hidden="true" />
            </button>
          </>
        ) : null}
        <label className="sr-only" htmlFor="chat-draft">
          {t('liveChatRoom.placeholder')}
        </label>
        <textarea
          id="chat-draft"
          value={draft}
          rows={1}
          placeholder={isClosed ? t('liveChatRoom.newChat') : t('liveChatRoom.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            chat.setTyping(event.target.value.length > 0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
          aria-invalid={isTooLong || undefined}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-md border border-line bg-raised px-3 py-2.5 text-base text-text outline-none focus:border-brand md:text-sm"
        />
        <Button
          type="submit"
          variant="brand"
          disabled={draft.trim().length === 0 || isTooLong || chat.status === 'refused'}
          size="sm"
          aria-label={t('liveChatRoom.send')}
          className="size-11 shrink-0"
        >
          <SendHorizontal size={20} className="shrink-0" aria-hidden="true" />
        </Button>
      </form>
      {imageError ? (
        <p role="alert" className="px-4 pb-2 text-xs text-danger" data-testid="chat-picture-error">
          {imageError}
        </p>
      ) : null}
      {isTooLong ? (
        <p role="alert" className="px-4 pb-2 text-xs text-danger">
          {t('liveChatRoom.tooLong', { max: MESSAGE_LENGTH_MAX })}
        </p>
      ) : null}
      {conversation && conversation.status !== 'closed' ? (
        <button
          type="button"
          onClick={chat.endChat}
          className="min-h-11 border-t border-line text-xs text-muted hover:text-text"
        >
          {t('liveChatRoom.endChat')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Our live chat (spec §7 "Live chat", docs/chat.md), sized for the 440 × 750 customer-service popup
 * and the chatRoom modal's frame: a member chats with their session; a visitor first gives a name
 * and a contact and gets a chat token, kept in session storage (never in the address).
 */
export function ChatPage() {
  const { t } = useTranslation();
  const memberToken = useAuthStore((state) => state.token);
  const [visitorToken, setVisitorToken] = useState(() => readStorage('session', storageKeys.chatToken));
  const [notice, setNotice] = useState<string | null>(null);
  const token = memberToken ?? visitorToken;
  const isEmbedded = typeof window !== 'undefined' && window.parent !== window;

  useEffect(() => {
    document.title = t('liveChatRoom.title');
  }, [t]);

  // The popup closes; a phone's tab the maintenance page sent here goes back to where it was.
  function leave() {
    if (window.opener) window.close();
    else if (window.history.length > 1) window.history.back();
    else window.location.assign('/');
  }

  function forgetVisitor() {
    writeStorage('session', storageKeys.chatToken, null);
    setVisitorToken(null);
    setNotice(t('liveChatRoom.sessionEnded'));
  }

  return (
    <main className="flex h-dvh flex-col bg-bg text-text" data-testid="chat-page">
      {/* In the chatRoom modal's frame the modal has the title and the close button. */}
      {isEmbedded ? null : (
        <header className="flex items-center gap-3 border-b border-line bg-surface px-4 py-3">
          <span className="grid size-9 place-items-center rounded-full bg-brand/15 text-brand">
            <Headset size={20} aria-hidden="true" />
          </span>
          <h1 className="flex-1 text-base font-semibold">{t('liveChatRoom.title')}</h1>
          <button
            type="button"
            onClick={leave}
            aria-label={t('common.close')}
            className="grid size-11 place-items-center rounded-md text-muted hover:text-text"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </header>
      )}
      {notice && !token ? (
        <p role="status" className="bg-raised px-4 py-2 text-sm text-muted">
          {notice}
        </p>
      ) : null}
      {token ? (
        <ChatRoom
          key={token}
          token={token}
          isMember={memberToken !== null}
          onRefused={memberToken ? () => {} : forgetVisitor}
        />
      ) : (
        <VisitorForm
          onToken={(next) => {
            setNotice(null);
            setVisitorToken(next);
          }}
        />
      )}
    </main>
  );
}
