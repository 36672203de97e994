import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { RebatesTab } from '../features/loyalty/rebates-tab.tsx';
import { VipGiftsTab } from '../features/loyalty/vip-gifts-tab.tsx';
import { VipLevelsTab } from '../features/loyalty/vip-levels-tab.tsx';
import { VipMembersTab } from '../features/loyalty/vip-members-tab.tsx';
import { GoodsTab } from '../features/points/goods-tab.tsx';
import { RedeemsTab } from '../features/points/redeems-tab.tsx';

type Tab = 'vip-levels' | 'vip-members' | 'vip-gifts' | 'rebates' | 'goods' | 'redeems';

const TABS: readonly (readonly [Tab, string])[] = [
  ['vip-levels', 'VIP levels'],
  ['vip-members', 'VIP members'],
  ['vip-gifts', 'VIP gifts'],
  ['rebates', 'Rebates'],
  ['goods', 'Points goods'],
  ['redeems', 'Redeems'],
];

/** The redeem queue is read and decided by operators who decide redeems, and only by them. */
const tabsOf = (canDecideRedeems: boolean) => TABS.filter(([tab]) => tab !== 'redeems' || canDecideRedeems);

/**
 * Loyalty (docs/loyalty.md): one page of tabs for one merchant, each tab a feature's screen (VIP
 * levels with their members and gifts, the rebates paid, the points mall's goods and redeem
 * queue), put together here since features never import each other.
 */
export function LoyaltyPage(
  props: MerchantScope & {
    /** Change the loyalty programme: levels, the review, a closed day's rebates, goods (loyalty.write). */
    canWrite: boolean;
    /** Approve and reject members' redeems (loyalty.redeems). */
    canDecideRedeems: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'vip-levels');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Loyalty views"
        tabs={tabsOf(props.canDecideRedeems)}
        page={page}
      />
      {page.tab === 'vip-levels' && (
        <VipLevelsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'vip-members' && <VipMembersTab key={page.merchantId} merchantId={page.merchantId} />}
      {page.tab === 'vip-gifts' && <VipGiftsTab key={page.merchantId} merchantId={page.merchantId} />}
      {page.tab === 'rebates' && (
        <RebatesTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
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
