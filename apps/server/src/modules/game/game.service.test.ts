import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/errors.ts';
import { lotteryRouteOf, parseCatalogueFeed } from './game.service.ts';

const game = {
  gameCode: 'coin-1',
  names: { EN: 'Coin', TY: 'Barya' },
  gameType: 'RNG',
  iconUrl: 'https://vendor.test/coin-1.svg',
  demo: true,
};

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return Object.keys((error.value?.fields ?? {}) as object)[0];
    throw error;
  }
  return undefined;
}

describe('reading a vendor catalogue feed', () => {
  it('reads a well-formed feed', () => {
    expect(parseCatalogueFeed({ vendor: 'LAKAN', name: 'Lakan Gaming', games: [game] })).toEqual({
      vendor: 'LAKAN',
      name: 'Lakan Gaming',
      games: [game],
    });
  });

  it('takes a missing icon and demo flag as none', () => {
    const { iconUrl: _icon, demo: _demo, ...bare } = game;
    expect(parseCatalogueFeed({ vendor: 'LAKAN', name: 'L', games: [bare] }).games[0]).toMatchObject({
      iconUrl: null,
      demo: false,
    });
  });

  it.each([
    ['vendor', { vendor: 'lakan gaming', name: 'L', games: [] }],
    ['name', { vendor: 'LAKAN', name: '', games: [] }],
    ['games', { vendor: 'LAKAN', name: 'L', games: 'all' }],
    ['games.0.gameCode', { vendor: 'LAKAN', name: 'L', games: [{ ...game, gameCode: 'a b' }] }],
    ['games.1.gameCode', { vendor: 'LAKAN', name: 'L', games: [game, game] }],
    ['games.0.names', { vendor: 'LAKAN', name: 'L', games: [{ ...game, names: { TY: 'Barya' } }] }],
    ['games.0.gameType', { vendor: 'LAKAN', name: 'L', games: [{ ...game, gameType: 'slots!' }] }],
    ['games.0.iconUrl', { vendor: 'LAKAN', name: 'L', games: [{ ...game, iconUrl: 'javascript:alert(1)' }] }],
  ])('refuses a feed whose %s is wrong, importing nothing of it', (field, feed) => {
    expect(fieldOf(() => parseCatalogueFeed(feed))).toBe(field);
  });
});

describe('the lottery routes of spec §4', () => {
  it.each([
    ['TCG_LOTTO_VN', '/vnLottery'],
    ['TCG_SEA', '/seaLottery'],
    ['LOTT', '/lottery'],
    ['ELOTT', '/lottery'],
    ['LAKAN', null],
  ])('%s goes to %s', (vassalage, route) => {
    expect(lotteryRouteOf(vassalage)).toBe(route);
  });
});
