import { type ReactNode, useState } from 'react';
import { type ChartDay, LineChart } from '../../components/line-chart.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, TableHead } from '../../components/query-table.tsx';
import type { ReportRange } from '../../components/report-range.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { GAME_TYPE_LABELS, labelOfCode, MEMBER_TYPE_LABELS } from '../../lib/labels.ts';
import { AgentFileButton } from './agent-file-button.tsx';
import { agentTypeNameOf } from './agent-names.ts';
import {
  type PnlFigures,
  type TeamOverview,
  useAgentOverview,
  useGameTypePnl,
  useMemberPnl,
} from './agent-reports-api.ts';
import type { AgentType } from './agents-api.ts';

const PNL_HEADINGS = [
  numberHeading('Bets'),
  numberHeading('Stake'),
  numberHeading('Valid bet'),
  numberHeading('Payout'),
  numberHeading('P&L'),
];

/** The days an answer covers, in the merchant's time zone. */
function DaysNote(props: { from: string; to: string; children?: ReactNode }) {
  return (
    <p className="muted small">
      {props.from === props.to ? props.from : `${props.from} to ${props.to}`}, each day in the merchant's time
      zone. {props.children}
    </p>
  );
}

/** The transfer vendors whose bets may not all be counted yet, as the agent is told. */
function ImportingNotice(props: { importing: TeamOverview['importing'] }) {
  if (props.importing.length === 0) return null;
  return (
    <p className="small" role="status">
      <strong>
        Figures from {props.importing.map((lag) => lag.vendorName).join(', ')} are still being imported.
      </strong>{' '}
      Their bets arrive by the vendor's feed; these figures may still grow.
    </p>
  );
}

/** Bets, stake, valid bet, payout and the members' P&L (win less stake) as table cells. */
function PnlCells({ figures }: { figures: PnlFigures }) {
  return (
    <>
      <td className="number">{figures.betCount}</td>
      <td className="number mono">{figures.stake}</td>
      <td className="number mono">{figures.validBet}</td>
      <td className="number mono">{figures.payout}</td>
      <td className="number mono">{figures.profitLoss}</td>
    </>
  );
}

const SERIES = [
  { key: 'validBet', label: 'Valid bet', color: '#2563eb' },
  { key: 'profitLoss', label: 'Team P&L', color: '#dc2626' },
  { key: 'deposits', label: 'Deposits', color: '#16a34a' },
  { key: 'withdrawals', label: 'Withdrawals', color: '#9333ea' },
];

function chartDaysOf(overview: TeamOverview): ChartDay[] {
  return overview.days.map((day) => ({
    day: day.day,
    validBet: Number(day.validBet),
    profitLoss: Number(day.profitLoss),
    deposits: Number(day.deposits),
    withdrawals: Number(day.withdrawals),
  }));
}

