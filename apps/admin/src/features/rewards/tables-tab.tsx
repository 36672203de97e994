import { useState } from 'react';
import { OpenButton, textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { PrizeTableEditor } from './prize-table-editor.tsx';
import { TABLE_KIND_LABELS } from './prize-table-form.ts';
import { expectedCostWords, money, prizeWords } from './reward-words.ts';
import { type OperatorPrizeTable, usePrizeTables } from './rewards-api.ts';
import './rewards.css';

/**
 * The merchant's prize tables (docs/rewards.md "Prize tables"): each with its prizes and their
 * chances, its version, daily budget and a ticket's expected cost; a table opens in its form.
 */
export function PrizeTablesTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState<OperatorPrizeTable | 'new' | null>(null);
  const tables = usePrizeTables(props.merchantId);

  if (open !== null) {
    return (
      <PrizeTableEditor
        key={open === 'new' ? 'new' : open.id}
        merchantId={props.merchantId}
        table={open === 'new' ? null : open}
        canWrite={props.canWrite}
        onNotice={props.onNotice}
        onClose={() => setOpen(null)}
      />
    );
  }
  return (
    <section aria-label="Prize tables">
      <div className="toolbar">
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
            New prize table
          </button>
        )}
      </div>
      <QueryTable
        query={tables}
        rows={tables.data?.list ?? []}
        testId="reward-tables"
        headings={[
          'Name',
          'Kind',
          'Prizes and chances',
          numberHeading('Version'),
          'Daily budget',
          'Expected cost of a ticket',
          'Status',
          '',
        ]}
        renderRow={(row) => (
          <tr>
            <td>
              <strong>{textOf(row.names)}</strong>
              {row.names.EN && row.names.TY && <span className="muted small"> · {row.names.EN}</span>}
            </td>
            <td>{TABLE_KIND_LABELS[row.kind]}</td>
            <td className="small">
              <ul className="rewards-prizes">
                {row.prizes.map((prize) => (
                  <li key={prize.index}>
                    {prizeWords(prize)} <span className="mono muted">{prize.chance}%</span>
                  </li>
                ))}
              </ul>
            </td>
            <td className="number mono">{row.version}</td>
            <td className="mono">{row.dailyBudget ? money(row.dailyBudget) : 'None'}</td>
            <td className="mono">{expectedCostWords(row.expectedCost)}</td>
            <td>
              <span className={`badge ${row.active ? 'badge--success' : ''}`}>
                {row.active ? 'Active' : 'Inactive'}
              </span>
            </td>
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
          <EmptyState title="No prize tables yet.">
            {props.canWrite ? 'Add a prize wheel or a golden egg with New prize table.' : null}
          </EmptyState>
        }
      />
    </section>
  );
}
