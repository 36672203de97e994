import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormNotice, PasswordField, TextField, type TextFieldProps } from '../../../components/ui/field';
import { StickyPageActions } from '../../../components/ui/sticky-page-actions';
import type { FormAnswer } from '../../../lib/failure-answer';

/** A money form's answer to the last try: a failure with its code, or a line saying it was done. */
export type MoneyFormAnswer = FormAnswer & { isDone?: boolean };

/** An amount in pesos, typed as text after the currency sign (toCentavos reads it). */
export function AmountField({
  label,
  symbol,
  value,
  onValueChange,
  onBlur,
  error,
  hint,
  trailing,
  testId,
}: {
  label: string;
  symbol: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null | undefined;
  hint?: string | undefined;
  trailing?: ReactNode;
  testId: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onValueChange={onValueChange}
      onBlur={onBlur}
      error={error}
      hint={hint}
      leading={<span className="font-semibold text-muted">{symbol}</span>}
      trailing={trailing}
      maxLength={16}
      isRequired
      data-testid={testId}
    />
  );
}

/** The six-digit payment password that withdrawals and transfers ask for; browsers must not fill it. */
export function PaymentPasswordField(props: Omit<TextFieldProps, 'type' | 'isRequired'>) {
  return <PasswordField inputMode="numeric" autoComplete="off" maxLength={6} {...props} />;
}

/** The answer alone, for a form whose button is not a money form's submit. */
export function MoneyFormAnswerLine({ answer }: { answer: MoneyFormAnswer | null }) {
  if (!answer) return null;
  return answer.isDone ? (
    <p role="status" className="text-sm font-medium text-success">
      {answer.message}
    </p>
  ) : (
    <FormNotice message={answer.message} code={answer.code} />
  );
}

/**
 * The end of a deposit, withdrawal or transfer form: the answer to the last try, then its submit
 * button, held at the bottom of a phone's screen while the form scrolls.
 */
export function MoneyFormSubmit({
  answer,
  isPending,
  children,
}: {
  answer: MoneyFormAnswer | null;
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <StickyPageActions>
      <MoneyFormAnswerLine answer={answer} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto sm:self-start" disabled={isPending}>
        {children}
      </Button>
    </StickyPageActions>
  );
}

/**
 * The end of a form that spends from the main wallet (a withdrawal, a transfer): the payment
 * password that allows it, then the answer to the last try and the submit button.
 */
export function PaymentPasswordSubmit({
  password,
  passwordTestId,
  answer,
  isPending,
  children,
}: {
  password: Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'>;
  passwordTestId: string;
  answer: MoneyFormAnswer | null;
  isPending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PaymentPasswordField
        label={t('withdraw.paymentPassword')}
        {...password}
        data-testid={passwordTestId}
      />
      <MoneyFormSubmit answer={answer} isPending={isPending}>
        {children}
      </MoneyFormSubmit>
    </>
  );
}
