import { useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { useMaxMultiplier } from '../../lib/merchant-promotions.ts';
import { ApplicationsTab } from './applications-tab.tsx';
import { PromotionBuilder } from './promotion-builder.tsx';
import { useAudienceAgents, usePromotion } from './promotions-api.ts';
import { PromotionsTab } from './promotions-tab.tsx';
import { RafflePanel } from './raffle-panel.tsx';
import './promotions.css';

type Tab = 'promotions' | 'applications';

const TABS: readonly (readonly [Tab, string])[] = [
  ['promotions', 'Promotions'],
  ['applications', 'Applications'],
];

/** Promotions pay in the merchant's currency: pesos on this platform. */
const CURRENCY = 'PHP';

/** What an opened promotion shows: the builder, or a raffle's draw and winners. */
type OpenView = 'builder' | 'raffle';

/**
 * Promotions (docs/promotions.md): the merchant's promotions by status and tab, the builder with
 * its live preview, publishing and withdrawing, a raffle's draw and winners; and the queue of
 * members' applications.
 */
export function PromotionsPage(
  props: MerchantScope & {
    /** Build, publish, withdraw and review applications (promotions.write). */
    canWrite: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'promotions');
  // The promotion open in the builder, of the merchant it was opened for: another merchant's list
  // shows once the merchant changes.
  const [opened, setOpened] = useState<{ id: string | 'new'; merchantId: string; view: OpenView } | null>(
    null,
  );
  const open = opened?.merchantId === page.merchantId ? opened.id : null;
  const view = opened?.view ?? 'builder';
  const setOpen = (id: string | 'new' | null, openView: OpenView = 'builder') =>
    setOpened(id === null ? null : { id, merchantId: page.merchantId, view: openView });
  // The moment the page opened: schedules and the preview's first state are read against it.
  const [nowMs] = useState(() => Date.now());
  const confirm = useConfirmedAction();
  const { maxMultiplier } = useMaxMultiplier(page.merchantId);
  const close = () => {
    page.setNotice(null);
    setOpen(null);
  };
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Promotions views" tabs={TABS} page={page} />
      {confirm.element}
      {page.tab === 'promotions' &&
        (open === null ? (
          <PromotionsTab
            key={page.merchantId}
            merchantId={page.merchantId}
            canWrite={props.canWrite}
            nowMs={nowMs}
            confirm={confirm}
            onOpen={setOpen}
            onOpenRaffle={(id) => setOpen(id, 'raffle')}
          />
        ) : open === 'new' ? (
          <PromotionBuilder
            key={`new-${page.merchantId}`}
            merchantId={page.merchantId}
            promotion={null}
            audienceAgents={[]}
            canWrite={props.canWrite}
            maxMultiplier={maxMultiplier}
            nowMs={nowMs}
            confirm={confirm}
            onNotice={page.setNotice}
            onSaved={(saved) => setOpen(saved.id)}
            onClose={close}
          />
        ) : (
          <OpenPromotion
            id={open}
            view={view}
            onView={(openView) => setOpen(open, openView)}
            merchantId={page.merchantId}
            canWrite={props.canWrite}
            maxMultiplier={maxMultiplier}
            nowMs={nowMs}
            confirm={confirm}
            onNotice={page.setNotice}
            onClose={close}
          />
        ))}
      {page.tab === 'applications' && (
        <ApplicationsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          currency={CURRENCY}
          confirm={confirm}
        />
      )}
    </div>
  );
}

/**
 * A stored promotion once it and its audience's agents are read: in the builder, or for a raffle
 * its draw and winners.
 */
function OpenPromotion(props: {
  id: string;
  view: OpenView;
  onView: (view: OpenView) => void;
  merchantId: string;
  canWrite: boolean;
  maxMultiplier: number;
  nowMs: number;
  confirm: ReturnType<typeof useConfirmedAction>;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const promotion = usePromotion(props.id);
  const agents = useAudienceAgents(promotion.data?.audienceAgentIds ?? []);
  if (promotion.isError)
    return <ErrorState error={promotion.error} onRetry={() => void promotion.refetch()} />;
  if (promotion.isPending || agents.isPending) return <p className="muted">Loading the promotion…</p>;
  if (props.view === 'raffle' && promotion.data.kind === 'raffle') {
    return (
      <RafflePanel
        promotion={promotion.data}
        canWrite={props.canWrite}
        nowMs={props.nowMs}
        confirm={props.confirm}
        onOpenBuilder={() => props.onView('builder')}
        onClose={props.onClose}
      />
    );
  }
  return (
    <PromotionBuilder
      // A save or a publish answers the promotion as stored: the form starts again from it.
      key={`${promotion.data.id}-${promotion.data.updatedAt}-${promotion.data.status}`}
      merchantId={props.merchantId}
      promotion={promotion.data}
      audienceAgents={agents.agents}
      canWrite={props.canWrite}
      maxMultiplier={props.maxMultiplier}
      nowMs={props.nowMs}
      confirm={props.confirm}
      onNotice={props.onNotice}
      onSaved={() => undefined}
      onClose={props.onClose}
      onOpenRaffle={() => props.onView('raffle')}
    />
  );
}
