import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import { backOffice, unwrap } from '../../lib/back-office-api.ts';

/** A waiting time in seconds as the desk reads it: "45 s", "3 min 05 s", "1 h 02 min"; a dash for none. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A rating average out of 5 with how many rated, or a dash with none. */
function ratingText(average: number | null, count: number): string {
  return average === null ? '–' : `${average.toFixed(2)} (${count})`;
}

/**
 * The desk's figures (docs/chat.md "Figures"): per day the conversations begun, tickets, answered
 * with the customers' waiting time, handled, unanswered and ratings; per operator the same over
 * the days chosen.
 */
export function ChatFigures(props: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const query = rangeQueryOf(range);
  const report = useQuery({
    queryKey: ['live-chat', 'figures', props.merchantId, query],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/reports/live-chat', {
          params: { query: { merchantId: props.merchantId, ...query } },
        }),
      ),
    enabled: props.merchantId !== '' && isCompleteRange(range),
  });
  const days = (report.data?.days ?? []).map((row) => ({ ...row, id: `${row.merchantId}:${row.day}` }));
  const operators = (report.data?.operators ?? []).map((row) => ({ ...row, id: row.operatorId }));
  return (
    <section aria-label="Live chat figures" className="page">
      <ReportRangeChooser value={range} onChange={setRange} />
      <h2 className="chat-figures__title">By day</h2>
      <QueryTable
        query={report}
        rows={days}
        headings={[
          'Day',
          numberHeading('Begun'),
          numberHeading('Tickets'),
          numberHeading('Answered'),
          numberHeading('Average wait'),
          numberHeading('Longest wait'),
          numberHeading('Handled'),
          numberHeading('Unanswered'),
          numberHeading('Rating'),
        ]}
        testId="chat-figures-days"
        renderRow={(row) => (
          <tr>
            <td className="nowrap">{row.day}</td>
            <td className="number mono">{row.begun}</td>
            <td className="number mono">{row.tickets}</td>
            <td className="number mono">{row.answered}</td>
            <td className="number mono">{formatWait(row.waitAverageSeconds)}</td>
            <td className="number mono">{formatWait(row.waitLongestSeconds)}</td>
            <td className="number mono">{row.handled}</td>
            <td className="number mono">{row.unanswered}</td>
            <td className="number mono">{ratingText(row.ratingAverage, row.ratings)}</td>
          </tr>
        )}
        empty={<EmptyState title="No conversations in these days." />}
      />
      <h2 className="chat-figures__title">By operator</h2>
      <QueryTable
        query={report}
        rows={operators}
        headings={[
          'Operator',
          numberHeading('Answered'),
          numberHeading('Average wait'),
          numberHeading('Longest wait'),
          numberHeading('Handled'),
          numberHeading('Rating'),
        ]}
        testId="chat-figures-operators"
        renderRow={(row) => (
          <tr>
            <td>{row.operatorName}</td>
            <td className="number mono">{row.answered}</td>
            <td className="number mono">{formatWait(row.waitAverageSeconds)}</td>
            <td className="number mono">{formatWait(row.waitLongestSeconds)}</td>
            <td className="number mono">{row.handled}</td>
            <td className="number mono">{ratingText(row.ratingAverage, row.ratings)}</td>
          </tr>
        )}
        empty={<EmptyState title="No operator answered a conversation in these days." />}
      />
    </section>
  );
}
