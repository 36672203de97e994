import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormNotice, TextField } from '../../../components/ui/field';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { toCentavos } from '../../../lib/money';
import {
  CASE_NOTE_LENGTH_MAX,
  confirmWithdrawal,
  PROOF_BYTES_MAX,
  reportWithdrawalNotReceived,
  type Withdrawal,
  type WithdrawalConfirmation,
} from '../api/withdrawals';
import { AmountField } from './money-form-fields';

const confirmationTone: Record<Exclude<WithdrawalConfirmation, 'awaiting'>, StatusTone> = {
  received: 'good',
  auto_received: 'good',
  not_received: 'bad',
};

type Mode = 'choose' | 'part' | 'missing';

/** The answers that need more than a tap: how much came, or a proof that nothing did. */
const writtenAnswers = [
  { mode: 'part', label: 'withdraw.confirm.receivedPart', testId: 'withdrawal-received-part' },
  { mode: 'missing', label: 'withdraw.confirm.notReceived', testId: 'withdrawal-not-received' },
] as const satisfies readonly { mode: Mode; label: string; testId: string }[];

/** The buttons under an answer being written: send it, or go back to the three choices. */
function SubmitOrCancel({
  isPending,
  onCancel,
  children,
}: {
  isPending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <Button type="submit" variant="brand" size="sm" disabled={isPending}>
        {children}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('withdraw.confirm.cancel')}
      </Button>
    </div>
  );
}

