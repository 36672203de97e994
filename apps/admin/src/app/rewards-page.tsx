import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { DrawsTab } from '../features/rewards/draws-tab.tsx';
import { RewardReportTab } from '../features/rewards/report-tab.tsx';
import { TicketRulesTab } from '../features/rewards/rules-tab.tsx';
import { PrizeTablesTab } from '../features/rewards/tables-tab.tsx';

type Tab = 'tables' | 'rules' | 'draws' | 'report';

const TABS: readonly (readonly [Tab, string])[] = [
  ['tables', 'Prize tables'],
  ['rules', 'Ticket rules'],
  ['draws', 'Draws'],
  ['report', 'Cost report'],
];

/**
 * Rewards (docs/rewards.md): the prize wheels and golden eggs with their chances and expected cost,
 * the rules that give tickets, the draws members made and what they cost, for one merchant.
 */
export function RewardsPage(
  props: MerchantScope & {
    /** Change prize tables and ticket rules (rewards.write). */
    canWrite: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'tables');
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Rewards views" tabs={TABS} page={page} />
      {page.tab === 'tables' && (
        <PrizeTablesTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'rules' && (
        <TicketRulesTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'draws' && <DrawsTab key={page.merchantId} merchantId={page.merchantId} />}
      {page.tab === 'report' && <RewardReportTab key={page.merchantId} merchantId={page.merchantId} />}
    </div>
  );
}
