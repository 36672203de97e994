import { type FormEvent, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { EmptyState, ErrorState, Pager, SkeletonRows } from '../../components/query-state.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import {
  type DepositStatus,
  type QueuedDeposit,
  receiptPath,
  useDecideDeposit,
  useDeposits,
} from './money-api.ts';
import { PaymentPhoto } from './payment-photo.tsx';

const STATUSES: { id: DepositStatus; label: string }[] = [
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

function Decisions({ deposit }: { deposit: QueuedDeposit }) {
  const decide = useDecideDeposit();
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const error =
    decide.error instanceof BackOfficeError
      ? decide.error.message
      : decide.error
        ? 'The request failed.'
        : null;
  if (isRejecting) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (reason.trim().length >= 3)
        decide.mutate({ id: deposit.id, decision: { kind: 'reject', reason: reason.trim() } });
    };
    return (
      <form
        className="row-actions"
        onSubmit={submit}
        aria-label={`Reject the deposit of ${deposit.memberAccount}`}
      >
        <input
          aria-label="Reason"
          placeholder="Reason the player will see"
          minLength={3}
          maxLength={300}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className="button button--small button--danger" disabled={decide.isPending}>
          Reject
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => setRejecting(false)}
        >
          Cancel
        </button>
        {error && <span className="cell-note small alert--danger">{error}</span>}
      </form>
    );
  }
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button--small button--primary"
        disabled={decide.isPending}
        onClick={() => decide.mutate({ id: deposit.id, decision: { kind: 'approve' } })}
      >
        Approve
      </button>
      <button
        type="button"
        className="button button--small button--quiet"
        disabled={decide.isPending}
        onClick={() => setRejecting(true)}
      >
        Reject…
      </button>
      {error && <span className="cell-note small alert--danger">{error}</span>}
    </div>
  );
}

/** Bank transfers waiting for review (with the receipt photo), and the deposits already decided. */
export function DepositQueue(props: { merchantId: string; canWrite: boolean }) {
  const [status, setStatus] = useState<DepositStatus>('review');
  const [page, setPage] = useState(1);
  const deposits = useDeposits({ merchantId: props.merchantId, status, page });
  const showsActions = props.canWrite && status === 'review';
  const rows = deposits.data?.list ?? [];
  return (
    <>
      <ChoiceChips
        label="Deposit status"
        choices={STATUSES.map(({ id, label }) => [id, label] as const)}
        value={status}
        onChange={(id) => {
          setStatus(id);
          setPage(1);
        }}
      />
      {deposits.isError ? (
        <ErrorState error={deposits.error} onRetry={() => void deposits.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="deposit-queue">
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Player</th>
                <th scope="col">Method</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Reference</th>
                <th scope="col">Receipt</th>
                <th scope="col">Status</th>
                {showsActions && <th scope="col">Decision</th>}
              </tr>
            </thead>
            <tbody>
              {deposits.isPending ? (
                <SkeletonRows columns={showsActions ? 8 : 7} />
              ) : (
                rows.map((row) => (
                  <tr key={row.id}>
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
                      <span className={statusBadge[row.status]}>
                        {STATUSES.find((item) => item.id === row.status)?.label}
                      </span>
                      {row.reviewedBy && <span className="cell-note muted small">by {row.reviewedBy}</span>}
                      {row.reason && <span className="cell-note muted small">{row.reason}</span>}
                    </td>
                    {showsActions && (
                      <td>
                        <Decisions deposit={row} />
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {!deposits.isPending && rows.length === 0 && (
            <EmptyState title={status === 'review' ? 'No bank transfer waits for review.' : 'None here.'}>
              Transfers players report appear here with their receipt.
            </EmptyState>
          )}
        </div>
      )}
      {deposits.data && (
        <Pager
          page={page}
          totalPages={deposits.data.totalPages}
          total={deposits.data.total}
          onPage={setPage}
        />
      )}
    </>
  );
}
