import { Crown, LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useModalStore } from '../../../lib/modal-store';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { useAuthStore } from '../../../lib/session/auth-store';
import type { VipProgramme } from '../api/vip';
import { useVipMe, useVipProgramme } from '../hooks/use-vip';
import { BirthdayPanel } from './birthday-panel';
import { MyVipPanel } from './my-vip-panel';
import { VipProgrammeSection } from './vip-programme';

/** Placeholders holding the places of the member's panel, the level cards and the table. */
function VipPageSkeleton({ hasMember }: { hasMember: boolean }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="vip-loading">
      {hasMember ? <Skeleton className="h-72 w-full rounded-lg lg:h-56" /> : null}
      <Skeleton className="h-5 w-40" />
      <div className="flex gap-3 overflow-hidden md:grid md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <Skeleton key={index} className="h-40 w-56 shrink-0 rounded-lg md:w-auto" />
        ))}
      </div>
      <Skeleton className="h-96 w-full rounded-lg" />
    </div>
  );
}

/** For visitors: the programme is theirs to read, their own level needs a login. */
function VisitorPrompt() {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  return (
    <section
      className="flex flex-col gap-3 rounded-lg p-4 [background:var(--panalo-hero)] sm:flex-row sm:items-center md:p-5"
      data-testid="vip-login-prompt"
    >
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold text-on-hero">{t('vip.loginTitle')}</h2>
        <p className="text-sm text-on-hero/80">{t('vip.loginLine')}</p>
      </div>
      <div className="flex gap-2">
        <Button icon={<LogIn size={18} aria-hidden="true" />} onClick={() => openModal('loginPopupModal')}>
          {t('common.login')}
        </Button>
        <Button
          variant="secondary"
          className="border-on-hero/20 bg-on-hero/10 text-on-hero hover:bg-on-hero/20"
          onClick={() => openModal('registerModal')}
        >
          {t('common.register')}
        </Button>
      </div>
    </section>
  );
}

/** The member's panel and birthday, each state of their call shown in place. */
function MemberSection({ programme }: { programme: VipProgramme }) {
  const isTrial = useAuthStore((state) => state.isTrial);
  const { t } = useTranslation();
  const me = useVipMe();
  if (isTrial) return <EmptyState line={t('member.needAccount')} className="rounded-lg border border-line" />;
  if (me.isPending) return <Skeleton className="h-72 w-full rounded-lg lg:h-56" />;
  if (me.isError) return <ErrorState isCompact onRetry={() => void me.refetch()} />;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <MyVipPanel me={me.data} programme={programme} />
      <BirthdayPanel me={me.data} />
    </div>
  );
}

/**
 * The VIP page (spec §2 "VIP and level benefits", docs/loyalty.md "VIP"), open to visitors: the
 * programme's levels and benefits, and for a member their level, progress and birthday. A merchant
 * without the programme (switched off, or no levels) has no VIP page: the address leads home.
 */
export function VipPage() {
  const { t } = useTranslation();
  const { isMember, symbol } = usePromotionViewer();
  const programme = useVipProgramme();
  const me = useVipMe();
  const navigate = useNavigate();
  const isOffered = !programme.isSuccess || (programme.data.enabled && programme.data.levels.length > 0);
  // An effect rather than react-router's <Navigate>, whose module would split the first load's chunks.
  useEffect(() => {
    if (!isOffered) navigate('/', { replace: true });
  }, [isOffered, navigate]);
  let body: React.ReactNode;
  if (!isOffered) body = null;
  else if (programme.isPending) body = <VipPageSkeleton hasMember={isMember} />;
  else if (programme.isError) body = <ErrorState onRetry={() => void programme.refetch()} />;
  else {
    body = (
      <>
        {isMember ? <MemberSection programme={programme.data} /> : <VisitorPrompt />}
        <VipProgrammeSection
          programme={programme.data}
          symbol={symbol}
          myRank={me.data?.level?.rank ?? null}
        />
      </>
    );
  }
  return (
    <PageFrame title={t('vip.title')} icon={Crown} testId="vip-page">
      {body}
    </PageFrame>
  );
}
