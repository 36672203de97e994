import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { GoodsTab } from '../features/points/goods-tab.tsx';
import { RedeemsTab } from '../features/points/redeems-tab.tsx';

type Tab = 'goods' | 'redeems';

const TABS: readonly (readonly [Tab, string])[] = [
  ['goods', 'Points goods'],
  ['redeems', 'Redeems'],
];

/** The redeem queue is read and decided by operators who decide redeems, and only by them. */
const tabsOf = (canDecideRedeems: boolean) => TABS.filter(([tab]) => tab !== 'redeems' || canDecideRedeems);

/**
 * Loyalty (docs/loyalty.md): one page of tabs for one merchant, each tab a feature's screen (the
 * points mall's goods and redeem queue), put together here since features never import each other.
 */
export function LoyaltyPage(
  props: MerchantScope & {
    /** Change the loyalty programme: goods, levels, settings (loyalty.write). */
    canWrite: boolean;
    /** Approve and reject members' redeems (loyalty.redeems). */
    canDecideRedeems: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'goods');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Loyalty views"
        tabs={tabsOf(props.canDecideRedeems)}
        page={page}
      />
      {page.tab === 'goods' && (
        <GoodsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'redeems' && props.canDecideRedeems && (
        <RedeemsTab key={page.merchantId} merchantId={page.merchantId} />
      )}
    </div>
  );
}
