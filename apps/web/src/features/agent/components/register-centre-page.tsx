import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, QrCode as QrIcon, UserPlus } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormNotice, TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { importWithTimeout } from '../../../lib/lazy-load';
import { useFormValues } from '../../../lib/use-form-values';
import { useSubmission } from '../../../lib/use-submission';
import {
  createInvitationLink,
  disableInvitationLink,
  fetchInvitationLinks,
  type InvitationKind,
  type InvitationLink,
  invitationLinksKey,
  registerDownline,
  resendOneTimePassword,
} from '../api/register-center';

// The QR encoder loads only when an agent opens a code.
const QrCode = lazy(() =>
  importWithTimeout(() => import('../../../components/ui/qr-code')).then((module) => ({
    default: module.QrCode,
  })),
);

const LABEL_LENGTH_MAX = 40;
/** The Philippines' dialing code: the number field takes the national number after it. */
const DIALING_CODE = '+63';

/** The field errors of a VALIDATION answer, by field name. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== 'VALIDATION') return {};
  const fields = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
  return fields ?? {};
}

/**
 * registerCenter (spec §2): my invitation code and links (copy, QR code, sign-ups and first
 * deposits of each, create and disable), and registering a player (or, where my type allows, a
 * sub-agent) under me, who gets a one-time password by SMS.
 */
export function RegisterCentrePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const links = useQuery({
    queryKey: invitationLinksKey(language),
    queryFn: ({ signal }) => fetchInvitationLinks(language, signal),
  });

  if (links.isPending) {
    return (
      <div className="p-4">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  if (links.isError) {
    return (
      <div className="p-4">
        <ErrorState line={t('registerCentre.loadFailed')} onRetry={() => void links.refetch()} />
      </div>
    );
  }
  const { invitationCode, invitationUrl, mayRegisterSubagents, limit, list } = links.data;
  return (
    <div className="flex flex-col gap-6 p-4" data-testid="register-centre-page">
      {invitationCode && invitationUrl ? (
        <section className="flex flex-col gap-3" aria-labelledby="own-code-title">
          <h3 id="own-code-title" className="text-sm font-semibold">
            {t('registerCentre.myCode')}
          </h3>
          <div className="flex flex-col gap-3 rounded-lg border border-line bg-raised/40 p-3 md:flex-row md:items-center">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-mono text-lg font-semibold tracking-wider" data-testid="own-invitation-code">
                {invitationCode}
              </p>
              <p className="break-all text-xs text-muted">{invitationUrl}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <CopyButton value={invitationCode} label={t('registerCentre.copyCode')} />
              <CopyButton value={invitationUrl} label={t('registerCentre.copyLink')} />
              <QrToggle value={invitationUrl} label={t('registerCentre.qrOf', { name: invitationCode })} />
            </div>
          </div>
        </section>
      ) : null}
      <LinksSection links={list} limit={limit} mayRegisterSubagents={mayRegisterSubagents} />
      <RegisterDownlineSection mayRegisterSubagents={mayRegisterSubagents} />
    </div>
  );
}

function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
      icon={isCopied ? <Check size={16} /> : <Copy size={16} />}
    >
      {isCopied ? t('registerCentre.copied') : label}
    </Button>
  );
}

function QrToggle({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={isShown}
        onClick={() => setShown((shown) => !shown)}
        icon={<QrIcon size={16} />}
      >
        {isShown ? t('registerCentre.hideQr') : t('registerCentre.showQr')}
      </Button>
      {isShown ? (
        <Suspense fallback={<div className="size-[120px] animate-pulse rounded-sm bg-raised" />}>
          <QrCode value={value} label={label} />
        </Suspense>
      ) : null}
    </div>
  );
}

