import { useState } from 'react';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import { TABLE_KIND_LABELS } from './prize-table-form.ts';
import { money } from './reward-words.ts';
import { useRewardReport } from './rewards-api.ts';

const grouped = (value: number) => value.toLocaleString('en-PH');

/**
 * The cost report (docs/rewards.md "Back office"): per day and prize table, the draws, those that
 * paid nothing, and the cash, bonuses and points paid, with the range's sums.
 */
export function RewardReportTab(props: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useRewardReport({
    merchantId: isCompleteRange(range) ? props.merchantId : '',
    ...rangeQueryOf(range),
  });
  const rows = (report.data?.list ?? []).map((row) => ({ ...row, id: `${row.day}:${row.tableId}` }));
  const totals = report.data?.totals;
  return (
    <section aria-label="Cost report">
      <ReportRangeChooser value={range} onChange={setRange} />
      {report.data && (
        <p className="muted small">
          {report.data.range.from} to {report.data.range.to}
          {totals &&
            ` · ${grouped(totals.draws)} draws · cash ${money(totals.cash)} · bonuses ${money(totals.bonus)} · ${grouped(totals.points)} points`}
        </p>
      )}
      <QueryTable
        query={report}
        rows={rows}
        testId="reward-report"
        headings={[
          'Day',
          'Table',
          numberHeading('Draws'),
          numberHeading('Nothing won'),
          numberHeading('Cash'),
          numberHeading('Bonuses'),
          numberHeading('Points'),
        ]}
        renderRow={(row) => (
          <tr>
            <td className="mono">{row.day}</td>
            <td>
              {textOf(row.names)} <span className="muted small">· {TABLE_KIND_LABELS[row.kind]}</span>
            </td>
            <td className="number mono">{grouped(row.draws)}</td>
            <td className="number mono">{grouped(row.empty)}</td>
            <td className="number mono">{money(row.cash)}</td>
            <td className="number mono">{money(row.bonus)}</td>
            <td className="number mono">{grouped(row.points)}</td>
          </tr>
        )}
        empty={<EmptyState title="No draws in these days." />}
      />
    </section>
  );
}
