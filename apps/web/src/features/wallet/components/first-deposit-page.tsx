import { HandCoins, PartyPopper, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useDepositOffer } from '../../../lib/system/use-can-deposit';

/** The state registration hands this page: only a member who has just registered sees it. */
export type FirstDepositState = { isNewMember: true };

function isNewMemberState(state: unknown): state is FirstDepositState {
  return typeof state === 'object' && state !== null && (state as FirstDepositState).isNewMember === true;
}

/**
 * Where registration lands (once, right after it): the first deposit, with the deposit limit
 * offered beside it so that a new player can set a budget before paying anything in, and a way
 * to look around first. Any other visit, or a member whose deposits are refused, goes home.
 */
export function FirstDepositPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const offer = useDepositOffer();
  if (!isNewMemberState(location.state) || offer === false) return <Navigate to="/" replace />;
  return (
    <PageFrame title={t('wallet.firstDeposit.title')} icon={PartyPopper} testId="first-deposit-page">
      <Panel className="mx-auto flex w-full max-w-lg flex-col gap-5 p-5">
        <p className="text-sm text-muted">{t('wallet.firstDeposit.line')}</p>
        {offer === undefined ? (
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
