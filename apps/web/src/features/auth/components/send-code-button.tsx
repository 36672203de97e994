import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { computeSmsCountdownSeconds } from '../../../lib/sms-countdown';
import { throttleLeading } from '../../../lib/throttle';
import { useCountdown } from '../../../lib/use-countdown';
import { sendRegisterSmsCode, sendSmsCode } from '../api/auth';
import { isValidMobileNumber } from '../mobile-number';

/** Spec §5/§9: SMS sending at most once per second. */
const smsSendIntervalMs = 1_000;

type SendCodeButtonProps = {
  dialingCode: string;
  mobileNum: string;
  onAnswer: (answer: FormAnswer | null) => void;
  /** Registration sends through its own path; login and password recovery without a session. */
  purpose?: 'register' | 'noLogin';
};

/**
 * Sends the SMS code (a valid number first), then counts down 60 s per minute of the code's validity;
 * a failure shows the server's answer (spec §4, §8).
 */
export function SendCodeButton({
  dialingCode,
  mobileNum,
  onAnswer,
  purpose = 'noLogin',
}: SendCodeButtonProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countdown = useCountdown();
  const { start } = countdown;
  const send = useMemo(
    () =>
      throttleLeading(async (code: string, number: string) => {
        onAnswer(null);
        try {
          const sendCode = purpose === 'register' ? sendRegisterSmsCode : sendSmsCode;
          const answer = await sendCode({ mobileNum: number, countryDialingCode: code }, language);
          start(computeSmsCountdownSeconds(answer.expiredMinutes));
        } catch (error) {
          onAnswer(answerOfFailure(error, t('auth.submitFailed')));
        }
      }, smsSendIntervalMs),
    [language, start, onAnswer, t, purpose],
  );
  return (
    <button
      type="button"
      disabled={countdown.secondsLeft > 0 || !isValidMobileNumber(dialingCode, mobileNum)}
      onClick={() => send(dialingCode, mobileNum.trim())}
      className="-mr-1 min-h-9 shrink-0 rounded-sm bg-brand px-3 text-xs font-semibold text-on-brand tabular disabled:opacity-50"
      data-testid="send-code"
    >
      {countdown.secondsLeft > 0 ? `${countdown.secondsLeft}s` : t('auth.sendCode')}
    </button>
  );
}
