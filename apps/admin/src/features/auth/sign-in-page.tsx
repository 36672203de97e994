import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PASSWORD_LENGTH_MAX, type SignInValue, signIn, USERNAME_LENGTH_MAX } from './sign-in.ts';

type Failure = { code: string; message: string };

/** The operator sign-in: posts to the server and shows exactly what it answers. */
export function SignInPage(props: { onSignedIn: (value: SignInValue) => void }) {
  const usernameId = useId();
  const passwordId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    setFailure(null);
    const answer = await signIn({ username: username.trim(), password });
    setIsSubmitting(false);
    if (answer.success) {
      setPassword('');
      props.onSignedIn(answer.value);
    } else {
      setFailure({ code: answer.code, message: answer.message });
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={handleSubmit} aria-labelledby="sign-in-title">
        <div className="sign-in__brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <div>
            <h1 id="sign-in-title">Panalo back office</h1>
            <p className="muted">Sign in with your operator account.</p>
          </div>
        </div>

        <label className="field" htmlFor={usernameId}>
          <span className="field__label">Username</span>
          <input
            id={usernameId}
            name="username"
            autoComplete="username"
            required
            maxLength={USERNAME_LENGTH_MAX}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>

        <label className="field" htmlFor={passwordId}>
          <span className="field__label">Password</span>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_LENGTH_MAX}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>

        {failure && (
          <div className="alert alert--danger" role="alert">
            <strong>{failure.message}</strong>
            <span className="alert__code">{failure.code}</span>
          </div>
        )}

        <button className="button button--primary" type="submit" disabled={isSubmitting}>
          <LockKeyhole size={16} aria-hidden="true" />
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted small">Access is recorded. Ask an administrator if you cannot sign in.</p>
      </form>
    </main>
  );
}
