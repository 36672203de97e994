import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { type ChartPoint, layoutDailyBars } from '../team-report-format';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * A bar a day of one amount (agentTeamOverview's 30-day chart), drawn as inline SVG: bars above
 * the zero line in the brand colour, below it (a loss) in the danger colour. The picture is
 * summarised in its label for screen readers (the range, the highest and lowest day); the figures
 * themselves are in a table under it, opened on request.
 */
export function TeamDailyChart({
  title,
  points,
  symbol,
  formatDay,
}: {
  title: string;
  points: readonly ChartPoint[];
  symbol: string;
  formatDay: (day: string) => string;
}) {
  const { t } = useTranslation();
  const tableId = useId();
  const {
    bars,
    zeroY,
    highest: top,
    lowest: bottom,
  } = layoutDailyBars(points, {
    width: WIDTH,
    height: HEIGHT,
    gap: GAP,
  });
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last && top && bottom
      ? t('teamReport.chartSummary', {
          title,
          from: formatDay(first.day),
          to: formatDay(last.day),
          highDay: formatDay(top.day),
          high: formatMoney(top.amount, symbol),
          lowDay: formatDay(bottom.day),
          low: formatMoney(bottom.amount, symbol),
        })
      : title;
  return (
    <figure className="flex flex-col gap-2" data-testid="team-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="h-40 w-full"
      >
        {bars.map((bar) => (
          <rect
            key={bar.day}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            className={bar.isLoss ? 'fill-danger' : 'fill-brand'}
          >
            <title>{`${formatDay(bar.day)}: ${formatMoney(bar.amount, symbol)}`}</title>
          </rect>
        ))}
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="stroke-line" strokeWidth={1} />
      </svg>
      <figcaption className="flex justify-between text-xs text-muted">
        <span>{first ? formatDay(first.day) : ''}</span>
        <span>{last ? formatDay(last.day) : ''}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer content-center text-brand-strong" aria-controls={tableId}>
          {t('teamReport.showTable')}
        </summary>
        <table id={tableId} className="w-full text-sm" data-testid="team-chart-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line text-left text-xs text-muted">
              <th className="py-1.5 pr-3 font-medium">{t('teamReport.day')}</th>
              <th className="py-1.5 text-right font-medium">{title}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {points.map((point) => (
              <tr key={point.day}>
                <td className="py-1.5 pr-3 text-text">{formatDay(point.day)}</td>
                <td className="py-1.5 text-right tabular text-text">{formatMoney(point.amount, symbol)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
