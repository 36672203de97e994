import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { FormNotice, TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { joinClassNames } from '../../../lib/class-names';
import { answerOfFailure } from '../../../lib/failure-answer';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useFormValues } from '../../../lib/use-form-values';
import {
  type AffiliateApplication,
  type AffiliateChannel,
  AUDIENCE_MAX,
  applyAsAffiliate,
  CONTACT_LENGTH_MAX,
  fetchAffiliateState,
  MESSAGE_LENGTH_MAX,
} from '../api/affiliate';

const STATUS_TONES: Record<AffiliateApplication['status'], StatusTone> = {
  pending: 'waiting',
  approved: 'good',
  rejected: 'bad',
};

const QUERY_KEY = ['affiliate-application'] as const;

/**
 * "Become an agent" of the member centre (spec §1 "affiliate application"): the member's latest
 * application and its state (pending, approved, or rejected with the operator's note), and the
 * form to apply while they may. Agents and trial accounts never see it (the centre leaves it out).
 */
export function AffiliateApplicationPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = useQuery({
    queryKey: [...QUERY_KEY, language],
    queryFn: () => fetchAffiliateState(language),
  });

  if (state.isPending)
    return (
      <div className="p-4">
        <SkeletonLines lines={5} />
      </div>
    );
  if (state.isError) return <ErrorState onRetry={() => void state.refetch()} />;
  const { application, mayApply, channels } = state.data;
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="affiliate-application-page">
      {application ? <ApplicationStatus application={application} /> : null}
      {mayApply ? (
        <ApplicationForm channels={channels} />
      ) : application === null ? (
        <p className="text-sm text-muted">{t('affiliate.notOffered')}</p>
      ) : null}
    </div>
  );
}

function ApplicationStatus({ application }: { application: AffiliateApplication }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dateTime = dateTimeFormatOf(language);
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-line bg-raised p-4"
      data-testid="affiliate-application-status"
      data-status={application.status}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-text">{t('affiliate.yourApplication')}</h3>
        <StatusBadge tone={STATUS_TONES[application.status]}>
          {t(`affiliate.status.${application.status}`)}
        </StatusBadge>
      </div>
      <p className="text-sm text-muted">{t(`affiliate.statusLine.${application.status}`)}</p>
      {application.reviewNote ? (
        <p className="rounded-md bg-surface px-3 py-2 text-sm text-text" data-testid="affiliate-review-note">
          <span className="font-medium">{t('affiliate.note')}: </span>
          {application.reviewNote}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('affiliate.channel')}</dt>
        <dd className="text-text">{t(`affiliate.channels.${application.channel}`)}</dd>
        <dt className="text-muted">{t('affiliate.audience')}</dt>
        <dd className="text-text">{application.audience.toLocaleString('en-PH')}</dd>
        <dt className="text-muted">{t('affiliate.contact')}</dt>
        <dd className="break-all text-text">{application.contact}</dd>
        <dt className="text-muted">{t('affiliate.sentAt')}</dt>
        <dd className="text-text">{dateTime.format(new Date(application.createdAt))}</dd>
      </dl>
      {application.status === 'approved' ? (
        <ButtonLink to="/agent" variant="primary" className="self-start" data-testid="affiliate-go-agent">
          {t('affiliate.openAgentCentre')}
        </ButtonLink>
      ) : null}
    </section>
  );
}

type FormValues = { channel: string; audience: string; contact: string; message: string };

function ApplicationForm({ channels }: { channels: AffiliateChannel[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const channelId = useId();
  const messageId = useId();
  const { values, setErrors, bindField } = useFormValues<FormValues>({
    channel: channels[0] ?? '',
    audience: '',
    contact: '',
    message: '',
  });
  const apply = useMutation({
    mutationFn: () =>
      applyAsAffiliate(
        {
          channel: values.channel as AffiliateChannel,
          audience: Number(values.audience),
          contact: values.contact.trim(),
          message: values.message.trim(),
        },
        language,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });

  function checkFields(): boolean {
    const audience = Number(values.audience);
    const errors: Partial<Record<keyof FormValues, string | null>> = {
      audience:
        values.audience.trim() === '' ||
        !Number.isInteger(audience) ||
        audience < 0 ||
        audience > AUDIENCE_MAX
          ? t('affiliate.audienceInvalid')
          : null,
      contact: values.contact.trim() === '' ? t('affiliate.contactRequired') : null,
      message: values.message.length > MESSAGE_LENGTH_MAX ? t('affiliate.messageTooLong') : null,
    };
    setErrors(errors);
    return Object.values(errors).every((error) => !error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checkFields()) apply.mutate();
  }

  const failure = apply.isError ? answerOfFailure(apply.error, t('errors.network')) : null;
  const message = bindField('message');
  const channel = bindField('channel');
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={submit}
      noValidate
      data-testid="affiliate-application-form"
    >
      <div className="flex items-start gap-3">
        <div className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <Handshake size={20} aria-hidden="true" />
        </div>
        <div>
          <h3 className="text-base font-semibold text-text">{t('affiliate.formTitle')}</h3>
          <p className="text-sm text-muted">{t('affiliate.formLine')}</p>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={channelId} className="text-sm font-medium text-text">
            {t('affiliate.channel')}
          </label>
          <select
            id={channelId}
            value={channel.value}
            onChange={(event) => channel.onValueChange(event.target.value)}
            className="min-h-12 w-full rounded-md border border-line bg-raised px-3 text-base text-text outline-none focus:border-brand md:text-sm"
            data-testid="affiliate-channel"
          >
            {channels.map((code) => (
              <option key={code} value={code}>
                {t(`affiliate.channels.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('affiliate.audience')}
          hint={t('affiliate.audienceHint')}
          inputMode="numeric"
          isRequired
          {...bindField('audience')}
          data-testid="affiliate-audience"
        />
      </div>
      <TextField
        label={t('affiliate.contact')}
        hint={t('affiliate.contactHint')}
        maxLength={CONTACT_LENGTH_MAX}
        isRequired
        {...bindField('contact')}
        data-testid="affiliate-contact"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className="text-sm font-medium text-text">
          {t('affiliate.message')}
        </label>
        <textarea
          id={messageId}
          rows={4}
          maxLength={MESSAGE_LENGTH_MAX}
          value={message.value}
          onChange={(event) => message.onValueChange(event.target.value)}
          aria-invalid={message.error ? true : undefined}
          className={joinClassNames(
            'w-full rounded-md border bg-raised px-3 py-2 text-base text-text outline-none focus:border-brand md:text-sm',
            message.error ? 'border-danger' : 'border-line',
          )}
          data-testid="affiliate-message"
        />
        <p className={joinClassNames('text-xs', message.error ? 'text-danger' : 'text-muted')}>
          {message.error ??
            t('affiliate.messageCount', { count: message.value.length, max: MESSAGE_LENGTH_MAX })}
        </p>
      </div>
      {failure ? <FormNotice message={failure.message} code={failure.code} /> : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full md:w-auto md:self-start"
        disabled={apply.isPending}
        data-testid="affiliate-submit"
      >
        {t('affiliate.submit')}
      </Button>
    </form>
  );
}
