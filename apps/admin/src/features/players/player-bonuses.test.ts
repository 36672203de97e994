import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlayerBonus } from './bonuses-api.ts';
import { PlayerBonuses } from './player-bonuses.tsx';

const active: PlayerBonus = {
  id: 'b-1',
  source: 'promotion',
  promotionId: 'p-1',
  promotionTitle: 'Bonus sa unang deposito',
  status: 'active',
  amount: '100.00',
  depositAmount: '100.00',
  wageringRequired: '500.00',
  wagered: '125.00',
  progressPercent: 25,
  contributions: [{ gameType: 'RNG', percent: '100.00' }],
  maxStake: '50.00',
  maxConversion: null,
  expiresAt: '2025-06-17T00:00:00.000Z',
  grantedAt: '2025-06-10T00:00:00.000Z',
  activatedAt: '2025-06-10T00:00:00.000Z',
  endedAt: null,
  converted: '0.00',
  forfeited: '0.00',
  forfeitIfCancelled: '140.00',
  minSpinStake: '1.00',
  minSpinLines: 25,
};

const converted: PlayerBonus = {
  ...active,
  id: 'b-0',
  source: 'manual',
  promotionId: null,
  promotionTitle: null,
  status: 'converted',
  depositAmount: null,
  wagered: '500.00',
  progressPercent: 100,
  endedAt: '2025-06-09T00:00:00.000Z',
  converted: '260.00',
  forfeited: '40.00',
  forfeitIfCancelled: '0.00',
};

/** The player's bonuses drawn once with their first page already read, as text. */
function bonusesText(canWrite: boolean): string {
  const client = new QueryClient();
  client.setQueryData(['bo', 'player', 'u-1', 'bonuses', 1], {
    list: [active, converted],
    total: 2,
    totalPages: 1,
    bonusBalance: '140.00',
  });
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(PlayerBonuses, {
        playerId: 'u-1',
        account: 'juan88',
        merchantId: 'm-1',
        currency: 'PHP',
        canWrite,
        ask: () => undefined,
        isSending: false,
      }),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe("a player's bonuses", () => {
  it('shows each bonus with its source, wagering progress, limits and slot-spin rule, how it ended, and the bonus wallet', () => {
    const text = bonusesText(false);
    expect(text).toContain('Bonus wallet: ₱140.00');
    expect(text).toContain('Bonus sa unang deposito');
    expect(text).toContain('₱125.00 of ₱500.00 (25%)');
    expect(text).toContain('Largest bet ₱50.00');
    expect(text).toContain('slot spins count at ₱1.00 or more per spin, 25 lines or more');
    expect(text).toContain('Granted by hand');
    expect(text).toContain('₱260.00 to cash · ₱40.00 forfeited');
    expect(text).not.toContain('Cancel…');
    expect(text).not.toContain('Grant a bonus…');
  });

  it('lets an operator who may grant bonuses grant one and cancel an open one only', () => {
    const text = bonusesText(true);
    expect(text).toContain('Grant a bonus…');
    expect(text.match(/Cancel…/g)).toHaveLength(1);
  });
});
