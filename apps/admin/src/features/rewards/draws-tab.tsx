import { FilterSelect } from '../../components/choice-select.tsx';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { PRIZE_KIND_LABELS, PRIZE_KINDS, type PrizeKind, TABLE_KIND_LABELS } from './prize-table-form.ts';
import { money } from './reward-words.ts';
import { type OperatorDraw, usePrizeTables, useRewardDraws } from './rewards-api.ts';

type Filter = { tableId: string; prizeKind: PrizeKind | ''; account: string };

function prizeOf(draw: OperatorDraw): string {
  if (draw.prizeKind === 'cash' && draw.amount) return `${money(draw.amount)} cash`;
  if (draw.prizeKind === 'bonus' && draw.amount) return `${money(draw.amount)} bonus`;
  if (draw.prizeKind === 'points' && draw.points !== null)
    return `${draw.points.toLocaleString('en-PH')} points`;
  return 'Try again';
}

/**
 * The draws (docs/rewards.md "The draw"): newest first, by table, prize kind and member, each with
 * the table version, seed pair and nonce it drew from.
 */
export function DrawsTab(props: { merchantId: string }) {
  const filter = usePagedFilter<Filter>({ tableId: '', prizeKind: '', account: '' });
  const tables = usePrizeTables(props.merchantId);
  const draws = useRewardDraws({ merchantId: props.merchantId, ...filter.filter, page: filter.page });
  return (
    <section aria-label="Draws">
      <div className="toolbar">
        <FilterSelect
          label="Table"
          anyLabel="Every table"
          value={filter.filter.tableId}
          choices={(tables.data?.list ?? []).map((table) => [table.id, textOf(table.names)] as const)}
          onChange={(tableId) => filter.choose({ ...filter.filter, tableId })}
        />
        <FilterSelect
          label="Prize"
          anyLabel="Every prize"
          value={filter.filter.prizeKind}
          choices={PRIZE_KINDS.map((kind) => [kind, PRIZE_KIND_LABELS[kind]] as const)}
          onChange={(prizeKind) => filter.choose({ ...filter.filter, prizeKind })}
        />
        <SearchBox
          label="Member account"
          placeholder="Member account"
          maxLength={64}
          value={filter.filter.account}
          onChange={(account) => filter.choose({ ...filter.filter, account })}
        />
      </div>
      <QueryTable
        query={draws}
        rows={draws.data?.list ?? []}
        testId="reward-draws"
        headings={[
          'Time',
          'Member',
          'Table',
          'Prize',
          numberHeading('Version'),
          'Seed pair',
          numberHeading('Nonce'),
        ]}
        renderRow={(row) => (
          <tr>
            <td className="mono small">{formatDateTime(row.createdAt)}</td>
            <td>{row.account}</td>
            <td>
              {textOf(row.tableNames)} <span className="muted small">· {TABLE_KIND_LABELS[row.kind]}</span>
            </td>
            <td>{prizeOf(row)}</td>
            <td className="number mono">{row.tableVersion}</td>
            <td
              className="mono small"
              title={`Server seed hash ${row.serverSeedHash}, client seed ${row.clientSeed}`}
            >
              {row.serverSeedHash.slice(0, 12)}…
            </td>
            <td className="number mono">{row.nonce}</td>
          </tr>
        )}
        empty={
          <EmptyState title="No draws match.">Members' draws show here as they use their tickets.</EmptyState>
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: draws.data }}
      />
    </section>
  );
}
