import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { LeaderboardsTab, MissionsTab, RewardsPaidTab } from '../features/missions/missions-tabs.tsx';

type Tab = 'missions' | 'leaderboards' | 'rewards';

const TABS: readonly (readonly [Tab, string])[] = [
  ['missions', 'Missions'],
  ['leaderboards', 'Leaderboards'],
  ['rewards', 'Rewards paid'],
];

/** The rewards report is a report: operators who read reports see it. */
const tabsOf = (canReadReports: boolean) => TABS.filter(([tab]) => tab !== 'rewards' || canReadReports);

/**
 * Missions and leaderboards (docs/missions.md "Back office"): one page of tabs for one merchant:
 * the missions and the leaderboards with their forms and closing a running period now, and the
 * rewards paid.
 */
export function MissionsPage(
  props: MerchantScope & {
    /** Create and change missions and leaderboards, close a leaderboard's running period now (missions.write). */
    canWrite: boolean;
    /** The rewards report (reports.read). */
    canReadReports: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'missions');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Missions views"
        tabs={tabsOf(props.canReadReports)}
        page={page}
      />
      {page.tab === 'missions' && (
        <MissionsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'leaderboards' && (
        <LeaderboardsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'rewards' && props.canReadReports && (
        <RewardsPaidTab key={page.merchantId} merchantId={page.merchantId} />
      )}
    </div>
  );
}
