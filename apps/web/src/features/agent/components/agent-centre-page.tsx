import { useQuery } from '@tanstack/react-query';
import { Network } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import { importWithTimeout } from '../../../lib/lazy-load';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { type AgentPage, offeredAgentPages, pickAgentPage } from '../agent-pages';
import { contractFlagsQuery } from '../api/contracts';
import { type ContractKind, contractKinds } from '../contract-kinds';
import { AgentAnnouncementsPage } from './agent-announcements-page';
import { DownlinesPage } from './downlines-page';

const RegisterCentrePage = lazy(() =>
  importWithTimeout(() => import('./register-centre-page')).then((module) => ({
    default: module.RegisterCentrePage,
  })),
);

const TeamBetsPage = lazy(() =>
  importWithTimeout(() => import('./team-bets-page')).then((module) => ({
    default: module.TeamBetsPage,
  })),
);
const DownlineTransactionsPage = lazy(() =>
  importWithTimeout(() => import('./downline-transactions-page')).then((module) => ({
    default: module.DownlineTransactionsPage,
  })),
);

const TeamOverviewPage = lazy(() =>
  importWithTimeout(() => import('./team-overview-page')).then((module) => ({
    default: module.TeamOverviewPage,
  })),
);
const ProfitLossPage = lazy(() =>
  importWithTimeout(() => import('./profit-loss-page')).then((module) => ({
    default: module.ProfitLossPage,
  })),
);

const RevenueReportPage = lazy(() =>
  importWithTimeout(() => import('./revenue-report-page')).then((module) => ({
    default: module.RevenueReportPage,
  })),
);
// One page for the four kinds of contract, loaded once for all of them.
const ContractPage = lazy(() =>
  importWithTimeout(() => import('./contract-page')).then((module) => ({
    default: module.ContractPage,
  })),
);

function lazyContractPage(kind: ContractKind) {
  return (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <ContractPage key={kind} kind={kind} />
    </Suspense>
  );
}

/** What each offered page of the centre shows. */
const agentPageContent: Record<AgentPage, ReactNode> = {
  agentAnnouncement: <AgentAnnouncementsPage />,
  agentTeamOverview: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <TeamOverviewPage />
    </Suspense>
  ),
  registerCenter: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <RegisterCentrePage />
    </Suspense>
  ),
  downlineManagmentView: <DownlinesPage />,
  personalHistoryCopy: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <TeamBetsPage />
    </Suspense>
  ),
  palStatementsAgentCopy: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <ProfitLossPage />
    </Suspense>
  ),
  agentRevenueReport: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <RevenueReportPage />
    </Suspense>
  ),
  agentDownlineTransactionDetailsCopy: (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <DownlineTransactionsPage />
    </Suspense>
  ),
  [contractKinds.dividend.page]: lazyContractPage('dividend'),
  [contractKinds.daily.page]: lazyContractPage('daily'),
  [contractKinds.hourly.page]: lazyContractPage('hourly'),
  [contractKinds.realtime.page]: lazyContractPage('realtime'),
};

/** The agent centre (spec §2: /agentHome, agents only): its menu of pages and the open page. */
export function AgentCentrePage() {
  const { t } = useTranslation();
  const whitelabel = usePermission().data?.whitelabel;
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const contractFlags = useQuery(contractFlagsQuery(memberId, useLanguage()));
  const [searchParams, setSearchParams] = useSearchParams();
  const offered = offeredAgentPages({
    isSwitchOn: (modId) => isSwitchEnabled(whitelabel, modId),
    mayHoldContract: (kind) => contractFlags.data?.[contractKinds[kind].flag] === true,
  });
  const requested = searchParams.get('page');
  const page = pickAgentPage(requested, offered);
  // A contract page asked for by address (the offers modal links there) waits for the flags that
  // offer it, rather than opening the default page for a moment.
  const isDeciding = contractFlags.isPending && requested !== null && requested !== page;
  const items = offered.map((key) => ({ key, label: t(`pages.agentPages.${key}`) }));
  // Opening a page starts it afresh: its own filters (a drill-down, a search) live in the address.
  const open = (key: AgentPage) => setSearchParams({ page: key });
  return (
    <PageFrame title={t('pages.agentTitle')} icon={Network} testId="agent-centre-page">
      <div className="flex flex-col gap-4 lg:flex-row">
        <nav aria-label={t('pages.agentTitle')} className="hidden w-56 shrink-0 lg:block">
          <ul className="flex flex-col gap-0.5 rounded-lg border border-line bg-surface p-2">
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={item.key === page ? 'page' : undefined}
                  onClick={() => open(item.key)}
                  className={`flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm ${item.key === page ? 'bg-brand-soft font-semibold text-text' : 'text-muted hover:bg-raised hover:text-text'}`}
                  data-testid={`agent-menu-${item.key}`}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {isDeciding ? (
          <Panel className="min-w-0 flex-1">
            <div className="p-4" data-testid="agent-page-deciding">
              <SkeletonLines lines={6} />
            </div>
          </Panel>
        ) : page ? (
          <>
            <Tabs
              className="lg:hidden"
              label={t('pages.agentTitle')}
              variant="chips"
              items={items}
              value={page}
              onChange={open}
            />
            <Panel className="min-w-0 flex-1">
              <h2 className="border-b border-line px-4 py-3 text-base font-semibold">
                {t(`pages.agentPages.${page}`)}
              </h2>
              {agentPageContent[page]}
            </Panel>
          </>
        ) : (
          <Panel className="min-w-0 flex-1">
            <EmptyState />
          </Panel>
        )}
      </div>
    </PageFrame>
  );
}
