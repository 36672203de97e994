import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Clock, Coffee, HandCoins, type LucideIcon, TrendingDown } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormNotice, TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { responsibleGamingQuery } from '../../../lib/system/use-can-deposit';
import {
  EXCLUSION_KINDS,
  type ExclusionKind,
  fetchResponsibleGaming,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIODS,
  type PlayLimit,
  type PlayLimitKind,
  type PlayLimitPeriod,
  REALITY_CHECK_MINUTES,
  type RealityCheckMinutes,
  type ResponsibleGaming,
  saveLimit,
  saveRealityCheck,
  takeBreak,
} from '../api/responsible-gaming';

/** The member's entry, shared with the site's deposit buttons (useCanDeposit). */
function useQueryKey() {
  const language = useLanguage();
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  return responsibleGamingQuery(language, memberId).queryKey;
}

/**
 * Puts a save's answer in the cache. A read of the settings still on its way (a header's deposit
 * button mounting asks again) may have been answered before the save and land after it, putting
 * the old settings back: a raise's waiting line would vanish until the next read. Such reads are
 * cancelled first, so the save's answer is the last word; any read started after it sees the save.
 */
async function keepSaved(queryClient: QueryClient, queryKey: QueryKey, saved: unknown): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, saved);
}

const kindIcons = { deposit: HandCoins, loss: TrendingDown, session: Clock } as const;
const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const MINUTES_PATTERN = /^\d{1,6}$/;

