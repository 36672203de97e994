import { ChevronDown, ChevronRight, Filter } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MerchantOptions } from '../../components/merchant-picker.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { QueryTable, TableHead } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type AuditEntry, type AuditFilter, useAudit } from './audit-api.ts';
import { diffSnapshots } from './audit-diff.ts';

export type AuditPageProps = {
  /** Null for a platform owner, who may narrow the log to one merchant. */
  ownMerchantId: string | null;
  merchants: { id: string; name: string }[];
};

const EMPTY_FILTER: AuditFilter = {
  merchantId: '',
  actor: '',
  action: '',
  targetType: '',
  targetId: '',
  fromDate: '',
  toDate: '',
  page: 1,
};

/** The audit log: who changed what and when, filtered and paged, each change's before and after. */
export function AuditPage(props: AuditPageProps) {
  const [draft, setDraft] = useState(EMPTY_FILTER);
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [openId, setOpenId] = useState<string | null>(null);
  const audit = useAudit(filter);
  const isPlatformOwner = props.ownMerchantId === null;
  const columns = isPlatformOwner ? 7 : 6;
  const merchantName = (id: string | null) =>
    id === null ? 'Platform' : (props.merchants.find((merchant) => merchant.id === id)?.name ?? id);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilter({ ...draft, page: 1 });
  }

  /** One filter box: free text (at most 100 characters, with an example) or a day. */
  const field = (
    name: 'actor' | 'action' | 'targetType' | 'targetId' | 'fromDate' | 'toDate',
    label: string,
    input: { placeholder: string } | { type: 'date' },
  ) => (
    <label className="field field--compact">
      <span className="field__label">{label}</span>
      <input
        {...('type' in input ? input : { maxLength: 100, ...input })}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <div className="page">
      <form className="filters" onSubmit={handleSubmit} aria-label="Filters">
        {isPlatformOwner && (
          <label className="field field--compact">
            <span className="field__label">Merchant</span>
            <select
              value={draft.merchantId}
              onChange={(event) => setDraft({ ...draft, merchantId: event.target.value })}
            >
              <MerchantOptions merchants={props.merchants} noneLabel="All" />
            </select>
          </label>
        )}
        {field('actor', 'Actor', { placeholder: 'username or id' })}
        {field('action', 'Action', { placeholder: 'staff or staff.lock' })}
        {field('targetType', 'Target type', { placeholder: 'operator, role…' })}
        {field('targetId', 'Target id', { placeholder: '' })}
        {field('fromDate', 'From', { type: 'date' })}
        {field('toDate', 'To', { type: 'date' })}
        <div className="filters__actions">
          <button className="button button--primary" type="submit">
            <Filter size={16} aria-hidden="true" />
            Apply
          </button>
          <button
            className="button button--quiet"
            type="button"
            onClick={() => {
              setDraft(EMPTY_FILTER);
              setFilter(EMPTY_FILTER);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      <QueryTable
        query={audit}
        rows={audit.data?.list ?? []}
        headings={[
          { ariaLabel: 'Details' },
          'Time',
          'Actor',
          'Action',
          'Target',
          isPlatformOwner && 'Merchant',
          'IP',
        ]}
        renderRow={(entry) => (
          <>
            <tr className={entry.id === openId ? 'table__row--open' : undefined}>
              <td>
                <button
                  type="button"
                  className="icon-button icon-button--small"
                  aria-expanded={entry.id === openId}
                  aria-label={`Before and after of ${entry.action}`}
                  onClick={() => setOpenId(entry.id === openId ? null : entry.id)}
                >
                  {entry.id === openId ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
                </button>
              </td>
              <td className="nowrap">{formatDateTime(entry.at)}</td>
              <td>{entry.actorName}</td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>
                {entry.targetType}
                {entry.targetId && <span className="muted small mono"> {entry.targetId}</span>}
              </td>
              {isPlatformOwner && <td>{merchantName(entry.merchantId)}</td>}
              <td className="mono">{entry.ip ?? '—'}</td>
            </tr>
            {entry.id === openId && (
              <tr className="table__detail">
                <td colSpan={columns}>
                  <AuditDiff entry={entry} />
                </td>
              </tr>
            )}
          </>
        )}
        empty={
          <EmptyState title="No changes match these filters.">Widen the dates or clear a filter.</EmptyState>
        }
        paging={{ page: filter.page, onPage: (page) => setFilter({ ...filter, page }), found: audit.data }}
      />
    </div>
  );
}

function AuditDiff({ entry }: { entry: AuditEntry }) {
  const lines = diffSnapshots(entry.before, entry.after);
  if (lines.length === 0) return <p className="muted">Nothing was recorded before or after this change.</p>;
  return (
    <table className="diff" aria-label={`Changes of ${entry.action}`}>
      <TableHead headings={['Field', 'Before', 'After']} />
      <tbody>
        {lines.map((line) => (
          <tr key={line.path} className={`diff__line diff__line--${line.kind}`}>
            <th scope="row">{line.path}</th>
            <td>{line.before || <span className="muted">—</span>}</td>
            <td>{line.after || <span className="muted">—</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
