import { type FormEvent, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import type { ConfirmFact } from '../../components/confirm-steps.ts';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { type OperatorRedeem, type RedeemSearchField, useDecideRedeem, useRedeems } from './points-api.ts';
import {
  GOODS_KIND_LABELS,
  REDEEM_STATUS_BADGES,
  REDEEM_STATUS_LABELS,
  REDEEM_STATUSES,
  type RedeemStatus,
} from './points-labels.ts';
import { REJECT_REASON_LENGTH_MAX, readRejectReason } from './redeem-review.ts';
import './points.css';

const CURRENCY = 'PHP';
const money = (amount: string) => formatPesos(amount, CURRENCY);
const grouped = (value: number) => value.toLocaleString('en-PH');

/** Processing first: that is the queue; the decided ones and everything after. */
const STATUS_CHOICES: readonly (readonly [RedeemStatus | 'all', string])[] = [
  ...REDEEM_STATUSES.map((status) => [status, labelOfCode(REDEEM_STATUS_LABELS, status)] as const),
  ['all', 'All'],
];

type Filter = { status: RedeemStatus | 'all'; field: RedeemSearchField; text: string };

const SEARCH_FIELDS: readonly (readonly [RedeemSearchField, string])[] = [
  ['account', 'Member account'],
  ['reference', 'Reference'],
];

/** The goods' name as the member saw it when applying, Tagalog first as most members read it. */
const goodsNameOf = (redeem: OperatorRedeem) => textOf(redeem.goodsNames) || redeem.goodsId;

/** What approving a redeem does, in the words the row and the confirmation show. */
function payoutWordsOf(redeem: OperatorRedeem): string {
  if (redeem.kind === 'item') return 'Nothing paid: send the item to the address';
  const amount = redeem.amount === null ? '' : `${money(redeem.amount)} `;
  return redeem.kind === 'cash'
    ? `${amount}into the member's cash`
    : `${amount}bonus, with the points conversion's wagering`;
}

/**
 * The redeem queue (docs/loyalty.md "Points"), for operators who decide redeems (loyalty.redeems):
 * members' redeems by status, processing ones first and oldest first, searched by account or by
 * the reference a member quotes; each approved (cash paid, bonus granted, or an item to send) or
 * rejected with a reason (points and stock given back), asked first. The decided redeem stays in
 * its row with its new status.
 */
export function RedeemsTab(props: { merchantId: string }) {
  const filter = usePagedFilter<Filter>({ status: 'processing', field: 'account', text: '' });
  const redeems = useRedeems({
    merchantId: props.merchantId,
    status: filter.filter.status === 'all' ? '' : filter.filter.status,
    field: filter.filter.field,
    text: filter.filter.text,
    page: filter.page,
  });
  const confirm = useConfirmedAction();
  const decide = useDecideRedeem();
  const [rejecting, setRejecting] = useState<string | null>(null);

  function askApprove(redeem: OperatorRedeem) {
    confirm.ask({
      title: `Approve ${redeem.account}'s redeem of ${goodsNameOf(redeem)}?`,
      confirmLabel: redeem.kind === 'item' ? 'Approve' : 'Approve and pay',
      tone: 'primary',
      facts: factsOf(redeem, [['Approving', payoutWordsOf(redeem)]]),
      run: () => decide.mutateAsync({ id: redeem.id, decision: 'approve' }),
      doneText: `Approved ${redeem.reference}: ${payoutWordsOf(redeem).replace(/^Nothing paid: /, '')}.`,
    });
  }

  function askReject(redeem: OperatorRedeem, reason: string) {
    confirm.ask({
      title: `Reject ${redeem.account}'s redeem of ${goodsNameOf(redeem)}?`,
      confirmLabel: 'Reject',
      tone: 'danger',
      facts: factsOf(redeem, [
        ['Rejecting', `Gives back ${grouped(redeem.points)} points and the stock taken`],
        ['Reason the member reads', reason],
      ]),
      run: async () => {
        await decide.mutateAsync({ id: redeem.id, decision: 'reject', reason });
        setRejecting(null);
      },
      doneText: `Rejected ${redeem.reference}: ${grouped(redeem.points)} points given back to ${redeem.account}.`,
    });
  }

  const showsActions = filter.filter.status !== 'approved' && filter.filter.status !== 'rejected';
  const headings = [
    'Applied',
    'Reference',
    'Member',
    'Goods',
    numberHeading('Quantity'),
    numberHeading('Points'),
    'Pays',
    'Delivery address',
    'Status',
    showsActions && '',
  ];
  return (
    <section aria-label="Points redeems">
      <div className="toolbar">
        <ChoiceChips
          label="Redeems by status"
          choices={STATUS_CHOICES}
          value={filter.filter.status}
          onChange={(status) => filter.choose({ ...filter.filter, status })}
        />
        <ChoiceSelect
          label="Search by"
          value={filter.filter.field}
          choices={SEARCH_FIELDS}
          onChange={(field) => filter.choose({ ...filter.filter, field })}
        />
        <SearchBox
          label="Search redeems"
          placeholder={
            filter.filter.field === 'account' ? 'Member account' : 'Reference, e.g. PM20250610000123'
          }
          maxLength={filter.filter.field === 'account' ? 64 : 40}
          value={filter.filter.text}
          onChange={(text) => filter.choose({ ...filter.filter, text })}
        />
      </div>
      {confirm.element}
      <QueryTable
        query={redeems}
        rows={redeems.data?.list ?? []}
        testId="points-redeems"
        headings={headings}
        renderRow={(redeem) => (
          <>
            <tr className={rejecting === redeem.id ? 'table__row--open' : ''}>
              <td className="small nowrap">{formatDateTime(redeem.appliedAt)}</td>
              <td className="mono small">{redeem.reference}</td>
              <td>
                <strong>{redeem.account}</strong>
              </td>
              <td>
                {goodsNameOf(redeem)}
                <span className="muted small"> · {labelOfCode(GOODS_KIND_LABELS, redeem.kind)}</span>
              </td>
              <td className="number mono">{grouped(redeem.quantity)}</td>
              <td className="number mono">{grouped(redeem.points)}</td>
              <td className="small">
                {redeem.status === 'rejected' ? (
                  <span className="muted">Nothing: rejected</span>
                ) : (
                  payoutWordsOf(redeem)
                )}
              </td>
              <td className="small points-address">
                {redeem.kind === 'item' ? (redeem.address ?? '—') : <span className="muted">—</span>}
              </td>
              <td>
                <span className={REDEEM_STATUS_BADGES[redeem.status]}>
                  {labelOfCode(REDEEM_STATUS_LABELS, redeem.status)}
                </span>
                {redeem.decidedAt && (
                  <span className="muted small points-decided">
                    {redeem.operator ?? '—'}, {formatDateTime(redeem.decidedAt)}
                    {redeem.remark ? ` · ${redeem.remark}` : ''}
                  </span>
                )}
              </td>
              {showsActions && (
                <td>
                  {redeem.status === 'processing' && (
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--primary button--small"
                        disabled={confirm.isSending}
                        onClick={() => askApprove(redeem)}
                      >
                        Approve…
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-expanded={rejecting === redeem.id}
                        onClick={() => setRejecting(rejecting === redeem.id ? null : redeem.id)}
                      >
                        Reject…
                      </button>
                    </div>
                  )}
                </td>
              )}
            </tr>
            {showsActions && rejecting === redeem.id && redeem.status === 'processing' && (
              <tr className="table__detail">
                <td colSpan={headings.filter(Boolean).length}>
                  <RejectForm
                    redeem={redeem}
                    isSending={confirm.isSending}
                    onReject={(reason) => askReject(redeem, reason)}
                    onClose={() => setRejecting(null)}
                  />
                </td>
              </tr>
            )}
          </>
        )}
        empty={
          <EmptyState
            title={
              filter.filter.status === 'processing'
                ? 'No redeems waiting for a decision.'
                : 'No redeems match.'
            }
          />
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: redeems.data }}
      />
    </section>
  );
}

