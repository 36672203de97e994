import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForfeitBonusDialog } from '../../../components/bonus/forfeit-bonus-dialog';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { bonusToForfeitOf } from '../../../lib/bonus/bonus-forfeit';
import { BONUSES_KEY } from '../../../lib/bonus/bonuses';
import { joinClassNames } from '../../../lib/class-names';
import { answerOfFailure } from '../../../lib/failure-answer';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { toCentavos } from '../../../lib/money';
import { usePermission } from '../../../lib/system/system-hooks';
import { useFormValues } from '../../../lib/use-form-values';
import {
  fetchWithdrawalOverview,
  fetchWithdrawals,
  requestWithdrawal,
  type Withdrawal,
  type WithdrawalOverview,
  type WithdrawalStatus,
} from '../api/withdrawals';
import { checkDepositAmount } from '../deposit-amount';
import { AmountField, type MoneyFormAnswer, PaymentPasswordSubmit } from './money-form-fields';
import { MoneyHistory } from './money-history';
import { PaymentPasswordForm } from './payment-password-form';
import { PayoutAccountSummary, PayoutAccounts } from './payout-accounts';
import { WithdrawalConfirmationPanel } from './withdrawal-confirmation';

const statusTone: Record<WithdrawalStatus, StatusTone> = {
  review: 'waiting',
  paying: 'waiting',
  paid: 'good',
  rejected: 'bad',
  failed: 'bad',
};

/** How often a page with an open withdrawal asks about it again. */
const OPEN_POLL_MS = 10_000;

function useSymbol() {
  return usePermission().data?.currencySymbol ?? '₱';
}

