// The roadmaps of baccarat and dragon tiger, built from the player's own recent rounds at the table:
// a record of what was drawn, nothing more (every round is drawn afresh from its own seeds).

/** A round's winner: a side ('player', 'banker', 'dragon', 'tiger') or 'tie'. */
export type RoundWinner = string;

export const ROAD_ROWS = 6;

export type Bead = { winner: RoundWinner; column: number; row: number };

/** The bead plate: one bead a round, ties included, down each column of six and then the next. */
export function buildBeadPlate(winners: readonly RoundWinner[], rows = ROAD_ROWS): Bead[] {
  return winners.map((winner, index) => ({
    winner,
    column: Math.floor(index / rows),
    row: index % rows,
  }));
}

export type RoadCell = { winner: RoundWinner; column: number; row: number; ties: number };

/**
 * The big road: a column for each run of one side, read down; a run longer than the column turns
 * right along its last row (the dragon's tail), and the next run starts at the top of the column
 * after the previous run's first. A tie takes no cell: it is counted on the cell before it (ties
 * before the first side's cell are counted on that first cell).
 */
export function buildBigRoad(winners: readonly RoundWinner[], rows = ROAD_ROWS): RoadCell[] {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  const isTaken = (column: number, row: number) => taken.has(`${column}:${row}`);
  let runColumn = -1;
  let isTurned = false;
  let leadingTies = 0;
  for (const winner of winners) {
    const last = cells.at(-1);
    if (winner === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let column: number;
    let row: number;
    if (last && last.winner === winner) {
      if (!isTurned && last.row + 1 < rows && !isTaken(last.column, last.row + 1)) {
        column = last.column;
        row = last.row + 1;
      } else {
        column = last.column + 1;
        row = last.row;
        isTurned = true;
      }
    } else {
      runColumn += 1;
      // A tail that ran along the top row holds that column's first cell: start after it.
      while (isTaken(runColumn, 0)) runColumn += 1;
      column = runColumn;
      row = 0;
      isTurned = false;
    }
    taken.add(`${column}:${row}`);
    cells.push({ winner, column, row, ties: cells.length === 0 ? leadingTies : 0 });
  }
  return cells;
}