/** The agent's team overview as the agent's own first page shows it, with its daily series. */
export function OverviewReport(props: { agentId: string; range: ReportRange }) {
  const overview = useAgentOverview(props.agentId, props.range);
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <p className="muted">Loading the overview…</p>;
  const value = overview.data;
  const tiles: [string, string][] = [
    ['Team size', String(value.teamSize)],
    ['New members', String(value.newMembers)],
    ['Active members', String(value.activeMembers)],
    ['First deposits', `${value.firstDeposits.count} · ${value.firstDeposits.amount}`],
    ['Deposits', `${value.deposits.count} · ${value.deposits.amount}`],
    ['Withdrawals', `${value.withdrawals.count} · ${value.withdrawals.amount}`],
    ['Valid bet', value.validBet],
    ['Team P&L', value.teamProfitLoss],
  ];
  return (
    <section aria-label="Team overview">
      <div className="toolbar">
        <DaysNote from={value.from} to={value.to}>
          {value.asOf
            ? `Betting figures up to a minute old, as of ${formatDateTime(value.asOf)}.`
            : 'Betting figures not counted yet: they follow the bets within a minute.'}
        </DaysNote>
        <span className="toolbar__spacer" />
        <AgentFileButton file={{ kind: 'overview', agentId: props.agentId, range: props.range }} />
      </div>
      <ImportingNotice importing={value.importing} />
      <ul className="tiles" aria-label="Team overview figures">
        {tiles.map(([label, text]) => (
          <li key={label} className="tile">
            <span className="tile__label">{label}</span>
            <strong className="tile__value mono">{text}</strong>
          </li>
        ))}
      </ul>
      <p className="muted small">
        Team P&L is the members' result, win less stake: negative when the house won. Deposits are counted
        when credited, withdrawals when paid.
      </p>
      <LineChart days={chartDaysOf(value)} series={SERIES} label="Team figures by day" />
      <div className="table-wrap">
        <table className="table">
          <TableHead
            headings={[
              'Day',
              numberHeading('Valid bet'),
              numberHeading('Team P&L'),
              numberHeading('Deposits'),
              numberHeading('Withdrawals'),
            ]}
          />
          <tbody>
            {value.days.map((day) => (
              <tr key={day.day}>
                <td className="mono">{day.day}</td>
                <td className="number mono">{day.validBet}</td>
                <td className="number mono">{day.profitLoss}</td>
                <td className="number mono">{day.deposits}</td>
                <td className="number mono">{day.withdrawals}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The team's P&L by member in the agent's order (those who won most from the house first), paged. */
export function MemberPnlReport(props: { agentId: string; range: ReportRange; types: readonly AgentType[] }) {
  const [page, setPage] = useState(1);
  const [lastRange, setLastRange] = useState(props.range);
  // A new range starts again at its first page.
  if (lastRange !== props.range) {
    setLastRange(props.range);
    setPage(1);
  }
  const members = useMemberPnl(props.agentId, { range: props.range, page });
  const data = members.data;
  return (
    <section aria-label="P&L by member">
      <div className="toolbar">
        {data && (
          <DaysNote from={data.from} to={data.to}>
            Members with bets settled in these days; a member moved out of the team since has no level.
          </DaysNote>
        )}
        <span className="toolbar__spacer" />
        <AgentFileButton
          file={{ kind: 'members', agentId: props.agentId, range: props.range }}
          isDisabled={data?.total === 0}
        />
      </div>
      {data && <ImportingNotice importing={data.importing} />}
      <QueryTable
        query={members}
        rows={(data?.list ?? []).map((row) => ({ ...row, id: row.memberId }))}
        headings={['Account', 'Type', numberHeading('Level'), ...PNL_HEADINGS]}
        renderRow={(row) => (
          <tr>
            <td>{row.account}</td>
            <td>
              {row.type === 0 ? labelOfCode(MEMBER_TYPE_LABELS, 0) : agentTypeNameOf(props.types, row.type)}
            </td>
            <td className="number">{row.level ?? '—'}</td>
            <PnlCells figures={row} />
          </tr>
        )}
        empty={<EmptyState title="No bets settled by the team in these days." />}
        paging={{ page, onPage: setPage, found: data }}
      />
      {data && data.total > 0 && <TotalsTable label="All members" figures={data.totals} />}
    </section>
  );
}

/** The sums of a whole list, under its pages. */
function TotalsTable(props: { label: string; figures: PnlFigures }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Totals">
        <TableHead headings={['', ...PNL_HEADINGS]} />
        <tbody>
          <tr>
            <th scope="row">{props.label}</th>
            <PnlCells figures={props.figures} />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The team's P&L by game type, as the agent sees it. */
export function GameTypePnlReport(props: { agentId: string; range: ReportRange }) {
  const gameTypes = useGameTypePnl(props.agentId, props.range);
  const data = gameTypes.data;
  return (
    <section aria-label="P&L by game type">
      <div className="toolbar">
        {data && <DaysNote from={data.from} to={data.to} />}
        <span className="toolbar__spacer" />
        <AgentFileButton
          file={{ kind: 'gameTypes', agentId: props.agentId, range: props.range }}
          isDisabled={data?.list.length === 0}
        />
      </div>
      {data && <ImportingNotice importing={data.importing} />}
      <QueryTable
        query={gameTypes}
        rows={(data?.list ?? []).map((row) => ({ ...row, id: row.gameType }))}
        headings={['Game type', ...PNL_HEADINGS]}
        renderRow={(row) => (
          <tr>
            <td>{labelOfCode(GAME_TYPE_LABELS, row.gameType)}</td>
            <PnlCells figures={row} />
          </tr>
        )}
        empty={<EmptyState title="No bets settled by the team in these days." />}
      />
      {data && data.list.length > 0 && <TotalsTable label="All game types" figures={data.totals} />}
    </section>
  );
}
