import { useEffect, useState } from 'react';
import type { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { textOf } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import {
  PROMOTION_STATUS_LABELS,
  RAFFLE_STATUS_LABELS,
  RAFFLE_WINNER_STATUS_LABELS,
  statusBadgeClass,
  winnerBadgeClass,
} from './promotion-labels.ts';
import type { Promotion } from './promotions-api.ts';
import { type RaffleAdminView, useDrawRaffle, useRaffle } from './raffle-api.ts';

/** Promotions pay in the merchant's currency: pesos on this platform. */
const CURRENCY = 'PHP';
const money = (amount: string) => formatPesos(amount, CURRENCY);

/** How often the panel looks at the clock, so that "Draw now" opens as the draw falls due. */
const CLOCK_TICK_MS = 15_000;

/** The moment now, moved on every few seconds from the one the page was opened at. */
function useClock(startMs: number): number {
  const [nowMs, setNowMs] = useState(startMs);
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return nowMs;
}

/**
 * Where a raffle's draw stands for the operator: waiting for its time, due, drawn, not drawn until
 * published, or never drawn.
 */
export type DrawStanding = 'waiting' | 'due' | 'drawn' | 'draft' | 'withdrawn';

/**
 * Only a published raffle is drawn: a draft waits to be published, and a withdrawn one is never
 * drawn (its tickets stay, its draw stays open). A published one is due once its end and the
 * draw's delay have passed.
 */
export function drawStandingOf(
  raffle: Pick<RaffleAdminView, 'status' | 'drawAt'>,
  promotionStatus: string,
  nowMs: number,
): DrawStanding {
  if (raffle.status === 'drawn') return 'drawn';
  if (promotionStatus === 'withdrawn') return 'withdrawn';
  if (promotionStatus === 'draft') return 'draft';
  return Date.parse(raffle.drawAt) <= nowMs ? 'due' : 'waiting';
}

/** The prize tiers of a raffle's rules in a line ("₱5,000.00 × 1, ₱1,000.00 × 3"), and their sum. */
export function prizesLineOf(rules: Record<string, unknown>): string {
  const tiers = Array.isArray(rules.prizes) ? rules.prizes : [];
  const parts = tiers.flatMap((tier: unknown) => {
    const { amount, count } = (tier ?? {}) as Record<string, unknown>;
    return typeof amount === 'string' && typeof count === 'number' ? [`${money(amount)} × ${count}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'None set';
}

/**
 * A raffle promotion's draw: its standing and commitment (the server seed's hash, shown to players
 * from the start; the seed and the client seed once drawn), when the draw is due, the tickets and
 * members so far, "Draw now" once due (asked first), and the winners with their prizes' claims.
 */
export function RafflePanel(props: {
  promotion: Promotion;
  canWrite: boolean;
  nowMs: number;
  confirm: ReturnType<typeof useConfirmedAction>;
  onOpenBuilder: () => void;
  onClose: () => void;
}) {
  const raffle = useRaffle(props.promotion.id);
  const nowMs = useClock(props.nowMs);
  const title = textOf(props.promotion.title) || props.promotion.id;
  return (
    <section className="panel raffle-panel" aria-label={`Raffle ${title}`}>
      <div className="panel__heading">
        <h2>
          Raffle: {title}{' '}
          <span className={statusBadgeClass(props.promotion.status)}>
            {labelOfCode(PROMOTION_STATUS_LABELS, props.promotion.status)}
          </span>
        </h2>
        <div className="promotion-builder__actions">
          <button type="button" className="button button--quiet" onClick={props.onOpenBuilder}>
            Rules and details
          </button>
          <button type="button" className="button button--quiet" onClick={props.onClose}>
            Back to the list
          </button>
        </div>
      </div>
      {raffle.isError ? (
        <ErrorState error={raffle.error} onRetry={() => void raffle.refetch()} />
      ) : raffle.isPending ? (
        <p className="muted">Loading the raffle…</p>
      ) : (
        <RaffleView
          raffle={raffle.data}
          promotion={props.promotion}
          canWrite={props.canWrite}
          nowMs={nowMs}
          confirm={props.confirm}
        />
      )}
    </section>
  );
}

/** The raffle once read: its facts, the draw's button and the winners. */
export function RaffleView(props: {
  raffle: RaffleAdminView;
  promotion: Promotion;
  canWrite: boolean;
  nowMs: number;
  confirm: ReturnType<typeof useConfirmedAction>;
}) {
  const { raffle, promotion } = props;
  const draw = useDrawRaffle(promotion.id, raffle.drawAt);
  const standing = drawStandingOf(raffle, promotion.status, props.nowMs);
  const title = textOf(promotion.title) || promotion.id;

  function askDraw() {
    props.confirm.ask({
      title: `Draw ${title} now?`,
      confirmLabel: 'Draw now',
      tone: 'primary',
      facts: [
        ['Raffle', title],
        ['Due', formatDateTime(raffle.drawAt)],
        ['Tickets', raffle.ticketCount.toLocaleString('en-PH')],
        ['Members taking part', raffle.participants.toLocaleString('en-PH')],
        ['Prizes', prizesLineOf(promotion.rules)],
        [
          'Effect',
          'The last tickets are issued, the winners are drawn from every ticket and the server seed is revealed. A draw is final: it cannot be made again.',
        ],
      ],
      run: () => draw.mutateAsync(),
      doneText: 'Raffle drawn: the winners are listed and may claim their prizes.',
    });
  }

  return (
    <div className="raffle-panel__body">
      <dl className="facts">
        <div className="facts__line">
          <dt>Draw</dt>
          <dd>
            <span className={raffle.status === 'drawn' ? 'badge badge--success' : 'badge badge--brand'}>
              {labelOfCode(RAFFLE_STATUS_LABELS, raffle.status)}
            </span>{' '}
            <span className="muted small">{standingWords(standing, raffle)}</span>
          </dd>
        </div>
        <div className="facts__line">
          <dt>Draw due</dt>
          <dd>{formatDateTime(raffle.drawAt)}</dd>
        </div>
        {raffle.drawnAt && (
          <div className="facts__line">
            <dt>Drawn at</dt>
            <dd>{formatDateTime(raffle.drawnAt)}</dd>
          </div>
        )}
        <div className="facts__line">
          <dt>Tickets</dt>
          <dd className="mono">{raffle.ticketCount.toLocaleString('en-PH')}</dd>
        </div>
        <div className="facts__line">
          <dt>Members taking part</dt>
          <dd className="mono">{raffle.participants.toLocaleString('en-PH')}</dd>
        </div>
        <div className="facts__line">
          <dt>Prizes</dt>
          <dd>{prizesLineOf(promotion.rules)}</dd>
        </div>
        <div className="facts__line">
          <dt>Commitment (SHA-256 of the server seed)</dt>
          <dd className="mono raffle-panel__seed">{raffle.serverSeedHash}</dd>
        </div>
        <div className="facts__line">
          <dt>Server seed</dt>
          <dd className={raffle.serverSeed ? 'mono raffle-panel__seed' : 'muted'}>
            {raffle.serverSeed ?? 'Revealed by the draw'}
          </dd>
        </div>
        <div className="facts__line">
          <dt>Client seed (from the ticket numbers)</dt>
          <dd className={raffle.clientSeed ? 'mono raffle-panel__seed' : 'muted'}>
            {raffle.clientSeed ?? 'Set by the draw'}
          </dd>
        </div>
      </dl>
      {props.canWrite && (standing === 'due' || standing === 'waiting') && (
        <div className="row-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={standing !== 'due' || props.confirm.isSending}
            title={standing === 'due' ? undefined : `Due ${formatDateTime(raffle.drawAt)}`}
            onClick={askDraw}
          >
            Draw now…
          </button>
          <span className="muted small">
            {standing === 'due'
              ? 'The draw job draws it within the minute too.'
              : 'Opens once the draw is due.'}
          </span>
        </div>
      )}
      <h3 className="panel__heading">Winners</h3>
      <WinnersTable raffle={raffle} />
    </div>
  );
}

/** A line beside the draw's status saying what comes next. */
function standingWords(standing: DrawStanding, raffle: RaffleAdminView): string {
  switch (standing) {
    case 'waiting':
      return `Tickets are being earned; the draw is due ${formatDateTime(raffle.drawAt)}.`;
    case 'due':
      return 'Due: the draw job draws it within the minute, or draw it now.';
    case 'drawn':
      return `Winners drawn ${formatDateTime(raffle.drawnAt)}; the seeds are public for players to verify.`;
    case 'draft':
      return `A draft: published, it is drawn ${formatDateTime(raffle.drawAt)}.`;
    case 'withdrawn':
      return 'Withdrawn: the raffle is not drawn. Its tickets stay as they were.';
  }
}

/** The winners by rank with their prizes' claims; before the draw, an empty state saying when. */
export function WinnersTable({ raffle }: { raffle: RaffleAdminView }) {
  const winners = [...raffle.winners].sort((left, right) => left.rank - right.rank);
  return (
    <div className="table-wrap">
      <table className="table" data-testid="raffle-winners">
        <TableHead
          headings={[
            numberHeading('Rank'),
            'Ticket',
            'Member',
            numberHeading('Amount'),
            'Status',
            'Claim by',
            'Claimed at',
          ]}
        />
        <tbody>
          {winners.map((winner) => (
            <tr key={winner.id}>
              <td className="number">{winner.rank}</td>
              <td className="mono">{winner.ticketId}</td>
              <td>
                {winner.username} <span className="muted small mono">{winner.memberId}</span>
              </td>
              <td className="number mono">{money(winner.amount)}</td>
              <td>
                <span className={winnerBadgeClass(winner.status)}>
                  {labelOfCode(RAFFLE_WINNER_STATUS_LABELS, winner.status)}
                </span>
              </td>
              <td className="small nowrap">{formatDateTime(winner.claimBy)}</td>
              <td className="small nowrap">{formatDateTime(winner.claimedAt, '—')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {winners.length === 0 &&
        (raffle.status === 'drawn' ? (
          <EmptyState title="No winners: the raffle was drawn without tickets." />
        ) : (
          <EmptyState title="No winners yet.">
            {`The winners are drawn ${formatDateTime(raffle.drawAt)}, from every ticket issued by then.`}
          </EmptyState>
        ))}
    </div>
  );
}
