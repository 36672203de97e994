import { useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { TableHead } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import {
  isRebuildUnderWay,
  type RebuildScope,
  type RollupRebuild,
  useRollupRebuilds,
  useStartRebuild,
} from './agent-reports-api.ts';

const SCOPES: readonly (readonly [RebuildScope, string])[] = [
  ['teams', 'Team figures'],
  ['all', 'Member and team figures'],
];

const SCOPE_HELP: Record<RebuildScope, string> = {
  teams:
    "Sums every agent's team figures again from the members' figures, one day at a time. Bets go on as usual.",
  all: "Counts every member's figures again from the bets first, then the team figures. While the members' figures are counted, settlements of every merchant wait: choose a quiet hour.",
};

const STATUS_WORDS: Record<RollupRebuild['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** Where a rebuild is: which part, and how many days of how many. */
function progressText(rebuild: RollupRebuild): string {
  if (rebuild.isStale) return 'Stopped without finishing (no progress for a long time).';
  if (rebuild.status === 'queued') return 'Waiting for a worker to start it.';
  if (rebuild.status === 'failed') return rebuild.error ?? 'Failed.';
  if (rebuild.phase === 'members' && rebuild.status === 'running')
    return "Counting the members' figures from the bets…";
  const days = `${rebuild.daysDone.toLocaleString('en')} of ${rebuild.daysTotal.toLocaleString('en')} days`;
  return rebuild.status === 'done'
    ? `${days}, ${rebuild.rows.toLocaleString('en')} team rows.`
    : `Team figures: ${days}…`;
}

/**
 * The repair path of the agents' figures (docs/agents.md "Repair"): a rebuild of the merchant's
 * bet rollups in the background, one at a time, with its progress and the latest outcomes.
 */
export function RollupRebuildPanel(props: { merchantId: string }) {
  const rebuilds = useRollupRebuilds(props.merchantId);
  const start = useStartRebuild();
  const confirm = useConfirmedAction();
  const [scope, setScope] = useState<RebuildScope>('teams');
  const latest = rebuilds.data?.list[0];
  const isUnderWay = isRebuildUnderWay(latest);

  function ask() {
    const words = SCOPES.find(([id]) => id === scope)?.[1] ?? scope;
    confirm.ask({
      title: `Rebuild the ${words.toLowerCase()}?`,
      confirmLabel: 'Start the rebuild',
      tone: 'primary',
      facts: [
        ['What', words],
        ['Effect', SCOPE_HELP[scope]],
        ['While it runs', 'Reports show the figures as they are rebuilt, day by day.'],
      ],
      run: async () => {
        await start.mutateAsync({ merchantId: props.merchantId, scope });
      },
      doneText: 'The rebuild has started.',
    });
  }

  return (
    <section className="panel" aria-label="Rebuild the agents' figures">
      {confirm.element}
      <h2>Rebuild the agents' figures</h2>
      <p className="muted small">
        Team reports are kept up to date within a minute. If they ever disagree with the bets (after a repair
        in the database, for instance), rebuild them here. One rebuild runs at a time for the merchant, in the
        background: this page may be left.
      </p>
      <div className="toolbar">
        <ChoiceChips label="What to rebuild" choices={SCOPES} value={scope} onChange={setScope} />
        <span className="toolbar__spacer" />
        <button
          className="button button--primary"
          type="button"
          disabled={isUnderWay || confirm.isSending || !rebuilds.data}
          onClick={ask}
        >
          {isUnderWay ? 'A rebuild is under way' : 'Rebuild…'}
        </button>
      </div>
      <p className="muted small">{SCOPE_HELP[scope]}</p>
      {rebuilds.isError ? (
        <ErrorState error={rebuilds.error} onRetry={() => void rebuilds.refetch()} />
      ) : !rebuilds.data ? (
        <p className="muted">Loading the rebuilds…</p>
      ) : rebuilds.data.list.length === 0 ? (
        <EmptyState title="No rebuild yet." />
      ) : (
        <>
          {latest && isUnderWay && (
            <div role="status" aria-live="polite">
              <p>
                <strong>{progressText(latest)}</strong>
              </p>
              {latest.phase === 'teams' && latest.daysTotal > 0 && (
                <progress max={latest.daysTotal} value={latest.daysDone} aria-label="Days rebuilt" />
              )}
            </div>
          )}
          <div className="table-wrap">
            <table className="table">
              <TableHead headings={['Asked', 'By', 'What', 'Started', 'Ended', 'Status', 'Result']} />
              <tbody>
                {rebuilds.data.list.map((rebuild) => (
                  <tr key={rebuild.id}>
                    <td className="small nowrap">{formatDateTime(rebuild.requestedAt)}</td>
                    <td>{rebuild.requestedBy}</td>
                    <td>{SCOPES.find(([id]) => id === rebuild.scope)?.[1]}</td>
                    <td className="small nowrap">{formatDateTime(rebuild.startedAt, '—')}</td>
                    <td className="small nowrap">{formatDateTime(rebuild.finishedAt, '—')}</td>
                    <td>{rebuild.isStale ? 'Stopped' : STATUS_WORDS[rebuild.status]}</td>
                    <td className="small">{progressText(rebuild)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
