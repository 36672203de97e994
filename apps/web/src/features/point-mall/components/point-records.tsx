import { ListOrdered } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { dateTimeFormatOf } from '../../../lib/format';
import { POINT_RECORD_TYPES, type PointRecord, type PointRecordType } from '../api/points';
import { useKeepPageWithin, usePaging } from '../hooks/use-paging';
import { usePointRecords, usePointsViewer } from '../hooks/use-points';
import { filterOf } from '../paging';
import { formatPointCount, recordTypeWords, signedPoints } from '../point-words';

/** One change of points: its type, the points signed, the balance after, the remark and the time. */
function RecordRow({ record, dateTime }: { record: PointRecord; dateTime: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  return (
    <li
      className="flex items-start justify-between gap-3 px-3 py-3"
      data-testid="point-record"
      data-type={record.type}
    >
      <div className="min-w-0">
        <p className="font-semibold text-text">{recordTypeWords(t, record.type)}</p>
        {record.remark ? <p className="text-xs break-words text-muted">{record.remark}</p> : null}
        <p className="text-xs text-muted tabular">{dateTime.format(new Date(record.createdAt))}</p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={joinClassNames(
            'text-base font-bold tabular',
            record.points > 0 ? 'text-success' : record.points < 0 ? 'text-danger' : 'text-muted',
          )}
        >
          {signedPoints(record.points)}
        </p>
        <p className="text-xs text-muted tabular">
          {t('pointMall.details.balance', { points: formatPointCount(record.balance) })}
        </p>
      </div>
    </li>
  );
}

/** Points details (spec §2, §3 point record): every change of the member's points by type, a page at a time. */
export function PointRecords() {
  const { t } = useTranslation();
  const id = useId();
  const { language } = usePointsViewer();
  const paging = usePaging<PointRecordType | null>(null);
  const records = usePointRecords(paging.filter, paging.page);
  useKeepPageWithin(paging, records.data?.totalPages);
  const dateTime = dateTimeFormatOf(language);

  let body: React.ReactNode;
  if (records.isPending) body = <SkeletonLines lines={5} />;
  else if (records.isError) {
    body = <ErrorState title={t('pointMall.details.loadFailed')} onRetry={() => void records.refetch()} />;
  } else if (records.data.list.length === 0) {
    body = (
      <EmptyState
        icon={<ListOrdered size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={paging.filter === null ? t('pointMall.details.empty') : t('pointMall.details.emptyType')}
        line={paging.filter === null ? t('pointMall.details.emptyLine') : undefined}
      />
    );
  } else {
    body = (
      <>
        <ul
          className={`divide-y divide-line rounded-lg border border-line bg-surface ${records.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="point-records"
        >
          {records.data.list.map((record) => (
            <RecordRow key={record.id} record={record} dateTime={dateTime} />
          ))}
        </ul>
        <Pagination current={paging.page} total={records.data.totalPages} onChange={paging.setPage} />
      </>
    );
  }

  return (
    <section
      aria-label={t('pages.pointTabs.details')}
      className="flex flex-col gap-3"
      data-testid="points-details"
    >
      <div className="flex flex-col gap-1 sm:max-w-60">
        <label htmlFor={`${id}-type`} className="text-xs font-medium text-muted">
          {t('pointMall.details.filterLabel')}
        </label>
        <select
          id={`${id}-type`}
          value={paging.filter ?? ''}
          onChange={(event) => paging.setFilter(filterOf(event.target.value, POINT_RECORD_TYPES))}
          className="min-h-11 w-full rounded-md border border-line bg-raised px-3 text-base text-text outline-none focus:border-brand md:text-sm"
          data-testid="point-record-type"
        >
          <option value="">{t('pointMall.details.allTypes')}</option>
          {POINT_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {recordTypeWords(t, type)}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}
