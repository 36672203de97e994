import { describe, expect, it } from 'vitest';
import { buildBeadPlate, buildBigRoad } from './roadmap';

describe('buildBeadPlate', () => {
  it('fills each column of six top to bottom, ties included, then the next column', () => {
    const winners = ['banker', 'player', 'tie', 'banker', 'banker', 'player', 'tie', 'player'];
    const beads = buildBeadPlate(winners);
    expect(beads.map(({ column, row }) => [column, row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
      [1, 1],
    ]);
    expect(beads.map((bead) => bead.winner)).toEqual(winners);
  });
});

describe('buildBigRoad', () => {
  const place = (winners: string[]) =>
    buildBigRoad(winners).map(({ winner, column, row, ties }) => [winner, column, row, ties]);

  it('reads a run down one column and starts a new column when the side changes', () => {
    expect(place(['banker', 'banker', 'player', 'banker', 'banker', 'banker'])).toEqual([
      ['banker', 0, 0, 0],
      ['banker', 0, 1, 0],
      ['player', 1, 0, 0],
      ['banker', 2, 0, 0],
      ['banker', 2, 1, 0],
      ['banker', 2, 2, 0],
    ]);
  });

  it('marks a tie on the cell before it, taking no cell of its own', () => {
    expect(place(['dragon', 'tie', 'tie', 'dragon', 'tiger', 'tie'])).toEqual([
      ['dragon', 0, 0, 2],
      ['dragon', 0, 1, 0],
      ['tiger', 1, 0, 1],
    ]);
  });

  it('counts ties before the first side on the first cell', () => {
    expect(place(['tie', 'player'])).toEqual([['player', 0, 0, 1]]);
    expect(place(['tie', 'tie'])).toEqual([]);
  });

  it('turns a run longer than six right along the last row, and the next run starts after the run before', () => {
    const road = place(['player', ...Array(7).fill('banker'), 'player', 'player']);
    expect(road).toEqual([
      ['player', 0, 0, 0],
      ['banker', 1, 0, 0],
      ['banker', 1, 1, 0],
      ['banker', 1, 2, 0],
      ['banker', 1, 3, 0],
      ['banker', 1, 4, 0],
      ['banker', 1, 5, 0],
      ['banker', 2, 5, 0],
      ['player', 2, 0, 0],
      ['player', 2, 1, 0],
    ]);
  });

  it('turns a run right when the cell below is held by an earlier tail', () => {
    // A run of 7 players leaves its tail at column 1, row 5; the next banker run of 6 in
    // column 1 finds row 5 taken and turns at row 4.
    const road = place([...Array(7).fill('player'), ...Array(6).fill('banker')]);
    expect(road.slice(7)).toEqual([
      ['banker', 1, 0, 0],
      ['banker', 1, 1, 0],
      ['banker', 1, 2, 0],
      ['banker', 1, 3, 0],
      ['banker', 1, 4, 0],
      ['banker', 2, 4, 0],
    ]);
  });
});
