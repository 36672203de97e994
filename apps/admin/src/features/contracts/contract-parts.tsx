import { FilterSelect } from '../../components/choice-select.tsx';
import { numberHeading, TableHead, type usePagedFilter } from '../../components/query-table.tsx';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { BASE_LABELS } from './contract-labels.ts';
import { CONTRACT_KINDS, type ContractKind, formatRate, type Tier } from './contract-terms.ts';

/** The kinds as a select's or chips' choices, in the order the screens list them. */
export const KIND_CHOICES = CONTRACT_KINDS.map(
  (kind) => [kind, labelOfCode(AGENT_CONTRACT_KIND_LABELS, kind)] as const,
);

/** Who pays a contract: its upline's account, or the platform (the merchant's house) for a top-level agent. */
export const payerOf = (upline: { account: string } | null) => upline?.account ?? 'The platform';

/** A contract's or an offer's terms, as a table with the kind's base named. */
export function TermsTable(props: { kind: ContractKind; tiers: readonly Tier[] }) {
  return (
    <table className="table">
      <TableHead
        headings={[
          numberHeading('Tier'),
          numberHeading('Active members at least'),
          numberHeading(`${labelOfCode(BASE_LABELS, props.kind)} at least`),
          numberHeading('Rate'),
        ]}
      />
      <tbody>
        {props.tiers.map((tier, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: signed terms never change order.
          <tr key={index}>
            <td className="number">{index + 1}</td>
            <td className="number">{tier.activeMembers}</td>
            <td className="number mono">{tier.minBase}</td>
            <td className="number mono">{formatRate(tier.rateBp)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list's filter by kind and status, each "any" or one of them; choosing one starts at page 1. */
export function KindStatusFilters<
  Status extends string,
  Filter extends { kind: ContractKind | ''; status: Status | '' },
>(props: {
  filter: ReturnType<typeof usePagedFilter<Filter>>;
  statusChoices: ReadonlyArray<readonly [Status, string]>;
}) {
  const { filter } = props;
  return (
    <>
      <FilterSelect
        label="Kind"
        anyLabel="Any kind"
        value={filter.filter.kind}
        choices={KIND_CHOICES}
        onChange={(kind) => filter.choose({ ...filter.filter, kind })}
      />
      <FilterSelect
        label="Status"
        anyLabel="Any status"
        value={filter.filter.status}
        choices={props.statusChoices}
        onChange={(status) => filter.choose({ ...filter.filter, status })}
      />
    </>
  );
}
