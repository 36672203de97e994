import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { Tabs } from '../../../components/ui/tabs';
import { useMediaQuery } from '../../../lib/use-media-query';
import { usePointsViewer } from '../hooks/use-points';
import { type PointMallSection, shownTab, tabsOf } from '../point-mall-sections';
import { ExchangeSection } from './exchange-section';
import { GoodsSection } from './goods-section';
import { PointRecords } from './point-records';
import { PointsBalanceCard } from './points-balance-card';
import { RedeemHistory } from './redeem-history';
import { RulesSection } from './rules-section';

/** From this width the points, the rate table and the rules stand in a column beside the tabs. */
const sideColumnQuery = '(min-width: 1280px)';

/**
 * PointMall (spec §2 "/pointMall", a lazily loaded screen group): current points, the rewards to
 * redeem, the member's redeem history and points details, the rules and the exchange-rate table
 * with its Convert dialog. Visitors see the rewards, the rules and the rates, and a login prompt
 * in place of every action. `?tab=` names the section shown.
 */
export function PointMallPage() {
  const { t } = useTranslation();
  const { isMember } = usePointsViewer();
  const hasSideColumn = useMediaQuery(sideColumnQuery);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = tabsOf({ isMember, isDesktop: hasSideColumn });
  const tab = shownTab(searchParams.get('tab'), tabs);

  function choose(next: PointMallSection) {
    setSearchParams(next === 'redeem' ? {} : { tab: next }, { replace: true });
  }

  const content: Record<PointMallSection, ReactNode> = {
    redeem: <GoodsSection onSeeHistory={() => choose('history')} />,
    convert: (
      <Panel className="p-4">
        <ExchangeSection />
      </Panel>
    ),
    history: <RedeemHistory />,
    details: <PointRecords />,
    rules: (
      <Panel className="p-4">
        <RulesSection />
      </Panel>
    ),
  };
  const tabRow =
    tabs.length > 1 ? (
      <Tabs
        label={t('pointMall.sectionsLabel')}
        items={tabs.map((key) => ({ key, label: t(`pages.pointTabs.${key}`) }))}
        value={tab}
        onChange={choose}
      />
    ) : null;

  return (
    <PageFrame title={t('pages.pointMallTitle')} icon={Gift} testId="point-mall-page">
      <p className="-mt-2 text-sm text-muted">{t('pages.pointMallLine')}</p>
      {hasSideColumn ? (
        <div className="flex items-start gap-6">
          <div className="flex min-w-0 flex-1 flex-col gap-4" data-testid="point-mall-main">
            {tabRow}
            {content[tab]}
          </div>
          <aside
            className="flex w-[360px] shrink-0 flex-col gap-4"
            aria-label={t('pages.pointMallTitle')}
            data-testid="point-mall-side"
          >
            <PointsBalanceCard />
            <Panel className="p-4">
              <ExchangeSection />
            </Panel>
            <Panel className="p-4">
              <RulesSection />
            </Panel>
          </aside>
        </div>
      ) : (
        <>
          <PointsBalanceCard />
          {tabRow}
          {content[tab]}
        </>
      )}
    </PageFrame>
  );
}