/** How a limit's value reads: money with the symbol, session time in hours and minutes. */
function useLimitText() {
  const { t } = useTranslation();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  return (kind: PlayLimitKind, value: string) => {
    if (kind !== 'session') return formatMoney(value, symbol);
    const minutes = Number(value);
    return t('responsibleGaming.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}

function LimitRow({
  kind,
  period,
  limit,
}: {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  limit?: PlayLimit;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const dateTime = dateTimeFormatOf(useLanguage());
  const textOf = useLimitText();
  const queryKey = useQueryKey();
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string | null) => saveLimit({ kind, period, value }, language),
    onSuccess: async (next) => {
      await keepSaved(queryClient, queryKey, next);
      setEditing(false);
      setDraft('');
    },
    onError: (caught) => setError(isApiError(caught) ? caught.message : t('auth.submitFailed')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim().replace(/,/g, '');
    const isValid =
      kind === 'session'
        ? MINUTES_PATTERN.test(value) && Number(value) > 0
        : MONEY_PATTERN.test(value) && Number(value) > 0;
    if (!isValid) {
      setError(
        t(kind === 'session' ? 'responsibleGaming.minutesInvalid' : 'responsibleGaming.amountInvalid'),
      );
      return;
    }
    setError(null);
    mutation.mutate(value);
  }

  const value = limit?.value ?? null;
  const usedShare = value && limit ? Math.min(100, (Number(limit.used) / Number(value)) * 100) : 0;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`limit-${kind}-${period}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-text">{t(`responsibleGaming.periods.${period}`)}</p>
          <p className="text-base font-semibold tabular text-text">
            {value ? (
              textOf(kind, value)
            ) : (
              <span className="text-sm font-normal text-muted">{t('responsibleGaming.noLimit')}</span>
            )}
          </p>
        </div>
        {isEditing ? null : (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              {value ? t('responsibleGaming.change') : t('responsibleGaming.set')}
            </Button>
            {value && !(limit?.pendingAt && limit.pendingValue === null) ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate(null)}
              >
                {t('responsibleGaming.remove')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {value && limit ? (
        <div>
          <div className="h-1.5 overflow-hidden rounded-full bg-raised" aria-hidden="true">
            <div
              className={joinClassNames('h-full rounded-full', usedShare >= 100 ? 'bg-danger' : 'bg-brand')}
              style={{ width: `${usedShare}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-muted tabular">
            {t('responsibleGaming.used', { used: textOf(kind, limit.used), limit: textOf(kind, value) })}
          </p>
        </div>
      ) : null}
      {limit?.pendingAt ? (
        <p className="rounded-md bg-warning/15 px-3 py-2 text-xs text-warning" data-testid="limit-pending">
          {limit.pendingValue
            ? t('responsibleGaming.pendingRaise', {
                value: textOf(kind, limit.pendingValue),
                at: dateTime.format(new Date(limit.pendingAt)),
              })
            : t('responsibleGaming.pendingRemoval', { at: dateTime.format(new Date(limit.pendingAt)) })}
        </p>
      ) : null}
      {isEditing ? (
        <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <TextField
            label={t(kind === 'session' ? 'responsibleGaming.minutesLabel' : 'responsibleGaming.amountLabel')}
            inputMode={kind === 'session' ? 'numeric' : 'decimal'}
            autoComplete="off"
            maxLength={16}
            value={draft}
            onValueChange={(next) => {
              setDraft(next);
              setError(null);
            }}
            error={error}
            hint={t('responsibleGaming.rule')}
            data-testid={`limit-input-${kind}-${period}`}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="primary" size="sm" disabled={mutation.isPending}>
              {t('responsibleGaming.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('responsibleGaming.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

/** One setting of the page: a titled card with a line on what it does, and its controls. */
function SettingCard({
  id,
  icon: Icon,
  title,
  line,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  line: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby={id}>
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-text">
        <Icon size={18} aria-hidden="true" className="text-brand-strong" />
        {title}
      </h3>
      <p className="mt-1 text-xs text-muted">{line}</p>
      {children}
    </section>
  );
}

function LimitCard({ kind, data }: { kind: PlayLimitKind; data: ResponsibleGaming }) {
  const { t } = useTranslation();
  return (
    <SettingCard
      id={`limits-${kind}`}
      icon={kindIcons[kind]}
      title={t(`responsibleGaming.kinds.${kind}`)}
      line={t(`responsibleGaming.kindLines.${kind}`)}
    >
      <ul className="divide-y divide-line">
        {PLAY_LIMIT_PERIODS.map((period) => (
          <LimitRow
            key={period}
            kind={kind}
            period={period}
            limit={data.limits.find((limit) => limit.kind === kind && limit.period === period)}
          />
        ))}
      </ul>
    </SettingCard>
  );
}

function RealityCheck({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const queryKey = useQueryKey();
  const mutation = useMutation({
    mutationFn: (next: RealityCheckMinutes | null) => saveRealityCheck(next, language),
    onSuccess: (next) => keepSaved(queryClient, queryKey, next),
  });
  const options: (RealityCheckMinutes | null)[] = [null, ...REALITY_CHECK_MINUTES];
  return (
    <SettingCard
      id="reality-check"
      icon={Clock}
      title={t('responsibleGaming.realityCheck')}
      line={t('responsibleGaming.realityCheckLine')}
    >
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-labelledby="reality-check">
        {options.map((option) => {
          const isSelected = option === minutes;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a row of chips, each a radio by role, reads better than native radios here.
            <button
              key={option ?? 'off'}
              type="button"
              role="radio"
              aria-checked={isSelected}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate(option)}
              className={joinClassNames(
                'min-h-11 rounded-full border px-4 text-sm',
                isSelected
                  ? 'border-brand bg-brand-soft font-semibold text-text'
                  : 'border-line bg-raised text-muted',
              )}
            >
              {option === null
                ? t('responsibleGaming.off')
                : t('responsibleGaming.everyMinutes', { minutes: option })}
            </button>
          );
        })}
      </div>
    </SettingCard>
  );
}

function TakeBreak() {
  const { t } = useTranslation();
  const language = useLanguage();
  const dateTime = dateTimeFormatOf(useLanguage());
  const [kind, setKind] = useState<ExclusionKind>('break_1d');
  const [isConfirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<{ message: string; code?: string } | null>(null);
  const mutation = useMutation({
    mutationFn: () => takeBreak(kind, language),
    onSuccess: () => {
      // The server has ended every session and kicked every socket; this page follows at once.
      useAuthStore.getState().clearSession();
    },
    onError: (caught) => {
      setConfirming(false);
      setAnswer(
        isApiError(caught)
          ? { message: caught.message, code: caught.code }
          : { message: t('auth.submitFailed') },
      );
    },
  });
  return (
    <SettingCard
      id="take-break"
      icon={Coffee}
      title={t('responsibleGaming.breakTitle')}
      line={t('responsibleGaming.breakLine')}
    >
      <fieldset className="mt-3">
        <legend className="sr-only">{t('responsibleGaming.breakTitle')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {EXCLUSION_KINDS.map((option) => (
            <label
              key={option}
              className={joinClassNames(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-md border px-2 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                option === kind
                  ? 'border-brand bg-brand-soft font-semibold text-text'
                  : 'border-line bg-raised text-muted',
              )}
            >
              <input
                type="radio"
                name="break-kind"
                className="sr-only"
                checked={option === kind}
                onChange={() => setKind(option)}
              />
              {t(`responsibleGaming.exclusions.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
      <Button
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        onClick={() => setConfirming(true)}
        data-testid="take-break"
      >
        {t(kind.startsWith('break') ? 'responsibleGaming.takeBreak' : 'responsibleGaming.selfExclude')}
      </Button>
      {isConfirming ? (
        <Dialog
          title={t('responsibleGaming.confirmTitle', { length: t(`responsibleGaming.exclusions.${kind}`) })}
          onClose={() => setConfirming(false)}
          size="sm"
          testId="break-confirm"
        >
          <div className="flex flex-col gap-4 p-4">
            <p className="text-sm text-text">{t('responsibleGaming.confirmLine')}</p>
            <p className="text-xs text-muted">
              {t('responsibleGaming.confirmEnds', { at: dateTime.format(endOf(kind, new Date())) })}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row-reverse">
              <Button
                variant="primary"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate()}
                data-testid="confirm-break"
              >
                {t('responsibleGaming.confirm')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t('responsibleGaming.cancel')}
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </SettingCard>
  );
}

/** When a break taken now would end, shown before confirming (the server decides the exact end). */
function endOf(kind: ExclusionKind, from: Date): Date {
  const end = new Date(from);
  const months = {
    break_1m: 1,
    break_2m: 2,
    break_3m: 3,
    exclusion_6m: 6,
    exclusion_1y: 12,
    exclusion_5y: 60,
  } as const;
  if (kind === 'break_1d') end.setUTCDate(end.getUTCDate() + 1);
  else if (kind === 'break_1w') end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + months[kind]);
  return end;
}

/** Responsible gaming in the member centre (issue 5): limits, reality check, breaks. */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ queryKey: useQueryKey(), queryFn: () => fetchResponsibleGaming(language) });
  if (query.isPending) {
    return (
      <div className="p-4">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="responsible-gaming-page">
      <p className="text-sm text-muted">{t('responsibleGaming.intro')}</p>
      <div className="grid gap-4 xl:grid-cols-3">
        {PLAY_LIMIT_KINDS.map((kind) => (
          <LimitCard key={kind} kind={kind} data={query.data} />
        ))}
      </div>
      <RealityCheck minutes={query.data.realityCheckMinutes} />
      <TakeBreak />
    </div>
  );
}
