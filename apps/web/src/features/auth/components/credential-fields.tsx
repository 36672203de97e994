import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/ui/field';
import type { FormAnswer } from '../../../lib/failure-answer';
import { DialingCodePicker } from './dialing-code-picker';
import { SendCodeButton } from './send-code-button';

type NewPasswordValues = { newPassword: string; confirmNewPassword: string };

const newPasswordLabels = {
  newPassword: 'auth.newPassword',
  confirmNewPassword: 'auth.confirmPassword',
} as const satisfies Record<keyof NewPasswordValues, string>;

/** The new password and its confirmation, as changing or resetting a password asks for them. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
}: {
  values: NewPasswordValues;
  errors: Partial<Record<keyof NewPasswordValues, string | null>>;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
}) {
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
}: {
  values: MobileCodeValues;
  errors: Partial<Record<keyof MobileCodeValues, string | null>>;
  onChange: (field: keyof MobileCodeValues, value: string) => void;
  onAnswer: (answer: FormAnswer | null) => void;
}) {
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
