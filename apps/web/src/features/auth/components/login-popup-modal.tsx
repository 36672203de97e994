import { useQueryClient } from '@tanstack/react-query';
import { Gamepad2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox, PasswordField } from '../../../components/ui/field';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api/api-error';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission, usePublicState } from '../../../lib/system/system-hooks';
import { useFormValues } from '../../../lib/use-form-values';
import { type LoginResult, logIn, logInForFreePlay, type SecondStepChallenge } from '../api/auth';
import { defaultDialingCode, isValidMobileNumber } from '../mobile-number';
import { readRememberedLogin, writeRememberedLogin } from '../remembered-login';
import { AuthDialog } from './auth-dialog';
import { AuthSwitch } from './auth-switch';
import { CaptchaField } from './captcha-field';
import { MobileCodeFields, UsernameField } from './credential-fields';
import { SecondStepForm } from './second-step-form';
import { SocialLoginButtons } from './social-login-buttons';
import { SubmitWithNotice } from './submit-with-notice';

type LoginTab = 'username' | 'sms';

/**
 * loginPopupModal: username login, and SMS login when VERCODELOGIN is on (spec §2, §5). Opened
 * from the agent area it is the agent login: it sends agentPage, which the server refuses to
 * non-agents ("Non-agents cannot log in"), offers neither free play, social login nor
 * registration, and leads an agent on to /agentHome (spec §4).
 */
