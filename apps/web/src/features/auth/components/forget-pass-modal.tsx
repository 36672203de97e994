import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField, TextField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/states';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { isSwitchEnabled, registerSettingsQuery } from '../../../lib/api/system-queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { type FieldError, validateByRule } from '../../../lib/rule-check';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { useFormValues } from '../../../lib/use-form-values';
import { useSubmission } from '../../../lib/use-submission';
import { requestPasswordEmail, setPasswordByPhone } from '../api/auth';
import { defaultDialingCode, isValidMobileNumber } from '../mobile-number';
import { MobileCodeFields, UsernameField } from './credential-fields';
import { SubmitWithNotice } from './submit-with-notice';

type ForgetTab = 'email' | 'mobile';
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** forgetPassModal: by email, or by mobile number when CHNGPASSVERIF3 is on (then the default tab). */
export function ForgetPassModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const permission = usePermission();
  const settings = useQuery(registerSettingsQuery(language));
  const setToken = useAuthStore((state) => state.setToken);
  const closeAllModals = useModalStore((state) => state.closeAll);
  const hasMobile = isSwitchEnabled(permission.data?.whitelabel, 'CHNGPASSVERIF3');
  const [chosenTab, setChosenTab] = useState<ForgetTab | null>(null);
  const tab: ForgetTab = chosenTab ?? (hasMobile ? 'mobile' : 'email');
  const tabs: TabItem<ForgetTab>[] = [
    { key: 'mobile', label: t('auth.smsTab') },
    { key: 'email', label: t('auth.fields.email') },
  ];
  const { values, errors, setErrors, bindField } = useFormValues({
    username: '',
    email: '',
    dialingCode: defaultDialingCode,
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
  });
  const { isSubmitting, answer: serverAnswer, setAnswer: setServerAnswer, runSubmission } = useSubmission();
  const [isEmailSent, setEmailSent] = useState(false);
  const passwordRule = settings.data?.rules.find((rule) => rule.field === 'password');

  function describePattern(error: FieldError | null): string | undefined {
    if (!error) return undefined;
    if (error.kind !== 'pattern') return t('auth.inputEmpty');
    return t(`patterns.${error.patternId}`, {
      range: error.range,
      defaultValue: t('patterns.DEFAULT', { range: error.range }),
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    const next: typeof errors = {};
    if (tab === 'email') {
      if (!values.username.trim()) next.username = t('auth.inputEmpty');
      if (!emailPattern.test(values.email.trim())) next.email = t('auth.inputEmpty');
    } else {
      if (!isValidMobileNumber(values.dialingCode, values.mobileNum)) next.mobileNum = t('auth.enterMobile');
      if (!values.verificationCode.trim()) next.verificationCode = t('auth.enterCode');
      const passwordError = passwordRule
        ? describePattern(validateByRule(passwordRule, values.newPassword))
        : values.newPassword
          ? undefined
          : t('auth.inputEmpty');
      if (passwordError) next.newPassword = passwordError;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await runSubmission(async () => {
      if (tab === 'email') {
        await requestPasswordEmail(
          { username: values.username.trim(), email: values.email.trim() },
          language,
        );
        setEmailSent(true);
      } else {
        const result = await setPasswordByPhone(
          {
            newPassword: values.newPassword,
            mobileNum: values.mobileNum.trim(),
            countryDialingCode: values.dialingCode,
            verificationCode: values.verificationCode.trim(),
          },
          language,
        );
        // Spec §4: by phone the user is logged in and sent home.
        setToken(result.token);
        // The login popup it was opened from closes too: the member is in.
        closeAllModals();
        navigate('/');
      }
    }, t('auth.submitFailed'));
  }

  return (
    <Dialog title={t('modals.forgetPassTitle')} onClose={onClose} size="sm" testId="forget-pass-modal">
      {isEmailSent ? (
        <EmptyState
          icon={<CheckCircle2 size={26} aria-hidden="true" className="text-success" />}
          title={t('auth.emailSentTitle')}
          line={t('auth.emailSentLine')}
          action={<Button onClick={onClose}>{t('common.close')}</Button>}
        />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {hasMobile ? (
            <Tabs label={t('modals.forgetPassTitle')} items={tabs} value={tab} onChange={setChosenTab} />
          ) : null}
          {tab === 'email' ? (
            <>
              <UsernameField {...bindField('username')} />
              <TextField
                label={t('auth.fields.email')}
                type="email"
                inputMode="email"
                {...bindField('email')}
                autoComplete="email"
                isRequired
              />
            </>
          ) : (
            <>
              <MobileCodeFields bindField={bindField} onAnswer={setServerAnswer} />
              <PasswordField
                label={t('auth.newPassword')}
                {...bindField('newPassword')}
                autoComplete="new-password"
              />
            </>
          )}
          <SubmitWithNotice notice={serverAnswer} isSubmitting={isSubmitting}>
            {t('common.submit')}
          </SubmitWithNotice>
        </form>
      )}
    </Dialog>
  );
}