function WithdrawForm({ overview }: { overview: WithdrawalOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = useSymbol();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(overview.accounts[0]?.id ?? '');
  const { values, setValues, setErrors, bindField } = useFormValues({
    amount: '',
    paymentPassword: '',
  });
  const { amount, paymentPassword } = values;
  const [answer, setAnswer] = useState<MoneyFormAnswer | null>(null);
  // The active bonus a withdrawal would forfeit, once the server has said so: the member is asked.
  const [bonusToForfeit, setBonusToForfeit] = useState<string | null>(null);
  const limits = { minAmount: overview.minAmount, maxAmount: overview.maxAmount };

  const mutation = useMutation({
    mutationFn: (input: { forfeitBonus: boolean }) =>
      requestWithdrawal(
        {
          payoutAccountId: accountId,
          amount: amount.trim().replace(/,/g, ''),
          paymentPassword,
          ...(input.forfeitBonus ? { forfeitBonus: true } : {}),
        },
        language,
      ),
    onSuccess: (_withdrawal, input) => {
      setBonusToForfeit(null);
      setValues({ amount: '', paymentPassword: '' });
      void queryClient.invalidateQueries({ queryKey: ['withdrawal-overview'] });
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      // Giving the bonus up ended it: its pages read it again.
      if (input.forfeitBonus) {
        void queryClient.invalidateQueries({ queryKey: BONUSES_KEY });
        void queryClient.invalidateQueries({ queryKey: ['bonus-details'] });
      }
    },
    onError: (error) => {
      const bonusAmount = bonusToForfeitOf(error);
      if (bonusAmount) {
        setBonusToForfeit(bonusAmount);
        return;
      }
      setBonusToForfeit(null);
      if (isApiError(error) && error.code === 'PAYMENT_PASSWORD_INVALID') {
        setErrors({ paymentPassword: error.message });
        return;
      }
      setAnswer(answerOfFailure(error, t('auth.submitFailed')));
    },
  });

  function explainAmount(text: string): string | null {
    const problem = checkDepositAmount(text, limits);
    if (problem) {
      return t(`deposit.errors.${problem}`, {
        min: formatMoney(limits.minAmount, symbol),
        max: formatMoney(limits.maxAmount, symbol),
      });
    }
    const centavos = toCentavos(text) ?? 0n;
    return centavos > (toCentavos(overview.withdrawable) ?? 0n)
      ? t('withdraw.moreThanWithdrawable', { amount: formatMoney(overview.withdrawable, symbol) })
      : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const next = {
      amount: explainAmount(amount),
      ...(paymentPassword ? {} : { paymentPassword: t('auth.inputEmpty') }),
    };
    setErrors(next);
    if (!next.amount && !next.paymentPassword) mutation.mutate({ forfeitBonus: false });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="withdraw-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-text">{t('withdraw.toAccount')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {overview.accounts.map((account) => {
            const isSelected = account.id === accountId;
            return (
              <label
                key={account.id}
                className={joinClassNames(
                  'flex min-h-14 cursor-pointer items-center gap-3 rounded-md border px-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                  isSelected ? 'border-brand bg-brand-soft' : 'border-line bg-raised',
                )}
              >
                <input
                  type="radio"
                  name="payout-account"
                  className="sr-only"
                  checked={isSelected}
                  onChange={() => setAccountId(account.id)}
                />
                <PayoutAccountSummary account={account} />
              </label>
            );
          })}
        </div>
      </fieldset>
      <AmountField
        label={t('withdraw.amount')}
        symbol={symbol}
        {...bindField('amount')}
        onBlur={() => amount && setErrors((current) => ({ ...current, amount: explainAmount(amount) }))}
        hint={t('deposit.limits', {
          min: formatMoney(limits.minAmount, symbol),
          max: formatMoney(limits.maxAmount, symbol),
        })}
        trailing={
          <button
            type="button"
            className="min-h-11 px-1 text-sm font-semibold text-brand-strong"
            onClick={() => setValues((current) => ({ ...current, amount: overview.withdrawable }))}
          >
            {t('withdraw.all')}
          </button>
        }
        testId="withdraw-amount"
      />
      <PaymentPasswordSubmit
        password={bindField('paymentPassword')}
        passwordTestId="withdraw-payment-password"
        answer={answer}
        isPending={mutation.isPending}
      >
        {t('withdraw.submit')}
      </PaymentPasswordSubmit>
      {bonusToForfeit ? (
        <ForfeitBonusDialog
          bonusAmount={bonusToForfeit}
          symbol={symbol}
          isPending={mutation.isPending}
          onConfirm={() => mutation.mutate({ forfeitBonus: true })}
          onClose={() => setBonusToForfeit(null)}
        />
      ) : null}
    </form>
  );
}

function WithdrawalHistory() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = useSymbol();
  const dateTime = dateTimeFormatOf(language);
  return (
    <MoneyHistory
      id="withdrawal-history"
      queryOf={(page) => ({
        queryKey: ['withdrawals', page, language],
        queryFn: () => fetchWithdrawals(page, language),
        // A withdrawal on its way is decided by an operator: look again now and then.
        refetchInterval: (current) =>
          current.state.data?.list.some((item) => item.status === 'review' || item.status === 'paying')
            ? OPEN_POLL_MS
            : false,
      })}
      heading={t('withdraw.history')}
      emptyLine={t('withdraw.noHistory')}
      renderItem={(item: Withdrawal) => (
        <li key={item.id} className="px-3 py-2.5" data-testid="withdrawal-record">
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-text tabular">{formatMoney(item.amount, symbol)}</p>
              <p className="text-xs text-muted">
                {dateTime.format(new Date(item.createdAt))}
                {item.payoutAccount ? ` · ${item.payoutAccount.accountNumberMasked}` : ''}
              </p>
              {item.status === 'rejected' && item.reason ? (
                <p className="text-xs text-danger">{item.reason}</p>
              ) : null}
            </div>
            <StatusBadge tone={statusTone[item.status]}>{t(`withdraw.status.${item.status}`)}</StatusBadge>
          </div>
          <WithdrawalConfirmationPanel withdrawal={item} symbol={symbol} />
        </li>
      )}
    />
  );
}

/** withdraw of the member centre (spec §2): what is needed first, then the request and its history. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = useSymbol();
  const overview = useQuery({
    queryKey: ['withdrawal-overview', language],
    queryFn: () => fetchWithdrawalOverview(language),
    // While a withdrawal is open the page waits for its decision, like the history below.
    refetchInterval: (current) => (current.state.data?.hasOpenWithdrawal ? OPEN_POLL_MS : false),
  });
  let body: React.ReactNode;
  if (overview.isPending) body = <SkeletonLines lines={4} />;
  else if (overview.isError) body = <ErrorState onRetry={() => overview.refetch()} />;
  else {
    const data = overview.data;
    body = (
      <>
        <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line bg-raised p-4">
          <span className="text-sm text-muted">{t('withdraw.available')}</span>
          {/* What a request would take now, which an open withdrawal or turnover still due keeps below the balance. */}
          <span className="text-2xl font-bold text-text tabular" data-testid="withdraw-balance">
            {formatMoney(data.withdrawable, symbol)}
          </span>
          {data.withdrawable !== data.balance ? (
            <span
              className="w-full text-right text-xs text-muted tabular"
              data-testid="withdraw-total-balance"
            >
              {t('withdraw.ofBalance', { amount: formatMoney(data.balance, symbol) })}
            </span>
          ) : null}
        </div>
        {!data.hasPaymentPassword ? (
          <section className="flex flex-col gap-3">
            <p className="text-sm text-muted">{t('withdraw.needPaymentPassword')}</p>
            <PaymentPasswordForm onDone={() => void overview.refetch()} />
          </section>
        ) : data.accounts.length === 0 ? (
          <section className="flex flex-col gap-3">
            <p className="text-sm text-muted">{t('withdraw.needAccount')}</p>
            <PayoutAccounts />
          </section>
        ) : data.hasOpenWithdrawal ? (
          <p role="status" className="flex items-center gap-2 rounded-md bg-warning/10 p-3 text-sm text-text">
            <Hourglass size={18} aria-hidden="true" className="shrink-0 text-warning" />
            {t('withdraw.openOne')}
          </p>
        ) : (toCentavos(data.turnoverLeft) ?? 0n) > 0n ? (
          <p
            role="status"
            className="rounded-md bg-warning/10 p-3 text-sm text-text"
            data-testid="turnover-left"
          >
            {t('withdraw.turnoverLeft', { amount: formatMoney(data.turnoverLeft, symbol) })}
          </p>
        ) : (
          <WithdrawForm overview={data} />
        )}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-6 p-4" data-testid="withdraw-page">
      {body}
      <WithdrawalHistory />
    </div>
  );
}
