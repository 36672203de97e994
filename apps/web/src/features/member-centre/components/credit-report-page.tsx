import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { type CreditReportDay, fetchCreditReport } from '../api/statements';
import { PeriodReport } from './period-report';

const COLUMNS = ['opening', 'credits', 'debits', 'closing'] as const;

function useDay() {
  const language = useLanguage();
  return new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

function Figure({
  column,
  value,
  symbol,
}: {
  column: (typeof COLUMNS)[number];
  value: string;
  symbol: string;
}) {
  const text = formatMoney(value, symbol);
  if (column === 'credits' && value !== '0.00') return <span className="text-success">+{text}</span>;
  if (column === 'debits' && value !== '0.00') return <span>−{text}</span>;
  return <span>{text}</span>;
}

/** The credit report (spec §2): the member's cash statement per day of the merchant's time zone. */
export function CreditReportPage() {
  const { t } = useTranslation();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const day = useDay();
  // Days are calendar dates: format them at noon UTC so no zone moves them.
  const dateOf = (row: CreditReportDay) => day.format(new Date(`${row.date}T12:00:00Z`));
  return (
    <PeriodReport
      name="credit-report"
      fetchReport={fetchCreditReport}
      loadingLines={5}
      testId="credit-report-page"
    >
      {(report) => (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="credit-report-totals">
            {COLUMNS.map((column) => (
              <div key={column} className="rounded-lg border border-line bg-raised px-3 py-2">
                <dt className="text-xs text-muted">{t(`statements.report.${column}`)}</dt>
                <dd className="text-base font-semibold tabular text-text">
                  <Figure column={column} value={report.totals[column]} symbol={symbol} />
                </dd>
              </div>
            ))}
          </dl>
          <ul className="flex flex-col gap-2 md:hidden">
            {report.list.map((row) => (
              <li
                key={row.date}
                className="rounded-lg border border-line px-3 py-2.5"
                data-testid="report-day"
              >
                <p className="text-sm font-semibold text-text">{dateOf(row)}</p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
                  {COLUMNS.map((column) => (
                    <div key={column} className="flex justify-between gap-2">
                      <dt className="text-muted">{t(`statements.report.short.${column}`)}</dt>
                      <dd className="tabular text-text">
                        <Figure column={column} value={row[column]} symbol={symbol} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-sm md:table">
            <thead>
              <tr className="border-b border-line text-left text-xs text-muted">
                <th className="py-2 pr-3 font-medium">{t('statements.report.date')}</th>
                {COLUMNS.map((column) => (
                  <th key={column} className="py-2 pr-3 text-right font-medium last:pr-0">
                    {t(`statements.report.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {report.list.map((row) => (
                <tr key={row.date} data-testid="report-day">
                  <td className="py-2.5 pr-3 text-text">{dateOf(row)}</td>
                  {COLUMNS.map((column) => (
                    <td key={column} className="py-2.5 pr-3 text-right tabular text-text last:pr-0">
                      <Figure column={column} value={row[column]} symbol={symbol} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </PeriodReport>
  );
}
