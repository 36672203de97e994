import { useState } from 'react';
import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import type { SettlementScope } from './contracts-api.ts';
import { ContractsTab } from './contracts-tab.tsx';
import { OffersTab } from './offers-tab.tsx';
import { RunsTab } from './runs-tab.tsx';
import { SettlementsTab } from './settlements-tab.tsx';
import { TemplatesTab } from './templates-tab.tsx';
import './contracts.css';

type Tab = 'contracts' | 'offers' | 'runs' | 'settlements' | 'templates';

const TABS: readonly (readonly [Tab, string])[] = [
  ['contracts', 'Contracts'],
  ['offers', 'Offers'],
  ['runs', 'Settlement runs'],
  ['settlements', 'Settlements'],
  ['templates', 'Templates'],
];

/**
 * Agent contracts (docs/contracts.md): every signed contract with its versions, the offers, the
 * settlement runs of each kind with a preview and "settle now", the settlements waiting for an
 * operator, and the merchant's templates that cap what a top-level agent may be given.
 */
export function ContractsPage(
  props: MerchantScope & {
    /** Offer and end contracts, settle cycles, act on settlements (players.write). */
    canWrite: boolean;
    /** Change the templates (settings.write). */
    canEditTemplates: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'contracts');
  const [settlementScope, setSettlementScope] = useState<SettlementScope>({ kind: '', cycleKey: '' });
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Contracts views" tabs={TABS} page={page} />
      {page.tab === 'contracts' && (
        <ContractsTab key={page.merchantId} merchantId={page.merchantId} canWrite={props.canWrite} />
      )}
      {page.tab === 'offers' && (
        <OffersTab key={page.merchantId} merchantId={page.merchantId} canWrite={props.canWrite} />
      )}
      {page.tab === 'runs' && (
        <RunsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onOpenSettlements={(scope) => {
            setSettlementScope(scope);
            page.openTab('settlements');
          }}
        />
      )}
      {page.tab === 'settlements' && (
        <SettlementsTab
          key={`${page.merchantId}-${settlementScope.kind}-${settlementScope.cycleKey}`}
          merchantId={page.merchantId}
          initialScope={settlementScope}
          canWrite={props.canWrite}
        />
      )}
      {page.tab === 'templates' && (
        <TemplatesTab key={page.merchantId} merchantId={page.merchantId} canWrite={props.canEditTemplates} />
      )}
    </div>
  );
}
