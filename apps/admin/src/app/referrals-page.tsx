import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import {
  ReferralCostTab,
  ReferralRewardsTab,
  ReferralRulesTab,
  ReferralsTab,
} from '../features/referrals/referrals-tabs.tsx';

type Tab = 'rules' | 'referrals' | 'rewards' | 'cost';

const TABS: readonly (readonly [Tab, string])[] = [
  ['rules', 'Rules'],
  ['referrals', 'Referrals'],
  ['rewards', 'Rewards and review'],
  ['cost', 'Cost'],
];

/** The cost report is a report: operators who read reports see it. */
const tabsOf = (canReadReports: boolean) => TABS.filter(([tab]) => tab !== 'cost' || canReadReports);

/**
 * Member referrals (docs/referrals.md "Back office"): one page of tabs for one merchant: the
 * programme's rules, the friends who joined with members' codes and the checks' flags, the rewards
 * with the review of held ones, and what the programme cost.
 */
export function ReferralsPage(
  props: MerchantScope & {
    /** Add and change rules, approve and reject held rewards (referrals.write). */
    canWrite: boolean;
    /** The cost report (reports.read). */
    canReadReports: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'rules');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Referral views"
        tabs={tabsOf(props.canReadReports)}
        page={page}
      />
      {page.tab === 'rules' && (
        <ReferralRulesTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'referrals' && <ReferralsTab key={page.merchantId} merchantId={page.merchantId} />}
      {page.tab === 'rewards' && (
        <ReferralRewardsTab key={page.merchantId} merchantId={page.merchantId} canWrite={props.canWrite} />
      )}
      {page.tab === 'cost' && props.canReadReports && (
        <ReferralCostTab key={page.merchantId} merchantId={page.merchantId} />
      )}
    </div>
  );
}
