import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import { ClassifyTab } from './classify-tab.tsx';
import { GamesTab } from './games-tab.tsx';
import { VendorsTab } from './vendors-tab.tsx';
import './games.css';

const TABS = [
  ['games', 'Games'],
  ['vendors', 'Vendors'],
  ['categories', 'Categories'],
] as const;
type Tab = (typeof TABS)[number][0];

/**
 * The catalogue the lobby shows: games (filters, inline status, the edit drawer, bulk actions),
 * vendors (status, order, display name, in-house list) and categories (classify groups).
 */
export function GamesPage(props: MerchantScope & { canWrite: boolean }) {
  const page = useMerchantTabs<Tab>(props, 'games');
  const { tab } = page;
  const tabProps = { merchantId: page.merchantId, canWrite: props.canWrite, onNotice: page.setNotice };
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Catalogue parts" tabs={TABS} page={page} />
      {tab === 'games' && <GamesTab {...tabProps} />}
      {tab === 'vendors' && <VendorsTab {...tabProps} />}
      {tab === 'categories' && <ClassifyTab {...tabProps} />}
    </div>
  );
}
