import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Field, fieldErrorsOf } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, TableHead, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { badgeClassOf, CONTRACT_STATUS_LABELS, END_REASON_LABELS, PERIOD_LABELS } from './contract-labels.ts';
import { KindStatusFilters, payerOf, TermsTable } from './contract-parts.tsx';
import { type ContractKind, formatRate } from './contract-terms.ts';
import {
  type ContractRow,
  type ContractStatus,
  useContractDetail,
  useContracts,
  useEndContract,
} from './contracts-api.ts';

const STATUS_CHOICES: ReadonlyArray<readonly [ContractStatus, string]> = [
  ['active', 'Active'],
  ['ended', 'Ended'],
];
const REASON_LENGTH_MAX = 500;
const COLUMNS = 9;

type Filter = { kind: ContractKind | ''; status: ContractStatus | ''; account: string };

/**
 * Every signed contract of the merchant, filtered by kind, status and an agent's account (the
 * contracts it holds and those it pays); a contract opens in place with its terms, its other
 * versions and the contracts it pays below, and an active one can be ended with a reason.
 */
export function ContractsTab(props: { merchantId: string; canWrite: boolean }) {
  const filter = usePagedFilter<Filter>({ kind: '', status: 'active', account: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  // The end's notice stays above the list: an ended contract may leave it (the active filter).
  const confirm = useConfirmedAction();
  const contracts = useContracts({ merchantId: props.merchantId, ...filter.filter, page: filter.page });
  return (
    <section aria-label="Contracts">
      {confirm.element}
      <div className="toolbar">
        <KindStatusFilters filter={filter} statusChoices={STATUS_CHOICES} />
        <SearchBox
          label="An agent's whole account name: its contracts and those it pays"
          placeholder="Whole account name"
          maxLength={64}
          value={filter.filter.account}
          onChange={(account) => filter.choose({ ...filter.filter, account })}
        />
      </div>
      <QueryTable
        query={contracts}
        rows={contracts.data?.list ?? []}
        headings={[
          'Agent',
          'Kind',
          'Period',
          numberHeading('Version'),
          numberHeading('Rate'),
          'Paid by',
          'Status',
          'Signed',
          'Earns from',
        ]}
        renderRow={(row) => (
          <ContractTableRow
            row={row}
            merchantId={props.merchantId}
            isOpen={openId === row.id}
            canWrite={props.canWrite}
            confirm={confirm}
            onToggle={() => setOpenId(openId === row.id ? null : row.id)}
          />
        )}
        empty={<EmptyState title="No contracts match." />}
        paging={{ page: filter.page, onPage: filter.setPage, found: contracts.data }}
      />
    </section>
  );
}

type RowProps = {
  row: ContractRow;
  merchantId: string;
  canWrite: boolean;
  confirm: ReturnType<typeof useConfirmedAction>;
};

function ContractTableRow(props: RowProps & { isOpen: boolean; onToggle: () => void }) {
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
            {row.downline.account}
          </button>
        </td>
        <td>{labelOfCode(AGENT_CONTRACT_KIND_LABELS, row.kind)}</td>
        <td>{labelOfCode(PERIOD_LABELS, row.period)}</td>
        <td className="number">{row.version}</td>
        <td className="number mono">{formatRate(row.rateBp)}</td>
        <td>{payerOf(row.upline)}</td>
        <td>
          <span className={badgeClassOf(row.status)}>{labelOfCode(CONTRACT_STATUS_LABELS, row.status)}</span>
          {row.endReason && (
            <span className="cell-note muted small">{labelOfCode(END_REASON_LABELS, row.endReason)}</span>
          )}
        </td>
        <td className="small nowrap">{formatDateTime(row.signedAt)}</td>
        <td className="small nowrap">{formatDateTime(row.startsAt)}</td>
      </tr>
      {props.isOpen && (
        <tr className="table__detail">
          <td colSpan={COLUMNS}>
            <ContractDetail {...props} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * A contract's terms and end, with what surrounds it: every version of the agent's terms of the kind
 * and the active contracts of the kind it pays its own downlines.
 */
function ContractDetail(props: RowProps) {
  const { row: contract } = props;
  const family = useContractDetail(contract.id);
  const versions = family.data?.versions ?? [];
  const below = family.data?.below ?? [];
  return (
    <section className="contract-detail" aria-label={`Contract of ${contract.downline.account}`}>
      <dl className="facts">
        <dt>Agent</dt>
        <dd>{contract.downline.account}</dd>
        <dt>Paid by</dt>
        <dd>{payerOf(contract.upline)}</dd>
        <dt>Kind and period</dt>
        <dd>
          {labelOfCode(AGENT_CONTRACT_KIND_LABELS, contract.kind)} ·{' '}
          {labelOfCode(PERIOD_LABELS, contract.period)}
        </dd>
        <dt>Version</dt>
        <dd>
          {contract.version}, signed {formatDateTime(contract.signedAt)}, earning from{' '}
          {formatDateTime(contract.startsAt)}
        </dd>
        <dt>Status</dt>
        <dd>
          {labelOfCode(CONTRACT_STATUS_LABELS, contract.status)}
          {contract.endedAt &&
            ` since ${formatDateTime(contract.endedAt)}: ${labelOfCode(END_REASON_LABELS, contract.endReason)}`}
        </dd>
      </dl>
      <h3>Terms</h3>
      <TermsTable kind={contract.kind} tiers={contract.tiers} />
      {props.canWrite && contract.status === 'active' && <EndContractForm {...props} />}
      {family.isError ? (
        <ErrorState error={family.error} onRetry={() => void family.refetch()} />
      ) : family.isPending ? (
        <p className="muted small">Loading its versions and the contracts it pays…</p>
      ) : (
        <>
          <h3>Versions</h3>
          {versions.length <= 1 ? (
            <p className="muted small">The only version: no other terms of this kind before or after it.</p>
          ) : (
            <table className="table">
              <TableHead
                headings={[
                  numberHeading('Version'),
                  numberHeading('Rate'),
                  'Paid by',
                  'Signed',
                  'Ended',
                  'Why',
                ]}
              />
              <tbody>
                {versions.map((version) => (
                  <tr key={version.id} aria-current={version.id === contract.id ? 'true' : undefined}>
                    <td className="number">
                      {version.version}
                      {version.id === contract.id && <span className="badge">this one</span>}
                    </td>
                    <td className="number mono">{formatRate(version.rateBp)}</td>
                    <td>{payerOf(version.upline)}</td>
                    <td className="small nowrap">{formatDateTime(version.signedAt)}</td>
                    <td className="small nowrap">{formatDateTime(version.endedAt, '—')}</td>
                    <td>{version.endReason ? labelOfCode(END_REASON_LABELS, version.endReason) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>Contracts it pays its downlines</h3>
          {below.length === 0 ? (
            <p className="muted small">
              None active: no direct downline holds a contract of this kind from this agent.
            </p>
          ) : (
            <table className="table">
              <TableHead headings={['Agent', numberHeading('Version'), numberHeading('Rate'), 'Signed']} />
              <tbody>
                {below.map((other) => (
                  <tr key={other.id}>
                    <td>{other.downline.account}</td>
                    <td className="number">{other.version}</td>
                    <td className="number mono">{formatRate(other.rateBp)}</td>
                    <td className="small nowrap">{formatDateTime(other.signedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {family.data && family.data.belowTotal > below.length && (
            <p className="muted small">
              The first {below.length} of the {family.data.belowTotal} contracts it pays, by account.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Ends an active contract now, with the reason both sides read; asked first. */
function EndContractForm(props: RowProps) {
  const { row: contract, confirm } = props;
  const end = useEndContract();
  const [reason, setReason] = useState('');
  const account = contract.downline.account;
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, contract.kind).toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.ask({
      title: `End the ${kindName} contract of ${account}?`,
      confirmLabel: 'End contract',
      tone: 'danger',
      facts: [
        ['Agent', account],
        ['Paid by', payerOf(contract.upline)],
        [
          'Effect',
          'The contract earns nothing from now on; cycles already settled stay as they are. Both agents are told.',
        ],
        ['Reason', reason.trim()],
      ],
      run: () => end.mutateAsync({ id: contract.id, reason: reason.trim() }),
      doneText: `The ${kindName} contract of ${account} has ended.`,
    });
  }

  return (
    <form className="form-grid" onSubmit={submit} aria-label="End the contract">
      <Field label="Why it ends (both agents read this)" name="reason" errors={fieldErrorsOf(end.error)}>
        <input
          required
          maxLength={REASON_LENGTH_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="form-grid__actions">
        <button
          className="button button--danger"
          type="submit"
          disabled={reason.trim() === '' || confirm.isSending}
        >
          End contract…
        </button>
      </div>
    </form>
  );
}
