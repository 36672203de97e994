import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { payerOf } from './contract-parts.tsx';
import { type ContractKind, describeCycleKey, formatRate } from './contract-terms.ts';
import type { Preview } from './contracts-api.ts';
import { inputLinesOf } from './settlement-inputs.ts';

/** The tier a settlement reached, counted from 1 as the terms table shows it. */
export const tierWordsOf = (tierIndex: number | null) =>
  tierIndex === null ? 'None met' : `Tier ${tierIndex + 1}`;

/** A settlement's frozen inputs as facts: what the team did, the carries and the late differences. */
export function FrozenInputs({ inputs }: { inputs: Readonly<Record<string, unknown>> }) {
  const lines = inputLinesOf(inputs);
  if (lines.length === 0) return <p className="muted small">No inputs were recorded.</p>;
  return (
    <dl className="facts">
      {lines.map(([label, value]) => (
        <div key={label} className="facts__line">
          <dt>{label}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a preview computed: the settlements a cycle would write now, nothing written. */
export function PreviewResult({ preview, kind }: { preview: Preview; kind: ContractKind }) {
  const count = preview.entries.length;
  const approvals = preview.entries.filter((entry) => entry.needsApproval).length;
  return (
    <section className="contract-detail" aria-label="Preview" aria-live="polite">
      <div className="alert alert--success preview-note" role="status">
        <strong>A preview only: nothing was written and no money moved.</strong>{' '}
        {labelOfCode(AGENT_CONTRACT_KIND_LABELS, kind)}, {describeCycleKey(preview.cycleKey)} (
        {formatDateTime(preview.startsAt)} to {formatDateTime(preview.endsAt)}): {count}{' '}
        {count === 1 ? 'settlement' : 'settlements'}, {preview.amount} in all
        {approvals > 0 &&
          `, ${approvals} of them above the approval amount (they would wait for an operator)`}
        .
      </div>
      {!preview.isClosed && (
        <p className="alert alert--danger preview-note">
          This cycle is still open: the figures may still grow, and settling it now is refused.
        </p>
      )}
      {preview.settledRunId && (
        <p className="alert alert--danger preview-note">
          This cycle is settled already: this is what it would come to now. Bets counted late are paid in the
          next cycle that settles, never twice.
        </p>
      )}
      {count === 0 ? (
        <EmptyState title="Nothing earned in this cycle.">
          No contract of this kind met a tier, or none was in force in it.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <TableHead
              headings={[
                'Agent',
                'Paid by',
                'Tier',
                numberHeading('Rate'),
                numberHeading('Base'),
                numberHeading('Amount'),
                'Inputs',
              ]}
            />
            <tbody>
              {preview.entries.map((entry) => (
                <tr key={entry.contractId}>
                  <td>{entry.payee.account}</td>
                  <td>{payerOf(entry.payer)}</td>
                  <td>{tierWordsOf(entry.tierIndex)}</td>
                  <td className="number mono">{formatRate(entry.rateBp)}</td>
                  <td className="number mono">{entry.base}</td>
                  <td className="number mono">
                    {entry.amount}
                    {entry.needsApproval && <span className="badge badge--brand">needs approval</span>}
                  </td>
                  <td>
                    <details>
                      <summary className="small">Show</summary>
                      <FrozenInputs inputs={entry.inputs} />
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
