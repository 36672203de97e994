import { useEffect, useState } from 'react';
import type { GameApi, Round, Table } from '../api';
import { fill, useMessages } from '../i18n';
import { buildBeadPlate, buildBigRoad, ROAD_ROWS } from './roadmap';
import { pocketColour } from './table-options';

/** How many of the player's own rounds the strip and the roadmaps show. */
export const RECENT_ROUNDS = 60;
const RECENT_PAGE_SIZE = 30;
/** Round details asked at once while the recent rounds load. */
const DETAILS_AT_ONCE = 6;

/** The games that show recent results. */
export const RECENT_GAMES = new Set(['baccarat', 'dragon-tiger', 'sic-bo', 'roulette']);

/**
 * The player's own last rounds at this table, oldest first: those of before, from the betting
 * records (real money only: demo rounds are not kept), then each settled round played since, passed
 * in as latest once its result is on the screen.
 */
export function useRecentRounds(api: GameApi, table: Table, latest: Round | null): Round[] {
  const [earlier, setEarlier] = useState<Round[]>([]);
  const [played, setPlayed] = useState<Round[]>([]);

  useEffect(() => {
    if (table.mode !== 'real' || !RECENT_GAMES.has(table.gameCode)) return;
    let isCurrent = true;
    (async () => {
      const items = [];
      for (let page = 1; page <= RECENT_ROUNDS / RECENT_PAGE_SIZE; page += 1) {
        const answer = await api.records(table.gameCode, page, RECENT_PAGE_SIZE);
        items.push(...answer.list);
        if (page >= answer.totalPages) break;
      }
      const settled = items.filter((item) => item.status === 'settled').slice(0, RECENT_ROUNDS);
      const rounds: Round[] = [];
      for (let index = 0; index < settled.length && isCurrent; index += DETAILS_AT_ONCE) {
        const batch = await Promise.all(
          settled
            .slice(index, index + DETAILS_AT_ONCE)
            .map((item) => api.record(item.roundId).catch(() => null)),
        );
        rounds.push(...batch.filter((round): round is Round => round !== null));
      }
      // The records come newest first.
      if (isCurrent) setEarlier(rounds.reverse());
    })().catch(() => {
      // Without the records the strip shows the rounds played now; the records panel says the error.
    });
    return () => {
      isCurrent = false;
    };
  }, [api, table]);

  useEffect(() => {
    if (latest?.status !== 'settled') return;
    setPlayed((current) =>
      current.some((round) => round.roundId === latest.roundId) ? current : [...current, latest],
    );
  }, [latest]);

  const playedIds = new Set(played.map((round) => round.roundId));
  return [...earlier.filter((round) => !playedIds.has(round.roundId)), ...played].slice(-RECENT_ROUNDS);
}

/** The one-letter marks of the card tables' beads: the same in both languages. */
const MARKS: Record<string, string> = { player: 'P', banker: 'B', dragon: 'D', tiger: 'T', tie: '=' };

function winnerOf(round: Round): string {
  return String((round.outcome as { winner?: unknown } | null)?.winner ?? '');
}

function CardTableRoads({ rounds }: { rounds: Round[] }) {
  const m = useMessages();
  const labels = m.labels as Record<string, string>;
  const winners = rounds.map(winnerOf).filter((winner) => winner in MARKS);
  const beads = buildBeadPlate(winners);
  const road = buildBigRoad(winners);
  const grid = (columns: number) => ({
    gridTemplateColumns: `repeat(${Math.max(columns, 12)}, 20px)`,
    gridTemplateRows: `repeat(${ROAD_ROWS}, 20px)`,
  });
  return (
    <>
      <ol className="g-strip" aria-label={m.roadmap.strip}>
        {[...winners]
          .reverse()
          .slice(0, 20)
          .map((winner, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the strip's places are its order.
            <li key={index} className={`g-bead g-bead-${winner}`} aria-label={labels[winner] ?? winner}>
              {MARKS[winner]}
            </li>
          ))}
      </ol>
      <div className="g-roads">
        <figure className="g-road">
          <figcaption className="g-muted">{m.roadmap.beadPlate}</figcaption>
          <ol className="g-road-grid" style={grid((beads.at(-1)?.column ?? 0) + 1)}>
            {beads.map((bead, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: one bead a round, in order.
                key={index}
                className={`g-bead g-bead-${bead.winner}`}
                style={{ gridColumn: bead.column + 1, gridRow: bead.row + 1 }}
                aria-label={labels[bead.winner] ?? bead.winner}
              >
                {MARKS[bead.winner]}
              </li>
            ))}
          </ol>
        </figure>
        <figure className="g-road">
          <figcaption className="g-muted">{m.roadmap.bigRoad}</figcaption>
          <ol className="g-road-grid" style={grid(Math.max(0, ...road.map((cell) => cell.column)) + 1)}>
            {road.map((cell, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell a round, in order.
                key={index}
                className={`g-ring g-bead-${cell.winner}`}
                style={{ gridColumn: cell.column + 1, gridRow: cell.row + 1 }}
                aria-label={
                  cell.ties > 0
                    ? `${labels[cell.winner] ?? cell.winner}, ${fill(m.roadmap.ties, { count: cell.ties })}`
                    : (labels[cell.winner] ?? cell.winner)
                }
              >
                {cell.ties > 0 ? <span className="g-ring-ties">{cell.ties}</span> : null}
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </>
  );
}

function SicBoStrip({ rounds }: { rounds: Round[] }) {
  const m = useMessages();
  return (
    <ol className="g-strip" aria-label={m.roadmap.strip}>
      {[...rounds].reverse().map((round) => {
        const dice = ((round.outcome as { dice?: number[] } | null)?.dice ?? []).map(Number);
        const total = dice.reduce((sum, die) => sum + die, 0);
        const isTriple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
        const kind = isTriple ? 'any-triple' : total >= 11 ? 'big' : 'small';
        const name = (m.labels as Record<string, string>)[kind] ?? kind;
        return (
          <li key={round.roundId} className={`g-total g-total-${kind}`} aria-label={`${total}, ${name}`}>
            {total}
          </li>
        );
      })}
    </ol>
  );
}

function RouletteStrip({ rounds }: { rounds: Round[] }) {
  const m = useMessages();
  return (
    <ol className="g-strip" aria-label={m.roadmap.strip}>
      {[...rounds].reverse().map((round) => {
        const pocket = Number((round.outcome as { pocket?: unknown } | null)?.pocket);
        const colour = pocketColour(pocket);
        return (
          <li
            key={round.roundId}
            className={`g-recent-pocket g-recent-${colour}`}
            aria-label={`${pocket} ${(m.labels as Record<string, string>)[colour] ?? colour}`}
          >
            {pocket}
          </li>
        );
      })}
    </ol>
  );
}

/** "Recent results": the player's own last rounds at this table; hidden until there is one. */
export function RecentResults({ gameCode, rounds }: { gameCode: string; rounds: Round[] }) {
  const m = useMessages();
  if (!RECENT_GAMES.has(gameCode) || rounds.length === 0) return null;
  return (
    <section className="g-recent" aria-label={m.recent} data-testid="recent-results">
      <h3>{m.recent}</h3>
      {gameCode === 'roulette' ? (
        <RouletteStrip rounds={rounds} />
      ) : gameCode === 'sic-bo' ? (
        <SicBoStrip rounds={rounds} />
      ) : (
        <CardTableRoads rounds={rounds} />
      )}
      <p className="g-muted g-recent-note">{fill(m.roadmap.note, { count: rounds.length })}</p>
    </section>
  );
}
