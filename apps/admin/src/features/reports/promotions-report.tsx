import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState, Pager, SkeletonRows } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import { BackOfficeError, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import {
  PROMOTION_REPORT_HELP,
  PROMOTION_REPORT_KIND_LABELS,
  promotionNameOf,
} from './promotions-report-words.ts';

type PromotionReport = ValueOf<'/bo/reports/promotions'>;
type Figures = PromotionReport['totals'];

const PAGE_SIZE = 50;
/** Report money is in the merchant's currency: pesos on this platform. */
const CURRENCY = 'PHP';

const HEADINGS = [
  'Day',
  'Merchant',
  'Promotion',
  'Kind',
  numberHeading('Grants'),
  numberHeading('Bonuses granted'),
  numberHeading('Cash paid'),
  numberHeading('Converted'),
  numberHeading('Forfeited'),
  numberHeading('NGR effect'),
];

/** A figure of money, negative ones with their sign. */
function money(amount: string): string {
  return amount.startsWith('-')
    ? `-${formatPesos(amount.slice(1), CURRENCY)}`
    : formatPesos(amount, CURRENCY);
}

function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      <td className="number">{figures.grants.toLocaleString('en')}</td>
      <td className="number mono">{money(figures.granted)}</td>
      <td className="number mono">{money(figures.cash)}</td>
      <td className="number mono">{money(figures.converted)}</td>
      <td className="number mono">{money(figures.forfeited)}</td>
      <td className="number mono">{money(figures.ngrEffect)}</td>
    </>
  );
}

/**
 * The promotions report: per merchant day and promotion (money of no promotion on one line), the
 * bonuses granted, cash paid, converted and forfeited, the effect on NGR and the grants, with the
 * sums of the whole period; paged, and the same rows as a CSV file.
 */
export function PromotionsReport() {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const [page, setPage] = useState(1);
  const isReady = isCompleteRange(range);
  const report = useQuery({
    queryKey: ['bo', 'reports', 'promotions', range, page],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/reports/promotions', {
          params: { query: { ...rangeQueryOf(range), page, pageSize: PAGE_SIZE } },
        }),
      ),
    enabled: isReady,
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: () => downloadFile('/bo/reports/promotions.csv', rangeQueryOf(range)),
  });
  const rows = report.data?.list ?? [];

  return (
    <>
      <div className="toolbar">
        <ReportRangeChooser
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
        <span className="toolbar__spacer" />
        <button
          className="button button--quiet"
          type="button"
          disabled={!isReady || download.isPending}
          onClick={() => download.mutate()}
        >
          <Download size={16} aria-hidden="true" />
          {download.isPending ? 'Preparing the file…' : 'CSV'}
        </button>
      </div>
      {download.isError && (
        <p className="field__error small" role="alert">
          {download.error instanceof BackOfficeError && download.error.code === 'LIMIT_REACHED'
            ? 'The file would hold more rows than a file may. Choose fewer days.'
            : download.error.message}
        </p>
      )}
      <p className="muted small" data-testid="report-help">
        {PROMOTION_REPORT_HELP}
      </p>
      {report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {report.data && (
            <p className="muted small">
              From {report.data.range.from} to {report.data.range.to}, each day in the merchant's time zone.
            </p>
          )}
          <div className="table-wrap">
            <table className="table" data-testid="report-promotions">
              <TableHead headings={HEADINGS} />
              <tbody>
                {report.isPending ? (
                  <SkeletonRows columns={HEADINGS.length} />
                ) : (
                  rows.map((row) => (
                    <tr key={`${row.day}|${row.merchantId}|${row.promotionId ?? ''}`}>
                      <td className="mono">{row.day}</td>
                      <td>{row.merchantCode}</td>
                      <td>{promotionNameOf(row)}</td>
                      <td>{row.kind === null ? '—' : labelOfCode(PROMOTION_REPORT_KIND_LABELS, row.kind)}</td>
                      <FigureCells figures={row} />
                    </tr>
                  ))
                )}
              </tbody>
              {report.data && rows.length > 0 && (
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>
                      All {report.data.range.from} to {report.data.range.to}
                    </th>
                    <FigureCells figures={report.data.totals} />
                  </tr>
                </tfoot>
              )}
            </table>
            {report.data && rows.length === 0 && <EmptyState title="No promotion money in this period." />}
          </div>
          {report.data && (
            <Pager
              page={page}
              totalPages={report.data.totalPages}
              total={report.data.total}
              onPage={setPage}
            />
          )}
        </>
      )}
    </>
  );
}
