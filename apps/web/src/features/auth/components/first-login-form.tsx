import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api/api-error';
import { registerSettingsQuery } from '../../../lib/api/system-queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { validateByRule } from '../../../lib/rule-check';
import { useFormValues } from '../../../lib/use-form-values';
import { useSubmission } from '../../../lib/use-submission';
import { completeFirstLogin } from '../api/auth';
import { NewPasswordFields } from './credential-fields';
import { SubmitWithNotice } from './submit-with-notice';

type Values = { newPassword: string; confirmNewPassword: string };

/**
 * The first login of a player an agent registered (issue #16 "Privacy"): they logged in with the
 * one-time password from the SMS and now choose their own password and accept the terms and the
 * minimum age themselves; until then the server answers nothing else.
 */
export function FirstLoginForm({ minimumAge, onDone }: { minimumAge: number; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const openModal = useModalStore((state) => state.openModal);
  const settings = useQuery(registerSettingsQuery(language));
  const passwordRule = settings.data?.rules.find((rule) => rule.field === 'password');
  const { values, errors, setErrors, bindField } = useFormValues<Values>({
    newPassword: '',
    confirmNewPassword: '',
  });
  const [consents, setConsents] = useState({ terms: false, age: false });
  const [consentErrors, setConsentErrors] = useState<{ terms: string | null; age: string | null }>({
    terms: null,
    age: null,
  });
  const { isSubmitting, answer, setAnswer, runSubmission } = useSubmission();

  function bindConsent(consent: 'terms' | 'age') {
    return {
      checked: consents[consent],
      onCheckedChange: (isGiven: boolean) => {
        setConsents((current) => ({ ...current, [consent]: isGiven }));
        setConsentErrors((current) => ({ ...current, [consent]: null }));
      },
      error: consentErrors[consent],
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const next: typeof errors = {};
    const ruleError = passwordRule ? validateByRule(passwordRule, values.newPassword) : null;
    if (ruleError?.kind === 'pattern')
      next.newPassword = t(`patterns.${ruleError.patternId}`, {
        range: ruleError.range,
        defaultValue: t('patterns.DEFAULT', { range: ruleError.range }),
      });
    else if (!values.newPassword) next.newPassword = t('auth.inputEmpty');
    if (values.confirmNewPassword !== values.newPassword || !values.confirmNewPassword)
      next.confirmNewPassword = t('auth.confirmMismatch');
    const nextConsents = {
      terms: consents.terms ? null : t('auth.agreeTerms'),
      age: consents.age ? null : t('auth.confirmAge', { age: minimumAge }),
    };
    setErrors(next);
    setConsentErrors(nextConsents);
    if (Object.keys(next).length > 0 || nextConsents.terms || nextConsents.age) return;
    await runSubmission(async () => {
      try {
        await completeFirstLogin({ ...values, termsAccepted: true, ageConfirmed: true }, language);
      } catch (error) {
        const fields =
          isApiError(error) && error.code === 'VALIDATION'
            ? ((error.value as { fields?: Record<string, string> } | undefined)?.fields ?? {})
            : {};
        if (Object.keys(fields).length > 0) {
          setErrors({
            newPassword: fields.newPassword ?? null,
            confirmNewPassword: fields.confirmNewPassword ?? null,
          });
          setConsentErrors({ terms: fields.termsAccepted ?? null, age: fields.ageConfirmed ?? null });
          return;
        }
        throw error;
      }
      onDone();
    }, t('registerCentre.firstLogin.failed'));
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="first-login-form">
      <p className="text-sm text-muted">{t('registerCentre.firstLogin.line')}</p>
      <NewPasswordFields bindField={bindField} />
      <div className="flex flex-col">
        <Checkbox {...bindConsent('terms')} testId="first-login-terms">
          {t('auth.acceptTerms')}{' '}
          <button
            type="button"
            className="font-medium text-brand-strong hover:underline"
            onClick={(event) => {
              event.preventDefault();
              openModal('helpModal', { anchor: 'term' });
            }}
          >
            {t('auth.termsLink')}
          </button>
        </Checkbox>
        <Checkbox {...bindConsent('age')} testId="first-login-age">
          {t('auth.confirmAge', { age: minimumAge })}
        </Checkbox>
      </div>
      <SubmitWithNotice notice={answer} isSubmitting={isSubmitting} testId="first-login-submit">
        {t('registerCentre.firstLogin.submit')}
      </SubmitWithNotice>
    </form>
  );
}
