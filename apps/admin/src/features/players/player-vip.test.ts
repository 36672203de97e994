import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerVip } from './player-vip.tsx';
import type { HeldVipLevel, MerchantVipLevel } from './player-vip-api.ts';

const level = (rank: number, TY: string, EN: string): MerchantVipLevel => ({
  id: `l-${rank}`,
  merchantId: 'm-1',
  rank,
  names: { TY, EN },
  label: `VIP${rank}`,
  badgeUrl: null,
  deposit: '0.00',
  validBet: '0.00',
  keepDeposit: '0.00',
  keepValidBet: '0.00',
  guaranteedDays: 30,
  upgradeBonus: '0.00',
  birthdayBonus: '0.00',
  monthlyBonus: '0.00',
  rebateRates: {},
  withdrawCountDay: null,
  withdrawAmountDay: null,
  pointsMultiplier: '1.00',
  holders: 1,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
});

const HELD: HeldVipLevel = {
  memberId: 'u-1',
  merchantId: 'm-1',
  account: 'juan88',
  rank: 2,
  label: 'VIP2',
  names: { TY: 'Pilak', EN: 'Silver' },
  reachedAt: '2025-06-01T00:00:00.000Z',
  guaranteedUntil: '2025-07-01T00:00:00.000Z',
  projection: 'fall',
  projectedRank: 1,
  projectedAt: '2025-06-10T00:00:00.000Z',
};

/** The panel drawn once with the player's level, the merchant's levels and the player read. */
function panelText(held: HeldVipLevel | null, canWrite: boolean): string {
  const client = new QueryClient();
  client.setQueryData(['bo', 'player', 'u-1', 'vip'], held);
  client.setQueryData(['bo', 'vip', 'levels', 'm-1'], {
    list: [level(2, 'Pilak', 'Silver'), level(1, 'Tanso', 'Bronze')],
  });
  // The player page's own read: only the birthday plays a part here.
  client.setQueryData(['bo', 'player', 'u-1'], { profile: { birthday: '1990-05-17' } });
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(PlayerVip, { player: { id: 'u-1', account: 'juan88', merchantId: 'm-1' }, canWrite }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

describe("a player's VIP panel", () => {
  it('shows the level held, since when, its guarantee, the projection and the birthday', () => {
    const text = panelText(HELD, false);
    expect(text).toContain('VIP2 Pilak / Silver · rank 2');
    expect(text).toContain('Guaranteed until');
    expect(text).toContain('Falls to VIP1');
    expect(text).toContain('1990-05-17');
    expect(text).not.toContain('Change the level…');
  });

  it('says when the player holds no level, and offers the changes to an operator who may make them', () => {
    const text = panelText(null, true);
    expect(text).toContain("No level: the player has not met rank 1's thresholds.");
    expect(text).toContain('Change the level…');
    expect(text).toContain('Change the birthday…');
    expect(text).toContain('VIP1 · Tanso');
  });
});
