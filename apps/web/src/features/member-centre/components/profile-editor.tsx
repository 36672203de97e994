import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { type FieldError, validateByRule } from '../../../lib/rule-check';
import { useAuthStore } from '../../../lib/session/auth-store';
import { computeSmsCountdownSeconds } from '../../../lib/sms-countdown';
import { useCountdown } from '../../../lib/use-countdown';
import {
  type ContactTarget,
  confirmContact,
  fetchProfile,
  type Profile,
  type ProfileChanges,
  type ProfileRules,
  type ProfileValues,
  saveProfile,
  sendContactCode,
} from '../api/profile';
import { type MoneyFormAnswer, MoneyFormAnswerLine } from './money-form-fields';

/** The fields saved with one button. */
type FormField =
  | 'nickname'
  | 'birthday'
  | 'telegram'
  | 'zalo'
  | 'address'
  | 'nationality'
  | 'occupation'
  | 'sourceOfIncome';
type FormValues = Record<FormField, string>;

const PROFILE_QUERY_KEY = ['member-profile'];
const PHILIPPINES_DIALING_CODE = '+63';

function formValuesOf(values: ProfileValues): FormValues {
  return {
    nickname: values.nickname ?? '',
    telegram: values.telegram ?? '',
    zalo: values.zalo ?? '',
    address: values.address ?? '',
    nationality: values.nationality ?? '',
    occupation: values.occupation ?? '',
    sourceOfIncome: values.sourceOfIncome ?? '',
    birthday: values.birthday ?? '',
  };
}

/** The server's words for each refused field, when it refused fields. */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== 'VALIDATION') return {};
  const fields = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
  return fields ?? {};
}

function useFieldErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | null): string | null => {
    if (!error) return null;
    if (error.kind === 'server') return error.message;
    if (error.kind !== 'pattern') return t('auth.inputEmpty');
    return t(`patterns.${error.patternId}`, {
      range: error.range,
      defaultValue: t('patterns.DEFAULT', { range: error.range }),
    });
  };
}

/** A value the merchant locked after registration, or a birthday already set: shown, not edited. */
function ReadOnlyField({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <span className="text-sm font-medium text-text">{label}</span>
      <div className="flex min-h-12 items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm text-text">
        <Lock size={16} aria-hidden="true" className="shrink-0 text-muted" />
        <span className="min-w-0 flex-1 truncate">{value || t('profile.notSet')}</span>
      </div>
      <p className="text-xs text-muted">{note}</p>
    </div>
  );
}

function ProfileFieldsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const describe = useFieldErrorText();
  const [values, setValues] = useState<FormValues>(() => formValuesOf(profile.values));
  const [errors, setErrors] = useState<Partial<Record<FormField, string | null>>>({});
  const [answer, setAnswer] = useState<MoneyFormAnswer | null>(null);
  const saved = formValuesOf(profile.values);
  const isBirthdaySet = profile.values.birthday !== null;

  const isEditable = (field: FormField) =>
    !profile.rules[field].locked && !(field === 'birthday' && isBirthdaySet);
  const changedFields = (Object.keys(values) as FormField[]).filter(
    (field) => isEditable(field) && values[field].trim() !== saved[field],
  );

  const save = useMutation({
    mutationFn: () => {
      const changes: ProfileChanges = {};
      for (const field of changedFields) changes[field] = values[field].trim() || null;
      return saveProfile(changes, language);
    },
    onSuccess: (next) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, { ...profile, values: next });
      setValues(formValuesOf(next));
      const member = useAuthStore.getState().member;
      if (member) useAuthStore.getState().setMember({ ...member, nickname: next.nickname });
      setAnswer({ message: t('profile.saved'), isDone: true });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setErrors(fields as Partial<Record<FormField, string>>);
      if (Object.keys(fields).length === 0) setAnswer(answerOfFailure(error, t('auth.submitFailed')));
    },
  });

  const check = (field: FormField) => describe(validateByRule(profile.rules[field], values[field].trim()));

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const next: Partial<Record<FormField, string | null>> = {};
    for (const field of changedFields) {
      const error = check(field);
      if (error) next[field] = error;
    }
    setErrors(next);
    if (Object.keys(next).length === 0 && changedFields.length > 0) save.mutate();
  }

  const fieldOf = (field: FormField, extra: { type?: string; hint?: string } = {}) => {
    const label = t(`profile.fields.${field}`);
    if (!isEditable(field)) {
      const note = profile.rules[field].locked ? t('profile.lockedNote') : t('profile.birthdaySetNote');
      return (
        <ReadOnlyField
          key={field}
          label={label}
          value={saved[field]}
          note={note}
          testId={`profile-${field}`}
        />
      );
    }
    return (
      <TextField
        key={field}
        label={label}
        type={extra.type ?? 'text'}
        value={values[field]}
        maxLength={profile.rules[field].maxLength || undefined}
        isRequired={profile.rules[field].required}
        hint={extra.hint}
        error={errors[field]}
        onValueChange={(value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        onBlur={() => {
          if (values[field].trim() !== saved[field])
            setErrors((current) => ({ ...current, [field]: check(field) }));
        }}
        data-testid={`profile-${field}`}
      />
    );
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="profile-form">
      <div className="grid gap-3 sm:grid-cols-2">
        {fieldOf('nickname')}
        {fieldOf('birthday', { type: 'date', hint: t('profile.birthdayOnce') })}
        {fieldOf('telegram')}
        {fieldOf('zalo')}
        {fieldOf('nationality')}
        {fieldOf('occupation')}
        {fieldOf('sourceOfIncome')}
      </div>
      {fieldOf('address')}
      <MoneyFormAnswerLine answer={answer} />
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={save.isPending || changedFields.length === 0}
        data-testid="profile-save"
      >
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** A new e-mail address or mobile number, confirmed by the code sent to it. */
function ContactChangeForm({
  kind,
  rules,
  dialingCode,
  onDone,
}: {
  kind: 'email' | 'mobile';
  rules: ProfileRules;
  dialingCode: string;
  onDone: (values: ProfileValues) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const describe = useFieldErrorText();
  const countdown = useCountdown();
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ contact?: string | null; code?: string | null }>({});
  const [answer, setAnswer] = useState<MoneyFormAnswer | null>(null);
  const rule = kind === 'email' ? rules.email : rules.mobileNum;
  const target: ContactTarget =
    kind === 'email'
      ? { kind, email: contact.trim() }
      : { kind, countryDialingCode: dialingCode, mobileNum: contact.trim() };
  const bodyField = kind === 'email' ? 'email' : 'mobileNum';

  const showFailure = (error: unknown) => {
    const fields = serverFieldErrors(error);
    if (fields[bodyField]) setErrors({ contact: fields[bodyField] });
    else setAnswer(answerOfFailure(error, t('auth.submitFailed')));
  };
  const send = useMutation({
    mutationFn: () => sendContactCode(target, language),
    onSuccess: (sent) => {
      countdown.start(computeSmsCountdownSeconds(sent.expiredMinutes));
      setAnswer({
        message: t(kind === 'email' ? 'profile.emailCodeSent' : 'profile.smsCodeSent'),
        isDone: true,
      });
    },
    onError: showFailure,
  });
  const confirm = useMutation({
    mutationFn: () => confirmContact({ ...target, code: code.trim() }, language),
    onSuccess: onDone,
    onError: showFailure,
  });

  function requestCode() {
    setAnswer(null);
    const error = describe(validateByRule({ ...rule, required: true }, contact.trim()));
    setErrors({ contact: error });
    if (!error) send.mutate();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const contactError = describe(validateByRule({ ...rule, required: true }, contact.trim()));
    const codeError = /^\d{6}$/.test(code.trim()) ? null : t('security.codeSixDigits');
    setErrors({ contact: contactError, code: codeError });
    if (!contactError && !codeError) confirm.mutate();
  }

  return (
    <form
      className="flex flex-col gap-3 pt-3"
      onSubmit={submit}
      noValidate
      data-testid={`change-${kind}-form`}
    >
      <TextField
        label={t(kind === 'email' ? 'profile.newEmail' : 'profile.newMobile')}
        type={kind === 'email' ? 'email' : 'tel'}
        inputMode={kind === 'email' ? 'email' : 'numeric'}
        autoComplete={kind === 'email' ? 'email' : 'tel-national'}
        value={contact}
        error={errors.contact}
        leading={
          kind === 'mobile' ? <span className="text-sm text-muted tabular">{dialingCode}</span> : undefined
        }
        onValueChange={(value) => {
          setContact(value);
          setErrors((current) => ({ ...current, contact: undefined }));
        }}
        data-testid={`new-${kind}`}
      />
      <TextField
        label={t('auth.verificationCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={errors.code}
        onValueChange={(value) => {
          setCode(value);
          setErrors((current) => ({ ...current, code: undefined }));
        }}
        trailing={
          <button
            type="button"
            disabled={countdown.secondsLeft > 0 || send.isPending}
            onClick={requestCode}
            className="-mr-1 min-h-9 shrink-0 rounded-sm bg-brand px-3 text-xs font-semibold text-on-brand tabular disabled:opacity-50"
            data-testid={`send-${kind}-code`}
          >
            {countdown.secondsLeft > 0 ? `${countdown.secondsLeft}s` : t('auth.sendCode')}
          </button>
        }
        data-testid={`${kind}-code`}
      />
      <MoneyFormAnswerLine answer={answer} />
      <Button
        type="submit"
        variant="brand"
        className="self-start"
        disabled={confirm.isPending}
        data-testid={`confirm-${kind}`}
      >
        {t('profile.confirmChange')}
      </Button>
    </form>
  );
}

function ContactRow({
  kind,
  profile,
  onChanged,
}: {
  kind: 'email' | 'mobile';
  profile: Profile;
  onChanged: (values: ProfileValues) => void;
}) {
  const { t } = useTranslation();
  const [isChanging, setChanging] = useState(false);
  const { values, rules } = profile;
  const isLocked = (kind === 'email' ? rules.email : rules.mobileNum).locked;
  const shown =
    kind === 'email'
      ? values.email
      : values.mobile
        ? `${values.mobile.dialingCode} ${values.mobile.nationalNumber}`
        : null;
  const isVerified = kind === 'email' ? values.emailVerified : values.mobileVerified;
  return (
    <div className="border-t border-line py-3 first:border-t-0 first:pt-0" data-testid={`profile-${kind}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-40 flex-1">
          <p className="text-xs text-muted">{t(kind === 'email' ? 'profile.email' : 'profile.mobile')}</p>
          <p
            className="text-sm font-medium break-all text-text tabular"
            data-testid={`profile-${kind}-value`}
          >
            {shown ?? t('profile.notSet')}
          </p>
        </div>
        {shown ? (
          <StatusBadge tone={isVerified ? 'good' : 'neutral'}>
            {isVerified ? t('profile.verified') : t('profile.notVerified')}
          </StatusBadge>
        ) : null}
        {isLocked ? null : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setChanging((current) => !current)}
            aria-expanded={isChanging}
            data-testid={`change-${kind}`}
          >
            {isChanging ? t('profile.cancel') : shown ? t('profile.change') : t('profile.add')}
          </Button>
        )}
      </div>
      {isLocked ? <p className="pt-1 text-xs text-muted">{t('profile.lockedNote')}</p> : null}
      {isChanging ? (
        <ContactChangeForm
          kind={kind}
          rules={rules}
          dialingCode={values.mobile?.dialingCode ?? PHILIPPINES_DIALING_CODE}
          onDone={(next) => {
            setChanging(false);
            onChanged(next);
          }}
        />
      ) : null}
    </div>
  );
}

/** The profile fields the register rules know, and the e-mail address and mobile number. */
export function ProfileEditor() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => fetchProfile(language) });
  if (profile.isPending) return <SkeletonLines lines={6} />;
  if (profile.isError)
    return <ErrorState title={t('errors.loadFailed')} onRetry={() => void profile.refetch()} />;
  const onChanged = (values: ProfileValues) =>
    queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, { ...profile.data, values });
  return (
    <div className="flex flex-col gap-4">
      <ProfileFieldsForm profile={profile.data} />
      <div className="rounded-md border border-line p-3">
        <ContactRow kind="mobile" profile={profile.data} onChanged={onChanged} />
        <ContactRow kind="email" profile={profile.data} onChanged={onChanged} />
      </div>
    </div>
  );
}
