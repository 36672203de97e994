import { type ComponentType, type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { usePrivateImage } from '../../lib/private-image.ts';
import {
  type CannedReply,
  type CustomerFacts,
  DESK_IMAGE_BYTES_MAX,
  DESK_IMAGE_TYPES,
  type DeskConversation,
  type DeskMessage,
  deskFailureText,
  useDesk,
} from './use-desk.ts';
import './desk.css';

/** The server's limit of a message, in characters. */
const MESSAGE_LENGTH_MAX = 2000;
const STATUS_WORDS = { waiting: 'Waiting', active: 'Active', closed: 'Closed' } as const;
/** The chat's system notes (docs/chat.md), as the desk words them. */
const SYSTEM_NOTES: Record<string, string> = {
  'identity.requested': 'The member was asked to confirm who they are with their login password.',
  'identity.confirmed': 'The member confirmed who they are.',
  'identity.failed': 'The member gave a wrong password.',
};

/** A member's conversation on a withdrawal or bank-detail topic that they have not confirmed themselves for. */
function needsIdentity(conversation: DeskConversation): boolean {
  return (
    conversation.memberId !== null &&
    conversation.topicFlaggedAt !== null &&
    conversation.identityConfirmedAt === null
  );
}

/** How long a customer has waited, in whole minutes, from when the conversation began. */
function waitedFor(conversation: DeskConversation, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(conversation.createdAt)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Waiting first, highest VIP level first, then the longest waiting; then the active; then the closed. */
function byQueueOrder(left: DeskConversation, right: DeskConversation): number {
  const rank = { waiting: 0, active: 1, closed: 2 } as const;
  if (rank[left.status] !== rank[right.status]) return rank[left.status] - rank[right.status];
  if (left.status === 'closed') return Date.parse(right.lastMessageAt) - Date.parse(left.lastMessageAt);
  if (left.priority !== right.priority) return right.priority - left.priority;
  return Date.parse(left.createdAt) - Date.parse(right.createdAt);
}

function QueueItem(props: {
  conversation: DeskConversation;
  isOpen: boolean;
  isTyping: boolean;
  nowMs: number;
  onOpen: () => void;
}) {
  const { conversation } = props;
  return (
    <li>
      <button
        type="button"
        className={`desk-queue__item${props.isOpen ? ' desk-queue__item--open' : ''}`}
        onClick={props.onOpen}
        data-testid="desk-queue-item"
      >
        <span className="desk-queue__line">
          <strong>{conversation.customerName}</strong>
          {conversation.priority > 0 && (
            <span className="badge badge--success">VIP {conversation.priority}</span>
          )}
          {conversation.isTicket && <span className="badge">Ticket</span>}
          {needsIdentity(conversation) && <span className="badge badge--danger">Money topic</span>}
          {conversation.unreadCount > 0 && (
            <span className="badge badge--brand">{conversation.unreadCount}</span>
          )}
        </span>
        <span className="desk-queue__line muted small">
          <span>{STATUS_WORDS[conversation.status]}</span>
          {conversation.status === 'waiting' && <span>waiting {waitedFor(conversation, props.nowMs)}</span>}
          {conversation.status === 'active' && conversation.operatorName && (
            <span>{conversation.operatorName}</span>
          )}
        </span>
        <span className="desk-queue__preview small">
          {props.isTyping
            ? 'typing…'
            : conversation.lastText === null
              ? ''
              : conversation.lastText === ''
                ? 'Picture'
                : (SYSTEM_NOTES[conversation.lastText] ?? conversation.lastText)}
        </span>
      </button>
    </li>
  );
}

/** A picture of the conversation, shown from memory; a click opens it whole. */
function DeskPicture({ imageId }: { imageId: string }) {
  const image = usePrivateImage(`/bo/chat/images/${imageId}`);
  if (image.isPending) return <span className="muted small">Loading the picture…</span>;
  if (image.isError) return <span className="muted small">The picture could not be loaded.</span>;
  return (
    <a href={image.data} target="_blank" rel="noreferrer">
      <img src={image.data} alt="Sent in the chat" className="desk-picture" data-testid="desk-picture" />
    </a>
  );
}

function Transcript(props: { messages: DeskMessage[]; conversation: DeskConversation; isTyping: boolean }) {
  const readUpTo = BigInt(props.conversation.customerReadId);
  return (
    <ol className="desk-transcript" aria-label="Conversation" data-testid="desk-transcript">
      {props.messages.map((message) => {
        if (message.senderKind === 'system') {
          return (
            <li key={message.id} className="desk-note small muted" data-testid="desk-note">
              {SYSTEM_NOTES[message.text] ?? message.text} · {formatDateTime(message.createdAt)}
            </li>
          );
        }
        const isOperator = message.senderKind === 'operator';
        return (
          <li key={message.id} className={`desk-message${isOperator ? ' desk-message--operator' : ''}`}>
            <span className="desk-message__who small muted">
              {isOperator ? (message.operatorName ?? 'Operator') : props.conversation.customerName} ·{' '}
              {formatDateTime(message.createdAt)}
              {isOperator && BigInt(message.id) <= readUpTo ? ' · read' : ''}
            </span>
            {message.imageId ? (
              <DeskPicture imageId={message.imageId} />
            ) : (
              <span className="desk-message__text">{message.text}</span>
            )}
          </li>
        );
      })}
      {props.isTyping && <li className="muted small">{props.conversation.customerName} is typing…</li>}
    </ol>
  );
}

/**
 * Whether the member has confirmed who they are in this chat, and the operator's button to ask:
 * a withdrawal or bank-detail topic is marked until they have (docs/chat.md).
 */
function IdentityBar(props: { conversation: DeskConversation; isMine: boolean; onAsk: () => void }) {
  const { conversation } = props;
  const isWaiting = conversation.identityRequestedAt !== null && conversation.identityConfirmedAt === null;
  let text: string;
  if (conversation.identityConfirmedAt !== null) {
    text = `Identity confirmed ${formatDateTime(conversation.identityConfirmedAt)}.`;
  } else if (isWaiting) {
    text = 'Waiting for the member to confirm who they are…';
  } else if (needsIdentity(conversation)) {
    text = 'Withdrawal or bank topic: ask the member to confirm who they are before you discuss it.';
  } else {
    text = 'Identity not confirmed in this chat.';
  }
  const tone =
    conversation.identityConfirmedAt !== null
      ? ' desk-identity--confirmed'
      : needsIdentity(conversation)
        ? ' desk-identity--needed'
        : '';
  return (
    <div className={`desk-identity${tone}`} data-testid="desk-identity">
      <span className="small">{text}</span>
      {props.isMine && conversation.identityConfirmedAt === null && (
        <button type="button" className="button button--small" onClick={props.onAsk}>
          {isWaiting ? 'Ask again' : 'Ask to confirm identity'}
        </button>
      )}
    </div>
  );
}

/** Responsible gaming and upline: what an operator must know before talking money with a member. */
function CustomerFactsList({ facts }: { facts: CustomerFacts }) {
  return (
    <dl className="facts" data-testid="desk-customer-facts">
      <dt>Responsible gaming</dt>
      <dd>
        {facts.exclusion
          ? `${facts.exclusion.kind} until ${formatDateTime(facts.exclusion.endsAt)}`
          : facts.canDeposit
            ? 'No break or exclusion'
            : 'Deposit limit used up'}
      </dd>
      {facts.limits
        .filter((limit) => limit.value !== null)
        .map((limit) => (
          <Fragment key={`${limit.kind}-${limit.period}`}>
            <dt>
              {limit.kind} limit ({limit.period})
            </dt>
            <dd className="mono">
              {limit.used} of {limit.value}
              {limit.kind === 'session' ? ' min' : ''}
            </dd>
          </Fragment>
        ))}
      <dt>Reality check</dt>
      <dd>{facts.realityCheckMinutes === null ? 'Off' : `Every ${facts.realityCheckMinutes} min`}</dd>
      <dt>Upline</dt>
      <dd className="mono">{facts.uplineAccount ?? 'None'}</dd>
    </dl>
  );
}

/** The member's account as the players' section shows it; handed in by the app, which composes sections. */
export type DeskMemberAccount = ComponentType<{ memberId: string; merchantId: string }>;

function CustomerPanel({
  conversation,
  merchantId,
  loadFacts,
  MemberAccount,
}: {
  conversation: DeskConversation;
  merchantId: string;
  loadFacts: (conversationId: string) => Promise<CustomerFacts | null>;
  MemberAccount: DeskMemberAccount;
}) {
  const [facts, setFacts] = useState<CustomerFacts | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setFacts(null);
    loadFacts(conversation.id)
      .then((loaded) => {
        if (isCurrent) setFacts(loaded);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [conversation.id, loadFacts]);
  if (!conversation.memberId) {
    return (
      <aside className="desk-customer panel" aria-label="Customer">
        <h2>Visitor</h2>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{conversation.customerName}</dd>
          <dt>Contact</dt>
          <dd className="mono">{conversation.customerContact}</dd>
        </dl>
        <p className="muted small">Not signed in: there is no account to show.</p>
      </aside>
    );
  }
  return (
    <aside className="desk-customer panel" aria-label="Customer" data-testid="desk-customer">
      <h2>Member {conversation.memberAccount}</h2>
      <dl className="facts">
        <dt>VIP level</dt>
        <dd>{conversation.priority > 0 ? conversation.priority : 'None'}</dd>
      </dl>
      {facts && <CustomerFactsList facts={facts} />}
      <MemberAccount memberId={conversation.memberId} merchantId={merchantId} />
    </aside>
  );
}

/** The merchant's canned replies: a click puts one into the reply; the list is kept here too. */
function CannedReplies(props: {
  replies: CannedReply[];
  onPick: (text: string) => void;
  onAdd: (title: string, text: string) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}) {
  const [isManaging, setManaging] = useState(false);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  return (
    <div className="desk-canned" aria-label="Canned replies" role="toolbar">
      {props.replies.map((reply) => (
        <span key={reply.id} className="desk-canned__item">
          <button
            type="button"
            className="button button--small"
            title={reply.text}
            onClick={() => props.onPick(reply.text)}
          >
            {reply.title}
          </button>
          {isManaging && (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove ${reply.title}`}
              onClick={() => void props.onRemove(reply.id)}
            >
              ×
            </button>
          )}
        </span>
      ))}
      <button
        type="button"
        className="button button--quiet button--small"
        onClick={() => setManaging(!isManaging)}
      >
        {isManaging ? 'Done' : 'Edit canned replies'}
      </button>
      {isManaging && (
        <form
          className="desk-canned__form"
          aria-label="New canned reply"
          onSubmit={(event) => {
            event.preventDefault();
            void props.onAdd(title, text).then(() => {
              setTitle('');
              setText('');
            });
          }}
        >
          <input
            aria-label="Title"
            placeholder="Title"
            maxLength={60}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <input
            aria-label="Text"
            placeholder="Text"
            maxLength={MESSAGE_LENGTH_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button
            type="submit"
            className="button button--small"
            disabled={title.trim() === '' || text.trim() === ''}
          >
            Add
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * The live chat's desk (docs/chat.md): the queue (waiting customers first by VIP level and waiting
 * time, tickets left while the desk was away), accepting one, the conversation with replies, typing
 * and read marks, closing and transferring to a colleague, and the member's account beside it.
 */
export function DeskPage(props: {
  merchantId: string | null;
  operatorId: string;
  MemberAccount: DeskMemberAccount;
}) {
  const desk = useDesk();
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [colleagues, setColleagues] = useState<{ id: string; name: string }[] | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [isSendingImage, setSendingImage] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const conversation = desk.conversations.find((item) => item.id === desk.openId) ?? null;
  const isMine = conversation?.status === 'active' && conversation.operatorId === props.operatorId;
  const latest = desk.messages.at(-1);
  const { markRead } = desk;
  useEffect(() => {
    if (conversation && latest && latest.senderKind !== 'operator') markRead(conversation.id, latest.id);
  }, [conversation, latest, markRead]);

  async function attempt(work: () => Promise<unknown>) {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(deskFailureText((error as Error).message));
    }
  }

  function reply(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!conversation || text === '' || [...text].length > MESSAGE_LENGTH_MAX) return;
    void attempt(async () => {
      await desk.send(conversation.id, text);
      setDraft('');
      desk.setTyping(conversation.id, false);
    });
  }

  function sendPicture(conversationId: string, file: File) {
    if (!DESK_IMAGE_TYPES.includes(file.type)) {
      setFailure('Only PNG or JPEG pictures can be sent.');
      return;
    }
    if (file.size > DESK_IMAGE_BYTES_MAX) {
      setFailure('A picture may be up to 5 MB.');
      return;
    }
    setSendingImage(true);
    void attempt(() => desk.sendImage(conversationId, file)).finally(() => setSendingImage(false));
  }

  if (desk.status === 'refused') {
    return (
      <p className="muted">
        The desk needs a back-office session with the live-chat permission. Sign in again.
      </p>
    );
  }
  const sorted = [...desk.conversations].sort(byQueueOrder);
  return (
    <div className="desk" data-testid="desk">
      <section className="desk-queue panel" aria-label="Queue">
        <h2>
          Queue{' '}
          <span className="muted small">
            {desk.status === 'online'
              ? 'connected'
              : desk.status === 'offline'
                ? 'reconnecting…'
                : 'connecting…'}
          </span>
        </h2>
        {sorted.length === 0 ? (
          <p className="muted small">No conversations yet. New ones appear here at once.</p>
        ) : (
          <ul>
            {sorted.map((item) => (
              <QueueItem
                key={item.id}
                conversation={item}
                isOpen={item.id === desk.openId}
                isTyping={desk.typingIds.has(item.id)}
                nowMs={nowMs}
                onOpen={() => void attempt(() => desk.open(item.id))}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="desk-conversation panel" aria-label="Chat">
        {conversation ? (
          <>
            <div className="desk-conversation__head">
              <strong>{conversation.customerName}</strong>
              <span className="muted small">{STATUS_WORDS[conversation.status]}</span>
              <span className="desk-conversation__actions">
                {conversation.status === 'waiting' && (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => void attempt(() => desk.accept(conversation.id))}
                  >
                    Accept
                  </button>
                )}
                {isMine && (
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => void attempt(async () => setColleagues(await desk.colleagues()))}
                  >
                    Transfer…
                  </button>
                )}
                {(isMine || conversation.status === 'waiting') && (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => void attempt(() => desk.close(conversation.id))}
                  >
                    Close
                  </button>
                )}
              </span>
            </div>
            {colleagues && isMine && (
              <fieldset className="desk-transfer">
                <legend className="small muted">Transfer to</legend>
                {colleagues.length === 0 ? (
                  <span className="muted small">No colleague with the live-chat permission.</span>
                ) : (
                  colleagues.map((colleague) => (
                    <button
                      key={colleague.id}
                      type="button"
                      className="button button--small"
                      onClick={() =>
                        void attempt(async () => {
                          await desk.transfer(conversation.id, colleague.id);
                          setColleagues(null);
                        })
                      }
                    >
                      {colleague.name}
                    </button>
                  ))
                )}
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => setColleagues(null)}
                >
                  Cancel
                </button>
              </fieldset>
            )}
            {conversation.memberId !== null && (
              <IdentityBar
                conversation={conversation}
                isMine={isMine}
                onAsk={() => void attempt(() => desk.requestIdentity(conversation.id))}
              />
            )}
            {failure && (
              <p role="alert" className="desk-failure">
                {failure}
              </p>
            )}
            <Transcript
              messages={desk.messages}
              conversation={conversation}
              isTyping={desk.typingIds.has(conversation.id)}
            />
            {isMine && (
              <CannedReplies
                replies={desk.cannedReplies}
                onPick={(text) => setDraft((current) => (current ? `${current} ${text}` : text))}
                onAdd={(title, text) => attempt(() => desk.addCannedReply(title, text))}
                onRemove={(id) => attempt(() => desk.removeCannedReply(id))}
              />
            )}
            {isMine ? (
              <form className="desk-reply" onSubmit={reply} aria-label="Reply">
                <textarea
                  rows={3}
                  value={draft}
                  maxLength={MESSAGE_LENGTH_MAX}
                  placeholder="Reply to the customer…"
                  aria-label="Reply"
                  onChange={(event) => {
                    setDraft(event.target.value);
                    desk.setTyping(conversation.id, event.target.value.length > 0);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey) reply(event);
                  }}
                />
                <input
                  ref={fileRef}
                  type="file"
                  accept={DESK_IMAGE_TYPES.join(',')}
                  hidden
                  data-testid="desk-picture-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) sendPicture(conversation.id, file);
                  }}
                />
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={isSendingImage}
                  onClick={() => fileRef.current?.click()}
                >
                  {isSendingImage ? 'Sending…' : 'Picture…'}
                </button>
                <button type="submit" className="button button--primary" disabled={draft.trim() === ''}>
                  Send
                </button>
              </form>
            ) : (
              conversation.status !== 'closed' && (
                <p className="muted small">Accept the conversation to answer it.</p>
              )
            )}
          </>
        ) : (
          <>
            {failure && (
              <p role="alert" className="desk-failure">
                {failure}
              </p>
            )}
            <p className="muted">Pick a conversation from the queue.</p>
          </>
        )}
      </section>

      {conversation && props.merchantId && (
        <CustomerPanel
          conversation={conversation}
          merchantId={props.merchantId}
          loadFacts={desk.customerFacts}
          MemberAccount={props.MemberAccount}
        />
      )}
    </div>
  );
}
