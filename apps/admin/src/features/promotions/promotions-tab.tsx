import { FilterSelect } from '../../components/choice-select.tsx';
import type { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import {
  AUDIENCE_LABELS,
  PROMOTION_KIND_LABELS,
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
  PROMOTION_TYPE_LABELS,
  PROMOTION_TYPES,
  type PromotionStatus,
  type PromotionType,
  statusBadgeClass,
} from './promotion-labels.ts';
import { type Promotion, usePromotionStatusChange, usePromotions } from './promotions-api.ts';

type Filter = { status: PromotionStatus | ''; type: PromotionType | '' };

const STATUS_CHOICES = PROMOTION_STATUSES.map(
  (status) => [status, labelOfCode(PROMOTION_STATUS_LABELS, status)] as const,
);
const TYPE_CHOICES = PROMOTION_TYPES.map((type) => [type, labelOfCode(PROMOTION_TYPE_LABELS, type)] as const);

/** Where a promotion stands for players now: its status, or within a published one its schedule. */
export function scheduleStateOf(
  promotion: Pick<Promotion, 'status' | 'startsAt' | 'endsAt'>,
  nowMs: number,
): string {
  if (promotion.status !== 'published') return labelOfCode(PROMOTION_STATUS_LABELS, promotion.status);
  if (Date.parse(promotion.startsAt) > nowMs) return 'Published, coming soon';
  if (promotion.endsAt && Date.parse(promotion.endsAt) <= nowMs) return 'Published, ended';
  return 'Published, running';
}

/**
 * The merchant's promotions by status and tab, with publishing and withdrawing from the row, and a
 * raffle's draw and winners.
 */
export function PromotionsTab(props: {
  merchantId: string;
  canWrite: boolean;
  nowMs: number;
  confirm: ReturnType<typeof useConfirmedAction>;
  onOpen: (id: string | 'new') => void;
  /** Opens a raffle's draw and winners. */
  onOpenRaffle: (id: string) => void;
}) {
  const filter = usePagedFilter<Filter>({ status: '', type: '' });
  const promotions = usePromotions({ merchantId: props.merchantId, ...filter.filter, page: filter.page });
  const statusChange = usePromotionStatusChange();
  // A withdrawn promotion is closed for good: it can be read, not changed.
  const isEditable = (promotion: Promotion) => props.canWrite && promotion.status !== 'withdrawn';

  function ask(promotion: Promotion, action: 'publish' | 'withdraw') {
    const isPublish = action === 'publish';
    props.confirm.ask({
      title: isPublish ? `Publish ${textOf(promotion.title)}?` : `Withdraw ${textOf(promotion.title)}?`,
      confirmLabel: isPublish ? 'Publish' : 'Withdraw',
      tone: isPublish ? 'primary' : 'danger',
      facts: [
        ['Kind', labelOfCode(PROMOTION_KIND_LABELS, promotion.kind)],
        ['Schedule', `${formatDateTime(promotion.startsAt)} – ${formatDateTime(promotion.endsAt, 'no end')}`],
        [
          'Effect',
          isPublish
            ? 'Players of its audience see it in the promotions list from its start, and may take part.'
            : 'It closes at once: players can no longer join, claim or apply. Bonuses already granted keep running.',
        ],
      ],
      run: () => statusChange.mutateAsync({ id: promotion.id, action }),
      doneText: isPublish ? 'Promotion published.' : 'Promotion withdrawn: it is closed to players.',
    });
  }

  return (
    <section aria-label="Promotions">
      <div className="toolbar">
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={filter.filter.status}
          choices={STATUS_CHOICES}
          onChange={(status) => filter.choose({ ...filter.filter, status })}
        />
        <FilterSelect
          label="Tab"
          anyLabel="Every tab"
          value={filter.filter.type}
          choices={TYPE_CHOICES}
          onChange={(type) => filter.choose({ ...filter.filter, type })}
        />
        <span className="toolbar__spacer" />
        {props.canWrite && (
          <button className="button button--primary" type="button" onClick={() => props.onOpen('new')}>
            New promotion
          </button>
        )}
      </div>
      <QueryTable
        query={promotions}
        rows={promotions.data?.list ?? []}
        testId="promotions-table"
        headings={['Title', 'Tab', 'Kind', 'Status', 'Schedule', 'Audience', 'Updated', '']}
        renderRow={(promotion) => (
          <tr>
            <td>
              <button
                type="button"
                className="button button--quiet button--small"
                onClick={() => props.onOpen(promotion.id)}
              >
                {textOf(promotion.title) || promotion.id}
              </button>
            </td>
            <td>{labelOfCode(PROMOTION_TYPE_LABELS, promotion.type)}</td>
            <td>{labelOfCode(PROMOTION_KIND_LABELS, promotion.kind)}</td>
            <td>
              <span className={statusBadgeClass(promotion.status)}>
                {scheduleStateOf(promotion, props.nowMs)}
              </span>
            </td>
            <td className="small nowrap">
              {formatDateTime(promotion.startsAt)} – {formatDateTime(promotion.endsAt, 'no end')}
            </td>
            <td>{labelOfCode(AUDIENCE_LABELS, promotion.audience)}</td>
            <td className="small nowrap">{formatDateTime(promotion.updatedAt)}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`${isEditable(promotion) ? 'Edit' : 'Open'} ${textOf(promotion.title)}`}
                onClick={() => props.onOpen(promotion.id)}
              >
                {isEditable(promotion) ? 'Edit' : 'Open'}
              </button>
              {promotion.kind === 'raffle' && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={`Draw and winners of ${textOf(promotion.title)}`}
                  onClick={() => props.onOpenRaffle(promotion.id)}
                >
                  Raffle
                </button>
              )}
              {props.canWrite && promotion.status === 'draft' && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  disabled={props.confirm.isSending}
                  onClick={() => ask(promotion, 'publish')}
                >
                  Publish…
                </button>
              )}
              {props.canWrite && promotion.status === 'published' && (
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={props.confirm.isSending}
                  onClick={() => ask(promotion, 'withdraw')}
                >
                  Withdraw…
                </button>
              )}
            </td>
          </tr>
        )}
        empty={
          <EmptyState title="No promotions match.">
            {props.canWrite ? 'Build one with New promotion; it stays a draft until you publish it.' : null}
          </EmptyState>
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: promotions.data }}
      />
    </section>
  );
}
