import { FilterSelect } from '../../components/choice-select.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import { useVipLevels, useVipMembers } from './loyalty-api.ts';
import { VIP_PROJECTION_LABELS } from './loyalty-labels.ts';
import { levelNameOf } from './vip-level-form.ts';

/**
 * The members holding a VIP level, filtered by level and searched by account: each with the level,
 * since when, until when it is guaranteed, and what the next review would do with today's figures.
 */
export function VipMembersTab(props: { merchantId: string }) {
  const levels = useVipLevels(props.merchantId);
  const search = usePagedFilter<{ level: string; account: string }>({ level: '', account: '' });
  const members = useVipMembers({
    merchantId: props.merchantId,
    level: search.filter.level === '' ? '' : Number(search.filter.level),
    account: search.filter.account,
    page: search.page,
  });
  const levelChoices = (levels.data ?? []).map(
    (level) => [String(level.rank), `${level.label} · ${levelNameOf(level)}`] as const,
  );
  const levelOf = (rank: number) => levels.data?.find((level) => level.rank === rank);
  return (
    <section aria-label="VIP members">
      <div className="toolbar">
        <FilterSelect
          label="Level"
          anyLabel="Every level"
          value={search.filter.level}
          choices={levelChoices}
          onChange={(level) => search.choose({ ...search.filter, level })}
        />
        <SearchBox
          label="Search by account"
          placeholder="Account"
          maxLength={64}
          value={search.filter.account}
          onChange={(account) => search.choose({ ...search.filter, account })}
        />
      </div>
      <QueryTable
        query={members}
        rows={(members.data?.list ?? []).map((row) => ({ ...row, id: row.memberId }))}
        headings={['Account', 'Level', 'Since', 'Guaranteed until', 'Next review']}
        testId="vip-members"
        renderRow={(row) => (
          <tr>
            <td className="mono">{row.account}</td>
            <td>
              <span className="badge badge--brand">{row.label}</span>{' '}
              <span className="muted small">rank {row.rank}</span>
            </td>
            <td className="small nowrap">{formatDateTime(row.reachedAt)}</td>
            <td className="small nowrap">{formatDateTime(row.guaranteedUntil, '—')}</td>
            <td className="small">
              {row.projection === null
                ? '—'
                : `${labelOfCode(VIP_PROJECTION_LABELS, row.projection)}${
                    row.projection !== 'keep' && row.projectedRank !== null
                      ? ` to ${levelOf(row.projectedRank)?.label ?? `rank ${row.projectedRank}`}`
                      : row.projection === 'fall' && row.projectedRank === null
                        ? ': no level'
                        : ''
                  }`}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No member holds a level here." />}
        paging={{ page: search.page, onPage: search.setPage, found: members.data }}
      />
    </section>
  );
}
