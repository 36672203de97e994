import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { FilterSelect } from '../../components/choice-select.tsx';
import type { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { moneyFactsOf } from '../../components/confirm-steps.ts';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { usePrivateImage } from '../../lib/private-image.ts';
import { REJECT_REASON_LENGTH_MAX, readApprovedAmount, readRejectReason } from './application-review.ts';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
} from './promotion-labels.ts';
import {
  type ApplicationRow,
  useApplications,
  usePromotions,
  useReviewApplication,
} from './promotions-api.ts';

const STATUS_CHOICES = APPLICATION_STATUSES.map(
  (status) => [status, labelOfCode(APPLICATION_STATUS_LABELS, status)] as const,
);
const COLUMNS = 9;

type Filter = { status: ApplicationStatus; promotionId: string };

/**
 * Members' applications to application promotions: waiting ones oldest first, with the member's
 * account, comment and images (thumbnails that open full size); approved with an amount within the
 * promotion's most (granted at once as a bonus) or rejected with a reason the member reads.
 */
export function ApplicationsTab(props: {
  merchantId: string;
  canWrite: boolean;
  currency: string;
  confirm: ReturnType<typeof useConfirmedAction>;
}) {
  const filter = usePagedFilter<Filter>({ status: 'applying', promotionId: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ url: string; label: string } | null>(null);
  const applications = useApplications({ merchantId: props.merchantId, ...filter.filter, page: filter.page });
  // The promotions members apply to, for the filter: the first page of the newest is plenty.
  const promotions = usePromotions({ merchantId: props.merchantId, status: '', type: '', page: 1 });
  const promotionChoices = (promotions.data?.list ?? [])
    .filter((promotion) => promotion.kind === 'application')
    .map((promotion) => [promotion.id, textOf(promotion.title) || promotion.id] as const);
  const isWaiting = filter.filter.status === 'applying';

  return (
    <section aria-label="Promotion applications">
      <div className="toolbar">
        <ChoiceChips
          label="Applications by status"
          choices={STATUS_CHOICES}
          value={filter.filter.status}
          onChange={(status) => filter.choose({ ...filter.filter, status })}
        />
        <FilterSelect
          label="Promotion"
          anyLabel="Every promotion"
          value={filter.filter.promotionId}
          choices={promotionChoices}
          onChange={(promotionId) => filter.choose({ ...filter.filter, promotionId })}
        />
      </div>
      <QueryTable
        query={applications}
        rows={applications.data?.list ?? []}
        testId="promotion-applications"
        headings={[
          'Sent',
          'Member',
          'Promotion',
          'Comment',
          'Images',
          numberHeading(isWaiting ? 'Most' : 'Approved'),
          isWaiting ? 'Waiting' : 'Reviewed',
          !isWaiting && 'Reason',
          props.canWrite && isWaiting && '',
        ]}
        renderRow={(row) => (
          <>
            <tr className={openId === row.id ? 'table__row--open' : ''}>
              <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
              <td>
                <strong>{row.account}</strong>
                {row.cycle !== '' && <span className="muted small"> · sent again</span>}
              </td>
              <td>{textOf(row.promotionTitle) || row.promotionId}</td>
              <td className="small">{row.comment ?? <span className="muted">—</span>}</td>
              <td>
                <ApplicationImages row={row} onOpen={setViewing} />
              </td>
              <td className="number mono">
                {isWaiting
                  ? row.maxAmount === null
                    ? 'no limit'
                    : formatPesos(row.maxAmount, props.currency)
                  : row.amount === null
                    ? '—'
                    : formatPesos(row.amount, props.currency)}
              </td>
              <td className="small">
                {isWaiting
                  ? waitingWords(row.createdAt)
                  : `${row.reviewer ?? '—'}${row.reviewedAt ? `, ${formatDateTime(row.reviewedAt)}` : ''}`}
              </td>
              {!isWaiting && <td className="small">{row.rejectReason ?? '—'}</td>}
              {props.canWrite && isWaiting && (
                <td>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-expanded={openId === row.id}
                    onClick={() => setOpenId(openId === row.id ? null : row.id)}
                  >
                    Review
                  </button>
                </td>
              )}
            </tr>
            {openId === row.id && props.canWrite && isWaiting && (
              <tr className="table__detail">
                <td colSpan={COLUMNS}>
                  <ReviewPanel
                    application={row}
                    currency={props.currency}
                    confirm={props.confirm}
                    onDone={() => setOpenId(null)}
                  />
                </td>
              </tr>
            )}
          </>
        )}
        empty={
          <EmptyState title={isWaiting ? 'No applications waiting for review.' : 'No applications match.'} />
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: applications.data }}
      />
      {viewing && <ImageViewer url={viewing.url} label={viewing.label} onClose={() => setViewing(null)} />}
    </section>
  );
}

