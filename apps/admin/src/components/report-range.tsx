import { ChoiceChips } from './choice-chips.tsx';

/** The date presets of spec §9, as the server names them, and a range chosen by hand. */
export const DATE_PRESET_CHOICES = [
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['past7Days', 'Past 7 days'],
  ['past30Days', 'Past 30 days'],
  ['thisMonth', 'This month'],
  ['lastMonth', 'Last month'],
  ['custom', 'Custom'],
] as const;
export type DatePreset = Exclude<(typeof DATE_PRESET_CHOICES)[number][0], 'custom'>;

/** The days a report covers: a preset in the merchant's days, or two days chosen by hand. */
export type ReportRange = { preset: DatePreset } | { preset: 'custom'; from: string; to: string };

/** The server's own default: the merchant's last 30 days. */
export const DEFAULT_REPORT_RANGE: ReportRange = { preset: 'past30Days' };

/** Whether a range can be asked for: a preset, or both days with the first not after the last. */
export function isCompleteRange(range: ReportRange): boolean {
  return range.preset !== 'custom' || (range.from !== '' && range.to !== '' && range.from <= range.to);
}

/** A range's query fields: its preset, or its two days. */
export function rangeQueryOf(range: ReportRange): { preset?: DatePreset; from?: string; to?: string } {
  return range.preset === 'custom' ? { from: range.from, to: range.to } : { preset: range.preset };
}

/** A range in words: its preset's name, or its two days. */
export function rangeWordsOf(range: ReportRange): string {
  if (range.preset === 'custom') return range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  return DATE_PRESET_CHOICES.find(([id]) => id === range.preset)?.[1] ?? range.preset;
}

/**
 * The chips of the date presets and, for a custom range, its two days; a custom range that is not
 * complete says why under the days.
 */
export function ReportRangeChooser(props: { value: ReportRange; onChange: (range: ReportRange) => void }) {
  const { value } = props;
  const custom = value.preset === 'custom' ? value : null;
  return (
    <div className="toolbar">
      <ChoiceChips
        label="Days"
        choices={DATE_PRESET_CHOICES}
        value={value.preset}
        onChange={(preset) =>
          props.onChange(
            preset === 'custom' ? { preset, from: custom?.from ?? '', to: custom?.to ?? '' } : { preset },
          )
        }
      />
      {custom && (
        <>
          <label className="field">
            <span className="field__label small">From</span>
            <input
              type="date"
              value={custom.from}
              onChange={(event) => props.onChange({ ...custom, from: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label small">To</span>
            <input
              type="date"
              value={custom.to}
              onChange={(event) => props.onChange({ ...custom, to: event.target.value })}
            />
          </label>
          {!isCompleteRange(custom) && (
            <span className="field__error small" role="status">
              {custom.from && custom.to ? 'The first day comes after the last.' : 'Choose both days.'}
            </span>
          )}
        </>
      )}
    </div>
  );
}
