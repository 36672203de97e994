import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CountBadge } from '../../../components/ui/count-badge';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { BADGES_KEY, fetchMemberBadges } from '../../../lib/api/member-badges';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { importWithTimeout } from '../../../lib/lazy-load';
import { mayOpenMemberPage } from '../../../lib/session/agent-access';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { useCanDeposit } from '../../../lib/system/use-can-deposit';
import { useHasGameWallets } from '../hooks/use-game-wallets';
import {
  badgeOf,
  DEFAULT_MEMBER_PAGE,
  isMemberPage,
  type MemberPage,
  offeredMemberPages,
} from '../member-pages';
import { BonusDetailsPage } from './bonus-details-page';
import { CreditReportPage } from './credit-report-page';
import { DepositPage } from './deposit-page';
import { GameWalletsPage } from './game-wallets-page';
import { MessagesPage } from './messages-page';
import { PersonalProfitPage } from './personal-profit-page';
import { ResponsibleGamingPage } from './responsible-gaming-page';
import { SecurityCentre } from './security-centre';
import { TransactionHistoryPage } from './transaction-history-page';
import { TransferPage } from './transfer-page';
import { WithdrawPage } from './withdraw-page';

// The affiliate application (a player's "Become an agent") loads when the member opens it.
const AffiliateApplicationPage = lazy(() =>
  importWithTimeout(() => import('./affiliate-application-page')).then((module) => ({
    default: module.AffiliateApplicationPage,
  })),
);

// The member's promotions and bonuses load when the member opens them.
const MyPromotionsPage = lazy(() =>
  importWithTimeout(() => import('./my-promotions-page')).then((module) => ({
    default: module.MyPromotionsPage,
  })),
);

// The manual rebate loads when the member opens it.
const ManualRebatePage = lazy(() =>
  importWithTimeout(() => import('./manual-rebate-page')).then((module) => ({
    default: module.ManualRebatePage,
  })),
);

// The betting records, with their detail dialog and filters, load when the member opens them.
const BettingRecordsPage = lazy(() =>
  importWithTimeout(() => import('./betting-records-page')).then((module) => ({
    default: module.BettingRecordsPage,
  })),
);

// The feedback form and the member's earlier feedback load when the member opens them.
const FeedbackPage = lazy(() =>
  importWithTimeout(() => import('./feedback-page')).then((module) => ({
    default: module.FeedbackPage,
  })),
);

// The reward centre, with its wheel, egg, envelopes and verifier, loads when the member opens it.
const RewardCentrePage = lazy(() =>
  importWithTimeout(() => import('../reward-centre/components/reward-centre-page')).then((module) => ({
    default: module.RewardCentrePage,
  })),
);

/**
 * The pages another feature draws (features never import each other): the app hands them in
 * (app/member-centre-route.tsx).
 */
type FeaturePage = 'referral' | 'missionLeaderboard';

/** What each page of the centre shows. */
const memberPageContent: Record<Exclude<MemberPage, FeaturePage>, ReactNode> = {
  securityCenter: <SecurityCentre />,
  transferFund: <TransferPage direction="downline" />,
  depositv2: <DepositPage />,
  withdraw: <WithdrawPage />,
  walletTransfer: <GameWalletsPage />,
  transferUpline: <TransferPage direction="upline" />,
  personalHistoryCopy: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <BettingRecordsPage />
    </Suspense>
  ),
  transactionHistory: <TransactionHistoryPage />,
  personalProfit: <PersonalProfitPage />,
  bonusDetails: <BonusDetailsPage />,
  myPromotions: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <MyPromotionsPage />
    </Suspense>
  ),
  messageV2: <MessagesPage />,
  manualRebate: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <ManualRebatePage />
    </Suspense>
  ),
  creditReport: <CreditReportPage />,
  responsibleGaming: <ResponsibleGamingPage />,
  affiliate: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <AffiliateApplicationPage />
    </Suspense>
  ),
  rewardCenter: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <RewardCentrePage />
    </Suspense>
  ),
  feedback: (
    <Suspense fallback={<SkeletonLines lines={5} />}>
      <FeedbackPage />
    </Suspense>
  ),
};

