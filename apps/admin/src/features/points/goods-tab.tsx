import { useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { OpenButton, textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { GoodsEditor } from './goods-editor.tsx';
import { requirementWordsOf, rewardWordsOf } from './goods-form.ts';
import { type OperatorGoods, useGoods } from './points-api.ts';
import { GOODS_KIND_LABELS, GOODS_STATUS_LABELS, GOODS_STATUSES, type GoodsStatus } from './points-labels.ts';
import './points.css';

/** The points mall pays in the merchant's currency: pesos on this platform. */
const CURRENCY = 'PHP';
const money = (amount: string) => formatPesos(amount, CURRENCY);
const grouped = (value: number) => value.toLocaleString('en-PH');
const STATUS_CHOICES = GOODS_STATUSES.map(
  (status) => [status, labelOfCode(GOODS_STATUS_LABELS, status)] as const,
);

/**
 * The points mall's goods (docs/loyalty.md "Points"): every goods of the merchant, hidden ones too,
 * in the order members see them; a goods opens in its form, new goods are added from here.
 */
export function GoodsTab(props: {
  merchantId: string;
  /** Add and change goods (loyalty.write). */
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const filter = usePagedFilter<GoodsStatus | ''>('');
  const [open, setOpen] = useState<OperatorGoods | 'new' | null>(null);
  const goods = useGoods({ merchantId: props.merchantId, status: filter.filter, page: filter.page });

  if (open !== null) {
    return (
      <GoodsEditor
        key={open === 'new' ? 'new' : open.id}
        merchantId={props.merchantId}
        goods={open === 'new' ? null : open}
        canWrite={props.canWrite}
        onNotice={props.onNotice}
        onClose={() => setOpen(null)}
      />
    );
  }
  return (
    <section aria-label="Points goods">
      <div className="toolbar">
        <FilterSelect
          label="Status"
          anyLabel="Active and hidden"
          value={filter.filter}
          choices={STATUS_CHOICES}
          onChange={filter.choose}
        />
        <span className="toolbar__spacer" />
        {props.canWrite && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              props.onNotice(null);
              setOpen('new');
            }}
          >
            New goods
          </button>
        )}
      </div>
      <QueryTable
        query={goods}
        rows={goods.data?.list ?? []}
        testId="points-goods"
        headings={[
          { label: 'Picture', ariaLabel: 'Picture' },
          'Name',
          'Kind',
          numberHeading('Points'),
          'Amount',
          'Requirement',
          numberHeading('Stock'),
          numberHeading('Per member'),
          'Status',
          numberHeading('Order'),
          '',
        ]}
        renderRow={(row) => (
          <tr>
            <td>
              {row.imageUrls[0] ? (
                <img src={row.imageUrls[0]} alt="" className="points-goods-thumb" />
              ) : (
                <span className="points-goods-thumb points-goods-thumb--none" aria-hidden="true" />
              )}
            </td>
            <td>
              <strong>{textOf(row.names)}</strong>
              {row.names.EN && row.names.TY && <span className="muted small"> · {row.names.EN}</span>}
            </td>
            <td>{labelOfCode(GOODS_KIND_LABELS, row.kind)}</td>
            <td className="number mono">{grouped(row.points)}</td>
            <td className="mono">{rewardWordsOf(row, money)}</td>
            <td className="small">{requirementWordsOf(row.requirement, money)}</td>
            <td className="number mono">{row.stock === null ? 'Unlimited' : grouped(row.stock)}</td>
            <td className="number mono">{row.perMemberLimit === null ? '—' : grouped(row.perMemberLimit)}</td>
            <td>
              <span className={`badge ${row.status === 'active' ? 'badge--success' : ''}`}>
                {labelOfCode(GOODS_STATUS_LABELS, row.status)}
              </span>
            </td>
            <td className="number mono">{row.sort}</td>
            <td>
              <OpenButton
                canWrite={props.canWrite}
                name={textOf(row.names)}
                onOpen={() => {
                  props.onNotice(null);
                  setOpen(row);
                }}
              />
            </td>
          </tr>
        )}
        empty={
          <EmptyState title="No goods yet.">
            {props.canWrite ? 'Add the first with New goods: members redeem them with their points.' : null}
          </EmptyState>
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: goods.data }}
      />
    </section>
  );
}
