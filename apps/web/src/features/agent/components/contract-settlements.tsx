import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronRight, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, Net } from '../../../components/bets/bet-record-parts';
import { Dialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  type ContractSettlement,
  contractListPageSize,
  contractsKey,
  fetchSettlements,
  type SettlementSide,
} from '../api/contracts';
import type { ContractKind } from '../contract-kinds';
import { carriedOutOf, formatRate } from '../contract-terms';
import { useContractWords } from './contract-parts';

const statusTones: Record<ContractSettlement['status'], StatusTone> = {
  paid: 'good',
  processing: 'waiting',
  approval: 'waiting',
  deferred: 'neutral',
  cancelled: 'bad',
};

function SettlementStatus({ status }: { status: ContractSettlement['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={statusTones[status]}>{t(`contracts.settlements.statuses.${status}`)}</StatusBadge>
  );
}

/**
 * The kind's past cycles, newest first: what I was paid (received) or what I paid my downlines
 * (paid), a page at a time; each opens with the inputs it was settled on, frozen then.
 */
export function SettlementsSection({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const words = useContractWords();
  const [side, setSide] = useState<SettlementSide>('received');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<ContractSettlement | null>(null);
  const settlements = useQuery({
    queryKey: [...contractsKey(kind, language), 'settlements', side, pageNo],
    // The answer keeps its side: while the other side loads, the list shown still reads as its own.
    queryFn: async ({ signal }) => ({
      side,
      ...(await fetchSettlements({ kind, side, pageNo }, language, signal)),
    }),
    placeholderData: keepPreviousData,
  });
  const sides: TabItem<SettlementSide>[] = [
    { key: 'received', label: t('contracts.settlements.sides.received') },
    { key: 'paid', label: t('contracts.settlements.sides.paid') },
  ];
  const shownSide = settlements.data?.side ?? side;
  // The other side of a cycle: who paid me, or whom I paid.
  const counterpartOf = (settlement: ContractSettlement) =>
    shownSide === 'received' ? words.party(settlement.payer) : settlement.payee.account;
  const counterpartHeading = t(`contracts.settlements.counterpart.${shownSide}`);
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`contract-settlements-${kind}`}>
      <h3 id={`contract-settlements-${kind}`} className="text-sm font-semibold">
        {t('contracts.settlements.title')}
      </h3>
      <Tabs
        label={t('contracts.settlements.title')}
        items={sides}
        value={side}
        onChange={(next) => {
          setSide(next);
          setPageNo(1);
        }}
      />
      {settlements.isPending ? (
        <SkeletonLines lines={4} />
      ) : settlements.isError ? (
        <ErrorState isCompact onRetry={() => void settlements.refetch()} />
      ) : settlements.data.list.length === 0 ? (
        <EmptyState
          line={t(`contracts.settlements.empty.${shownSide}`)}
          icon={<History size={26} aria-hidden="true" />}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-2 md:hidden">
            {settlements.data.list.map((settlement) => (
              <li key={settlement.id}>
                <button
                  type="button"
                  onClick={() => setOpen(settlement)}
                  className="flex w-full flex-col gap-1 rounded-lg border border-line px-3 py-2.5 text-left"
                  data-testid="contract-settlement"
                >
                  <span className="flex w-full items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-semibold text-text">
                      {words.cycle(settlement.cycleKey)}
                    </span>
                    <SettlementStatus status={settlement.status} />
                  </span>
                  <span className="flex w-full items-center gap-2 text-xs text-muted">
                    <span className="min-w-0 flex-1 truncate">
                      {counterpartHeading}: {counterpartOf(settlement)} · {formatRate(settlement.rateBp)}
                    </span>
                    <span className="tabular text-sm font-semibold text-text">
                      {words.money(settlement.amount)}
                    </span>
                    <ChevronRight size={16} aria-hidden="true" />
                  </span>
                  <CarriedOut settlement={settlement} className="text-xs text-muted" />
                </button>
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-sm md:table" data-testid="contract-settlement-table">
            <thead>
              <tr className="border-b border-line text-left text-xs text-muted">
                <th className="py-2 pr-3 font-medium">{t('contracts.settlements.cycle')}</th>
                <th className="py-2 pr-3 font-medium">{counterpartHeading}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('contracts.settlements.base')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('contracts.terms.rate')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('contracts.settlements.amount')}</th>
                <th className="py-2 pr-3 font-medium">{t('contracts.settlements.status')}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{t('contracts.settlements.details')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {settlements.data.list.map((settlement) => (
                <tr key={settlement.id} data-testid="contract-settlement">
                  <td className="py-2.5 pr-3 text-text">{words.cycle(settlement.cycleKey)}</td>
                  <td className="py-2.5 pr-3 text-text">{counterpartOf(settlement)}</td>
                  <td className="py-2.5 pr-3 text-right tabular text-text">
                    {words.money(settlement.base)}
                    <CarriedOut settlement={settlement} className="block text-xs text-muted" />
                  </td>
                  <td className="py-2.5 pr-3 text-right tabular text-text">
                    {formatRate(settlement.rateBp)}
                  </td>
                  <td className="py-2.5 pr-3 text-right tabular font-semibold text-text">
                    {words.money(settlement.amount)}
                  </td>
                  <td className="py-2.5 pr-3">
                    <SettlementStatus status={settlement.status} />
                  </td>
                  <td className="py-1 text-right">
                    <button
                      type="button"
                      onClick={() => setOpen(settlement)}
                      className="min-h-10 rounded-md px-3 text-sm font-medium text-brand-strong hover:bg-raised"
                    >
                      {t('contracts.settlements.details')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            current={pageNo}
            total={Math.ceil(settlements.data.total / contractListPageSize)}
            onChange={setPageNo}
          />
        </>
      )}
      {open ? <SettlementDialog settlement={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** What a settled cycle carried into the next cycle's base, on its row; nothing when it carried nothing. */
function CarriedOut({ settlement, className }: { settlement: ContractSettlement; className: string }) {
  const { t } = useTranslation();
  const words = useContractWords();
  const carriedOut = carriedOutOf(settlement);
  if (carriedOut === null) return null;
  return (
    <span className={className} data-testid="contract-settlement-carry-out">
      {t('contracts.settlements.inputs.carryOut')}: {words.money(carriedOut)}
    </span>
  );
}

/** One settled cycle with everything it was computed from, as frozen when it settled. */
function SettlementDialog({ settlement, onClose }: { settlement: ContractSettlement; onClose: () => void }) {
  const { t } = useTranslation();
  const words = useContractWords();
  const { inputs } = settlement;
  const isDividend = settlement.kind === 'dividend';
  const carriedOut = carriedOutOf(settlement);
  return (
    <Dialog
      title={t('contracts.settlements.detailTitle', {
        kind: t(`contracts.kinds.${settlement.kind}`),
        cycle: words.cycle(settlement.cycleKey),
      })}
      onClose={onClose}
      size="sm"
      testId="contract-settlement-detail"
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="tabular text-xl font-semibold text-accent">{words.money(settlement.amount)}</span>
          <SettlementStatus status={settlement.status} />
        </div>
        <dl className="divide-y divide-line">
          <Fact label={t('contracts.settlements.payer')}>{words.party(settlement.payer)}</Fact>
          <Fact label={t('contracts.settlements.payee')}>{settlement.payee.account}</Fact>
          <Fact label={t('contracts.settlements.inputs.activeMembers')}>{inputs.activeMembers}</Fact>
          <Fact label={t('contracts.settlements.inputs.validBet')}>{words.money(inputs.validBet)}</Fact>
          {isDividend ? (
            <>
              <Fact label={t('contracts.settlements.inputs.profitLoss')}>
                <Net amount={inputs.profitLoss} symbol={words.symbol} />
              </Fact>
              <Fact label={t('contracts.settlements.inputs.rewards')}>{words.money(inputs.rewards)}</Fact>
              <Fact label={t('contracts.settlements.inputs.carryIn')}>{words.money(inputs.carryIn)}</Fact>
            </>
          ) : null}
          {settlement.kind === 'realtime' ? (
            <Fact label={t('contracts.settlements.inputs.accruedIn')}>{words.money(inputs.carryIn)}</Fact>
          ) : null}
          <Fact label={t('contracts.settlements.inputs.lateDifference')}>
            {words.money(inputs.lateDifference)}
          </Fact>
          <Fact label={t('contracts.settlements.base')}>{words.money(settlement.base)}</Fact>
          {carriedOut === null ? null : (
            <Fact label={t('contracts.settlements.inputs.carryOut')}>{words.money(carriedOut)}</Fact>
          )}
          <Fact label={t('contracts.settlements.inputs.tier')}>
            {settlement.tierIndex === null
              ? t('contracts.progress.noTier')
              : t('contracts.progress.tierRate', {
                  number: settlement.tierIndex + 1,
                  rate: formatRate(settlement.rateBp),
                })}
          </Fact>
          <Fact label={t('contracts.settlements.settledAt')}>{words.time(settlement.settledAt)}</Fact>
          {settlement.paidAt ? (
            <Fact label={t('contracts.settlements.paidAt')}>{words.time(settlement.paidAt)}</Fact>
          ) : null}
        </dl>
      </div>
    </Dialog>
  );
}
