import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { DropsCostTab, DropsTab } from '../features/red-envelopes/red-envelopes-tabs.tsx';

type Tab = 'drops' | 'cost';

const TABS: readonly (readonly [Tab, string])[] = [
  ['drops', 'Drops'],
  ['cost', 'Cost'],
];

/** The cost report is a report: operators who read reports see it. */
const tabsOf = (canReadReports: boolean) => TABS.filter(([tab]) => tab !== 'cost' || canReadReports);

/**
 * Red envelopes (docs/red-envelopes.md "Wire (back office)"): one page of tabs for one merchant:
 * the drops with their opened envelopes, and what they cost.
 */
export function RedEnvelopesPage(
  props: MerchantScope & {
    /** Schedule, change and cancel drops before they open (rewards.write). */
    canWrite: boolean;
    /** The cost report (reports.read). */
    canReadReports: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'drops');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Red-envelope views"
        tabs={tabsOf(props.canReadReports)}
        page={page}
      />
      {page.tab === 'drops' && (
        <DropsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'cost' && props.canReadReports && (
        <DropsCostTab key={page.merchantId} merchantId={page.merchantId} />
      )}
    </div>
  );
}
