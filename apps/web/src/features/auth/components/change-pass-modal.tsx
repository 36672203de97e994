import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { registerSettingsQuery } from '../../../lib/api/system-queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import { validateByRule } from '../../../lib/rule-check';
import { useAuthStore } from '../../../lib/session/auth-store';
import { useFormValues } from '../../../lib/use-form-values';
import { useSubmission } from '../../../lib/use-submission';
import { changePassword, fetchFirstLogin, resetPassword } from '../api/auth';
import { NewPasswordFields } from './credential-fields';
import { FirstLoginForm } from './first-login-form';
import { SubmitWithNotice } from './submit-with-notice';

type Values = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/**
 * changePassModal, titled "expired password" (spec §2): old, new and confirmation; success reloads
 * member info and goes home. With a reset token (the emailed link) the old password is not asked
 * and success logs the member in.
 */
export function ChangePassModal({ onClose, resetToken }: { onClose: () => void; resetToken?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const settings = useQuery(registerSettingsQuery(language));
  const passwordRule = settings.data?.rules.find((rule) => rule.field === 'password');
  const { values, errors, setErrors, bindField } = useFormValues<Values>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const { isSubmitting, answer: serverAnswer, setAnswer: setServerAnswer, runSubmission } = useSubmission();
  // A player an agent registered has no old password: they set one and accept the terms and age.
  const firstLogin = useQuery({
    queryKey: ['firstLogin', language],
    queryFn: () => fetchFirstLogin(language),
    enabled: !resetToken,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    const next: typeof errors = {};
    if (!values.oldPassword && !resetToken) next.oldPassword = t('auth.inputEmpty');
    const ruleError = passwordRule ? validateByRule(passwordRule, values.newPassword) : null;
    if (ruleError?.kind === 'pattern')
      next.newPassword = t(`patterns.${ruleError.patternId}`, {
        range: ruleError.range,
        defaultValue: t('patterns.DEFAULT', { range: ruleError.range }),
      });
    else if (!values.newPassword) next.newPassword = t('auth.inputEmpty');
    if (values.confirmNewPassword !== values.newPassword || !values.confirmNewPassword)
      next.confirmNewPassword = t('auth.confirmMismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await runSubmission(async () => {
      if (resetToken) {
        const result = await resetPassword(
          {
            token: resetToken,
            newPassword: values.newPassword,
            confirmNewPassword: values.confirmNewPassword,
          },
          language,
        );
        useAuthStore.getState().setToken(result.token);
      } else {
        await changePassword(values, language);
        // Spec §4: user info is reloaded (the session may no longer be restricted).
        const { member, setMember } = useAuthStore.getState();
        if (member) setMember(null);
      }
      onClose();
      navigate('/');
    }, t('auth.submitFailed'));
  }

  if (!resetToken && firstLogin.isPending) {
    return (
      <Dialog title={t('modals.changePassTitle')} onClose={onClose} size="sm" testId="change-pass-modal">
        <SkeletonLines lines={4} />
      </Dialog>
    );
  }
  if (firstLogin.data?.required) {
    return (
      <Dialog
        title={t('registerCentre.firstLogin.title')}
        onClose={onClose}
        size="sm"
        testId="first-login-modal"
      >
        <FirstLoginForm
          minimumAge={firstLogin.data.minimumAge}
          onDone={() => {
            // The session is no longer restricted: member info is read again.
            const { member, setMember } = useAuthStore.getState();
            if (member) setMember(null);
            onClose();
            navigate('/');
          }}
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      title={resetToken ? t('auth.resetTitle') : t('modals.changePassTitle')}
      onClose={onClose}
      size="sm"
      testId="change-pass-modal"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm text-muted">{resetToken ? t('auth.resetLine') : t('auth.changePassLine')}</p>
        {resetToken ? null : (
          <PasswordField
            label={t('auth.oldPassword')}
            {...bindField('oldPassword')}
            autoComplete="current-password"
            data-testid="change-old-password"
          />
        )}
        <NewPasswordFields bindField={bindField} />
        <SubmitWithNotice notice={serverAnswer} isSubmitting={isSubmitting}>
          {t('common.submit')}
        </SubmitWithNotice>
      </form>
    </Dialog>
  );
}
