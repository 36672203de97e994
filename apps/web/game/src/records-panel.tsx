import { parseState, serializeState } from '@panalo/games/state-json.ts';
import { isWinAsDrawn, type PlayedRound, verifyRound } from '@panalo/games/verifier/verify-round.ts';
import { useCallback, useEffect, useState } from 'react';
import { type GameApi, GameApiError, type RecordItem, type Round, type Table } from './api';
import { OutcomeSummary } from './games/outcome-summary';
import { fill, useMessages } from './i18n';
import { formatAmount, minorOf } from './money';

/** JSON with sorted keys, so that two outcomes compare by content, not by key order. */
function canonicalOf(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => left.localeCompare(right)))
      : item,
  );
}

type Check = { kind: 'kept' } | { kind: 'broken' } | { kind: 'error'; code: string };

/**
 * Re-computes a settled round in the browser with the very engine the server ran: the revealed
 * server seed must hash, by the pair's commitment version, to the commitment shown before the
 * round, and the seeds must give the recorded outcome and exactly the recorded win (or the maximum
 * win the round records as having cut it).
 */
export function checkRound(round: Round): Check {
  if (!round.serverSeed) return { kind: 'error', code: 'NOT_REVEALED' };
  try {
    const played = parseState<PlayedRound>(JSON.stringify(round.played));
    const verified = verifyRound(
      {
        serverSeed: round.serverSeed,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        serverSeedHash: round.serverSeedHash,
        commitmentVersion: round.commitmentVersion,
      },
      played,
    );
    const recomputed = JSON.parse(serializeState(verified.result.outcome)) as unknown;
    const isSameOutcome = canonicalOf(recomputed) === canonicalOf(round.outcome);
    const isPayoutKept = isWinAsDrawn(verified.payoutMinor, {
      winMinor: minorOf(round.win),
      winCapMinor: round.winCap === null ? null : minorOf(round.winCap),
    });
    return verified.isCommitmentKept && isSameOutcome && isPayoutKept ? { kind: 'kept' } : { kind: 'broken' };
  } catch (caught) {
    return { kind: 'error', code: caught instanceof Error ? caught.message : 'UNKNOWN' };
  }
}

/**
 * The member's betting records of this game, a round's detail, and its verification; opened on
 * `recallRoundId`'s detail when the member came from that bet in the member centre.
 */
