import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Checkbox, PasswordField, TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api/api-error';
import { isSwitchEnabled, registerSettingsQuery } from '../../../lib/api/system-queries';
import type { RegisterRule } from '../../../lib/api/system-types';
import type { FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { type FieldError, validateByRule } from '../../../lib/rule-check';
import { useAuthStore } from '../../../lib/session/auth-store';
import { firstDepositLanding } from '../../../lib/session/first-deposit-landing';
import { usePermission } from '../../../lib/system/system-hooks';
import { readAffiliateCodeFromUrl, readReferralCodeFromUrl } from '../affiliate-code';
import { register } from '../api/auth';
import { defaultDialingCode } from '../mobile-number';
import { selectShownRules, validateRegisterForm } from '../register-validation';
import { AuthDialog } from './auth-dialog';
import { AuthSwitch } from './auth-switch';
import { CaptchaField } from './captcha-field';
import { DialingCodePicker } from './dialing-code-picker';
import { SendCodeButton } from './send-code-button';
import { SubmitWithNotice } from './submit-with-notice';

type RegisterMethod = 'username' | 'mobile';

const inputTypes: Record<
  string,
  { type: string; inputMode?: 'numeric' | 'email' | 'tel'; autoComplete?: string }
> = {
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  verificationCode: { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' },
  qqNum: { type: 'text', inputMode: 'numeric' },
  payeeName: { type: 'text', autoComplete: 'name' },
  // The browser's date picker answers yyyy-MM-dd, a form the server reads.
  birthday: { type: 'date', autoComplete: 'bday' },
};

/**
 * The age confirmation, at the merchant's minimum age (its `minimumAge` setting, 21 for the demo).
 * A click-through, not age verification: identity is checked by the operator's KYC before the
 * first withdrawal.
 */
export function AgeConsent({
  minimumAge,
  ...consent
}: {
  minimumAge: number;
  checked: boolean;
  onCheckedChange: (isGiven: boolean) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox {...consent} testId="register-age">
      {t('auth.confirmAge', { age: minimumAge })}
    </Checkbox>
  );
}

/** registerModal: tabs per USERNAMEREG3 / MOBILENUMREG3, fields from the server's rules (spec §2, §5). */
export function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const permission = usePermission();
  const settings = useQuery(registerSettingsQuery(language));
  const openModal = useModalStore((state) => state.openModal);
  const closeAllModals = useModalStore((state) => state.closeAll);
  const navigate = useNavigate();
  const setToken = useAuthStore((state) => state.setToken);
  const [chosenMethod, setChosenMethod] = useState<RegisterMethod | null>(null);
  // A shared invitation link fills the invitation code in (the visitor may still change it).
  const [values, setValues] = useState<Record<string, string>>(() => {
    const codeFromUrl = readAffiliateCodeFromUrl();
    const initial: Record<string, string> = {};
    if (codeFromUrl) initial.affiliateCode = codeFromUrl.slice(0, 40);
    // A member's referral link fills the referral code in, where the form asks for one.
    const referralFromUrl = readReferralCodeFromUrl();
    if (referralFromUrl) initial.referralCode = referralFromUrl;
    return initial;
  });
  const [errors, setErrors] = useState<Record<string, FieldError | undefined>>({});
  const [consents, setConsents] = useState({ terms: false, age: false });
  const [consentErrors, setConsentErrors] = useState({ terms: false, age: false });
  const [serverAnswer, setServerAnswer] = useState<FormAnswer | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [dialingCode, setDialingCode] = useState(defaultDialingCode);
  /** What a consent's checkbox takes: whether it is given, its change handler and its error. */
  function bindConsent(consent: keyof typeof consents) {
    return {
      checked: consents[consent],
      onCheckedChange: (isGiven: boolean) => {
        setConsents((current) => ({ ...current, [consent]: isGiven }));
        setConsentErrors((current) => ({ ...current, [consent]: false }));
      },
      error: consentErrors[consent]
        ? consent === 'age'
          ? t('auth.ageRequired', { age: minimumAge })
          : t('auth.agreeTerms')
        : null,
    };
  }
  // Past the merchant's thresholds of new accounts per network or device the server asks for a
  // captcha (CAPTCHA_REQUIRED with value.captcha), and the form shows one from then on.
  const [isCaptchaAsked, setCaptchaAsked] = useState(false);
  const queryClient = useQueryClient();

  const switches: Record<string, boolean | undefined> = settings.data?.switches ?? {};
  const whitelabel = permission.data?.whitelabel;
  const isOn = (name: string) => switches[name] ?? isSwitchEnabled(whitelabel, name);
  const methods: RegisterMethod[] = [
    ...(isOn('USERNAMEREG3') ? (['username'] as const) : []),
    ...(isOn('MOBILENUMREG3') ? (['mobile'] as const) : []),
  ];
  const method = chosenMethod && methods.includes(chosenMethod) ? chosenMethod : methods[0];
  const minimumAge = settings.data?.minimumAge ?? permission.data?.minimumAge ?? 18;

  // Mobile registration uses the mobile number as the username and needs the number (spec §4).
  const rules: RegisterRule[] = (settings.data?.rules ?? []).map((rule) =>
    method === 'mobile' && rule.field === 'mobileNum' ? { ...rule, enabled: true, required: true } : rule,
  );
  const hiddenFields = [
    ...(method === 'mobile' ? ['username'] : []),
    ...(method === 'mobile' && isOn('REGMOBVERF3') ? [] : ['verificationCode']),
  ];
  const shownRules = selectShownRules(rules, hiddenFields);
  // The confirmation follows the password; servers that send no rule for it still get the field.
  const hasConfirmRule = shownRules.some((rule) => rule.field === 'confirmPassword');
  const hasAffiliateField = shownRules.some((rule) => rule.field === 'affiliateCode');
  const hasCaptchaRule = shownRules.some((rule) => rule.field === 'captcha');
  const showsAskedCaptcha = isCaptchaAsked && !hasCaptchaRule;

  function describe(error: FieldError | undefined): string | null {
    if (!error) return null;
    if (error.kind === 'mismatch') return t('auth.confirmMismatch');
    if (error.kind === 'required') return t('auth.inputEmpty');
    if (error.kind === 'server') return error.message;
    const key = `patterns.${error.patternId}`;
    return t(key, { range: error.range, defaultValue: t('patterns.DEFAULT', { range: error.range }) });
  }

  function update(field: string, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function validateOnBlur(rule: RegisterRule) {
    const value = values[rule.field] ?? '';
    const isMismatch = rule.field === 'confirmPassword' && value !== '' && value !== (values.password ?? '');
    const error: FieldError | null = isMismatch ? { kind: 'mismatch' } : validateByRule(rule, value);
    setErrors((current) => ({ ...current, [rule.field]: error ?? undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerAnswer(null);
    const nextErrors = validateRegisterForm(shownRules, values);
    if (showsAskedCaptcha && !values.captcha?.trim()) nextErrors.captcha = { kind: 'required' };
    const nextConsentErrors = { terms: !consents.terms, age: !consents.age };
    setErrors(nextErrors);
    setConsentErrors(nextConsentErrors);
    if (Object.keys(nextErrors).length > 0 || nextConsentErrors.terms || nextConsentErrors.age || !method)
      return;
    const fields: Record<string, string> = {};
    for (const rule of shownRules) fields[rule.field] = values[rule.field] ?? '';
    if (fields.password !== undefined) fields.confirmPassword = values.confirmPassword ?? '';
    if (method === 'mobile' && fields.mobileNum) fields.username = fields.mobileNum;
    if (fields.mobileNum !== undefined) fields.countryDialingCode = dialingCode;
    if (showsAskedCaptcha) fields.captcha = (values.captcha ?? '').trim();
    const codeFromUrl = readAffiliateCodeFromUrl();
    if (!hasAffiliateField && codeFromUrl) fields.affiliateCode = codeFromUrl;
    const referralFromUrl = readReferralCodeFromUrl();
    if (fields.referralCode === undefined && referralFromUrl) fields.referralCode = referralFromUrl;
    setSubmitting(true);
    try {
      const result = await register(
        { method, fields, consents: { termsAccepted: consents.terms, ageConfirmed: consents.age } },
        language,
      );
      setToken(result.token);
      // Spec §4: the modal closes, whatever popup led here. The new member lands on the first
      // deposit, offered with a deposit limit beside it, once; the page sends anyone else home.
      closeAllModals();
      navigate(firstDepositLanding.to, { state: firstDepositLanding.state });
    } catch (error) {
      // A sent captcha is used up whatever the answer: the next try needs a new image.
      if (fields.captcha !== undefined) void queryClient.invalidateQueries({ queryKey: ['captcha'] });
      if (isApiError(error)) {
        if ((error.value as { captcha?: boolean } | undefined)?.captcha) setCaptchaAsked(true);
        const serverFields = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
        if (serverFields) {
          setErrors((current) => ({
            ...current,
            ...Object.fromEntries(
              Object.entries(serverFields).map(([field, message]) => [
                field,
                { kind: 'server', message } as const,
              ]),
            ),
          }));
        }
        setServerAnswer({ message: error.message, code: error.code });
      } else {
        setServerAnswer({ message: t('auth.submitFailed') });
      }
    } finally {
      setSubmitting(false);
    }
  }

  let body: ReactNode;
  if (settings.isPending || permission.isPending) body = <SkeletonLines lines={6} />;
  else if (settings.isError)
    body = <ErrorState title={t('auth.rulesUnavailable')} onRetry={() => void settings.refetch()} />;
  else if (!method) body = <EmptyState line={t('auth.noRegisterMethod')} />;
  else
    body = (
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="register-form">
        {methods.length > 1 ? (
          <Tabs
            label={t('auth.registerTitle')}
            items={methods.map((key) => ({
              key,
              label: key === 'username' ? t('auth.usernameRegisterTab') : t('auth.mobileRegisterTab'),
            }))}
            value={method}
            onChange={setChosenMethod}
          />
        ) : null}
        {shownRules.map((rule) => {
          if (rule.field === 'captcha') {
            return (
              <CaptchaField
                key={rule.field}
                value={values.captcha ?? ''}
                onValueChange={(value) => update('captcha', value)}
                error={describe(errors.captcha)}
              />
            );
          }
          const input = inputTypes[rule.field] ?? { type: 'text' };
          const field = (
            <TextField
              key={rule.field}
              label={t(`auth.fields.${rule.field}`, { defaultValue: rule.field })}
              type={input.type}
              inputMode={input.inputMode}
              autoComplete={input.autoComplete}
              value={values[rule.field] ?? ''}
              onValueChange={(value) => update(rule.field, value)}
              onBlur={() => validateOnBlur(rule)}
              error={describe(errors[rule.field])}
              isRequired={rule.required}
              maxLength={rule.maxLength}
              leading={
                rule.field === 'mobileNum' ? (
                  <DialingCodePicker value={dialingCode} onChange={setDialingCode} />
                ) : undefined
              }
              trailing={
                rule.field === 'verificationCode' ? (
                  <SendCodeButton
                    purpose="register"
                    dialingCode={dialingCode}
                    mobileNum={values.mobileNum ?? ''}
                    onAnswer={setServerAnswer}
                  />
                ) : undefined
              }
              data-testid={`register-${rule.field}`}
            />
          );
          if (rule.field !== 'password' || hasConfirmRule) return field;
          return [
            field,
            <PasswordField
              key="confirmPassword"
              label={t('auth.confirmPassword')}
              value={values.confirmPassword ?? ''}
              onValueChange={(value) => update('confirmPassword', value)}
              error={describe(errors.confirmPassword)}
              autoComplete="new-password"
              data-testid="register-confirmPassword"
            />,
          ];
        })}
        {showsAskedCaptcha ? (
          <div className="flex flex-col gap-2" data-testid="register-captcha">
            <p className="text-sm text-muted">{t('auth.newAccountCaptcha')}</p>
            <CaptchaField
              value={values.captcha ?? ''}
              onValueChange={(value) => update('captcha', value)}
              error={describe(errors.captcha)}
            />
          </div>
        ) : null}
        <div className="flex flex-col">
          <Checkbox {...bindConsent('terms')} testId="register-terms">
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
          <AgeConsent {...bindConsent('age')} minimumAge={minimumAge} />
        </div>
        <p className="text-xs text-muted">{t('auth.requiredHint')}</p>
        <SubmitWithNotice notice={serverAnswer} isSubmitting={isSubmitting} testId="register-submit">
          {t('auth.submitRegister')}
        </SubmitWithNotice>
      </form>
    );

  return (
    <AuthDialog
      title={t('auth.registerTitle')}
      onClose={onClose}
      testId="register-modal"
      bannerGroup="w_register"
    >
      <div className="flex flex-col gap-4">
        <AuthSwitch current="register" />
        {body}
      </div>
    </AuthDialog>
  );
}
