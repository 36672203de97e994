import { describe, expect, it } from 'vitest';
import { gameTitleOf, vendorNameOf } from './game-labels';

describe('what a game tile is labelled with', () => {
  it('names the game once, with the name the server gave in the player’s language', () => {
    expect(gameTitleOf({ gameName: 'Mina', displayName: 'Mina', nodeName: 'Mina' })).toBe('Mina');
  });

  it('takes another of the list’s names when the game name is blank', () => {
    expect(gameTitleOf({ gameName: ' ', displayName: 'Dagat 4D', nodeName: 'Dagat 4D' })).toBe('Dagat 4D');
    expect(gameTitleOf({ gameName: '', displayName: '', nodeName: 'Bituin Lotto' })).toBe('Bituin Lotto');
  });

  it('shows the vendor’s display name, never its code', () => {
    const names = new Map([
      ['TCG_SEA', 'Dagat Lotto'],
      ['LOTT', 'Bituin Lotto'],
      ['BLANK', '  '],
    ]);
    expect(vendorNameOf(names, 'TCG_SEA')).toBe('Dagat Lotto');
    expect(vendorNameOf(names, 'LOTT')).toBe('Bituin Lotto');
    expect(vendorNameOf(names, 'UNKNOWN')).toBeNull();
    expect(vendorNameOf(names, 'BLANK')).toBeNull();
  });
});
