import { useState } from 'react';
import {
  ChangeNotice,
  MerchantPicker,
  type MerchantScope,
  useMerchantChoice,
} from '../../components/merchant-picker.tsx';
import { ClassifyTab } from './classify-tab.tsx';
import { GamesTab } from './games-tab.tsx';
import type { Notice } from './notice.ts';
import { VendorsTab } from './vendors-tab.tsx';
import './games.css';
import { ChoiceChips } from '../../components/choice-chips.tsx';

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
  const [merchantId, setMerchantId] = useMerchantChoice(props);
  const [tab, setTab] = useState<Tab>('games');
  const [notice, setNotice] = useState<Notice>(null);
  const tabProps = { merchantId, canWrite: props.canWrite, onNotice: setNotice };
  return (
    <div className="page">
      <div className="toolbar">
        <MerchantPicker {...props} value={merchantId} onChange={setMerchantId} />
        <ChoiceChips
          label="Catalogue parts"
          choices={TABS}
          value={tab}
          onChange={(id) => {
            setNotice(null);
            setTab(id);
          }}
        />
      </div>
      <ChangeNotice notice={notice} />
      {tab === 'games' && <GamesTab {...tabProps} />}
      {tab === 'vendors' && <VendorsTab {...tabProps} />}
      {tab === 'categories' && <ClassifyTab {...tabProps} />}
    </div>
  );
}
