import { useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { OpenButton } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { LeaderboardEditor, MissionEditor } from './mission-editors.tsx';
import {
  boardWords,
  missionRewardWords,
  prizeWords,
  REWARD_KIND_LABELS,
  taskWords,
} from './mission-words.ts';
import {
  type LeaderboardRow,
  type MissionRow,
  useCloseLeaderboard,
  useLeaderboards,
  useMissions,
  usePrizeTableChoices,
  useRewardsReport,
} from './missions-api.ts';

const money = (amount: string) => formatPesos(amount, 'PHP');

/** Whether a row runs now: enabled and within its window. */
function runsNow(row: { enabled: boolean; startsAt: string; endsAt: string | null }, now: Date): boolean {
  return (
    row.enabled &&
    Date.parse(row.startsAt) <= now.getTime() &&
    (row.endsAt === null || Date.parse(row.endsAt) > now.getTime())
  );
}

function stateBadge(row: { enabled: boolean; startsAt: string; endsAt: string | null }, now: Date) {
  if (!row.enabled) return <span className="badge">Disabled</span>;
  if (runsNow(row, now)) return <span className="badge badge--success">Running</span>;
  return Date.parse(row.startsAt) > now.getTime() ? (
    <span className="badge badge--brand">Upcoming</span>
  ) : (
    <span className="badge">Ended</span>
  );
}

/**
 * The merchant's missions: what each asks, its period, reward and window; a mission opens in its
 * form above the list, and an operator who may (missions.write) adds and changes them.
 */
export function MissionsTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const missions = useMissions(props.merchantId);
  const hasTickets = (missions.data?.list ?? []).some((mission) => mission.rewardKind === 'ticket');
  const tables = usePrizeTableChoices(props.merchantId, hasTickets);
  const [open, setOpen] = useState<MissionRow | 'new' | null>(null);
  const [now] = useState(() => new Date());
  const tableName = (id: string | null) => {
    const table = tables.data?.list.find((item) => item.id === id);
    return table ? (table.names.EN ?? table.names.TY) : undefined;
  };
  const openWith = (row: MissionRow | 'new') => {
    props.onNotice(null);
    setOpen(row);
  };
  return (
    <section aria-label="Missions">
      {open !== null && (
        <MissionEditor
          key={open === 'new' ? 'new' : open.id}
          merchantId={props.merchantId}
          mission={open === 'new' ? null : open}
          canWrite={props.canWrite}
          onNotice={props.onNotice}
          onClose={() => setOpen(null)}
        />
      )}
      {open === null && props.canWrite && (
        <div className="toolbar">
          <span className="toolbar__spacer" />
          <button type="button" className="button button--primary" onClick={() => openWith('new')}>
            New mission
          </button>
        </div>
      )}
      <QueryTable
        query={missions}
        rows={missions.data?.list ?? []}
        headings={['Mission', 'Task', 'Period', 'Reward', 'From', 'Until', 'State', '']}
        testId="missions-table"
        renderRow={(mission) => (
          <tr>
            <td>
              {mission.nameEn}
              <div className="muted small">{mission.nameTy}</div>
            </td>
            <td>{taskWords(mission)}</td>
            <td>{mission.period === 'daily' ? 'Daily' : 'Weekly'}</td>
            <td>{missionRewardWords(mission, tableName(mission.rewardTableId))}</td>
            <td className="small nowrap">{formatDateTime(mission.startsAt)}</td>
            <td className="small nowrap">{mission.endsAt ? formatDateTime(mission.endsAt) : 'No end'}</td>
            <td>{stateBadge(mission, now)}</td>
            <td>
              <OpenButton canWrite={props.canWrite} name={mission.nameEn} onOpen={() => openWith(mission)} />
            </td>
          </tr>
        )}
        empty={<EmptyState title="No missions yet." />}
      />
    </section>
  );
}

/**
 * The merchant's leaderboards with their prizes, and closing a running period now for an operator
 * who may (missions.write), asked first and audited on the server: its prizes are paid at once.
 */
