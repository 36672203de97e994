import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DatePresetChips } from '../../../components/ui/date-preset-chips';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import type { LanguageCode } from '../../../lib/api/system-types';
import { type DatePreset, type DayRange, datePresetRange } from '../../../lib/date-presets';
import { useLanguage } from '../../../lib/i18n/i18n';

/**
 * A report of the member centre over a period the member picks (the last seven days first): the
 * period chips, then the report, its loading lines or its failure. The last report stays on screen
 * while the next period loads.
 */
export function PeriodReport<Report>({
  name,
  fetchReport,
  loadingLines,
  testId,
  children,
}: {
  /** The report's query key. */
  name: string;
  fetchReport: (range: DayRange, language: LanguageCode) => Promise<Report>;
  loadingLines: number;
  testId: string;
  children: (report: Report) => ReactNode;
}) {
  const language = useLanguage();
  const [preset, setPreset] = useState<DatePreset>('last7');
  const range = datePresetRange(preset, new Date());
  const query = useQuery({
    queryKey: [name, range.from, range.to, language],
    queryFn: () => fetchReport(range, language),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-3 p-4" data-testid={testId}>
      <DatePresetChips value={preset} onChange={setPreset} />
      {query.isPending ? (
        <SkeletonLines lines={loadingLines} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
