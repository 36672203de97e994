import { type FormEvent, useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Field } from '../../components/editor-fields.tsx';
import { MerchantPicker, type MerchantScope, useMerchantChoice } from '../../components/merchant-picker.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { usePrivateImage } from '../../lib/private-image.ts';
import {
  ANSWER_LENGTH_MAX,
  type FeedbackRow,
  type FeedbackStatus,
  type FeedbackType,
  useAnswerFeedback,
  useFeedbackInbox,
} from './feedback-api.ts';
import './feedback.css';

const STATUS_CHOICES: ReadonlyArray<readonly [FeedbackStatus, string]> = [
  ['open', 'Waiting for an answer'],
  ['answered', 'Answered'],
];

/** What a member's feedback is about, as operators read it. */
const TYPE_CHOICES: ReadonlyArray<readonly [FeedbackType, string]> = [
  ['suggestion', 'Suggestion'],
  ['game', 'Problem with a game'],
  ['payment', 'Deposit or withdrawal'],
  ['account', 'Account'],
  ['other', 'Other'],
];

const nameOf = <Id extends string>(choices: ReadonlyArray<readonly [Id, string]>, id: Id) =>
  choices.find(([choice]) => choice === id)?.[1] ?? id;

/**
 * The feedback inbox (docs/back-office.md "Feedback"): members' feedback by status and topic, newest
 * first; opening one shows its whole text and pictures, and an answer, confirmed first, reaches the
 * member's messages.
 */
export function FeedbackInbox(props: MerchantScope & { canWrite: boolean }) {
  const [merchantId, setMerchantId] = useMerchantChoice(props);
  const status = usePagedFilter<FeedbackStatus | ''>('open');
  const [type, setType] = useState<FeedbackType | ''>('');
  const [openId, setOpenId] = useState<string | null>(null);
  const confirm = useConfirmedAction();
  const inbox = useFeedbackInbox({ merchantId, status: status.filter, type, page: status.page });
  const open = inbox.data?.list.find((row) => row.id === openId);
  return (
    <div className="page">
      <section aria-label="Feedback inbox">
        {confirm.element}
        <div className="toolbar">
          <MerchantPicker
            ownMerchantId={props.ownMerchantId}
            merchants={props.merchants}
            value={merchantId}
            onChange={setMerchantId}
          />
          <FilterSelect
            label="Status"
            anyLabel="Any status"
            value={status.filter}
            choices={STATUS_CHOICES}
            onChange={(next) => status.choose(next)}
          />
          <FilterSelect
            label="Topic"
            anyLabel="Any topic"
            value={type}
            choices={TYPE_CHOICES}
            onChange={(next) => {
              setType(next);
              status.setPage(1);
            }}
          />
        </div>
        {open && (
          <FeedbackPanel
            key={open.id}
            feedback={open}
            canWrite={props.canWrite}
            confirm={confirm}
            onClose={() => setOpenId(null)}
          />
        )}
        <QueryTable
          query={inbox}
          rows={inbox.data?.list ?? []}
          headings={['Sent', 'Player', 'Topic', 'Message', 'Pictures', 'Status', '']}
          renderRow={(row) => (
            <tr aria-current={row.id === openId ? 'true' : undefined} data-testid="feedback-row">
              <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
              <td>{row.account}</td>
              <td>{nameOf(TYPE_CHOICES, row.type)}</td>
              <td className="small">
                {row.content.length > 120 ? `${row.content.slice(0, 119)}…` : row.content}
              </td>
              <td className="number">{row.images.length}</td>
              <td>{nameOf(STATUS_CHOICES, row.status)}</td>
              <td>
                <button className="button button--small" type="button" onClick={() => setOpenId(row.id)}>
                  Open
                </button>
              </td>
            </tr>
          )}
          empty={<EmptyState title="No feedback matches." />}
          paging={{ page: status.page, onPage: status.setPage, found: inbox.data }}
        />
      </section>
    </div>
  );
}

/** One feedback in full, with its pictures, and its answer (or the form to answer it). */
function FeedbackPanel(props: {
  feedback: FeedbackRow;
  canWrite: boolean;
  confirm: ReturnType<typeof useConfirmedAction>;
  onClose: () => void;
}) {
  const { feedback, confirm } = props;
  const answerFeedback = useAnswerFeedback();
  const [answer, setAnswer] = useState('');

  function askAnswer(event: FormEvent) {
    event.preventDefault();
    const text = answer.trim();
    confirm.ask({
      title: `Send this answer to ${feedback.account}?`,
      confirmLabel: 'Send answer',
      tone: 'primary',
      facts: [
        ['Player', feedback.account],
        ['Answer', text],
      ],
      run: async () => {
        await answerFeedback.mutateAsync({ id: feedback.id, answer: text });
      },
      doneText: `The answer reached the messages of ${feedback.account}.`,
    });
  }

  return (
    <section className="panel" aria-label={`Feedback of ${feedback.account}`} data-testid="feedback-panel">
      <div className="toolbar">
        <strong>
          {nameOf(TYPE_CHOICES, feedback.type)} from {feedback.account}
        </strong>
        <span className="muted small">{formatDateTime(feedback.createdAt)}</span>
        <button className="button button--quiet button--small" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <dl className="facts">
        <dt>Player account</dt>
        <dd className="mono">{feedback.account}</dd>
        <dt>Member id</dt>
        <dd className="mono small">{feedback.memberId}</dd>
      </dl>
      <p className="feedback-content">{feedback.content}</p>
      {feedback.images.length > 0 && (
        <div className="feedback-images">
          {feedback.images.map((image, index) => (
            <Thumbnail key={image.id} url={image.url} label={`Picture ${index + 1} of ${feedback.account}`} />
          ))}
        </div>
      )}
      {feedback.status === 'answered' ? (
        <div>
          <p className="muted small">
            Answered by {feedback.answeredBy ?? 'someone'}
            {feedback.answeredAt ? `, ${formatDateTime(feedback.answeredAt)}` : ''}
          </p>
          <p className="feedback-content" data-testid="feedback-answer">
            {feedback.answer}
          </p>
        </div>
      ) : props.canWrite ? (
        <form className="form-grid" onSubmit={askAnswer} aria-label="Answer">
          <Field
            label="Answer (the player reads it in their messages)"
            name="answer"
            errors={{}}
            hint={`${[...answer].length}/${ANSWER_LENGTH_MAX} characters`}
          >
            <textarea
              rows={4}
              maxLength={ANSWER_LENGTH_MAX}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              data-testid="feedback-answer-input"
            />
          </Field>
          <div className="form-grid__actions">
            <button
              className="button button--primary"
              type="submit"
              disabled={answer.trim() === '' || confirm.isSending}
            >
              Answer…
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function Thumbnail(props: { url: string; label: string }) {
  const image = usePrivateImage(props.url);
  if (image.isError)
    return (
      <span className="small muted" title={image.error.message}>
        Picture not available
      </span>
    );
  if (image.isPending) return <span className="skeleton" aria-hidden="true" />;
  return (
    <a href={image.data} target="_blank" rel="noreferrer" aria-label={`Open ${props.label}`}>
      <img src={image.data} alt={props.label} />
    </a>
  );
}
