import { Gift } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { Tabs } from '../../../components/ui/tabs';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { Goods } from '../api/points';
import { usePointsBalance, usePointsConfig, usePointsViewer } from '../hooks/use-points';
import { type PointMallSection, shownTab, tabsOf } from '../point-mall-sections';
import { ConvertDialog } from './convert-dialog';
import { ExchangeSection } from './exchange-section';
import { GoodsSection } from './goods-section';
import { PointRecords } from './point-records';
import { PointsBalanceCard } from './points-balance-card';
import { RedeemDialog } from './redeem-dialog';
import { RedeemHistory } from './redeem-history';
import { RulesSection } from './rules-section';

/** From this width the points, the rate table and the rules stand in a column beside the tabs. */
const sideColumnQuery = '(min-width: 1280px)';

/**
 * PointMall (spec §2 "/pointMall", a lazily loaded screen group): current points, the rewards to
 * redeem, the member's redeem history and points details, the rules and the exchange-rate table
 * with its Convert dialog. Visitors see the rewards, the rules and the rates, and a login prompt
 * in place of every action. `?tab=` names the section shown.
 *
 * Phone and desktop share one tree, each part in the same place in both (the side column's parts
 * left out on a phone, the phone's points card on a desktop), and the page holds the redeem and
 * Convert dialogs: a window crossing the side column's width keeps the rewards' page and an open
 * dialog with what was typed in it.
 */
export function PointMallPage() {
  const { t } = useTranslation();
  const { isMember } = usePointsViewer();
  const hasSideColumn = useMediaQuery(sideColumnQuery);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = tabsOf({ isMember, isDesktop: hasSideColumn });
  const tab = shownTab(searchParams.get('tab'), tabs);
  const balance = usePointsBalance();
  const config = usePointsConfig();
  const [redeeming, setRedeeming] = useState<Goods | null>(null);
  const [isConverting, setConverting] = useState(false);
  const points = balance.data?.points ?? null;

  function choose(next: PointMallSection) {
    setSearchParams(next === 'redeem' ? {} : { tab: next }, { replace: true });
  }

  const exchange = (
    <Panel className="p-4">
      <ExchangeSection onConvert={() => setConverting(true)} />
    </Panel>
  );
  const rules = (
    <Panel className="p-4">
      <RulesSection />
    </Panel>
  );
  const content: Record<PointMallSection, ReactNode> = {
    redeem: <GoodsSection onRedeem={setRedeeming} />,
    convert: exchange,
    history: <RedeemHistory />,
    details: <PointRecords />,
    rules,
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
      <div className="flex items-start gap-6">
        <div className="flex min-w-0 flex-1 flex-col gap-4" data-testid="point-mall-main">
          {hasSideColumn ? null : <PointsBalanceCard />}
          {tabRow}
          {content[tab]}
        </div>
        {hasSideColumn ? (
          <aside
            className="flex w-[360px] shrink-0 flex-col gap-4"
            aria-label={t('pages.pointMallTitle')}
            data-testid="point-mall-side"
          >
            <PointsBalanceCard />
            {exchange}
            {rules}
          </aside>
        ) : null}
      </div>
      {redeeming ? (
        <RedeemDialog
          // A new dialog for each reward, so that nothing typed for one carries over to another.
          key={redeeming.id}
          goods={redeeming}
          balance={points}
          onClose={() => setRedeeming(null)}
          onSeeHistory={() => {
            setRedeeming(null);
            choose('history');
          }}
        />
      ) : null}
      {isConverting && config.data ? (
        <ConvertDialog config={config.data} balance={points} onClose={() => setConverting(false)} />
      ) : null}
    </PageFrame>
  );
}
