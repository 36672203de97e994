import { type FormEvent, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { EmptyState, ErrorState, Pager, SkeletonRows } from '../../components/query-state.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { DepositQueue } from './deposit-queue.tsx';
import {
  proofPath,
  type QueuedWithdrawal,
  useDecideWithdrawal,
  usePayoutMethods,
  useResolveCase,
  useWithdrawals,
  type WithdrawalConfirmation,
  type WithdrawalDecision,
  type WithdrawalStatus,
  type WithdrawalView,
} from './money-api.ts';
import { PaymentPhoto } from './payment-photo.tsx';

export type MoneyPageProps = {
  ownMerchantId: string | null;
  merchants: { id: string; name: string }[];
  canWrite: boolean;
};

const STATUSES: { id: WithdrawalStatus; label: string }[] = [
  { id: 'review', label: 'To review' },
  { id: 'paying', label: 'Paying out' },
  { id: 'paid', label: 'Paid' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'failed', label: 'Failed' },
];
const VIEWS: { id: WithdrawalView; label: string }[] = [...STATUSES, { id: 'cases', label: 'Not received' }];

/** What the player said after the payout (spec §4 withdrawal confirmation). */
const confirmationLabel: Record<WithdrawalConfirmation, { label: string; badge: string }> = {
  awaiting: { label: 'Awaiting player', badge: 'badge' },
  received: { label: 'Received', badge: 'badge badge--success' },
  auto_received: { label: 'Received (timeout)', badge: 'badge badge--success' },
  not_received: { label: 'Not received', badge: 'badge badge--danger' },
};

const statusBadge: Record<WithdrawalStatus, string> = {
  review: 'badge badge--brand',
  paying: 'badge badge--brand',
  paid: 'badge badge--success',
  rejected: 'badge badge--danger',
  failed: 'badge badge--danger',
};

/** The decisions on one withdrawal in review: pay out through a gateway, mark paid, or refuse. */
function Decisions({ withdrawal }: { withdrawal: QueuedWithdrawal }) {
  const methods = usePayoutMethods();
  const decide = useDecideWithdrawal();
  const [mode, setMode] = useState<'idle' | 'reject'>('idle');
  const [reason, setReason] = useState('');
  const own = (methods.data?.list ?? []).filter((method) => method.merchantId === withdrawal.merchantId);
  const [methodId, setMethodId] = useState('');
  const chosen = methodId || own[0]?.id || '';
  const run = (decision: WithdrawalDecision) => decide.mutate({ id: withdrawal.id, decision });
  const error =
    decide.error instanceof BackOfficeError
      ? decide.error.message
      : decide.error
        ? 'The request failed.'
        : null;

  if (mode === 'reject') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (reason.trim()) run({ kind: 'reject', reason: reason.trim() });
    };
    return (
      <form
        className="row-actions"
        onSubmit={submit}
        aria-label={`Reject the withdrawal of ${withdrawal.memberAccount}`}
      >
        <input
          aria-label="Reason"
          placeholder="Reason the player will see"
          maxLength={300}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="submit"
          className="button button--small button--danger"
          disabled={decide.isPending || !reason.trim()}
        >
          Reject
        </button>
        <button type="button" className="button button--small button--quiet" onClick={() => setMode('idle')}>
          Cancel
        </button>
        {error && <span className="cell-note small alert--danger">{error}</span>}
      </form>
    );
  }
  return (
    <div className="row-actions">
      {own.length > 0 && (
        <>
          <select
            aria-label="Pay out through"
            value={chosen}
            onChange={(event) => setMethodId(event.target.value)}
          >
            {own.map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--small button--primary"
            disabled={decide.isPending || !chosen}
            onClick={() => run({ kind: 'payout', methodId: chosen })}
          >
            Pay out
          </button>
        </>
      )}
      <button
        type="button"
        className="button button--small"
        disabled={decide.isPending}
        onClick={() => run({ kind: 'paid', reason: 'Paid outside the platform' })}
      >
        Mark paid
      </button>
      <button
        type="button"
        className="button button--small button--quiet"
        disabled={decide.isPending}
        onClick={() => setMode('reject')}
      >
        Reject…
      </button>
      {error && <span className="cell-note small alert--danger">{error}</span>}
    </div>
  );
}

/** A not-received case: the player's note and proof, and closing it with what was found. */
function CaseFile({ withdrawal, canWrite }: { withdrawal: QueuedWithdrawal; canWrite: boolean }) {
  const resolve = useResolveCase();
  const [resolution, setResolution] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolution.trim()) resolve.mutate({ id: withdrawal.id, resolution: resolution.trim() });
  };
  const error =
    resolve.error instanceof BackOfficeError
      ? resolve.error.message
      : resolve.error
        ? 'The request failed.'
        : null;
  return (
    <div data-testid={`case-${withdrawal.id}`}>
      {withdrawal.caseNote && <span className="cell-note small">“{withdrawal.caseNote}”</span>}
      <div className="cell-note">
        <PaymentPhoto
          path={withdrawal.hasProof ? proofPath(withdrawal.id) : null}
          label="View proof"
          alt={`Proof of non-receipt from ${withdrawal.memberAccount}`}
        />
      </div>
      {withdrawal.caseStatus === 'resolved' ? (
        <span className="cell-note muted small">
          Resolved by {withdrawal.caseResolvedBy}: {withdrawal.caseResolution}
        </span>
      ) : canWrite ? (
        <form
          className="row-actions"
          onSubmit={submit}
          aria-label={`Resolve the case of ${withdrawal.memberAccount}`}
        >
          <input
            aria-label="Resolution"
            placeholder="What was found or done"
            maxLength={300}
            required
            value={resolution}
            onChange={(event) => setResolution(event.target.value)}
          />
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={resolve.isPending || !resolution.trim()}
          >
            Resolve
          </button>
          {error && <span className="cell-note small alert--danger">{error}</span>}
        </form>
      ) : null}
    </div>
  );
}

