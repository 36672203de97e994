import { useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { type ConfirmFact, type ConfirmRequest, moneyFactsOf } from '../../components/confirm-steps.ts';
import { EmptyState } from '../../components/query-state.tsx';
import { usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import {
  type DepositStatus,
  type QueuedDeposit,
  receiptPath,
  useDecideDeposit,
  useDeposits,
} from './money-api.ts';
import { PaymentPhoto } from './payment-photo.tsx';
import { labelOf, NoteForm, QueueTable, type StatusChoice } from './queue-table.tsx';

const STATUSES: StatusChoice<DepositStatus>[] = [
  { id: 'review', label: 'To review' },
  { id: 'credited', label: 'Credited' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'pending', label: 'At the gateway' },
  { id: 'failed', label: 'Failed' },
];

const statusBadge: Record<DepositStatus, string> = {
  review: 'badge badge--brand',
  pending: 'badge',
  credited: 'badge badge--success',
  rejected: 'badge badge--danger',
  failed: 'badge badge--danger',
};

/** Approve (credit the player) or reject one bank transfer, each confirmed first with the amount. */
function Decisions({
  deposit,
  ask,
  isSending,
}: {
  deposit: QueuedDeposit;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
}) {
  const decide = useDecideDeposit();
  const [isRejecting, setRejecting] = useState(false);
  const amount = formatPesos(deposit.amount, deposit.currency);
  const who = deposit.memberAccount;
  const factsWith = (more: ConfirmFact[]) =>
    moneyFactsOf({
      amount: deposit.amount,
      currency: deposit.currency,
      payee: who,
      account: deposit.methodName,
      more: [...(deposit.reference ? ([['Reference', deposit.reference]] as const) : []), ...more],
    });
  if (isRejecting) {
    return (
      <NoteForm
        label={`Reject the deposit of ${who}`}
        noteLabel="Reason"
        placeholder="Reason the player will see"
        submitLabel="Reject"
        submitTone="danger"
        noteLengthMin={3}
        isPending={isSending}
        error={null}
        onSubmit={(reason) =>
          ask({
            title: 'Reject this deposit?',
            confirmLabel: 'Reject',
            tone: 'danger',
            facts: factsWith([['Reason', reason]]),
            run: () => decide.mutateAsync({ id: deposit.id, decision: { kind: 'reject', reason } }),
            doneText: `Rejected the deposit of ${amount} by ${who}: nothing was credited.`,
          })
        }
        onCancel={() => setRejecting(false)}
      />
    );
  }
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button--small button--primary"
        disabled={isSending}
        onClick={() =>
          ask({
            title: 'Approve this deposit?',
            confirmLabel: 'Approve',
            tone: 'primary',
            facts: factsWith([['Credits', `${amount} to the player's balance`]]),
            run: () => decide.mutateAsync({ id: deposit.id, decision: { kind: 'approve' } }),
            doneText: `Approved: ${amount} credited to ${who}.`,
          })
        }
      >
        Approve
      </button>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={isSending}
        onClick={() => setRejecting(true)}
      >
        Reject…
      </button>
    </div>
  );
}

/** Bank transfers waiting for review (with the receipt photo), and the deposits already decided. */
export function DepositQueue(props: { merchantId: string; canWrite: boolean }) {
  const position = usePagedFilter<DepositStatus>('review');
  const deposits = useDeposits({
    merchantId: props.merchantId,
    status: position.filter,
    page: position.page,
  });
  const showsActions = props.canWrite && position.filter === 'review';
  const confirm = useConfirmedAction();
  return (
    <>
      {confirm.element}
      <QueueTable
        label="Deposit status"
        choices={STATUSES}
        position={position}
        query={deposits}
        testId="deposit-queue"
        headings={[
          'Submitted',
          'Player',
          'Method',
          { label: 'Amount', className: 'numeric' },
          'Reference',
          'Receipt',
          'Status',
          showsActions && 'Decision',
        ]}
        renderRow={(row) => (
          <tr>
            <td className="nowrap">{formatDateTime(row.createdAt)}</td>
            <td>
              <strong>{row.memberAccount}</strong>
            </td>
            <td>{row.methodName}</td>
            <td className="numeric mono">{formatPesos(row.amount, row.currency)}</td>
            <td className="mono">{row.reference ?? '—'}</td>
            <td>
              <PaymentPhoto
                path={row.hasReceipt ? receiptPath(row.id) : null}
                label="View receipt"
                alt={`Receipt of ${row.memberAccount}'s deposit`}
              />
            </td>
            <td>
              <span className={statusBadge[row.status]}>{labelOf(STATUSES, row.status)}</span>
              {row.reviewedBy && <span className="cell-note muted small">by {row.reviewedBy}</span>}
              {row.reason && <span className="cell-note muted small">{row.reason}</span>}
            </td>
            {showsActions && (
              <td>
                <Decisions deposit={row} ask={confirm.ask} isSending={confirm.isSending} />
              </td>
            )}
          </tr>
        )}
        empty={
          <EmptyState
            title={position.filter === 'review' ? 'No bank transfer waits for review.' : 'None here.'}
          >
            Transfers players report appear here with their receipt.
          </EmptyState>
        }
      />
    </>
  );
}