/** The facts every decision shows: who, what, how many, for how many points, and the reference. */
function factsOf(redeem: OperatorRedeem, more: readonly ConfirmFact[]): ConfirmFact[] {
  return [
    ['Member', redeem.account],
    ['Goods', `${goodsNameOf(redeem)} × ${grouped(redeem.quantity)}`],
    ['Points', grouped(redeem.points)],
    ['Reference', redeem.reference],
    ...(redeem.kind === 'item' ? ([['Delivery address', redeem.address ?? '—']] as const) : []),
    ...more,
  ];
}

/** The reason for a rejection, which the member reads; checked here, then asked in the dialog. */
function RejectForm(props: {
  redeem: OperatorRedeem;
  isSending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readRejectReason(reason);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    props.onReject(read.reason);
  }

  return (
    <form className="panel" onSubmit={submit} aria-label={`Reject ${props.redeem.reference}`} noValidate>
      <label className="field">
        <span className="field__label">Reason (the member reads it)</span>
        <textarea
          rows={2}
          maxLength={REJECT_REASON_LENGTH_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <span className="muted small">
          {reason.trim().length} / {REJECT_REASON_LENGTH_MAX}
        </span>
        {error && (
          <span className="field__error" role="alert">
            {error}
          </span>
        )}
      </label>
      <div className="row-actions">
        <button type="submit" className="button button--danger button--small" disabled={props.isSending}>
          Reject…
        </button>
        <button type="button" className="button button--quiet button--small" onClick={props.onClose}>
          Keep it
        </button>
      </div>
    </form>
  );
}
