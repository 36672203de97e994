import { useTranslation } from 'react-i18next';
import { PasswordField, TextField, type TextFieldProps } from '../../../components/ui/field';
import type { FormAnswer } from '../../../lib/failure-answer';
import { DialingCodePicker } from './dialing-code-picker';
import { SendCodeButton } from './send-code-button';

/** A group of fields bound to part of a form's values through the form's bindField (useFormValues). */
type FieldGroupProps<Values extends Record<string, string>> = {
  bindField: (field: keyof Values) => {
    value: string;
    onValueChange: (value: string) => void;
    error?: string | null;
  };
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
export function NewPasswordFields({ bindField }: FieldGroupProps<NewPasswordValues>) {
  const { t } = useTranslation();
  return (['newPassword', 'confirmNewPassword'] as const).map((field) => (
    <PasswordField
      key={field}
      label={t(newPasswordLabels[field])}
      {...bindField(field)}
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
  bindField,
  onAnswer,
}: FieldGroupProps<MobileCodeValues> & { onAnswer: (answer: FormAnswer | null) => void }) {
  const { t } = useTranslation();
  const dialingCode = bindField('dialingCode');
  const mobileNum = bindField('mobileNum');
  return (
    <>
      <TextField
        label={t('auth.mobileNum')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...mobileNum}
        isRequired
        leading={<DialingCodePicker value={dialingCode.value} onChange={dialingCode.onValueChange} />}
      />
      <TextField
        label={t('auth.verificationCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...bindField('verificationCode')}
        isRequired
        maxLength={255}
        trailing={
          <SendCodeButton dialingCode={dialingCode.value} mobileNum={mobileNum.value} onAnswer={onAnswer} />
        }
      />
    </>
  );
}
