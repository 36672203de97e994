import { useTranslation } from 'react-i18next';
import { PasswordField, TextField, type TextFieldProps } from '../../../components/ui/field';
import type { FormAnswer } from '../../../lib/failure-answer';
import { DialingCodePicker } from './dialing-code-picker';
import { SendCodeButton } from './send-code-button';

/** A group of fields bound to part of a form's values: each change names the field it is for. */
type FieldGroupProps<Values extends Record<string, string>> = {
  values: Values;
  errors: Partial<Record<keyof Values, string | null>>;
  onChange: (field: keyof Values, value: string) => void;
};

/** The member's username, as logging in and recovering a password by email ask for it. */
export function UsernameField(props: Omit<TextFieldProps, 'label' | 'autoComplete' | 'isRequired'>) {
  const { t } = useTranslation();
  return <TextField label={t('auth.username')} autoComplete="username" isRequired {...props} />;
}

type NewPasswordValues = { newPassword: string; confirmNewPassword: string };

const newPasswordLabels = {
  newPassword: 'auth.newPassword',
  confirmNewPassword: 'auth.confirmPassword',
} as const satisfies Record<keyof NewPasswordValues, string>;

/** The new password and its confirmation, as changing or resetting a password asks for them. */
export function NewPasswordFields({ values, errors, onChange }: FieldGroupProps<NewPasswordValues>) {
  const { t } = useTranslation();
  return (['newPassword', 'confirmNewPassword'] as const).map((field) => (
    <PasswordField
      key={field}
      label={t(newPasswordLabels[field])}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={errors[field]}
      autoComplete="new-password"
    />
  ));
}

type MobileCodeValues = { dialingCode: string; mobileNum: string; verificationCode: string };

/**
 * The mobile number with its dialing code, and the SMS code sent to it (spec §5): how a member
 * without a password proves who they are, to log in or to set a new password.
 */
export function MobileCodeFields({
  values,
  errors,
  onChange,
  onAnswer,
}: FieldGroupProps<MobileCodeValues> & { onAnswer: (answer: FormAnswer | null) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('auth.mobileNum')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={values.mobileNum}
        onValueChange={(value) => onChange('mobileNum', value)}
        error={errors.mobileNum}
        isRequired
        leading={
          <DialingCodePicker value={values.dialingCode} onChange={(code) => onChange('dialingCode', code)} />
        }
      />
      <TextField
        label={t('auth.verificationCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={values.verificationCode}
        onValueChange={(value) => onChange('verificationCode', value)}
        error={errors.verificationCode}
        isRequired
        maxLength={255}
        trailing={
          <SendCodeButton dialingCode={values.dialingCode} mobileNum={values.mobileNum} onAnswer={onAnswer} />
        }
      />
    </>
  );
}
