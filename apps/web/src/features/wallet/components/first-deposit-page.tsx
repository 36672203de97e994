import { HandCoins, PartyPopper, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/session/auth-store';
import { useDepositOffer } from '../../../lib/system/use-can-deposit';
import {
  chooseFirstDepositView,
  hasSeenFirstDeposit,
  isNewMemberState,
  rememberFirstDepositSeen,
} from '../first-deposit-prompt';

/**
 * Where registration lands (once, right after it): the first deposit, with the deposit limit
 * offered beside it so that a new player can set a budget before paying anything in, and a way
 * to look around first. A reload, any other visit, or a member whose deposits are refused goes
 * home (first-deposit-prompt.ts).
 */
export function FirstDepositPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const offer = useDepositOffer();
  const hasToken = useAuthStore((state) => state.token !== null);
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  // Whether the member had seen the prompt is read once, when the page first knows who they are:
  // the page itself marks it seen, and must not then send its own viewer home.
  const [arrival, setArrival] = useState<{ memberId: string; wasSeen: boolean } | null>(null);
  if (memberId !== null && arrival?.memberId !== memberId) {
    setArrival({ memberId, wasSeen: hasSeenFirstDeposit(memberId) });
  }
  const view = chooseFirstDepositView({
    isNewMember: isNewMemberState(location.state),
    hasToken,
    memberId: arrival?.memberId ?? null,
    wasSeen: arrival?.wasSeen ?? false,
    offer,
  });
  const shownTo = view === 'prompt' ? (arrival?.memberId ?? null) : null;
  useEffect(() => {
    if (shownTo !== null) rememberFirstDepositSeen(shownTo);
  }, [shownTo]);

  if (view === 'home') return <Navigate to="/" replace />;
  return (
    <PageFrame title={t('wallet.firstDeposit.title')} icon={PartyPopper} testId="first-deposit-page">
      <Panel className="mx-auto flex w-full max-w-lg flex-col gap-5 p-5">
        <p className="text-sm text-muted">{t('wallet.firstDeposit.line')}</p>
        {view === 'loading' || offer === undefined ? (
          <SkeletonLines lines={3} />
        ) : (
          <div className="flex flex-col gap-3">
            <ButtonLink to="/member?page=depositv2" replace icon={Plus} data-testid="first-deposit-deposit">
              {t('wallet.firstDeposit.deposit')}
            </ButtonLink>
            <ButtonLink
              to="/member?page=responsibleGaming"
              replace
              variant="secondary"
              icon={HandCoins}
              data-testid="first-deposit-limit"
            >
              {t('wallet.firstDeposit.setLimit')}
            </ButtonLink>
            <ButtonLink to="/" replace variant="ghost" data-testid="first-deposit-later">
              {t('wallet.firstDeposit.later')}
            </ButtonLink>
          </div>
        )}
      </Panel>
    </PageFrame>
  );
}
