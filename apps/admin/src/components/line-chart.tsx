/** One line of a chart: the figure of each day it draws (by `key`), its words and colour. */
export type ChartSeries = { key: string; label: string; color: string };
/** A day of a chart: its date and a number per series key (money as its pesos value: it only draws). */
export type ChartDay = { readonly day: string; readonly [key: string]: number | string };

/** A day's figure of one series; a day without it draws at zero. */
function figureOf(day: ChartDay, key: string): number {
  const value = day[key];
  return typeof value === 'number' ? value : 0;
}

/** A small SVG line chart of daily figures; no chart library for a few lines. */
export function LineChart({
  days,
  series,
  label = 'Daily totals chart',
}: {
  days: readonly ChartDay[];
  series: readonly ChartSeries[];
  label?: string;
}) {
  if (days.length === 0) return null;
  const width = 720;
  const height = 180;
  const padding = 28;
  const max = Math.max(1, ...days.flatMap((day) => series.map((line) => figureOf(day, line.key))));
  const x = (index: number) =>
    padding + (days.length === 1 ? 0 : (index * (width - 2 * padding)) / (days.length - 1));
  // Net amounts can fall below zero: the scale runs from the lowest value (or zero) to the highest.
  const min = Math.min(0, ...days.flatMap((day) => series.map((line) => figureOf(day, line.key))));
  const y = (value: number) => height - padding - ((value - min) * (height - 2 * padding)) / (max - min);
  return (
    <figure className="panel chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1={padding} x2={width - padding} y1={y(0)} y2={y(0)} stroke="currentColor" opacity={0.3} />
        <text x={4} y={padding} fontSize={11} fill="currentColor" opacity={0.7}>
          {max}
        </text>
        <text x={padding} y={height - 8} fontSize={11} fill="currentColor" opacity={0.7}>
          {days[0]?.day}
        </text>
        <text
          x={width - padding}
          y={height - 8}
          fontSize={11}
          fill="currentColor"
          opacity={0.7}
          textAnchor="end"
        >
          {days.at(-1)?.day}
        </text>
        {series.map((line) => (
          <polyline
            key={line.key}
            fill="none"
            stroke={line.color}
            strokeWidth={2}
            points={days.map((day, index) => `${x(index)},${y(figureOf(day, line.key))}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="chips small">
        {series.map((line) => (
          <span key={line.key}>
            <span style={{ color: line.color }} aria-hidden="true">
              ■
            </span>{' '}
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
