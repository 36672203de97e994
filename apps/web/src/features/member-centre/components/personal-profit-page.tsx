import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { type DatePreset, datePresetRange } from '../../../lib/date-presets';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchPersonalProfit } from '../api/statements';
import { DatePresetChips } from './date-preset-chips';

function Profit({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) {
  const isLoss = amount.startsWith('-');
  const isZero = amount === '0.00';
  return (
    <span
      className={joinClassNames(
        'tabular',
        isZero ? 'text-text' : isLoss ? 'text-danger' : 'text-success',
        className,
      )}
    >
      {isLoss || isZero ? '' : '+'}
      {formatMoney(amount, symbol)}
    </span>
  );
}

/** personalProfit of the member centre (spec §2): profit and loss per game type over a period. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [preset, setPreset] = useState<DatePreset>('last7');
  const range = datePresetRange(preset, new Date());
  const query = useQuery({
    queryKey: ['personal-profit', range.from, range.to, language],
    queryFn: () => fetchPersonalProfit(range, language),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="personal-profit-page">
      <DatePresetChips value={preset} onChange={setPreset} />
      {query.isPending ? (
        <SkeletonLines lines={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line bg-raised p-4">
            <span className="text-sm text-muted">{t('statements.profit.result')}</span>
            <Profit amount={query.data.totals.profit} symbol={symbol} className="text-2xl font-bold" />
            <span className="w-full text-xs text-muted tabular">
              {t('statements.profit.summary', {
                rounds: query.data.totals.rounds,
                stake: formatMoney(query.data.totals.stake, symbol),
                win: formatMoney(query.data.totals.win, symbol),
              })}
            </span>
          </div>
          {query.data.list.length === 0 ? (
            <EmptyState
              icon={<ChartNoAxesColumn size={26} strokeWidth={1.75} aria-hidden="true" />}
              line={t('statements.profit.empty')}
            />
          ) : (
            <ul className="divide-y divide-line rounded-lg border border-line" data-testid="profit-lines">
              {query.data.list.map((line) => (
                <li key={line.gameType} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-text">{line.gameType}</p>
                    <p className="text-xs text-muted tabular">
                      {t('statements.profit.summary', {
                        rounds: line.rounds,
                        stake: formatMoney(line.stake, symbol),
                        win: formatMoney(line.win, symbol),
                      })}
                    </p>
                  </div>
                  <Profit amount={line.profit} symbol={symbol} className="font-semibold" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
