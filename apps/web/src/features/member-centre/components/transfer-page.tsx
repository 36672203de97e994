import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { toCentavos } from '../../../lib/money';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { useFormValues } from '../../../lib/use-form-values';
import { fetchUpline, transferCash } from '../api/withdrawals';
import { AmountField, type MoneyFormAnswer, PaymentPasswordSubmit } from './money-form-fields';
import { PaymentPasswordForm } from './payment-password-form';

const newRequestId = () => `transfer-${crypto.randomUUID()}`;

/**
 * transferFund (an agent to someone in its tree) and transferUpline (a member to its agent) of
 * the member centre (spec §2): recipient, amount and the payment password.
 */
export function TransferPage({ direction }: { direction: 'downline' | 'upline' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const queryClient = useQueryClient();
  const member = useAuthStore((state) => state.member);
  const upline = useQuery({ queryKey: ['upline', language], queryFn: () => fetchUpline(language) });
  const { values, setValues, setErrors, bindField } = useFormValues({
    account: '',
    amount: '',
    paymentPassword: '',
  });
  const { account, amount, paymentPassword } = values;
  const [answer, setAnswer] = useState<MoneyFormAnswer | null>(null);
  // One id per transfer: a double tap or a retry after a lost answer moves the money once.
  const [requestId, setRequestId] = useState(newRequestId);

  const mutation = useMutation({
    mutationFn: () =>
      transferCash(
        {
          direction,
          ...(direction === 'downline' ? { account: account.trim() } : {}),
          amount: amount.trim().replace(/,/g, ''),
          paymentPassword,
          requestId,
        },
        language,
      ),
    onSuccess: (result) => {
      setAnswer({
        message: t('transfer.done', {
          amount: formatMoney(amount.trim().replace(/,/g, ''), symbol),
          recipient: result.recipient,
          balance: formatMoney(result.balance, symbol),
        }),
        isDone: true,
      });
      setValues((current) => ({ ...current, amount: '', paymentPassword: '' }));
      setRequestId(newRequestId());
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
    onError: (error) => {
      if (!isApiError(error)) return setAnswer({ message: t('auth.submitFailed') });
      const field = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
      if (field?.account) setErrors({ account: t('transfer.notInTree') });
      else if (error.code === 'PAYMENT_PASSWORD_INVALID') setErrors({ paymentPassword: error.message });
      else setAnswer({ message: error.message, code: error.code });
    },
  });

  if (upline.isPending || !member)
    return (
      <div className="p-4">
        <SkeletonLines lines={4} />
      </div>
    );
  if (upline.isError) return <ErrorState onRetry={() => void upline.refetch()} />;
  if (direction === 'upline' && !upline.data.account) return <EmptyState line={t('transfer.noUpline')} />;
  if (!member.hasPaymentPassword) {
    return (
      <section className="flex flex-col gap-3 p-4">
        <p className="text-sm text-muted">{t('withdraw.needPaymentPassword')}</p>
        <PaymentPasswordForm />
      </section>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const centavos = toCentavos(amount);
    const next = {
      ...(direction === 'downline' && !account.trim() ? { account: t('auth.inputEmpty') } : {}),
      ...(centavos === null || centavos === 0n ? { amount: t('deposit.errors.format') } : {}),
      ...(paymentPassword ? {} : { paymentPassword: t('auth.inputEmpty') }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate();
  }

  const Icon = direction === 'downline' ? ArrowDownToLine : ArrowUpFromLine;
  return (
    <form
      className="flex flex-col gap-4 p-4"
      onSubmit={submit}
      noValidate
      data-testid={`transfer-${direction}`}
    >
      <p className="flex items-center gap-2 text-sm text-muted">
        <Icon size={18} aria-hidden="true" className="text-brand-strong" />
        {direction === 'downline'
          ? t('transfer.downlineLine')
          : t('transfer.uplineLine', { account: upline.data.account })}
      </p>
      {direction === 'downline' ? (
        <TextField
          label={t('transfer.recipient')}
          autoComplete="off"
          {...bindField('account')}
          maxLength={64}
          isRequired
          data-testid="transfer-account"
        />
      ) : null}
      <AmountField
        label={t('withdraw.amount')}
        symbol={symbol}
        {...bindField('amount')}
        testId="transfer-amount"
      />
      <PaymentPasswordSubmit
        password={bindField('paymentPassword')}
        passwordTestId="transfer-payment-password"
        answer={answer}
        isPending={mutation.isPending}
      >
        {t('transfer.submit')}
      </PaymentPasswordSubmit>
    </form>
  );
}
