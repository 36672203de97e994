import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportingNotice, Net } from '../../../components/bets/bet-record-parts';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  fetchTeamProfitLoss,
  type ProfitLossView,
  type TeamFigures,
  type TeamGameTypeFigures,
  type TeamMemberFigures,
  teamProfitLossPageSize,
} from '../api/team-report';
import { memberKindOf } from '../downline-words';

/** One row of either view: a member (masked account, kind, level) or a game type. */
type FigureRow = TeamFigures & { key: string; name: string; kind?: string; level?: number | null };

/**
 * palStatementsAgentCopy (spec §2): my team's profit and loss over the chosen days, by member (the
 * members who won most from the house first, 50 a page) or by game type, with the totals. P&L is
 * the members' result: payout less stake, negative when the house won.
 */
export function ProfitLossPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [by, setBy] = useState<ProfitLossView>('member');
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [pageNo, setPageNo] = useState(1);
  const range = datePresetRange(preset, new Date());
  const report = useQuery({
    queryKey: ['agentTeamProfitLoss', language, by, range.from, range.to, pageNo],
    queryFn: ({ signal }) => fetchTeamProfitLoss({ by, range, pageNo }, language, signal),
    placeholderData: keepPreviousData,
  });
  const views: TabItem<ProfitLossView>[] = [
    { key: 'member', label: t('teamReport.byMember') },
    { key: 'gameType', label: t('teamReport.byGameType') },
  ];
  // What the answer on screen is by: while the other view loads, the previous answer stays.
  const shownBy: ProfitLossView = report.data?.by === 'gameType' ? 'gameType' : 'member';
  const gameTypeName = (code: string) => t(`games.${code}`, { defaultValue: t('games.OTHER') });
  const rows: FigureRow[] | undefined = report.data
    ? shownBy === 'gameType'
      ? report.data.gameTypes.map((row: TeamGameTypeFigures) => ({
          ...row,
          key: row.gameType,
          name: gameTypeName(row.gameType),
        }))
      : report.data.members.map((row: TeamMemberFigures) => ({
          ...row,
          key: row.memberId,
          name: row.account,
          kind: t(`agent.kinds.${memberKindOf(row.type)}`),
          level: row.level,
        }))
    : undefined;
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="profit-loss-page">
      <Tabs
        label={t('pages.agentPages.palStatementsAgentCopy')}
        items={views}
        value={by}
        onChange={(next) => {
          setBy(next);
          setPageNo(1);
        }}
      />
      <DatePresetChips
        value={preset}
        onChange={(next) => {
          setPreset(next);
          setPageNo(1);
        }}
      />
      {report.data && !report.isError ? <ImportingNotice importing={report.data.importing} /> : null}
      {report.isError ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : !report.data || !rows ? (
        <div data-testid="profit-loss-loading">
          <SkeletonLines lines={6} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState line={t('teamReport.noBets')} icon={<Scale size={26} aria-hidden="true" />} />
      ) : (
        <>
          <TotalsPanel totals={report.data.totals} symbol={symbol} />
          {shownBy === 'member' ? (
            <p className="text-xs text-muted" data-testid="profit-loss-total">
              {t('teamReport.members', { count: report.data.total })} · {t('teamReport.order')}
            </p>
          ) : null}
          <FigureList rows={rows} symbol={symbol} by={shownBy} />
          {shownBy === 'member' ? (
            <Pagination
              current={pageNo}
              total={Math.ceil(report.data.total / teamProfitLossPageSize)}
              onChange={setPageNo}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function TotalsPanel({ totals, symbol }: { totals: TeamFigures; symbol: string }) {
  const { t } = useTranslation();
  const items = [
    { key: 'betCount', value: String(totals.betCount) },
    { key: 'validBet', value: formatMoney(totals.validBet, symbol) },
    { key: 'stake', value: formatMoney(totals.stake, symbol) },
    { key: 'payout', value: formatMoney(totals.payout, symbol) },
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-raised p-3 text-sm md:grid-cols-5"
      data-testid="profit-loss-totals"
    >
      {items.map((item) => (
        <div key={item.key} className="flex flex-col">
          <dt className="text-xs text-muted">{t(`teamReport.columns.${item.key}`)}</dt>
          <dd className="tabular font-semibold text-text">{item.value}</dd>
        </div>
      ))}
      <div className="flex flex-col">
        <dt className="text-xs text-muted">{t('teamReport.columns.profitLoss')}</dt>
        <dd className="font-semibold">
          <Net amount={totals.profitLoss} symbol={symbol} />
        </dd>
      </div>
    </dl>
  );
}

/** The rows as cards on a phone and as a table from a tablet up. */
function FigureList({ rows, symbol, by }: { rows: FigureRow[]; symbol: string; by: ProfitLossView }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, symbol);
  const nameHeading = by === 'member' ? t('teamReport.columns.account') : t('teamReport.columns.gameType');
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={row.key}
            className="rounded-lg border border-line px-3 py-2.5"
            data-testid="profit-loss-row"
          >
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate font-semibold text-text">{row.name}</p>
              <Net amount={row.profitLoss} symbol={symbol} className="font-semibold" />
            </div>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              {row.kind ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-muted">{t('teamReport.columns.type')}</dt>
                  <dd className="text-text">
                    {row.kind}
                    {row.level ? ` · ${t('teamReport.level', { level: row.level })}` : ''}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('teamReport.columns.betCount')}</dt>
                <dd className="tabular text-text">{row.betCount}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('teamReport.columns.validBet')}</dt>
                <dd className="tabular text-text">{money(row.validBet)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('teamReport.columns.stake')}</dt>
                <dd className="tabular text-text">{money(row.stake)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('teamReport.columns.payout')}</dt>
                <dd className="tabular text-text">{money(row.payout)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="profit-loss-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{nameHeading}</th>
            {by === 'member' ? (
              <>
                <th className="py-2 pr-3 font-medium">{t('teamReport.columns.type')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('teamReport.columns.level')}</th>
              </>
            ) : null}
            <th className="py-2 pr-3 text-right font-medium">{t('teamReport.columns.betCount')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('teamReport.columns.validBet')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('teamReport.columns.stake')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('teamReport.columns.payout')}</th>
            <th className="py-2 text-right font-medium">{t('teamReport.columns.profitLoss')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key} data-testid="profit-loss-row">
              <td className="py-2.5 pr-3 font-medium text-text">{row.name}</td>
              {by === 'member' ? (
                <>
                  <td className="py-2.5 pr-3 text-text">{row.kind}</td>
                  <td className="py-2.5 pr-3 text-right tabular text-text">{row.level ?? '–'}</td>
                </>
              ) : null}
              <td className="py-2.5 pr-3 text-right tabular text-text">{row.betCount}</td>
              <td className="py-2.5 pr-3 text-right tabular text-text">{money(row.validBet)}</td>
              <td className="py-2.5 pr-3 text-right tabular text-text">{money(row.stake)}</td>
              <td className="py-2.5 pr-3 text-right tabular text-text">{money(row.payout)}</td>
              <td className="py-2.5 text-right">
                <Net amount={row.profitLoss} symbol={symbol} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
