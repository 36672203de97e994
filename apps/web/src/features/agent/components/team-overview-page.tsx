import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportingNotice } from '../../../components/bets/bet-record-parts';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchTeamOverview, type TeamOverview, type TeamOverviewDay } from '../api/team-report';
import { clockTimeOf, dayLabelOf } from '../team-report-format';
import { TeamDailyChart } from './team-daily-chart';

type ChartMeasure = 'validBet' | 'profitLoss' | 'deposits' | 'withdrawals';
const CHART_MEASURES: readonly ChartMeasure[] = ['validBet', 'profitLoss', 'deposits', 'withdrawals'];

/**
 * agentTeamOverview (spec §2, the agent centre's first page): my team over the chosen days (the
 * past 30 by default) — size, new and active members, first deposits, deposits, withdrawals, valid
 * bet and the team's P&L — and a chart a day. Betting figures are rebuilt every minute, so the page
 * says up to when they are complete.
 */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [preset, setPreset] = useState<DatePreset>('last30');
  const [measure, setMeasure] = useState<ChartMeasure>('validBet');
  const range = datePresetRange(preset, new Date());
  const overview = useQuery({
    queryKey: ['agentTeamOverview', language, range.from, range.to],
    queryFn: ({ signal }) => fetchTeamOverview(range, language, signal),
    placeholderData: keepPreviousData,
  });
  const measures: TabItem<ChartMeasure>[] = CHART_MEASURES.map((key) => ({
    key,
    label: t(`teamReport.measures.${key}`),
  }));
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="team-overview-page">
      <DatePresetChips value={preset} onChange={setPreset} />
      {overview.isPending ? (
        <div data-testid="team-overview-loading">
          <SkeletonLines lines={8} />
        </div>
      ) : overview.isError ? (
        <ErrorState onRetry={() => void overview.refetch()} />
      ) : overview.data.teamSize === 0 ? (
        <EmptyState line={t('teamReport.noTeam')} icon={<BarChart3 size={26} aria-hidden="true" />} />
      ) : (
        <>
          <ImportingNotice importing={overview.data.importing} />
          <p className="text-xs text-muted" data-testid="team-overview-as-of">
            {overview.data.asOf
              ? t('teamReport.asOf', { time: clockTimeOf(language, overview.data.asOf) })
              : t('teamReport.preparing')}
          </p>
          <OverviewCards overview={overview.data} symbol={symbol} />
          <section className="flex flex-col gap-3" aria-label={t('teamReport.chartTitle')}>
            <h3 className="text-sm font-semibold text-text">{t('teamReport.chartTitle')}</h3>
            <Tabs
              label={t('teamReport.chartTitle')}
              variant="chips"
              items={measures}
              value={measure}
              onChange={setMeasure}
            />
            <TeamDailyChart
              title={t(`teamReport.measures.${measure}`)}
              points={overview.data.days.map((day: TeamOverviewDay) => ({
                day: day.day,
                amount: day[measure],
              }))}
              symbol={symbol}
              formatDay={dayLabelOf(language)}
            />
          </section>
        </>
      )}
    </div>
  );
}

function OverviewCards({ overview, symbol }: { overview: TeamOverview; symbol: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, symbol);
  const isTeamUp = !overview.teamProfitLoss.startsWith('-') && overview.teamProfitLoss !== '0.00';
  const cards: { key: string; value: string; line?: string; tone?: string }[] = [
    { key: 'teamSize', value: String(overview.teamSize) },
    { key: 'newMembers', value: String(overview.newMembers) },
    { key: 'activeMembers', value: String(overview.activeMembers) },
    {
      key: 'firstDeposits',
      value: String(overview.firstDeposits.count),
      line: money(overview.firstDeposits.amount),
    },
    {
      key: 'deposits',
      value: money(overview.deposits.amount),
      line: t('teamReport.count', { count: overview.deposits.count }),
    },
    {
      key: 'withdrawals',
      value: money(overview.withdrawals.amount),
      line: t('teamReport.count', { count: overview.withdrawals.count }),
    },
    { key: 'validBet', value: money(overview.validBet) },
    {
      key: 'teamProfitLoss',
      value: `${isTeamUp ? '+' : ''}${money(overview.teamProfitLoss)}`,
      tone: isTeamUp ? 'text-success' : 'text-text',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="team-overview-cards">
      {cards.map((card) => (
        <div
          key={card.key}
          className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-line bg-raised px-3 py-2.5"
          data-testid={`team-kpi-${card.key}`}
        >
          <dt className="text-xs text-muted">{t(`teamReport.kpis.${card.key}`)}</dt>
          <dd className={`truncate text-lg font-semibold tabular ${card.tone ?? 'text-text'}`}>
            {card.value}
          </dd>
          {card.line ? <dd className="text-xs tabular text-muted">{card.line}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
