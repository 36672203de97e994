import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Tabs } from '../../../components/ui/tabs';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { REDEEM_STATUSES, type RedeemRecord, type RedeemStatus } from '../api/points';
import { useKeepPageWithin, usePaging } from '../hooks/use-paging';
import { usePointsViewer, useRedeems } from '../hooks/use-points';
import { pointsWords, redeemStatusTone, redeemStatusWords } from '../point-words';

type StatusChoice = 'all' | RedeemStatus;

/** One redeem: the goods, quantity and points, its status, when it was applied for and its reference. */
function RedeemRow({
  record,
  symbol,
  dateTime,
}: {
  record: RedeemRecord;
  symbol: string;
  dateTime: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-1 px-3 py-3" data-testid="redeem-record" data-status={record.status}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold text-text">{record.goodsName}</p>
        <StatusBadge tone={redeemStatusTone[record.status]}>
          {redeemStatusWords(t, record.status)}
        </StatusBadge>
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm tabular">
        <span className="font-semibold text-accent-text">{pointsWords(t, record.points)}</span>
        <span className="text-muted">{t('pointMall.history.quantity', { quantity: record.quantity })}</span>
        {record.amountRequirement ? (
          <span className="text-muted">
            {t('pointMall.history.requirement', { amount: formatMoney(record.amountRequirement, symbol) })}
          </span>
        ) : null}
      </p>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted tabular">
        <span>{t('pointMall.history.applied', { date: dateTime.format(new Date(record.appliedAt)) })}</span>
        <span className="select-all">
          {t('pointMall.history.reference', { reference: record.reference })}
        </span>
      </p>
      {record.address ? (
        <p className="text-xs text-muted">{t('pointMall.history.address', { address: record.address })}</p>
      ) : null}
      {record.remark ? (
        <p className={`text-xs ${record.status === 'rejected' ? 'text-danger' : 'text-muted'}`}>
          {t('pointMall.history.remark', { remark: record.remark })}
        </p>
      ) : null}
    </li>
  );
}

/** Redeem history (spec §2, §3 redeem record): the member's redeems by status, a page at a time. */
export function RedeemHistory() {
  const { t } = useTranslation();
  const { symbol, language } = usePointsViewer();
  const paging = usePaging<RedeemStatus | null>(null);
  const redeems = useRedeems(paging.filter, paging.page);
  useKeepPageWithin(paging, redeems.data?.totalPages);
  const dateTime = dateTimeFormatOf(language);
  const choice: StatusChoice = paging.filter ?? 'all';

  let body: React.ReactNode;
  if (redeems.isPending) body = <SkeletonLines lines={5} />;
  else if (redeems.isError) {
    body = <ErrorState title={t('pointMall.history.loadFailed')} onRetry={() => void redeems.refetch()} />;
  } else if (redeems.data.list.length === 0) {
    body = (
      <EmptyState
        icon={<ReceiptText size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={paging.filter === null ? t('pointMall.history.empty') : t('pointMall.history.emptyStatus')}
        line={paging.filter === null ? t('pointMall.history.emptyLine') : undefined}
      />
    );
  } else {
    body = (
      <>
        <ul
          className={`divide-y divide-line rounded-lg border border-line bg-surface ${redeems.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="redeem-history"
        >
          {redeems.data.list.map((record) => (
            <RedeemRow key={record.id} record={record} symbol={symbol} dateTime={dateTime} />
          ))}
        </ul>
        <Pagination current={paging.page} total={redeems.data.totalPages} onChange={paging.setPage} />
      </>
    );
  }

  return (
    <section
      aria-label={t('pages.pointTabs.history')}
      className="flex flex-col gap-3"
      data-testid="points-history"
    >
      <Tabs<StatusChoice>
        label={t('pointMall.history.filterLabel')}
        variant="chips"
        items={[
          { key: 'all', label: t('common.all') },
          ...REDEEM_STATUSES.map((status) => ({ key: status, label: redeemStatusWords(t, status) })),
        ]}
        value={choice}
        onChange={(key) => paging.setFilter(key === 'all' ? null : key)}
      />
      {body}
    </section>
  );
}