function LinksSection({
  links,
  limit,
  mayRegisterSubagents,
}: {
  links: InvitationLink[];
  limit: number;
  mayRegisterSubagents: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="links-title">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="links-title" className="text-sm font-semibold">
          {t('registerCentre.links')}
        </h3>
        <span className="text-xs text-muted">
          {t('registerCentre.linkCount', { count: links.length, limit })}
        </span>
      </div>
      {links.length < limit ? <CreateLinkForm mayRegisterSubagents={mayRegisterSubagents} /> : null}
      {links.length === 0 ? (
        <EmptyState title={t('registerCentre.noLinks')} line={t('registerCentre.noLinksLine')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="invitation-links">
          {links.map((link) => (
            <LinkCard key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function KindTabs({ value, onChange }: { value: InvitationKind; onChange: (kind: InvitationKind) => void }) {
  const { t } = useTranslation();
  const kinds: TabItem<InvitationKind>[] = [
    { key: 'player', label: t('registerCentre.kinds.player') },
    { key: 'agent', label: t('registerCentre.kinds.agent') },
  ];
  return (
    <Tabs label={t('registerCentre.kind')} variant="chips" items={kinds} value={value} onChange={onChange} />
  );
}

function CreateLinkForm({ mayRegisterSubagents }: { mayRegisterSubagents: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<InvitationKind>('player');
  const { values, setValues, errors, setErrors, bindField } = useFormValues({ label: '' });
  const { isSubmitting, answer, setAnswer, runSubmission } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    if ([...values.label.trim()].length > LABEL_LENGTH_MAX) {
      setErrors({ label: t('registerCentre.labelTooLong', { max: LABEL_LENGTH_MAX }) });
      return;
    }
    await runSubmission(async () => {
      try {
        await createInvitationLink(
          { kind: mayRegisterSubagents ? kind : 'player', label: values.label.trim() },
          language,
        );
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields.label) {
          setErrors({ label: fields.label });
          return;
        }
        throw error;
      }
      setValues({ label: '' });
      await queryClient.invalidateQueries({ queryKey: invitationLinksKey(language) });
    }, t('registerCentre.createFailed'));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-line p-3">
      {mayRegisterSubagents ? <KindTabs value={kind} onChange={setKind} /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <TextField
          className="flex-1"
          label={t('registerCentre.label')}
          hint={t('registerCentre.labelHint')}
          maxLength={LABEL_LENGTH_MAX}
          {...bindField('label')}
          error={errors.label}
          data-testid="link-label"
        />
        <Button type="submit" variant="brand" disabled={isSubmitting} data-testid="create-link">
          {t('registerCentre.createLink')}
        </Button>
      </div>
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
    </form>
  );
}

function LinkCard({ link }: { link: InvitationLink }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<FormAnswer | null>(null);
  const disable = useMutation({
    mutationFn: () => disableInvitationLink(link.id, language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationLinksKey(language) }),
    onError: (error) => setFailure(answerOfFailure(error, t('registerCentre.disableFailed'))),
  });
  const name = link.label || link.code;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3"
      data-testid="invitation-link"
      data-code={link.code}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">{name}</p>
          <p className="text-xs text-muted">
            {t(`registerCentre.kinds.${link.kind}`)} ·{' '}
            {dateTimeFormatOf(language).format(new Date(link.createdAt))}
          </p>
        </div>
        <StatusBadge tone={link.enabled ? 'good' : 'neutral'}>
          {link.enabled ? t('registerCentre.enabled') : t('registerCentre.disabled')}
        </StatusBadge>
      </div>
      <p className="break-all font-mono text-xs text-muted" data-testid="invitation-link-url">
        {link.url}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md bg-raised/50 p-2">
          <dt className="text-xs text-muted">{t('registerCentre.signUps')}</dt>
          <dd className="text-lg font-semibold" data-testid="link-sign-ups">
            {link.signUps}
          </dd>
        </div>
        <div className="rounded-md bg-raised/50 p-2">
          <dt className="text-xs text-muted">{t('registerCentre.firstDeposits')}</dt>
          <dd className="text-lg font-semibold" data-testid="link-first-deposits">
            {link.firstDeposits}
          </dd>
        </div>
      </dl>
      {link.enabled ? (
        <div className="flex flex-wrap items-start gap-2">
          <CopyButton value={link.url} label={t('registerCentre.copyLink')} testId="copy-link" />
          <QrToggle value={link.url} label={t('registerCentre.qrOf', { name })} />
          <Button
            variant="ghost"
            size="sm"
            disabled={disable.isPending}
            onClick={() => {
              setFailure(null);
              disable.mutate();
            }}
            data-testid="disable-link"
          >
            {t('registerCentre.disable')}
          </Button>
        </div>
      ) : null}
      {failure ? <FormNotice message={failure.message} code={failure.code} /> : null}
    </li>
  );
}

function RegisterDownlineSection({ mayRegisterSubagents }: { mayRegisterSubagents: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<InvitationKind>('player');
  const [registered, setRegistered] = useState<{ id: string; account: string; isSmsSent: boolean } | null>(
    null,
  );
  const resend = useMutation({
    mutationFn: (id: string) => resendOneTimePassword(id, language),
    onSuccess: (result) =>
      setRegistered((current) => (current ? { ...current, isSmsSent: result.isSmsSent } : null)),
    onError: (error) => setAnswer(answerOfFailure(error, t('registerCentre.registerFailed'))),
  });
  const { values, setValues, errors, setErrors, bindField } = useFormValues({ account: '', mobile: '' });
  const { isSubmitting, answer, setAnswer, runSubmission } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    setRegistered(null);
    const next: typeof errors = {};
    if (!values.account.trim()) next.account = t('auth.inputEmpty');
    if (!/^[0-9]{7,15}$/.test(values.mobile.replace(/[\s-]/g, ''))) next.mobile = t('auth.enterMobile');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await runSubmission(async () => {
      try {
        const result = await registerDownline(
          {
            account: values.account.trim(),
            mobile: values.mobile.replace(/[\s-]/g, ''),
            countryDialingCode: DIALING_CODE,
            kind: mayRegisterSubagents ? kind : 'player',
          },
          language,
        );
        setRegistered({ id: result.id, account: result.account, isSmsSent: result.isSmsSent });
        setValues({ account: '', mobile: '' });
        await queryClient.invalidateQueries({ queryKey: ['agentDownlines'] });
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields.account || fields.mobile) {
          setErrors({ account: fields.account ?? null, mobile: fields.mobile ?? null });
          return;
        }
        throw error;
      }
    }, t('registerCentre.registerFailed'));
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="register-downline-title">
      <h3 id="register-downline-title" className="text-sm font-semibold">
        {t('registerCentre.registerTitle')}
      </h3>
      <p className="text-sm text-muted">{t('registerCentre.registerLine')}</p>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-lg border border-line p-3"
        data-testid="register-downline-form"
      >
        {mayRegisterSubagents ? <KindTabs value={kind} onChange={setKind} /> : null}
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('registerCentre.account')}
            isRequired
            autoComplete="off"
            maxLength={64}
            {...bindField('account')}
            data-testid="downline-account"
          />
          <TextField
            label={t('registerCentre.mobile')}
            isRequired
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            leading={<span className="text-sm text-muted">{DIALING_CODE}</span>}
            {...bindField('mobile')}
            data-testid="downline-mobile"
          />
        </div>
        {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
        {registered ? (
          <p
            role="status"
            className="rounded-md bg-success/10 p-3 text-sm text-success"
            data-testid="downline-registered"
          >
            {registered.isSmsSent
              ? t('registerCentre.registered', { account: registered.account })
              : t('registerCentre.registeredNoSms', { account: registered.account })}
          </p>
        ) : null}
        {registered && !registered.isSmsSent ? (
          <Button
            variant="secondary"
            size="sm"
            className="md:self-start"
            disabled={resend.isPending}
            onClick={() => {
              setAnswer(null);
              resend.mutate(registered.id);
            }}
          >
            {t('registerCentre.sendAgain')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          disabled={isSubmitting}
          icon={<UserPlus size={16} />}
          className="md:self-start"
          data-testid="register-downline"
        >
          {t('registerCentre.registerSubmit')}
        </Button>
      </form>
    </section>
  );
}