/** How long an application has waited, roughly, as a reviewer weighs it. */
function waitingWords(createdAt: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function ApplicationImages(props: {
  row: ApplicationRow;
  onOpen: (image: { url: string; label: string }) => void;
}) {
  if (props.row.images.length === 0) return <span className="muted">—</span>;
  return (
    <span className="application-images">
      {props.row.images.map((image, index) => (
        <Thumbnail
          key={image.id}
          url={image.url}
          label={`Image ${index + 1} of ${props.row.account}'s application`}
          onOpen={props.onOpen}
        />
      ))}
    </span>
  );
}

function Thumbnail(props: {
  url: string;
  label: string;
  onOpen: (image: { url: string; label: string }) => void;
}) {
  const image = usePrivateImage(props.url);
  if (image.isError)
    return (
      <span className="small muted" title={image.error.message}>
        !
      </span>
    );
  if (image.isPending) return <span className="skeleton" aria-hidden="true" />;
  return (
    <button
      type="button"
      aria-label={`Open ${props.label}`}
      onClick={() => props.onOpen({ url: image.data, label: props.label })}
    >
      <img src={image.data} alt={props.label} />
    </button>
  );
}

/** An application's image full size, over the page; Escape or Close shuts it. */
function ImageViewer(props: { url: string; label: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const { onClose } = props;
  useEffect(() => closeRef.current?.focus(), []);
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog image-viewer" role="dialog" aria-modal="true" aria-label={props.label}>
        <img src={props.url} alt={props.label} />
        <div className="dialog__actions">
          <a className="button button--quiet" href={props.url} target="_blank" rel="noreferrer">
            Open in a new tab
          </a>
          <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** Approve with an amount (at most the promotion's most) or reject with a reason the member reads. */
function ReviewPanel(props: {
  application: ApplicationRow;
  currency: string;
  confirm: ReturnType<typeof useConfirmedAction>;
  onDone: () => void;
}) {
  const { application, confirm } = props;
  const review = useReviewApplication();
  const [amountText, setAmountText] = useState(application.maxAmount ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const promotionTitle = textOf(application.promotionTitle) || application.promotionId;

  function askApprove(event: FormEvent) {
    event.preventDefault();
    const amount = readApprovedAmount(amountText, application.maxAmount);
    if ('error' in amount) {
      setErrors({ amount: amount.error });
      return;
    }
    setErrors({});
    confirm.ask({
      title: `Approve ${application.account}'s application?`,
      confirmLabel: 'Approve and grant',
      tone: 'primary',
      facts: moneyFactsOf({
        amount: amount.amount,
        currency: props.currency,
        payee: application.account,
        more: [
          ['Promotion', promotionTitle],
          ['Paid as', "A bonus under the promotion's terms, granted at once"],
        ],
      }),
      run: async () => {
        await review.mutateAsync({ id: application.id, decision: 'approve', amount: amount.amount });
        props.onDone();
      },
      doneText: `Approved: ${formatPesos(amount.amount, props.currency)} granted to ${application.account} as a bonus.`,
    });
  }

  function askReject(event: FormEvent) {
    event.preventDefault();
    const read = readRejectReason(reason);
    if ('error' in read) {
      setErrors({ reason: read.error });
      return;
    }
    setErrors({});
    confirm.ask({
      title: `Reject ${application.account}'s application?`,
      confirmLabel: 'Reject',
      tone: 'danger',
      facts: [
        ['Member', application.account],
        ['Promotion', promotionTitle],
        ['Reason the member reads', read.reason],
        ['Then', 'The member may apply once more.'],
      ],
      run: async () => {
        await review.mutateAsync({ id: application.id, decision: 'reject', reason: read.reason });
        props.onDone();
      },
      doneText: `Rejected ${application.account}'s application; the member reads your reason.`,
    });
  }

  return (
    <div className="split">
      <form
        className="panel"
        onSubmit={askApprove}
        aria-label={`Approve ${application.account}'s application`}
      >
        <label className="field">
          <span className="field__label">
            Amount to grant
            {application.maxAmount !== null &&
              ` (at most ${formatPesos(application.maxAmount, props.currency)})`}
          </span>
          <input
            inputMode="decimal"
            maxLength={20}
            value={amountText}
            aria-invalid={errors.amount ? true : undefined}
            onChange={(event) => setAmountText(event.target.value)}
          />
          {errors.amount && <span className="field__error">{errors.amount}</span>}
        </label>
        <div className="row-actions">
          <button type="submit" className="button button--primary button--small" disabled={confirm.isSending}>
            Approve…
          </button>
        </div>
      </form>
      <form className="panel" onSubmit={askReject} aria-label={`Reject ${application.account}'s application`}>
        <label className="field">
          <span className="field__label">Reason (the member reads it)</span>
          <textarea
            rows={3}
            maxLength={REJECT_REASON_LENGTH_MAX}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <span className="muted small">
            {reason.trim().length} / {REJECT_REASON_LENGTH_MAX}
          </span>
          {errors.reason && <span className="field__error">{errors.reason}</span>}
        </label>
        <div className="row-actions">
          <button type="submit" className="button button--danger button--small" disabled={confirm.isSending}>
            Reject…
          </button>
        </div>
      </form>
    </div>
  );
}
