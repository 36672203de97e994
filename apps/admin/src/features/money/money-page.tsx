import { useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { type ConfirmFact, type ConfirmRequest, moneyFactsOf } from '../../components/confirm-steps.ts';
import { MerchantOptions } from '../../components/merchant-picker.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { usePagedFilter } from '../../components/query-table.tsx';
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
import { failureTextOf, labelOf, NoteForm, QueueTable, type StatusChoice } from './queue-table.tsx';

export type MoneyPageProps = {
  ownMerchantId: string | null;
  merchants: { id: string; name: string }[];
  canWrite: boolean;
};

const STATUSES: StatusChoice<WithdrawalStatus>[] = [
  { id: 'review', label: 'To review' },
  { id: 'paying', label: 'Paying out' },
  { id: 'paid', label: 'Paid' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'failed', label: 'Failed' },
];
const VIEWS: StatusChoice<WithdrawalView>[] = [...STATUSES, { id: 'cases', label: 'Not received' }];

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

/** Where a withdrawal goes, as the confirmation restates it: provider, number and name. */
const payeeAccountOf = (withdrawal: QueuedWithdrawal) =>
  `${withdrawal.payoutAccount.provider} ${withdrawal.payoutAccount.accountNumber} · ${withdrawal.payoutAccount.accountName}`;

/**
 * The decisions on one withdrawal in review: pay out through a gateway, mark paid, or refuse, each
 * confirmed first with the amount and the payee (`ask`).
 */
function Decisions({
  withdrawal,
  ask,
  isSending,
}: {
  withdrawal: QueuedWithdrawal;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
}) {
  const methods = usePayoutMethods();
  const decide = useDecideWithdrawal();
  const [mode, setMode] = useState<'idle' | 'reject'>('idle');
  const own = (methods.data?.list ?? []).filter((method) => method.merchantId === withdrawal.merchantId);
  const [methodId, setMethodId] = useState('');
  const chosen = own.find((method) => method.id === methodId) ?? own[0];
  const amount = formatPesos(withdrawal.amount, withdrawal.currency);
  const who = withdrawal.memberAccount;
  const confirmDecision = (
    decision: WithdrawalDecision,
    request: Pick<ConfirmRequest, 'title' | 'confirmLabel' | 'tone' | 'doneText'>,
    more: ConfirmFact[] = [],
  ) =>
    ask({
      ...request,
      facts: moneyFactsOf({
        amount: withdrawal.amount,
        currency: withdrawal.currency,
        payee: who,
        account: payeeAccountOf(withdrawal),
        more,
      }),
      run: () => decide.mutateAsync({ id: withdrawal.id, decision }),
    });

  if (mode === 'reject') {
    return (
      <NoteForm
        label={`Reject the withdrawal of ${who}`}
        noteLabel="Reason"
        placeholder="Reason the player will see"
        submitLabel="Reject"
        submitTone="danger"
        isPending={isSending}
        error={null}
        onSubmit={(reason) =>
          confirmDecision(
            { kind: 'reject', reason },
            {
              title: 'Reject this withdrawal?',
              confirmLabel: 'Reject',
              tone: 'danger',
              doneText: `Rejected the withdrawal of ${amount} by ${who}.`,
            },
            [['Reason', reason]],
          )
        }
        onCancel={() => setMode('idle')}
      />
    );
  }
  return (
    <div className="row-actions">
      {chosen && (
        <>
          <ChoiceSelect
            label="Pay out through"
            value={chosen.id}
            choices={own.map((method) => [method.id, method.name] as const)}
            onChange={setMethodId}
          />
          <button
            type="button"
            className="button button--small button--primary"
            disabled={isSending}
            onClick={() =>
              confirmDecision(
                { kind: 'payout', methodId: chosen.id },
                {
                  title: 'Pay out this withdrawal?',
                  confirmLabel: 'Pay out',
                  tone: 'primary',
                  doneText: `Payout of ${amount} to ${who} sent through ${chosen.name}.`,
                },
                [['Through', chosen.name]],
              )
            }
          >
            Pay out
          </button>
        </>
      )}
      <button
        type="button"
        className="button button--small button--quiet"
        disabled={isSending}
        onClick={() =>
          confirmDecision(
            { kind: 'paid', reason: 'Paid outside the platform' },
            {
              title: 'Mark this withdrawal as paid?',
              confirmLabel: 'Mark paid',
              tone: 'primary',
              doneText: `Marked the withdrawal of ${amount} to ${who} as paid.`,
            },
            [['Paid', 'Outside the platform: nothing is sent from here']],
          )
        }
      >
        Mark paid
      </button>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={isSending}
        onClick={() => setMode('reject')}
      >
        Reject…
      </button>
    </div>
  );
}

/** A not-received case: the player's note and proof, and closing it with what was found. */
function CaseFile({ withdrawal, canWrite }: { withdrawal: QueuedWithdrawal; canWrite: boolean }) {
  const resolve = useResolveCase();
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
        <NoteForm
          label={`Resolve the case of ${withdrawal.memberAccount}`}
          noteLabel="Resolution"
          placeholder="What was found or done"
          submitLabel="Resolve"
          submitTone="primary"
          isPending={resolve.isPending}
          error={failureTextOf(resolve.error)}
          onSubmit={(resolution) => resolve.mutate({ id: withdrawal.id, resolution })}
        />
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
              <MerchantOptions merchants={props.merchants} noneLabel="All" />
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
  const position = usePagedFilter<WithdrawalView>('review');
  const { filter: status } = position;
  const withdrawals = useWithdrawals({ merchantId, view: status, page: position.page });
  const showsActions = canWrite && status === 'review';
  const showsCase = status === 'cases';
  const confirm = useConfirmedAction();

  return (
    <>
      {confirm.element}
      <QueueTable
        label="Withdrawal status"
        choices={VIEWS}
        position={position}
        query={withdrawals}
        testId="withdrawal-queue"
        headings={[
          'Requested',
          'Player',
          { label: 'Amount', className: 'numeric' },
          'Pay to',
          'Status',
          'Decided by',
          showsActions && 'Decision',
          showsCase && 'Case',
        ]}
        renderRow={(row) => (
          <tr data-testid={`withdrawal-${row.id}`}>
            <td className="nowrap">{formatDateTime(row.createdAt)}</td>
            <td>
              <strong>{row.memberAccount}</strong>
            </td>
            <td className="numeric mono">{formatPesos(row.amount, row.currency)}</td>
            <td>
              {row.payoutAccount.provider} <span className="mono">{row.payoutAccount.accountNumber}</span>
              <span className="cell-note muted small">{row.payoutAccount.accountName}</span>
            </td>
            <td>
              <span className={statusBadge[row.status]}>{labelOf(STATUSES, row.status)}</span>
              {row.confirmation && (
                <span className="cell-note">
                  <span className={confirmationLabel[row.confirmation].badge}>
                    {confirmationLabel[row.confirmation].label}
                  </span>
                </span>
              )}
              {row.confirmation === 'awaiting' && row.receivedAmount !== '0.00' && row.receivedAmount && (
                <span className="cell-note muted small">
                  {formatPesos(row.receivedAmount, row.currency)} received so far
                </span>
              )}
              {row.reason && <span className="cell-note muted small">{row.reason}</span>}
            </td>
            <td>{row.reviewedBy ?? '—'}</td>
            {showsActions && (
              <td>
                <Decisions withdrawal={row} ask={confirm.ask} isSending={confirm.isSending} />
              </td>
            )}
            {showsCase && (
              <td>
                <CaseFile withdrawal={row} canWrite={canWrite} />
              </td>
            )}
          </tr>
        )}
        empty={
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
        }
      />
    </>
  );
}
