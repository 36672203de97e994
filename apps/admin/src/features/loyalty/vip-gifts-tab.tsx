import { FilterSelect } from '../../components/choice-select.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { useVipGifts, type VipGiftStatus } from './loyalty-api.ts';
import { VIP_GIFT_KIND_LABELS, VIP_GIFT_STATUS_CHOICES, VIP_GIFT_STATUS_LABELS } from './loyalty-labels.ts';

const STATUS_BADGES: Record<VipGiftStatus, string> = {
  waiting: 'badge badge--brand',
  granted: 'badge badge--success',
  dropped: 'badge badge--danger',
};

/**
 * The levels' gifts (upgrade, birthday, monthly) by status: a gift waits while its member may not
 * receive promotions, is granted as a bonus once they may, and is dropped after 90 days waiting.
 */
export function VipGiftsTab(props: { merchantId: string }) {
  const search = usePagedFilter<VipGiftStatus | ''>('');
  const gifts = useVipGifts({ merchantId: props.merchantId, status: search.filter, page: search.page });
  return (
    <section aria-label="VIP gifts">
      <div className="toolbar">
        <FilterSelect
          label="Status"
          anyLabel="Every status"
          value={search.filter}
          choices={VIP_GIFT_STATUS_CHOICES}
          onChange={search.choose}
        />
      </div>
      <QueryTable
        query={gifts}
        rows={gifts.data?.list ?? []}
        headings={[
          'Created',
          'Account',
          'Gift',
          numberHeading('Rank'),
          numberHeading('Amount'),
          'Status',
          'Decided',
        ]}
        testId="vip-gifts"
        renderRow={(gift) => (
          <tr>
            <td className="small nowrap">{formatDateTime(gift.createdAt)}</td>
            <td className="mono">{gift.account}</td>
            <td>{labelOfCode(VIP_GIFT_KIND_LABELS, gift.kind)}</td>
            <td className="number mono">{gift.rank}</td>
            <td className="number mono">{formatPesos(gift.amount, 'PHP')}</td>
            <td>
              <span className={STATUS_BADGES[gift.status]}>
                {labelOfCode(VIP_GIFT_STATUS_LABELS, gift.status)}
              </span>
            </td>
            <td className="small nowrap">{formatDateTime(gift.decidedAt, '—')}</td>
          </tr>
        )}
        empty={<EmptyState title="No gifts here." />}
        paging={{ page: search.page, onPage: search.setPage, found: gifts.data }}
      />
    </section>
  );
}
