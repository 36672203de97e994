import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormNotice, TextField } from '../../../components/ui/field';
import { QrCode } from '../../../components/ui/qr-code';
import { isApiError } from '../../../lib/api/api-error';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { confirmTotp, startTotpSetup } from '../api/security';

/**
 * Google Authenticator enrolment (spec §4 "Unregistered IP" offers its code as a second step):
 * scan the QR code or type the secret, then confirm with a first code. Turning it off takes a code.
 */
export function AuthenticatorSetup() {
  const { t } = useTranslation();
  const language = useLanguage();
  const member = useAuthStore((state) => state.member);
  const [pending, setPending] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverAnswer, setServerAnswer] = useState<{ message: string; code?: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  if (!member) return null;
  const isEnabled = member.totpEnabled;

  function report(failure: unknown) {
    setServerAnswer(
      isApiError(failure)
        ? { message: failure.message, code: failure.code }
        : { message: t('auth.submitFailed') },
    );
  }

  async function begin() {
    setServerAnswer(null);
    setBusy(true);
    try {
      setPending(await startTotpSetup(language));
    } catch (failure) {
      report(failure);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('security.codeSixDigits'));
      return;
    }
    setBusy(true);
    try {
      await confirmTotp(isEnabled ? 'disable' : 'enable', code.trim(), language);
      const current = useAuthStore.getState().member;
      if (current) useAuthStore.getState().setMember({ ...current, totpEnabled: !isEnabled });
      setPending(null);
      setCode('');
    } catch (failure) {
      report(failure);
    } finally {
      setBusy(false);
    }
  }

  const codeField = (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={confirm} noValidate>
      <div className="flex-1">
        <TextField
          label={t('security.authenticatorCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          maxLength={6}
          data-testid="totp-code"
        />
      </div>
      <Button
        type="submit"
        variant={isEnabled ? 'secondary' : 'primary'}
        disabled={isBusy}
        data-testid="totp-confirm"
      >
        {isEnabled ? t('security.turnOff') : t('security.turnOn')}
      </Button>
    </form>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="authenticator">
      <p className="text-sm text-muted">{isEnabled ? t('security.twoStepOn') : t('security.twoStepOff')}</p>
      {isEnabled ? codeField : null}
      {!isEnabled && !pending ? (
        <div>
          <Button variant="secondary" onClick={begin} disabled={isBusy} data-testid="totp-setup">
            {t('security.setUpAuthenticator')}
          </Button>
        </div>
      ) : null}
      {!isEnabled && pending ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="shrink-0 self-center rounded-md bg-white p-2">
            <QrCode value={pending.otpauthUrl} sizePx={148} label={t('security.scanWithApp')} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <p className="text-sm text-muted">{t('security.scanWithApp')}</p>
            <p
              className="rounded-md bg-raised px-3 py-2 font-mono text-sm break-all text-text"
              data-testid="totp-secret"
            >
              {pending.secret}
            </p>
            {codeField}
          </div>
        </div>
      ) : null}
      {serverAnswer ? <FormNotice message={serverAnswer.message} code={serverAnswer.code} /> : null}
    </div>
  );
}
