import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Gift,
  IdCard,
  KeyRound,
  Landmark,
  LockKeyhole,
  MonitorSmartphone,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';
import {
  type AvatarIcon,
  chooseIcon,
  fetchIcons,
  fetchLoginHistory,
  fetchPromotionsOptOut,
  savePromotionsOptOut,
} from '../api/security';
import { AuthenticatorSetup } from './authenticator-setup';
import { PaymentPasswordForm } from './payment-password-form';
import { PayoutAccounts } from './payout-accounts';
import { ProfileEditor } from './profile-editor';

/** A short device name from a user agent: enough to recognise one's own phone or computer. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}

function Section({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof UserRound;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border border-line bg-surface p-4">
      <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-text">
        <Icon size={18} aria-hidden="true" className="text-brand-strong" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function AvatarPicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const member = useAuthStore((state) => state.member);
  const icons = useQuery({ queryKey: ['member-icons', language], queryFn: () => fetchIcons(language) });
  const choose = useMutation({
    mutationFn: (icon: AvatarIcon) => chooseIcon(icon, language),
    onSuccess: (chosen) => {
      const current = useAuthStore.getState().member;
      if (current) useAuthStore.getState().setMember({ ...current, icon: chosen.icon, iconUrl: chosen.url });
      void queryClient.invalidateQueries({ queryKey: ['member-icons'] });
    },
  });
  if (icons.isPending) return <SkeletonLines lines={2} />;
  if (icons.isError)
    return <ErrorState title={t('errors.loadFailed')} onRetry={() => void icons.refetch()} />;
  return (
    <div
      className="grid grid-cols-4 gap-3 sm:grid-cols-8"
      role="radiogroup"
      aria-label={t('security.avatar')}
    >
      {icons.data.choices.map((choice) => {
        const isChosen = choice.icon === (member?.icon ?? icons.data.icon);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a picture grid reads better as buttons with radio semantics than as native radios.
          <button
            key={choice.icon}
            type="button"
            role="radio"
            aria-checked={isChosen}
            aria-label={choice.icon}
            disabled={choose.isPending}
            onClick={() => choose.mutate(choice.icon)}
            className={joinClassNames(
              'grid aspect-square place-items-center rounded-full p-1 transition',
              isChosen ? 'ring-2 ring-accent' : 'opacity-80 hover:opacity-100',
            )}
          >
            <img src={choice.url} alt="" className="size-full rounded-full" />
          </button>
        );
      })}
    </div>
  );
}

function LoginHistoryTable() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['login-history', page, language],
    queryFn: () => fetchLoginHistory(page, language),
  });
  if (history.isPending) return <SkeletonLines lines={4} />;
  if (history.isError)
    return <ErrorState title={t('errors.loadFailed')} onRetry={() => void history.refetch()} />;
  if (history.data.list.length === 0) return <EmptyState line={t('common.noData')} />;
  const format = dateTimeFormatOf(language);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[420px] text-left text-sm" data-testid="login-history">
          <thead className="text-xs text-muted">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('security.time')}</th>
              <th className="py-2 pr-3 font-medium">{t('security.ip')}</th>
              <th className="py-2 font-medium">{t('security.device')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((row) => (
              <tr key={`${row.time}-${row.ip}`} className="border-t border-line">
                <td className="py-2 pr-3 tabular whitespace-nowrap">{format.format(new Date(row.time))}</td>
                <td className="py-2 pr-3 tabular">
                  {row.ip}
                  {row.country ? <span className="ml-1 text-xs text-muted">{row.country}</span> : null}
                </td>
                <td className="py-2 text-muted">{describeDevice(row.device)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination current={page} total={history.data.totalPages} onChange={setPage} />
    </div>
  );
}

/** Whether the member receives promotions: opted out, none is offered or granted to them. */
function PromotionsPreference() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const preference = useQuery({
    queryKey: ['promotions-opt-out'],
    queryFn: () => fetchPromotionsOptOut(language),
  });
  const save = useMutation({
    mutationFn: (optOut: boolean) => savePromotionsOptOut(optOut, language),
    onSuccess: (saved) => {
      queryClient.setQueryData(['promotions-opt-out'], saved);
      // What the member may take part in changes with it.
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
      void queryClient.invalidateQueries({ queryKey: ['system', 'publicState'] });
    },
  });
  if (preference.isPending) return <SkeletonLines lines={1} />;
  if (preference.isError)
    return <ErrorState title={t('errors.loadFailed')} onRetry={() => void preference.refetch()} />;
  const isReceiving = !(save.isPending && save.variables !== undefined
    ? save.variables
    : preference.data.optOut);
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        checked={isReceiving}
        onCheckedChange={(checked) => save.mutate(!checked)}
        error={save.isError ? t('errors.unknown') : null}
        testId="promotions-receive"
      >
        {t('security.receivePromotions')}
      </Checkbox>
      <p className="pl-8 text-xs text-muted">{t('security.receivePromotionsLine')}</p>
    </div>
  );
}

/**
 * securityCenter (spec §2, the member centre's default page): account, profile, avatar, password,
 * logins.
 */
export function SecurityCentre() {
  const { t } = useTranslation();
  const language = useLanguage();
  const member = useAuthStore((state) => state.member);
  const openModal = useModalStore((state) => state.openModal);
  if (!member) return <SkeletonLines lines={6} />;
  const format = dateTimeFormatOf(language);
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="security-centre">
      <Section icon={UserRound} title={t('security.account')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('security.accountName')}</dt>
          <dd className="font-medium text-text">{member.account}</dd>
          <dt className="text-muted">{t('member.id')}</dt>
          <dd className="tabular text-text">{member.id.slice(-8).toUpperCase()}</dd>
          <dt className="text-muted">{t('security.nickname')}</dt>
          <dd className="text-text">{member.nickname || '—'}</dd>
          <dt className="text-muted">{t('security.previousLogin')}</dt>
          <dd className="text-text" data-testid="previous-login">
            {member.previousLogin
              ? t('security.previousLoginValue', {
                  time: format.format(new Date(member.previousLogin.time)),
                  ip: member.previousLogin.ip,
                })
              : t('security.noPreviousLogin')}
          </dd>
        </dl>
      </Section>
      <Section icon={IdCard} title={t('profile.title')}>
        <ProfileEditor />
      </Section>
      <Section icon={UserRound} title={t('security.avatar')}>
        <AvatarPicker />
      </Section>
      <Section icon={KeyRound} title={t('security.loginPassword')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{t('security.loginPasswordLine')}</p>
          <Button
            variant="secondary"
            onClick={() => openModal('changePassModal', {})}
            data-testid="open-change-password"
          >
            {t('security.changePassword')}
          </Button>
        </div>
      </Section>
      <Section icon={LockKeyhole} title={t('payout.paymentPassword')}>
        <PaymentPasswordForm />
      </Section>
      <Section icon={Landmark} title={t('payout.accounts')}>
        <PayoutAccounts />
      </Section>
      <Section icon={ShieldCheck} title={t('security.twoStep')}>
        <AuthenticatorSetup />
      </Section>
      <Section icon={Gift} title={t('security.promotions')}>
        <PromotionsPreference />
      </Section>
      <Section icon={MonitorSmartphone} title={t('security.loginHistory')}>
        <LoginHistoryTable />
      </Section>
    </div>
  );
}
