import { describe, expect, it } from 'vitest';
import {
  initialListFilter,
  type ListFilterState,
  reduceListFilter,
  showsChoice,
  toServerFilter,
} from './list-filter';

const onFav: ListFilterState = { tab: 'FAV', vassalage: 'LAKAN', classify: 'CARD', searchText: '' };

describe('the game lobby list filters (spec §4)', () => {
  it('changing the vendor resets classify to ALL and the tab to ALL', () => {
    expect(reduceListFilter(onFav, { type: 'vendor', vassalage: 'SAMPAGUITA' })).toEqual({
      tab: 'ALL',
      vassalage: 'SAMPAGUITA',
      classify: 'ALL',
      searchText: '',
    });
  });

  it('changing classify or the search text resets the tab to ALL and keeps the vendor', () => {
    expect(reduceListFilter(onFav, { type: 'classify', classify: 'WHEEL' })).toMatchObject({
      tab: 'ALL',
      vassalage: 'LAKAN',
      classify: 'WHEEL',
    });
    expect(reduceListFilter(onFav, { type: 'search', text: 'gulong' })).toMatchObject({
      tab: 'ALL',
      classify: 'CARD',
      searchText: 'gulong',
    });
  });

  it('choosing the same filter again changes nothing, so the list does not reload', () => {
    expect(reduceListFilter(onFav, { type: 'vendor', vassalage: 'LAKAN' })).toBe(onFav);
    expect(reduceListFilter(onFav, { type: 'classify', classify: 'CARD' })).toBe(onFav);
  });

  it('a filter change gives a new server filter, so the list starts again at page 1', () => {
    const before = toServerFilter('LIVE', onFav);
    const after = toServerFilter(
      'LIVE',
      reduceListFilter(onFav, { type: 'vendor', vassalage: 'SAMPAGUITA' }),
    );
    expect(after).not.toEqual(before);
    expect(after).toEqual({
      gameType: 'LIVE',
      vassalage: 'SAMPAGUITA',
      gameClassify: undefined,
      gameName: undefined,
    });
  });

  it('starts on ALL with the vendor of the address, and ALL means no filter', () => {
    expect(toServerFilter('RNG', initialListFilter('LAKAN'))).toEqual({
      gameType: 'RNG',
      vassalage: 'LAKAN',
      gameClassify: undefined,
      gameName: undefined,
    });
    expect(toServerFilter('RNG', initialListFilter())).toMatchObject({ vassalage: undefined });
  });

  it('shows a vendor or classify choice only with more than one entry', () => {
    expect(showsChoice([])).toBe(false);
    expect(showsChoice(['AG'])).toBe(false);
    expect(showsChoice(['AG', 'PT'])).toBe(true);
  });
});
