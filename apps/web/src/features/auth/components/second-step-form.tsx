import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Tabs } from '../../../components/ui/tabs';
import { answerOfFailure } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { computeSmsCountdownSeconds } from '../../../lib/sms-countdown';
import { useCountdown } from '../../../lib/use-countdown';
import { useSubmission } from '../../../lib/use-submission';
import {
  answerSecondStep,
  type LoginResult,
  type SecondStepChallenge,
  type SecondStepMethod,
  sendSecondStepCode,
} from '../api/auth';
import { SubmitWithNotice } from './submit-with-notice';

/**
 * Spec §4 "Unregistered IP": a login from a new address proves itself once more, by an SMS or
 * email code, a Google Authenticator code or the bank account name.
 */
export function SecondStepForm({
  challenge,
  onLoggedIn,
  onCancel,
}: {
  challenge: SecondStepChallenge;
  onLoggedIn: (result: LoginResult) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countdown = useCountdown();
  const [method, setMethod] = useState<SecondStepMethod>(challenge.methods[0] ?? 'sms');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting, answer: serverAnswer, setAnswer: setServerAnswer, runSubmission } = useSubmission();
  const sendsCode = method === 'sms' || method === 'email';

  async function sendCode() {
    if (method !== 'sms' && method !== 'email') return;
    setServerAnswer(null);
    try {
      const sent = await sendSecondStepCode({ challengeId: challenge.challengeId, method }, language);
      countdown.start(computeSmsCountdownSeconds(sent.expiredMinutes));
    } catch (failure) {
      setServerAnswer(answerOfFailure(failure, t('auth.submitFailed')));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    if (!answer.trim()) {
      setError(t('auth.inputEmpty'));
      return;
    }
    await runSubmission(async () => {
      onLoggedIn(
        await answerSecondStep({ challengeId: challenge.challengeId, method, code: answer.trim() }, language),
      );
    }, t('auth.submitFailed'));
  }

  const destination =
    method === 'sms' ? challenge.destinations.sms : method === 'email' ? challenge.destinations.email : null;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="second-step-form">
      <div className="flex items-start gap-3 rounded-md bg-brand-soft p-3">
        <ShieldCheck size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-strong" />
        <div>
          <p className="font-semibold text-text">{t('auth.secondStepTitle')}</p>
          <p className="text-sm text-muted">{t('auth.secondStepLine')}</p>
        </div>
      </div>
      {challenge.methods.length > 1 ? (
        <Tabs
          label={t('auth.secondStepTitle')}
          variant="chips"
          items={challenge.methods.map((key) => ({ key, label: t(`auth.secondStepMethods.${key}`) }))}
          value={method}
          onChange={(next) => {
            setMethod(next);
            setAnswer('');
            setError(null);
          }}
        />
      ) : null}
      {destination ? (
        <p className="text-sm text-muted">{t('auth.secondStepSentTo', { destination })}</p>
      ) : null}
      <TextField
        label={method === 'bankName' ? t('auth.bankAccountName') : t('auth.verificationCode')}
        inputMode={method === 'bankName' ? 'text' : 'numeric'}
        autoComplete={method === 'bankName' ? 'name' : 'one-time-code'}
        value={answer}
        onValueChange={(value) => {
          setAnswer(value);
          setError(null);
        }}
        error={error}
        isRequired
        maxLength={method === 'bankName' ? 100 : 6}
        data-testid="second-step-answer"
        trailing={
          sendsCode ? (
            <button
              type="button"
              onClick={sendCode}
              disabled={countdown.secondsLeft > 0}
              className="-mr-1 min-h-9 shrink-0 rounded-sm bg-brand px-3 text-xs font-semibold text-on-brand tabular disabled:opacity-50"
              data-testid="second-step-send"
            >
              {countdown.secondsLeft > 0 ? `${countdown.secondsLeft}s` : t('auth.sendCode')}
            </button>
          ) : undefined
        }
      />
      <SubmitWithNotice notice={serverAnswer} isSubmitting={isSubmitting} testId="second-step-submit">
        {t('common.submit')}
      </SubmitWithNotice>
      <Button variant="ghost" className="w-full" onClick={onCancel}>
        {t('auth.backToLogin')}
      </Button>
    </form>
  );
}