export function LoginPopupModal({
  onClose,
  notice,
  agentPage = false,
}: {
  onClose: () => void;
  notice?: FormAnswer;
  agentPage?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const permission = usePermission();
  const publicState = usePublicState();
  const openModal = useModalStore((state) => state.openModal);
  const setToken = useAuthStore((state) => state.setToken);
  const whitelabel = permission.data?.whitelabel;
  const hasSmsLogin = isSwitchEnabled(whitelabel, 'VERCODELOGIN');
  const hasFreePlay = !agentPage && isSwitchEnabled(whitelabel, 'FREEPLAY');
  const socialProviders = agentPage ? [] : (permission.data?.socialLogin ?? []);
  const [remembered] = useState(readRememberedLogin);
  const [tab, setTab] = useState<LoginTab>(remembered?.type === 'sms' && hasSmsLogin ? 'sms' : 'username');
  const tabs: TabItem<LoginTab>[] = [
    { key: 'username', label: t('auth.usernameTab') },
    { key: 'sms', label: t('auth.smsTab') },
  ];
  const { values, errors, setErrors, bindField } = useFormValues({
    username: remembered?.type === 'username' ? remembered.username : '',
    password: '',
    dialingCode: defaultDialingCode,
    mobileNum: remembered?.type === 'sms' ? remembered.username : '',
    verificationCode: '',
    captcha: '',
  });
  const [isRemembered, setRemembered] = useState(remembered !== null);
  const [serverAnswer, setServerAnswer] = useState<FormAnswer | null>(notice ?? null);
  // Reopening the open form with a notice (a sign-in that came back refused) shows it at once.
  useEffect(() => {
    if (notice) setServerAnswer(notice);
  }, [notice]);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<SecondStepChallenge | null>(null);
  // Past the merchant's thresholds of trial accounts per network or device the server asks free
  // play for a captcha; the form then shows one beside the free-play button.
  const [freePlayCaptcha, setFreePlayCaptcha] = useState<{ value: string; error?: string } | null>(null);
  const queryClient = useQueryClient();
  const showsCaptcha = tab === 'username' && (needsCaptcha || publicState.data?.showCaptcha === true);

  function validate(): boolean {
    const next: typeof errors = {};
    if (tab === 'username') {
      if (!values.username.trim() || !values.password.trim()) {
        if (!values.username.trim()) next.username = t('auth.enterUsernamePassword');
        if (!values.password.trim()) next.password = t('auth.enterUsernamePassword');
      }
      if (showsCaptcha && !values.captcha.trim()) next.captcha = t('auth.inputEmpty');
    } else {
      if (!isValidMobileNumber(values.dialingCode, values.mobileNum)) next.mobileNum = t('auth.enterMobile');
      if (!values.verificationCode.trim()) next.verificationCode = t('auth.enterCode');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  /** Spec §4 "Login success": keep the token, close, and ask for a new password when it expired. */
  function finishLogin(result: LoginResult) {
    writeRememberedLogin(
      isRemembered
        ? { type: tab, username: tab === 'username' ? values.username.trim() : values.mobileNum.trim() }
        : null,
    );
    setToken(result.token);
    onClose();
    // A player an agent registered is asked to set up the account whichever way they logged in.
    if (result.passwordExpired) openModal('changePassModal', {});
    else if (agentPage) navigate('/agentHome');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    if (!validate()) return;
    setSubmitting(true);
    try {
      const result = await logIn(
        tab === 'username'
          ? {
              type: 'username',
              username: values.username.trim(),
              password: values.password.trim(),
              ...(showsCaptcha ? { captcha: values.captcha.trim() } : {}),
              ...(agentPage ? { agentPage } : {}),
            }
          : {
              type: 'sms',
              mobileNum: values.mobileNum.trim(),
              countryDialingCode: values.dialingCode,
              verificationCode: values.verificationCode.trim(),
              ...(agentPage ? { agentPage } : {}),
            },
        language,
      );
      finishLogin(result);
    } catch (error) {
      if (isApiError(error) && error.code === 'VERIFICATION_REQUIRED') {
        setChallenge(error.value as SecondStepChallenge);
      } else if (isApiError(error)) {
        if ((error.value as { captcha?: boolean } | undefined)?.captcha) setNeedsCaptcha(true);
        // A sent captcha is used up whatever the answer: the next try needs a new image.
        if (showsCaptcha) void queryClient.invalidateQueries({ queryKey: ['captcha'] });
        // A break or self-exclusion says when it ends (responsible gaming); repeated failures say
        // how long to wait before the next try (API.md "Throttles").
        const until = (error.value as { until?: string } | undefined)?.until;
        const retryAfterSeconds = (error.value as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        setServerAnswer({
          message:
            error.code === 'RATE_LIMITED' && retryAfterSeconds
              ? t('auth.retryAfter', { seconds: retryAfterSeconds })
              : error.code === 'SELF_EXCLUDED' && until
                ? t('auth.excludedUntil', {
                    date: new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
                      dateStyle: 'long',
                      timeStyle: 'short',
                      timeZone: 'Asia/Manila',
                    }).format(new Date(until)),
                  })
                : error.message,
          code: error.code,
        });
      } else {
        setServerAnswer({ message: t('auth.submitFailed') });
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function playForFree() {
    setServerAnswer(null);
    const captcha = freePlayCaptcha?.value.trim();
    if (freePlayCaptcha && !captcha) {
      setFreePlayCaptcha({ value: '', error: t('auth.inputEmpty') });
      return;
    }
    setSubmitting(true);
    try {
      setToken((await logInForFreePlay(language, captcha)).token);
      onClose();
    } catch (error) {
      // A sent captcha is used up whatever the answer: the next try needs a new image.
      if (captcha) void queryClient.invalidateQueries({ queryKey: ['captcha'] });
      if (isApiError(error) && (error.value as { captcha?: boolean } | undefined)?.captcha) {
        setFreePlayCaptcha({ value: '' });
      }
      setServerAnswer(answerOfFailure(error, t('auth.submitFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthDialog
      title={agentPage ? t('agent.loginTitle') : t('auth.loginTitle')}
      onClose={onClose}
      testId="login-modal"
      bannerGroup="w_login"
    >
      {challenge ? (
        <SecondStepForm challenge={challenge} onLoggedIn={finishLogin} onCancel={() => setChallenge(null)} />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {agentPage ? (
            <p className="text-sm text-muted" data-testid="agent-login-line">
              {t('agent.loginLine')}
            </p>
          ) : (
            <AuthSwitch current="login" />
          )}
          {hasSmsLogin ? (
            <Tabs label={t('auth.loginTitle')} items={tabs} value={tab} onChange={setTab} />
          ) : null}
          {tab === 'username' ? (
            <>
              <UsernameField {...bindField('username')} data-testid="login-username" />
              <PasswordField
                label={t('auth.password')}
                {...bindField('password')}
                autoComplete="current-password"
                data-testid="login-password"
              />
              {showsCaptcha ? <CaptchaField {...bindField('captcha')} /> : null}
            </>
          ) : (
            <MobileCodeFields bindField={bindField} onAnswer={setServerAnswer} />
          )}
          <div className="flex items-center justify-between gap-2">
            <Checkbox checked={isRemembered} onCheckedChange={setRemembered}>
              {t('auth.rememberPassword')}
            </Checkbox>
            <button
              type="button"
              className="min-h-11 text-sm font-medium text-brand-strong hover:underline"
              onClick={() => openModal('forgetPassModal')}
            >
              {t('auth.forgotPassword')}
            </button>
          </div>
          <SubmitWithNotice notice={serverAnswer} isSubmitting={isSubmitting} testId="login-submit">
            {t('auth.submitLogin')}
          </SubmitWithNotice>
          {socialProviders.length > 0 ? (
            <SocialLoginButtons
              providers={socialProviders}
              disabled={isSubmitting}
              onAnswer={setServerAnswer}
            />
          ) : null}
          {hasFreePlay && freePlayCaptcha ? (
            <div className="flex flex-col gap-2" data-testid="freeplay-captcha">
              <p className="text-sm text-muted">{t('auth.newAccountCaptcha')}</p>
              <CaptchaField
                value={freePlayCaptcha.value}
                onValueChange={(value) => setFreePlayCaptcha({ value })}
                error={freePlayCaptcha.error}
              />
            </div>
          ) : null}
          {hasFreePlay ? (
            <Button
              variant="secondary"
              className="w-full"
              icon={<Gamepad2 size={18} aria-hidden="true" />}
              disabled={isSubmitting}
              onClick={playForFree}
            >
              {t('auth.freePlay')}
            </Button>
          ) : null}
          <p className="text-center text-xs text-muted">
            {t('auth.acceptTerms')}{' '}
            <button
              type="button"
              className="font-medium text-brand-strong hover:underline"
              onClick={() => openModal('helpModal', { anchor: 'term' })}
            >
              {t('auth.termsLink')}
            </button>
          </p>
        </form>
      )}
    </AuthDialog>
  );
}
