import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { LineChart } from '../../components/line-chart.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/query-state.tsx';
import { backOffice, unwrap } from '../../lib/back-office-api.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { PromotionsReport } from './promotions-report.tsx';
import { toCsv } from './report-csv.ts';
import {
  type Column,
  type DayTotals,
  PRESETS,
  type Preset,
  REPORTS,
  type ReportDefinition,
  type Row,
  type Series,
} from './report-definitions.ts';

/** A cell as the table shows it: money grouped with its two decimals, never through floats. */
function cellText(column: Column, value: string | number | undefined): string {
  if (value === undefined) return '—';
  if (column.labels) return labelOfCode(column.labels, value);
  if (column.kind !== 'money') return String(value);
  const [whole = '0', fraction = '00'] = String(value).replace('-', '').split('.');
  return `${String(value).startsWith('-') ? '-' : ''}₱${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** The promotions report: paged per promotion and day, with its sums and a CSV file from the server. */
const PROMOTIONS_REPORT: readonly [string, string] = [
  'promotions',
  'Promotions: bonuses granted, converted and forfeited by day',
];

/**
 * The report framework: pick a report and a range (preset or dates); a chart of the daily totals,
 * the table per day and merchant, and the same rows as CSV. The promotions report has its own
 * table (paged, with the period's sums).
 */
export function ReportsPage() {
  const [reportId, setReportId] = useState(REPORTS[0]?.id ?? '');
  const isPromotions = reportId === PROMOTIONS_REPORT[0];
  const definition = REPORTS.find((entry) => entry.id === reportId) ?? (REPORTS[0] as ReportDefinition);
  const [preset, setPreset] = useState<Preset>('past7Days');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { ...definition.query, ...(preset === 'custom' ? { from, to } : { preset }) };
  const report = useQuery({
    queryKey: ['bo', 'reports', definition.id, query],
    queryFn: async () => {
      const value = await unwrap(backOffice.GET(definition.path, { params: { query } }));
      // The table and the chart read each row by its columns' keys. Reports that read bets also
      // name the transfer-wallet vendors whose bets may not all be imported yet.
      const importing = 'importing' in value ? value.importing : [];
      return { range: value.range, rows: value.rows as Row[], importing };
    },
    enabled: !isPromotions && (preset !== 'custom' || (from !== '' && to !== '')),
  });

  function downloadCsv() {
    if (!report.data) return;
    const blob = new Blob([toCsv(definition.columns, report.data.rows)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${definition.id}-${report.data.range.from}-${report.data.range.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const totals = dailyTotals(report.data?.rows ?? [], definition.series);
  const reportPicker = (
    <ChoiceSelect
      label="Report"
      value={isPromotions ? PROMOTIONS_REPORT[0] : definition.id}
      choices={[...REPORTS.map((entry) => [entry.id, entry.title] as const), PROMOTIONS_REPORT]}
      onChange={setReportId}
    />
  );
  if (isPromotions) {
    return (
      <div className="page">
        <div className="toolbar">{reportPicker}</div>
        <PromotionsReport />
      </div>
    );
  }
  return (
    <div className="page">
      <div className="toolbar">
        {reportPicker}
        <ChoiceSelect label="Period" value={preset} choices={PRESETS} onChange={setPreset} />
        {preset === 'custom' && (
          <>
            <input
              type="date"
              aria-label="From"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
            <input type="date" aria-label="To" value={to} onChange={(event) => setTo(event.target.value)} />
          </>
        )}
        <span className="toolbar__spacer" />
        <button className="button button--quiet" type="button" disabled={!report.data} onClick={downloadCsv}>
          <Download size={16} aria-hidden="true" />
          CSV
        </button>
      </div>
      {report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {report.data && (
            <p className="muted small">
              From {report.data.range.from} to {report.data.range.to}, each day in the merchant's time zone.
            </p>
          )}
          {report.data && report.data.importing.length > 0 && (
            <p className="small" role="status" data-testid="report-importing">
              <strong>
                Figures from{' '}
                {report.data.importing.map((lag) => `${lag.vendorName} (${lag.merchantCode})`).join(', ')} are
                still being imported.
              </strong>{' '}
              Their bets arrive by the vendor's feed; these totals may still grow.
            </p>
          )}
          {definition.help && (
            <p className="muted small" data-testid="report-help">
              {definition.help}
            </p>
          )}
          <LineChart days={totals} series={definition.series} />
          <div className="table-wrap">
            <table className="table" data-testid={`report-${definition.id}`}>
              <thead>
                <tr>
                  {definition.columns.map((column) => (
                    <th key={column.key} scope="col" className={column.kind === 'text' ? '' : 'number'}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.isPending ? (
                  <SkeletonRows columns={definition.columns.length} />
                ) : (
                  report.data.rows.map((row) => (
                    <tr
                      key={definition.columns
                        .filter((column) => column.kind === 'text')
                        .map((column) => row[column.key])
                        .join('|')}
                    >
                      {definition.columns.map((column) => (
                        <td
                          key={column.key}
                          className={column.key === 'day' ? 'mono' : column.kind === 'text' ? '' : 'number'}
                        >
                          {cellText(column, row[column.key])}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
            {report.data?.rows.length === 0 && <EmptyState title="Nothing in this period." />}
          </div>
        </>
      )}
    </div>
  );
}

/** Per day, each series summed over merchants (money as its pesos value: the chart only draws). */
function dailyTotals(rows: readonly Row[], series: readonly Series[]): DayTotals[] {
  const byDay = new Map<string, DayTotals>();
  if (series.length === 0) return [];
  for (const row of rows) {
    if (row.day === undefined) continue;
    const total = byDay.get(row.day) ?? ({ day: row.day } as DayTotals);
    for (const line of series) total[line.key] = (total[line.key] ?? 0) + Number(row[line.key] ?? 0);
    byDay.set(row.day, total);
  }
  return [...byDay.values()];
}
