import { useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { badgeClassOf, SETTLEMENT_STATUS_LABELS } from './contract-labels.ts';
import { KindStatusFilters, payerOf } from './contract-parts.tsx';
import { type ContractKind, describeCycleKey, formatRate, isCycleKey } from './contract-terms.ts';
import {
  type SettlementRow,
  type SettlementScope,
  type SettlementStatus,
  useSettlementAction,
  useSettlements,
} from './contracts-api.ts';
import { actionsOf, SETTLEMENT_ACTIONS, type SettlementAction } from './settlement-actions.ts';
import { FrozenInputs, tierWordsOf } from './settlement-parts.tsx';

const STATUS_CHOICES = (['approval', 'processing', 'deferred', 'paid', 'cancelled'] as const).map(
  (status) => [status, labelOfCode(SETTLEMENT_STATUS_LABELS, status)] as const,
) satisfies ReadonlyArray<readonly [SettlementStatus, string]>;
const COLUMNS = 9;

type Filter = { kind: ContractKind | ''; cycleKey: string; status: SettlementStatus | ''; account: string };

/**
 * The settlements of every cycle, by kind, cycle, status and the paid agent's account (a run's
 * "Settlements" opens this list
 * on its cycle); each opens with its frozen inputs, and one waiting for an operator (approval above
 * the merchant's amount, or processing while its upline's cash is short) is approved, paid from the
 * house, deferred or cancelled, each confirmed first.
 */
export function SettlementsTab(props: {
  merchantId: string;
  initialScope: SettlementScope;
  canWrite: boolean;
}) {
  const filter = usePagedFilter<Filter>({ ...props.initialScope, status: '', account: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const confirm = useConfirmedAction();
  const typedKey = filter.filter.cycleKey;
  const settlements = useSettlements({
    merchantId: props.merchantId,
    ...filter.filter,
    cycleKey: isCycleKey(typedKey) ? typedKey : '',
    page: filter.page,
  });
  return (
    <section aria-label="Settlements">
      {confirm.element}
      <div className="toolbar">
        <KindStatusFilters filter={filter} statusChoices={STATUS_CHOICES} />
        <SearchBox
          label="Cycle key"
          placeholder="Cycle, as D:2026-11-25"
          maxLength={32}
          value={filter.filter.cycleKey}
          onChange={(cycleKey) => filter.choose({ ...filter.filter, cycleKey: cycleKey.trim() })}
        />
        <SearchBox
          label="The paid agent's whole account name"
          placeholder="Whole account name"
          maxLength={64}
          value={filter.filter.account}
          onChange={(account) => filter.choose({ ...filter.filter, account })}
        />
      </div>
      {typedKey !== '' && !isCycleKey(typedKey) && (
        <p className="muted small" role="status">
          Every cycle is listed until the key is whole: D:2026-11-25, W:2026-11-23, H:2026-11-16,
          M:2026-11-01, h:2026-11-25T13 or 5m:2026-11-25T13:05.
        </p>
      )}
      <QueryTable
        query={settlements}
        rows={settlements.data?.list ?? []}
        headings={[
          'Cycle',
          'Agent',
          'Kind',
          'Paid by',
          'Tier',
          numberHeading('Rate'),
          numberHeading('Base'),
          numberHeading('Amount'),
          'Status',
        ]}
        renderRow={(row) => (
          <SettlementTableRow
            row={row}
            isOpen={openId === row.id}
            onToggle={() => setOpenId(openId === row.id ? null : row.id)}
            canWrite={props.canWrite}
            confirm={confirm}
          />
        )}
        empty={
          <EmptyState
            title={
              filter.filter.status === 'approval'
                ? 'No settlements waiting for approval.'
                : 'No settlements match.'
            }
          />
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: settlements.data }}
      />
    </section>
  );
}

function SettlementTableRow(props: {
  row: SettlementRow;
  isOpen: boolean;
  onToggle: () => void;
  canWrite: boolean;
  confirm: ReturnType<typeof useConfirmedAction>;
}) {
  const { row } = props;
  return (
    <>
      <tr className={props.isOpen ? 'table__row--open' : ''}>
        <td>
          <button
            className="button button--quiet button--small"
            type="button"
            aria-expanded={props.isOpen}
            onClick={props.onToggle}
          >
            {describeCycleKey(row.cycleKey)}
          </button>
        </td>
        <td>{row.payee.account}</td>
        <td>{labelOfCode(AGENT_CONTRACT_KIND_LABELS, row.kind)}</td>
        <td>{payerOf(row.payer)}</td>
        <td>{tierWordsOf(row.tierIndex)}</td>
        <td className="number mono">{formatRate(row.rateBp)}</td>
        <td className="number mono">{row.base}</td>
        <td className="number mono">{row.amount}</td>
        <td>
          <span className={badgeClassOf(row.status)}>
            {labelOfCode(SETTLEMENT_STATUS_LABELS, row.status)}
          </span>
        </td>
      </tr>
      {props.isOpen && (
        <tr className="table__detail">
          <td colSpan={COLUMNS}>
            <SettlementDetail row={row} canWrite={props.canWrite} confirm={props.confirm} />
          </td>
        </tr>
      )}
    </>
  );
}

function SettlementDetail(props: {
  row: SettlementRow;
  canWrite: boolean;
  confirm: ReturnType<typeof useConfirmedAction>;
}) {
  const { row, confirm } = props;
  const act = useSettlementAction();
  const actions = props.canWrite ? actionsOf(row.status) : [];

  function ask(action: SettlementAction) {
    const words = SETTLEMENT_ACTIONS[action];
    confirm.ask({
      title: `${words.label}: ${row.payee.account}'s ${labelOfCode(AGENT_CONTRACT_KIND_LABELS, row.kind).toLowerCase()} for ${describeCycleKey(row.cycleKey)}?`,
      confirmLabel: words.label,
      tone: words.tone,
      facts: [
        ['Amount', row.amount],
        ['Agent', row.payee.account],
        ['Paid by', payerOf(row.payer)],
        ['Effect', words.effect],
      ],
      run: () => act.mutateAsync({ id: row.id, action }),
      doneText: `${row.payee.account}, ${describeCycleKey(row.cycleKey)}: ${words.done}`,
    });
  }

  return (
    <section className="contract-detail" aria-label={`Settlement of ${row.payee.account}`}>
      {actions.length > 0 && (
        <div className="row-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`button button--small ${SETTLEMENT_ACTIONS[action].tone === 'danger' ? 'button--danger' : 'button--primary'}`}
              disabled={confirm.isSending}
              onClick={() => ask(action)}
            >
              {SETTLEMENT_ACTIONS[action].label}…
            </button>
          ))}
        </div>
      )}
      <dl className="facts">
        <dt>Cycle</dt>
        <dd>
          {describeCycleKey(row.cycleKey)} <span className="mono muted small">{row.cycleKey}</span>
        </dd>
        <dt>From – to</dt>
        <dd>
          {formatDateTime(row.cycleStartsAt)} – {formatDateTime(row.cycleEndsAt)}
        </dd>
        <dt>Written</dt>
        <dd>{formatDateTime(row.createdAt)}</dd>
        <dt>Paid</dt>
        <dd>
          {row.paidAt
            ? `${formatDateTime(row.paidAt)}, ${row.paidFrom === 'house' ? "from the merchant's house account" : "from the upline's cash"}`
            : 'Not paid'}
        </dd>
        {row.decidedAt && (
          <>
            <dt>Operator's decision</dt>
            <dd>{formatDateTime(row.decidedAt)}</dd>
          </>
        )}
      </dl>
      <h3>Frozen inputs</h3>
      <FrozenInputs inputs={row.inputs} />
    </section>
  );
}
