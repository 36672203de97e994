import { ArrowLeft, KeyRound, LockKeyhole, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { QrCode } from '../../components/qr-code.tsx';
import {
  CAPTCHA_LENGTH_MAX,
  CODE_LENGTH,
  fetchCaptcha,
  isCaptchaAsked,
  PASSWORD_LENGTH_MAX,
  readRetryAfterSeconds,
  readVerificationStep,
  type SignInValue,
  signIn,
  USERNAME_LENGTH_MAX,
  type VerificationStep,
} from './sign-in.ts';
import { CardField, CardHeading, type Failure, FailureAlert } from './sign-in-card.tsx';

/** Groups a base32 secret in fours, as people copy it into an authenticator by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The operator sign-in: username and password, then the authenticator, which is required. An
 * operator without one enrols here (QR code and the secret as text); the first code confirms it.
 * Whatever the server answers is shown as it is, message and code.
 */
export function SignInPage(props: { onSignedIn: (value: SignInValue) => void }) {
  const captchaId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<VerificationStep | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // After failed tries the server asks for a captcha (API.md "Throttles"); from then on every try
  // carries one, and each needs a new image since a sent answer is used up.
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');

  async function loadCaptcha() {
    setCaptcha('');
    const image = await fetchCaptcha();
    setCaptchaImage(image.success ? image.value : null);
  }

  async function submit(withCode: string | undefined) {
    setIsSubmitting(true);
    setFailure(null);
    const answer = await signIn({
      username: username.trim(),
      password,
      ...(withCode ? { code: withCode } : {}),
      ...(isCaptchaShown && captcha.trim() ? { captcha: captcha.trim() } : {}),
    });
    setIsSubmitting(false);
    const needsCaptcha =
      !answer.success && (answer.code === 'CAPTCHA_REQUIRED' || isCaptchaAsked(answer.value));
    if (needsCaptcha || isCaptchaShown) {
      setIsCaptchaShown(true);
      void loadCaptcha();
    }
    if (answer.success) {
      setPassword('');
      setCode('');
      props.onSignedIn(answer.value);
      return;
    }
    const next = answer.code === 'VERIFICATION_REQUIRED' ? readVerificationStep(answer.value) : null;
    if (next) {
      setStep(next);
      return;
    }
    const waitSeconds = answer.code === 'RATE_LIMITED' ? readRetryAfterSeconds(answer.value) : null;
    setFailure({
      code: answer.code,
      message: waitSeconds ? `Too many tries. Try again in ${waitSeconds} s.` : answer.message,
    });
    if (withCode) setCode('');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    void submit(step ? code : undefined);
  }

  function startOver() {
    setStep(null);
    setCode('');
    setPassword('');
    setFailure(null);
  }

  const isEnrolling = step?.kind === 'enrol';
  const title =
    step === null ? 'Panalo back office' : isEnrolling ? 'Set up your authenticator' : 'Authenticator code';
  const intro =
    step === null
      ? 'Sign in with your operator account.'
      : isEnrolling
        ? 'Operators need a second step. Scan the code with an authenticator app (Google Authenticator, Authy, 1Password…), then enter the six digits it shows.'
        : 'Enter the six digits your authenticator app shows for Panalo back office.';

  return (
    <main className="sign-in">
      <form
        className={`sign-in__card${isEnrolling ? ' sign-in__card--wide' : ''}`}
        onSubmit={handleSubmit}
        aria-labelledby="sign-in-title"
      >
        <CardHeading titleId="sign-in-title" title={title}>
          {intro}
        </CardHeading>

        {step === null && (
          <>
            <CardField
              label="Username"
              name="username"
              autoComplete="username"
              required
              maxLength={USERNAME_LENGTH_MAX}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
            <CardField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_LENGTH_MAX}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        )}

        {step?.kind === 'enrol' && (
          <div className="enrol">
            <QrCode value={step.otpauthUrl} label="QR code for your authenticator app" />
            <div className="enrol__text">
              <span className="field__label">Or type this key</span>
              <code className="enrol__secret" data-testid="totp-secret" data-secret={step.secret}>
                {groupSecret(step.secret)}
              </code>
              <span className="muted small">
                Account <strong>{username.trim()}</strong>, time-based, 6 digits. Keep the key private: anyone
                with it can make your codes.
              </span>
            </div>
          </div>
        )}

        {step !== null && (
          <CardField
            label="Six-digit code"
            name="code"
            className="input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            maxLength={CODE_LENGTH}
            // Focus goes to the code: it is the only thing to do on this step.
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        )}

        {isCaptchaShown && (
          <div className="field">
            <label className="field__label" htmlFor={captchaId}>
              Captcha
            </label>
            <div className="captcha">
              <input
                id={captchaId}
                name="captcha"
                autoComplete="off"
                required
                maxLength={CAPTCHA_LENGTH_MAX}
                value={captcha}
                onChange={(event) => setCaptcha(event.target.value)}
              />
              <button
                className="captcha__image"
                type="button"
                onClick={() => void loadCaptcha()}
                title="Show another image"
                aria-label="Captcha image: select for another"
              >
                {captchaImage ? <img src={captchaImage} alt="Captcha" /> : '…'}
              </button>
            </div>
          </div>
        )}

        <FailureAlert failure={failure} />

        <button className="button button--primary" type="submit" disabled={isSubmitting}>
          {step === null ? (
            <LockKeyhole size={16} aria-hidden="true" />
          ) : isEnrolling ? (
            <ShieldCheck size={16} aria-hidden="true" />
          ) : (
            <KeyRound size={16} aria-hidden="true" />
          )}
          {isSubmitting
            ? 'Checking…'
            : step === null
              ? 'Sign in'
              : isEnrolling
                ? 'Turn on and sign in'
                : 'Verify'}
        </button>
        {step !== null && (
          <button className="button button--quiet" type="button" onClick={startOver}>
            <ArrowLeft size={16} aria-hidden="true" />
            Use another account
          </button>
        )}
        <p className="muted small">Access is recorded. Ask an administrator if you cannot sign in.</p>
      </form>
    </main>
  );
}
