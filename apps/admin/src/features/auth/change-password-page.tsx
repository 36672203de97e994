import { KeyRound, LogOut } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { changePassword, PASSWORD_LENGTH_MAX } from './sign-in.ts';

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
  const oldId = useId();
  const newId = useId();
  const repeatId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);

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

  const field = (id: string, name: string, label: string, value: string, set: (value: string) => void) => (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        required
        maxLength={PASSWORD_LENGTH_MAX}
        aria-invalid={fields[name] ? true : undefined}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
      {fields[name] && <span className="field__error">{fields[name]}</span>}
    </label>
  );

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={handleSubmit} aria-labelledby="change-password-title">
        <div className="sign-in__brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <div>
            <h1 id="change-password-title">Choose your password</h1>
            <p className="muted">
              <strong>{props.username}</strong> signed in with a temporary password. Choose your own to
              continue: at least 8 characters, with a letter and a digit.
            </p>
          </div>
        </div>
        {field(oldId, 'oldPassword', 'Temporary password', oldPassword, setOldPassword)}
        {field(newId, 'newPassword', 'New password', newPassword, setNewPassword)}
        {field(repeatId, 'repeat', 'New password again', repeat, setRepeat)}
        {failure && (
          <div className="alert alert--danger" role="alert">
            <strong>{failure.message}</strong>
            <span className="alert__code">{failure.code}</span>
          </div>
        )}
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
