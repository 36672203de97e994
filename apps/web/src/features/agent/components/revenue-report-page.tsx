import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { useLanguage } from '../../../lib/i18n/i18n';
import { fetchRevenue, type RevenueReport } from '../api/contracts';
import type { ContractKind } from '../contract-kinds';
import { CardFact, useContractWords } from './contract-parts';

/**
 * agentRevenueReport (spec §2): what my contracts paid me over the chosen days, by kind and day,
 * less what I paid my downlines from it, with the totals. A kind shows only when the answer has it
 * (the merchant has it on). My own rebates (docs/loyalty.md "Rebates") follow, by the day paid.
 */
export function RevenueReportPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [preset, setPreset] = useState<DatePreset>('last7');
  const range = datePresetRange(preset, new Date());
  const report = useQuery({
    queryKey: ['agentRevenue', language, range.from, range.to],
    queryFn: ({ signal }) => fetchRevenue(range, language, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="revenue-report-page">
      <p className="text-sm text-muted">{t('contracts.revenue.line')}</p>
      <DatePresetChips value={preset} onChange={setPreset} />
      {report.isError ? (
        <ErrorState line={t('contracts.revenue.loadFailed')} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <div data-testid="revenue-report-loading">
          <SkeletonLines lines={6} />
        </div>
      ) : report.data.days.length === 0 && report.data.rebates.days.length === 0 ? (
        <EmptyState line={t('contracts.revenue.empty')} icon={<Wallet size={26} aria-hidden="true" />} />
      ) : (
        <>
          {report.data.days.length > 0 ? <RevenueFigures report={report.data} /> : null}
          {report.data.rebates.days.length > 0 ? <RebateIncome rebates={report.data.rebates} /> : null}
        </>
      )}
    </div>
  );
}

function RevenueFigures({ report }: { report: RevenueReport }) {
  const { t } = useTranslation();
  const words = useContractWords();
  const kindName = (kind: ContractKind) => t(`contracts.kinds.${kind}`);
  const amountOf = (amounts: Partial<Record<ContractKind, string>>, kind: ContractKind) =>
    words.money(amounts[kind] ?? '0.00');
  return (
    <>
      <dl
        className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-raised p-3 text-sm md:grid-cols-5"
        data-testid="revenue-totals"
      >
        {report.kinds.map((kind) => (
          <div key={kind} className="flex flex-col">
            <dt className="text-xs text-muted">{kindName(kind)}</dt>
            <dd className="tabular font-semibold text-text">{amountOf(report.totals, kind)}</dd>
          </div>
        ))}
        <div className="flex flex-col">
          <dt className="text-xs text-muted">{t('contracts.revenue.total')}</dt>
          <dd className="tabular font-semibold text-accent" data-testid="revenue-total">
            {words.money(report.total)}
          </dd>
        </div>
      </dl>
      <ul className="flex flex-col gap-2 md:hidden">
        {report.days.map((day) => (
          <li key={day.day} className="rounded-lg border border-line px-3 py-2.5" data-testid="revenue-day">
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 font-semibold text-text">{words.day(day.day)}</p>
              <span className="tabular font-semibold text-text">{words.money(day.total)}</span>
            </div>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              {report.kinds.map((kind) => (
                <CardFact key={kind} label={kindName(kind)}>
                  {amountOf(day.amounts, kind)}
                </CardFact>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="revenue-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('contracts.revenue.day')}</th>
            {report.kinds.map((kind) => (
              <th key={kind} className="py-2 pr-3 text-right font-medium">
                {kindName(kind)}
              </th>
            ))}
            <th className="py-2 text-right font-medium">{t('contracts.revenue.total')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {report.days.map((day) => (
            <tr key={day.day} data-testid="revenue-day">
              <td className="py-2.5 pr-3 text-text">{words.day(day.day)}</td>
              {report.kinds.map((kind) => (
                <td key={kind} className="py-2.5 pr-3 text-right tabular text-text">
                  {amountOf(day.amounts, kind)}
                </td>
              ))}
              <td className="py-2.5 text-right tabular font-semibold text-text">{words.money(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The agent's own rebates in the range, by the merchant day they were paid, with their total. */
export function RebateIncome({ rebates }: { rebates: RevenueReport['rebates'] }) {
  const { t } = useTranslation();
  const words = useContractWords();
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="revenue-rebates">
      <div className="flex items-baseline gap-2">
        <h3 className="min-w-0 flex-1 font-semibold text-text">{t('contracts.revenue.rebates')}</h3>
        <span className="tabular font-semibold text-accent">{words.money(rebates.total)}</span>
      </div>
      <p className="text-xs text-muted">{t('contracts.revenue.rebatesLine')}</p>
      <ul className="divide-y divide-line text-sm">
        {rebates.days.map((day) => (
          <li key={day.day} className="flex items-center gap-2 py-2" data-testid="revenue-rebate-day">
            <span className="min-w-0 flex-1 text-text">{words.day(day.day)}</span>
            <span className="tabular text-text">{words.money(day.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
