import { describe, expect, it } from 'vitest';
import type { GameItem } from './catalogue-api';
import { applyFavoriteChange, decideFavoriteToggle, revertFavoriteChange } from './favorite-toggle';

function game(nodeId: string): GameItem {
  return {
    nodeId,
    vassalage: 'LAKAN',
    gameType: 'RNG',
    gameCode: nodeId,
    gameName: nodeId,
    nodeName: nodeId,
    displayName: nodeId,
    showIcon: '',
    iconUrl: '',
    lagerIcon: '',
    isHot: 0,
    supportPlay: 0,
    isGame: 'GAME',
  };
}

describe('the favourite toggle (spec §4)', () => {
  it('adds a game that is not a favourite and removes one that is', () => {
    expect(decideFavoriteToggle([], game('a'), 0, 5_000)).toEqual({ kind: 'add', game: game('a') });
    expect(decideFavoriteToggle([game('a')], game('a'), 0, 5_000)).toEqual({
      kind: 'remove',
      game: game('a'),
    });
  });

  it('drops a toggle within a second of the last one (the leading call wins)', () => {
    expect(decideFavoriteToggle([], game('a'), 10_000, 10_999)).toBeNull();
    expect(decideFavoriteToggle([], game('a'), 10_000, 11_000)).not.toBeNull();
  });

  it('applies a change at once, newest first, and never lists a game twice', () => {
    const list = [game('b'), game('c')];
    expect(applyFavoriteChange(list, { kind: 'add', game: game('a') }).map((item) => item.nodeId)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(applyFavoriteChange(list, { kind: 'add', game: game('c') }).map((item) => item.nodeId)).toEqual([
      'c',
      'b',
    ]);
    expect(applyFavoriteChange(list, { kind: 'remove', game: game('b') }).map((item) => item.nodeId)).toEqual(
      ['c'],
    );
  });

  it('rolls a refused change back to the list as it was', () => {
    const list = [game('b')];
    const added = { kind: 'add' as const, game: game('a') };
    expect(revertFavoriteChange(applyFavoriteChange(list, added), added)).toEqual(list);
    const removed = { kind: 'remove' as const, game: game('b') };
    expect(revertFavoriteChange(applyFavoriteChange(list, removed), removed)).toEqual(list);
  });
});