/** The member's answer after a payout (spec §4): fully paid, received in part, or not received. */
function AwaitingConfirmation({ withdrawal, symbol }: { withdrawal: Withdrawal; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const proofId = useId();
  const [mode, setMode] = useState<Mode>('choose');
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ received?: string | null; proof?: string | null }>({});
  const [answer, setAnswer] = useState<FormAnswer | null>(null);

  const mutation = useMutation({
    mutationFn: (action: 'whole' | 'part' | 'missing') => {
      if (action === 'whole') return confirmWithdrawal(withdrawal.id, { outcome: 'fully_paid' }, language);
      if (action === 'part') {
        return confirmWithdrawal(
          withdrawal.id,
          { outcome: 'received', receivedAmount: received.trim().replace(/,/g, '') },
          language,
        );
      }
      if (!proof) throw new Error('no proof');
      return reportWithdrawalNotReceived(withdrawal.id, { proof, note: note.trim() }, language);
    },
    onSuccess: () => {
      setMode('choose');
      setReceived('');
      setProof(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'VALIDATION' && mode === 'part') {
        setErrors({ received: t('withdraw.confirm.amountRange') });
        return;
      }
      setAnswer(answerOfFailure(error, t('auth.submitFailed')));
    },
  });

  const alreadyMinor = toCentavos(withdrawal.receivedAmount ?? '0') ?? 0n;
  const amountMinor = toCentavos(withdrawal.amount) ?? 0n;

  function explainReceived(text: string): string | null {
    const minor = toCentavos(text);
    if (minor === null || minor <= alreadyMinor || minor > amountMinor)
      return t('withdraw.confirm.amountRange');
    return null;
  }

  function submitPart(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const problem = explainReceived(received);
    setErrors({ received: problem });
    if (!problem) mutation.mutate('part');
  }

  function submitMissing(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const problem = proof ? null : t('withdraw.confirm.proofRequired');
    setErrors({ proof: problem });
    if (!problem) mutation.mutate('missing');
  }

  function choose(next: Mode) {
    setMode(next);
    setErrors({});
    setAnswer(null);
  }

  return (
    <div className="mt-2 flex flex-col gap-3 rounded-md bg-brand-soft p-3" data-testid="withdrawal-confirm">
      <div className="flex flex-col gap-0.5">
        <p className="text-sm font-semibold text-text">{t('withdraw.confirm.question')}</p>
        {alreadyMinor > 0n ? (
          <p className="text-xs text-text tabular" data-testid="withdrawal-received-so-far">
            {t('withdraw.confirm.receivedSoFar', {
              received: formatMoney(withdrawal.receivedAmount ?? '0.00', symbol),
              remaining: formatMoney(withdrawal.remainingAmount ?? withdrawal.amount, symbol),
            })}
          </p>
        ) : null}
        {withdrawal.autoReceiptAt ? (
          <p className="text-xs text-muted">
            {t('withdraw.confirm.autoReceiptAt', {
              date: dateTimeFormatOf(language).format(new Date(withdrawal.autoReceiptAt)),
            })}
          </p>
        ) : null}
      </div>
      {mode === 'choose' ? (
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          <Button
            variant="primary"
            size="sm"
            disabled={mutation.isPending}
            onClick={() => {
              setAnswer(null);
              mutation.mutate('whole');
            }}
            data-testid="withdrawal-fully-paid"
          >
            {t('withdraw.confirm.fullyPaid')}
          </Button>
          {writtenAnswers.map((choice) => (
            <Button
              key={choice.mode}
              variant="secondary"
              size="sm"
              onClick={() => choose(choice.mode)}
              data-testid={choice.testId}
            >
              {t(choice.label)}
            </Button>
          ))}
        </div>
      ) : mode === 'part' ? (
        <form className="flex flex-col gap-3" onSubmit={submitPart} noValidate>
          <AmountField
            label={t('withdraw.confirm.amountReceived')}
            symbol={symbol}
            value={received}
            onValueChange={(value) => {
              setReceived(value);
              setErrors({});
            }}
            onBlur={() => received && setErrors({ received: explainReceived(received) })}
            error={errors.received}
            hint={t('withdraw.confirm.amountHint', { amount: formatMoney(withdrawal.amount, symbol) })}
            testId="withdrawal-received-amount"
          />
          <SubmitOrCancel isPending={mutation.isPending} onCancel={() => choose('choose')}>
            {t('withdraw.confirm.save')}
          </SubmitOrCancel>
        </form>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={submitMissing} noValidate>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={proofId} className="text-sm font-medium text-text">
              {t('withdraw.confirm.proof')}
              <span className="ml-0.5 text-danger" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id={proofId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="withdrawal-proof"
              aria-invalid={errors.proof ? true : undefined}
              className="text-sm text-text file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-raised file:px-3 file:font-semibold file:text-text"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                const isTooLarge = file !== null && file.size > PROOF_BYTES_MAX;
                setProof(isTooLarge ? null : file);
                setErrors({ proof: isTooLarge ? t('withdraw.confirm.proofTooLarge') : null });
              }}
            />
            {errors.proof ? (
              <p className="text-xs text-danger">{errors.proof}</p>
            ) : (
              <p className="text-xs text-muted">{t('withdraw.confirm.proofHint')}</p>
            )}
          </div>
          <TextField
            label={t('withdraw.confirm.note')}
            value={note}
            onValueChange={setNote}
            maxLength={CASE_NOTE_LENGTH_MAX}
            data-testid="withdrawal-case-note"
          />
          <SubmitOrCancel isPending={mutation.isPending} onCancel={() => choose('choose')}>
            {t('withdraw.confirm.send')}
          </SubmitOrCancel>
        </form>
      )}
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
    </div>
  );
}

/** What a paid withdrawal's record shows about its confirmation: the question, or the answer given. */
export function WithdrawalConfirmationPanel({
  withdrawal,
  symbol,
}: {
  withdrawal: Withdrawal;
  symbol: string;
}) {
  const { t } = useTranslation();
  if (withdrawal.status !== 'paid' || !withdrawal.confirmation) return null;
  if (withdrawal.confirmation === 'awaiting')
    return <AwaitingConfirmation withdrawal={withdrawal} symbol={symbol} />;
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      <StatusBadge tone={confirmationTone[withdrawal.confirmation]} testId="withdrawal-confirmation">
        {t(`withdraw.confirm.states.${withdrawal.confirmation}`)}
      </StatusBadge>
      {withdrawal.caseStatus === 'open' ? (
        <p className="text-xs text-muted">{t('withdraw.confirm.caseOpen')}</p>
      ) : withdrawal.caseStatus === 'resolved' ? (
        <p className="text-xs text-muted">
          {t('withdraw.confirm.caseResolved', { resolution: withdrawal.caseResolution ?? '' })}
        </p>
      ) : null}
    </div>
  );
}
