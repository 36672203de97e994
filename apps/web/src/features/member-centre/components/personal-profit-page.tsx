import { ChartNoAxesColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { usePermission } from '../../../lib/system/system-hooks';
import { fetchPersonalProfit } from '../api/statements';
import { PeriodReport } from './period-report';

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
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  return (
    <PeriodReport
      name="personal-profit"
      fetchReport={fetchPersonalProfit}
      loadingLines={4}
      testId="personal-profit-page"
    >
      {(report) => (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-line bg-raised p-4">
            <span className="text-sm text-muted">{t('statements.profit.result')}</span>
            <Profit amount={report.totals.profit} symbol={symbol} className="text-2xl font-bold" />
            <span className="w-full text-xs text-muted tabular">
              {t('statements.profit.summary', {
                rounds: report.totals.rounds,
                stake: formatMoney(report.totals.stake, symbol),
                win: formatMoney(report.totals.win, symbol),
              })}
            </span>
          </div>
          {report.list.length === 0 ? (
            <EmptyState
              icon={<ChartNoAxesColumn size={26} strokeWidth={1.75} aria-hidden="true" />}
              line={t('statements.profit.empty')}
            />
          ) : (
            <ul className="divide-y divide-line rounded-lg border border-line" data-testid="profit-lines">
              {report.list.map((line) => (
                <li key={line.gameType} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-text">
                      {t(`games.${line.gameType}`, { defaultValue: t('games.OTHER') })}
                    </p>
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
    </PeriodReport>
  );
}