/** Money: bank deposits to review and the withdrawal queue, for one merchant or all. */
export function MoneyPage(props: MoneyPageProps) {
  const [queue, setQueue] = useState<'withdrawals' | 'deposits'>('withdrawals');
  const [merchantId, setMerchantId] = useState('');
  const isPlatformOwner = props.ownMerchantId === null;
  return (
    <div className="page">
      <div className="toolbar">
        <ChoiceChips
          label="Queue"
          choices={[
            ['withdrawals', 'Withdrawals'],
            ['deposits', 'Bank deposits'],
          ]}
          value={queue}
          onChange={setQueue}
          isLarge
        />
        {isPlatformOwner && (
          <label className="field field--inline">
            <span className="field__label">Merchant</span>
            <select value={merchantId} onChange={(event) => setMerchantId(event.target.value)}>
              <option value="">All</option>
              {props.merchants.map((merchant) => (
                <option key={merchant.id} value={merchant.id}>
                  {merchant.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {queue === 'withdrawals' ? (
        <WithdrawalQueue merchantId={merchantId} canWrite={props.canWrite} />
      ) : (
        <DepositQueue merchantId={merchantId} canWrite={props.canWrite} />
      )}
    </div>
  );
}

/** The withdrawal queue: review, pay out, mark paid or refuse, and the settled ones. */
function WithdrawalQueue({ merchantId, canWrite }: { merchantId: string; canWrite: boolean }) {
  const [status, setStatus] = useState<WithdrawalView>('review');
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals({ merchantId, view: status, page });
  const showsActions = canWrite && status === 'review';
  const showsCase = status === 'cases';
  const columns = 6 + (showsActions || showsCase ? 1 : 0);
  const rows = withdrawals.data?.list ?? [];

  return (
    <>
      <ChoiceChips
        label="Withdrawal status"
        choices={VIEWS.map(({ id, label }) => [id, label] as const)}
        value={status}
        onChange={(id) => {
          setStatus(id);
          setPage(1);
        }}
      />
      {withdrawals.isError ? (
        <ErrorState error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="withdrawal-queue">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Player</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Pay to</th>
                <th scope="col">Status</th>
                <th scope="col">Decided by</th>
                {showsActions && <th scope="col">Decision</th>}
                {showsCase && <th scope="col">Case</th>}
              </tr>
            </thead>
            <tbody>
              {withdrawals.isPending ? (
                <SkeletonRows columns={columns} />
              ) : (
                rows.map((row) => (
                  <tr key={row.id} data-testid={`withdrawal-${row.id}`}>
                    <td className="nowrap">{formatDateTime(row.createdAt)}</td>
                    <td>
                      <strong>{row.memberAccount}</strong>
                    </td>
                    <td className="numeric mono">{formatPesos(row.amount, row.currency)}</td>
                    <td>
                      {row.payoutAccount.provider}{' '}
                      <span className="mono">{row.payoutAccount.accountNumber}</span>
                      <span className="cell-note muted small">{row.payoutAccount.accountName}</span>
                    </td>
                    <td>
                      <span className={statusBadge[row.status]}>
                        {STATUSES.find((item) => item.id === row.status)?.label}
                      </span>
                      {row.confirmation && (
                        <span className="cell-note">
                          <span className={confirmationLabel[row.confirmation].badge}>
                            {confirmationLabel[row.confirmation].label}
                          </span>
                        </span>
                      )}
                      {row.confirmation === 'awaiting' &&
                        row.receivedAmount !== '0.00' &&
                        row.receivedAmount && (
                          <span className="cell-note muted small">
                            {formatPesos(row.receivedAmount, row.currency)} received so far
                          </span>
                        )}
                      {row.reason && <span className="cell-note muted small">{row.reason}</span>}
                    </td>
                    <td>{row.reviewedBy ?? '—'}</td>
                    {showsActions && (
                      <td>
                        <Decisions withdrawal={row} />
                      </td>
                    )}
                    {showsCase && (
                      <td>
                        <CaseFile withdrawal={row} canWrite={canWrite} />
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {!withdrawals.isPending && rows.length === 0 && (
            <EmptyState
              title={
                status === 'review'
                  ? 'No withdrawal waits for review.'
                  : status === 'cases'
                    ? 'No player has reported a payout as not received.'
                    : 'None here.'
              }
            >
              {status === 'cases'
                ? 'A player who says a payout never arrived opens a case here, with a photo as proof.'
                : 'New requests appear here as players make them.'}
            </EmptyState>
          )}
        </div>
      )}
      {withdrawals.data && (
        <Pager
          page={page}
          totalPages={withdrawals.data.totalPages}
          total={withdrawals.data.total}
          onPage={setPage}
        />
      )}
    </>
  );
}
