import { KeyRound, LogOut } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { changePassword, PASSWORD_LENGTH_MAX } from './sign-in.ts';
import { CardField, CardHeading, type Failure, FailureAlert } from './sign-in-card.tsx';

const FIELD_MESSAGES: Record<string, string> = {
  wrong: 'This is not your current password.',
  length: 'Use 8 to 128 characters.',
  letterAndDigit: 'Use at least one letter and one digit.',
  unchanged: 'Choose a password different from the current one.',
};

/**
 * A new account or a reset password signs in with a temporary password, and the server allows
 * nothing else until it is replaced.
 */
export function ChangePasswordPage(props: {
  username: string;
  onChanged: () => void;
  onSignOut: () => void;
}) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    if (newPassword !== repeat) {
      setFields({ repeat: 'The two new passwords differ.' });
      return;
    }
    setIsSubmitting(true);
    setFields({});
    setFailure(null);
    try {
      await changePassword({ oldPassword, newPassword });
      props.onChanged();
    } catch (error) {
      if (error instanceof BackOfficeError && Object.keys(error.fields).length > 0) {
        setFields(
          Object.fromEntries(
            Object.entries(error.fields).map(([name, message]) => [
              name,
              FIELD_MESSAGES[error.reasons[name] ?? ''] ?? message,
            ]),
          ),
        );
      } else {
        setFailure({
          code: error instanceof BackOfficeError ? error.code : 'ERROR',
          message: (error as Error).message,
        });
      }
    } finally {
      setIsSubmitting(false);
    }
  }

  const field = (name: string, label: string, value: string, set: (value: string) => void) => (
    <CardField
      label={label}
      error={fields[name]}
      name={name}
      type="password"
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      required
      maxLength={PASSWORD_LENGTH_MAX}
      value={value}
      onChange={(event) => set(event.target.value)}
    />
  );

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={handleSubmit} aria-labelledby="change-password-title">
        <CardHeading titleId="change-password-title" title="Choose your password">
          <strong>{props.username}</strong> signed in with a temporary password. Choose your own to continue:
          at least 8 characters, with a letter and a digit.
        </CardHeading>
        {field('oldPassword', 'Temporary password', oldPassword, setOldPassword)}
        {field('newPassword', 'New password', newPassword, setNewPassword)}
        {field('repeat', 'New password again', repeat, setRepeat)}
        <FailureAlert failure={failure} />
        <button className="button button--primary" type="submit" disabled={isSubmitting}>
          <KeyRound size={16} aria-hidden="true" />
          {isSubmitting ? 'Saving…' : 'Save and continue'}
        </button>
        <button className="button button--quiet" type="button" onClick={props.onSignOut}>
          <LogOut size={16} aria-hidden="true" />
          Sign out
        </button>
      </form>
    </main>
  );
}