export function LeaderboardsTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const boards = useLeaderboards(props.merchantId);
  const close = useCloseLeaderboard();
  const confirm = useConfirmedAction();
  const [now] = useState(() => new Date());
  const [open, setOpen] = useState<LeaderboardRow | 'new' | null>(null);
  const openWith = (row: LeaderboardRow | 'new') => {
    props.onNotice(null);
    setOpen(row);
  };
  const askClose = (board: LeaderboardRow) =>
    confirm.ask({
      title: `Close the running period of “${board.nameEn}” now?`,
      confirmLabel: 'Close and pay the prizes',
      tone: 'danger',
      facts: [
        ['Ranks by', boardWords(board)],
        ['Prizes', prizeWords(board)],
        ['Audit', 'The close is recorded with your name; the figures so far decide the prizes.'],
      ],
      run: async () => {
        const result = await close.mutateAsync(board.id);
        const paid = result.paid.reduce((sum, row) => sum + Number(row.amount), 0);
        props.onNotice({
          tone: 'success',
          title: `Closed the period of ${result.periodStart} of “${board.nameEn}”`,
          detail: `${result.paid.length} prize${result.paid.length === 1 ? '' : 's'}, ${money(paid.toFixed(2))} paid.`,
        });
      },
    });
  return (
    <section aria-label="Leaderboards">
      {confirm.element}
      {open !== null && (
        <LeaderboardEditor
          key={open === 'new' ? 'new' : open.id}
          merchantId={props.merchantId}
          board={open === 'new' ? null : open}
          canWrite={props.canWrite}
          onNotice={props.onNotice}
          onClose={() => setOpen(null)}
        />
      )}
      {open === null && props.canWrite && (
        <div className="toolbar">
          <span className="toolbar__spacer" />
          <button type="button" className="button button--primary" onClick={() => openWith('new')}>
            New leaderboard
          </button>
        </div>
      )}
      <QueryTable
        query={boards}
        rows={boards.data?.list ?? []}
        headings={['Leaderboard', 'Ranks by', 'Prizes', 'From', 'State', 'Actions']}
        testId="leaderboards-table"
        renderRow={(board) => (
          <tr>
            <td>
              {board.nameEn}
              <div className="muted small">{board.nameTy}</div>
            </td>
            <td>{boardWords(board)}</td>
            <td className="small">{prizeWords(board)}</td>
            <td className="small nowrap">{formatDateTime(board.startsAt)}</td>
            <td>{stateBadge(board, now)}</td>
            <td>
              <div className="toolbar">
                <OpenButton canWrite={props.canWrite} name={board.nameEn} onOpen={() => openWith(board)} />
                {props.canWrite && runsNow(board, now) && (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={confirm.isSending}
                    onClick={() => askClose(board)}
                  >
                    Close period now
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
        empty={<EmptyState title="No leaderboards yet." />}
      />
    </section>
  );
}

/** The rewards missions and leaderboards paid over some days (the report framework's ranges). */
export function RewardsPaidTab(props: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useRewardsReport({
    merchantId: props.merchantId,
    range: rangeQueryOf(range),
    isReady: isCompleteRange(range),
  });
  const totals = report.data?.totals;
  return (
    <section aria-label="Rewards paid">
      <ReportRangeChooser value={range} onChange={setRange} />
      {totals && (
        <p className="muted small">
          {totals.count} rewards paid: {money(totals.cash)} in cash, {money(totals.bonus)} in bonuses and{' '}
          {totals.tickets} ticket{totals.tickets === 1 ? '' : 's'}.
        </p>
      )}
      <QueryTable
        query={report}
        rows={(report.data?.list ?? []).map((line) => ({
          ...line,
          id: `${line.kind}:${line.sourceId}:${line.rewardKind}`,
        }))}
        headings={['Paid by', 'Name', 'Kind', numberHeading('Rewards'), numberHeading('Amount')]}
        testId="missions-rewards-paid"
        renderRow={(line) => (
          <tr>
            <td>{line.kind === 'mission' ? 'Mission' : 'Leaderboard'}</td>
            <td>{line.name}</td>
            <td>{REWARD_KIND_LABELS[line.rewardKind]}</td>
            <td className="number mono">{line.count}</td>
            <td className="number mono">
              {line.rewardKind === 'ticket'
                ? `${line.tickets} ticket${line.tickets === 1 ? '' : 's'}`
                : money(line.amount)}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No rewards paid in these days." />}
      />
    </section>
  );
}