export function RecordsPanel({
  api,
  table,
  recallRoundId = null,
}: {
  api: GameApi;
  table: Table;
  recallRoundId?: string | null;
}) {
  const m = useMessages();
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<{ list: RecordItem[]; totalPages: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Round | null>(null);

  const load = useCallback(() => {
    setError(null);
    setRecords(null);
    api
      .records(table.gameCode, page)
      .then(setRecords)
      .catch((caught: unknown) => {
        const code = caught instanceof GameApiError ? caught.code : 'UNKNOWN';
        setError(m.errors[code as keyof typeof m.errors] ?? m.errors.UNKNOWN);
      });
  }, [api, table.gameCode, page, m]);
  useEffect(load, [load]);

  const open = useCallback(
    async (roundId: string) => {
      try {
        setSelected(await api.record(roundId));
      } catch (caught) {
        const code = caught instanceof GameApiError ? caught.code : 'UNKNOWN';
        setError(m.errors[code as keyof typeof m.errors] ?? m.errors.UNKNOWN);
      }
    },
    [api, m],
  );
  useEffect(() => {
    if (recallRoundId) void open(recallRoundId);
  }, [open, recallRoundId]);

  if (selected) {
    return <RoundDetail round={selected} table={table} onBack={() => setSelected(null)} />;
  }
  if (error) {
    return (
      <div role="alert">
        <p className="g-error">{error}</p>
        <button type="button" className="g-button" onClick={load}>
          {m.retry}
        </button>
      </div>
    );
  }
  if (!records) return <div className="g-skeleton g-skeleton-list" aria-busy="true" />;
  if (records.list.length === 0) return <p className="g-muted">{m.noRecords}</p>;
  return (
    <div>
      <ul className="g-records" data-testid="records">
        {records.list.map((item) => (
          <li key={item.roundId}>
            <button type="button" className="g-record" onClick={() => void open(item.roundId)}>
              <span>
                #{item.nonce} ·{' '}
                {new Date(item.openedAt).toLocaleString(
                  document.documentElement.lang === 'en' ? 'en-PH' : 'fil-PH',
                  {
                    timeZone: 'Asia/Manila',
                    dateStyle: 'short',
                    timeStyle: 'short',
                  },
                )}
              </span>
              <span className="g-record-money">
                {formatAmount(item.stake, table.currencySymbol)} →{' '}
                <strong className={minorOf(item.win) > 0n ? 'g-win' : ''}>
                  {formatAmount(item.win, table.currencySymbol)}
                </strong>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {records.totalPages > 1 ? (
        <div className="g-pager">
          <button type="button" className="g-chip" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {m.previous}
          </button>
          <span className="g-muted">
            {page} / {records.totalPages}
          </span>
          <button
            type="button"
            className="g-chip"
            disabled={page >= records.totalPages}
            onClick={() => setPage(page + 1)}
          >
            {m.next}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function RoundDetail({ round, table, onBack }: { round: Round; table: Table; onBack: () => void }) {
  const m = useMessages();
  const [check, setCheck] = useState<Check | null>(null);
  const status =
    round.status === 'open'
      ? m.statusOpen
      : round.status === 'settled'
        ? m.statusSettled
        : m.statusRolledBack;
  return (
    <div className="g-detail" data-testid="round-detail">
      <button type="button" className="g-chip" onClick={onBack}>
        ← {m.back}
      </button>
      <OutcomeSummary gameCode={round.gameCode} outcome={round.outcome} />
      <dl className="g-facts">
        <dt>{m.round}</dt>
        <dd className="g-mono">{round.roundId}</dd>
        <dt>{m.stakeLabel}</dt>
        <dd>
          {formatAmount(round.stake, table.currencySymbol)} · {status}
        </dd>
        <dt>{m.winLabel}</dt>
        <dd>
          {formatAmount(round.win, table.currencySymbol)}
          {round.winCap !== null
            ? ` · ${fill(m.winCapped, { maxWin: formatAmount(round.winCap, table.currencySymbol) })}`
            : ''}
        </dd>
        <dt>{m.balanceBefore}</dt>
        <dd>{round.balanceBefore ? formatAmount(round.balanceBefore, table.currencySymbol) : '—'}</dd>
        <dt>{m.balanceAfter}</dt>
        <dd>{round.balanceAfter ? formatAmount(round.balanceAfter, table.currencySymbol) : '—'}</dd>
        <dt>{m.serverSeedHash}</dt>
        <dd className="g-mono">{round.serverSeedHash}</dd>
        <dt>{m.serverSeed}</dt>
        <dd className="g-mono" data-testid="detail-server-seed">
          {round.serverSeed ?? m.revealFirst}
        </dd>
        <dt>{m.clientSeed}</dt>
        <dd className="g-mono">{round.clientSeed}</dd>
        <dt>{m.nonce}</dt>
        <dd className="g-mono">{round.nonce}</dd>
      </dl>
      {round.serverSeed ? (
        <button type="button" className="g-button g-button-wide" onClick={() => setCheck(checkRound(round))}>
          {m.verify}
        </button>
      ) : null}
      {check ? (
        <p
          className={check.kind === 'kept' ? 'g-verified' : 'g-error'}
          role="status"
          data-testid="verify-result"
        >
          {check.kind === 'kept' ? `✓ ${m.verified}` : check.kind === 'broken' ? m.notVerified : check.code}
        </p>
      ) : null}
    </div>
  );
}
