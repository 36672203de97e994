import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { answerOfFailure } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { useFormValues } from '../../../lib/use-form-values';
import { setPaymentPassword } from '../api/withdrawals';
import { type MoneyFormAnswer, MoneyFormAnswerLine, PaymentPasswordField } from './money-form-fields';

const SIX_DIGITS = /^\d{6}$/;

/**
 * Sets the six-digit payment password (confirmed with the login password) or changes it
 * (confirmed with the current one). Withdrawals and transfers ask for it.
 */
export function PaymentPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const member = useAuthStore((state) => state.member);
  const hasPaymentPassword = member?.hasPaymentPassword === true;
  const { values, setValues, errors, setErrors, bindField } = useFormValues({
    current: '',
    next: '',
    confirm: '',
  });
  const [answer, setAnswer] = useState<MoneyFormAnswer | null>(null);

  const mutation = useMutation({
    mutationFn: () =>
      setPaymentPassword(
        {
          currentPassword: values.current,
          newPaymentPassword: values.next,
          confirmPaymentPassword: values.confirm,
        },
        language,
      ),
    onSuccess: () => {
      const current = useAuthStore.getState().member;
      if (current) useAuthStore.getState().setMember({ ...current, hasPaymentPassword: true });
      setValues({ current: '', next: '', confirm: '' });
      setAnswer({ message: t('payout.passwordSaved'), isDone: true });
      onDone?.();
    },
    onError: (error) => setAnswer(answerOfFailure(error, t('auth.submitFailed'))),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const next: typeof errors = {};
    if (!values.current) next.current = t('auth.inputEmpty');
    if (!SIX_DIGITS.test(values.next)) next.next = t('payout.sixDigits');
    if (values.confirm !== values.next) next.confirm = t('auth.confirmMismatch');
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate();
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="payment-password-form">
      <TextField
        label={hasPaymentPassword ? t('payout.currentPaymentPassword') : t('payout.loginPasswordToConfirm')}
        type="password"
        autoComplete={hasPaymentPassword ? 'off' : 'current-password'}
        inputMode={hasPaymentPassword ? 'numeric' : undefined}
        {...bindField('current')}
        isRequired
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <PaymentPasswordField
          label={t('payout.newPaymentPassword')}
          {...bindField('next')}
          hint={t('payout.sixDigits')}
        />
        <PaymentPasswordField label={t('payout.confirmPaymentPassword')} {...bindField('confirm')} />
      </div>
      <MoneyFormAnswerLine answer={answer} />
      <Button type="submit" variant="secondary" className="self-start" disabled={mutation.isPending}>
        {hasPaymentPassword ? t('payout.changePaymentPassword') : t('payout.setPaymentPassword')}
      </Button>
    </form>
  );
}