function contentOf(page: MemberPage, featurePages: Record<FeaturePage, ReactNode> | undefined): ReactNode {
  if (page === 'referral' || page === 'missionLeaderboard') {
    return featurePages?.[page] ?? <SkeletonLines lines={5} />;
  }
  return memberPageContent[page];
}

/** MemberCenter (spec §2: /member, login required). */
export function MemberCentrePage({
  featurePages,
}: {
  /** The pages other features draw, lazily loaded by the app. */
  featurePages?: Record<FeaturePage, ReactNode>;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('page');
  const isTrial = useAuthStore((state) => state.isTrial);
  const isLogin = useAuthStore((state) => state.isLogin);
  // Transfers down the tree are an agent's (the server refuses anyone else): for anyone else the
  // page's address leads to the default page, as an unknown page's does.
  const isAgent = useAuthStore((state) => state.isAgent);
  const permission = usePermission();
  const hasManualRebate = isSwitchEnabled(permission.data?.whitelabel, 'MANPLAYREB3');
  const hasReferral = isSwitchEnabled(permission.data?.whitelabel, 'REFERRAL');
  const offered = offeredMemberPages({
    isLogin,
    isAgent,
    isTrial,
    canDeposit: useCanDeposit(),
    hasGameWallets: useHasGameWallets(),
    hasManualRebate,
    hasReferral,
  });
  // The manual rebate's and the referral page's addresses lead to the default page once the
  // switches say they are off (by the switches alone: the session may still be loading).
  const isRebateRefused =
    requested === 'manualRebate' && permission.isSuccess && !offered.includes('manualRebate');
  const isReferralRefused = requested === 'referral' && permission.isSuccess && !hasReferral;
  const isRefused =
    requested !== null &&
    (!mayOpenMemberPage(requested, { isLogin, isAgent }) || isRebateRefused || isReferralRefused);
  const page: MemberPage = isMemberPage(requested) && !isRefused ? requested : DEFAULT_MEMBER_PAGE;
  useEffect(() => {
    if (isRefused) setSearchParams({ page: DEFAULT_MEMBER_PAGE }, { replace: true });
  }, [isRefused, setSearchParams]);
  // Spec §2's red badges: what the member can draw, open, claim or read now (trial accounts none).
  const badges = useQuery({
    queryKey: BADGES_KEY,
    queryFn: ({ signal }) => fetchMemberBadges(signal),
    enabled: isLogin && !isTrial,
  });
  const items = offered.map((key) => ({
    key,
    label: t(`pages.memberPages.${key}`),
    badge: badgeOf(badges.data, key),
  }));
  return (
    <PageFrame title={t('pages.memberTitle')} icon={UserRound} testId="member-centre-page">
      <div className="flex flex-col gap-4 lg:flex-row">
        <nav aria-label={t('pages.memberTitle')} className="hidden w-56 shrink-0 lg:block">
          <ul className="flex flex-col gap-0.5 rounded-lg border border-line bg-surface p-2">
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={item.key === page ? 'page' : undefined}
                  onClick={() => setSearchParams({ page: item.key })}
                  className={`flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm ${item.key === page ? 'bg-brand-soft font-semibold text-text' : 'text-muted hover:bg-raised hover:text-text'}`}
                >
                  {item.label}
                  <CountBadge count={item.badge} className="ml-auto min-w-5 text-xs" />
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <Tabs
          className="lg:hidden"
          label={t('pages.memberTitle')}
          variant="chips"
          items={items}
          value={page}
          onChange={(key) => setSearchParams({ page: key })}
        />
        <Panel className="min-w-0 flex-1">
          <h2 className="border-b border-line px-4 py-3 text-base font-semibold">
            {t(`pages.memberPages.${page}`)}
          </h2>
          {isTrial ? <EmptyState line={t('member.needAccount')} /> : contentOf(page, featurePages)}
        </Panel>
      </div>
    </PageFrame>
  );
}
