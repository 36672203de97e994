import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerPoints } from './player-points.tsx';
import type { PlayerPoints as PlayerPointsValue } from './points-api.ts';

const points: PlayerPointsValue = {
  points: 0,
  owed: 120,
  list: [
    {
      id: 'p-2',
      type: 'clawback',
      points: -300,
      balance: 0,
      remark: 'Valid bet of 2025-06-09 (RNG) fell to ₱0.00: 420 points taken back; 120 points owed',
      createdAt: '2025-06-10T02:00:00.000Z',
    },
    {
      id: 'p-1',
      type: 'slots',
      points: 300,
      balance: 300,
      remark: 'Valid bet ₱30,000.00 on 2025-06-09 (RNG)',
      createdAt: '2025-06-09T16:05:00.000Z',
    },
  ],
  total: 2,
  totalPages: 1,
};

/** The panel drawn once with the player's points already read, as text. */
function panelText(value: PlayerPointsValue, canWrite: boolean): string {
  const client = new QueryClient();
  client.setQueryData(['bo', 'player', 'u-1', 'points', { type: '', page: 1 }], value);
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(PlayerPoints, { playerId: 'u-1', account: 'juan88', canWrite }),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe("a player's points", () => {
  it('shows the balance, what claw-backs still owe, and each record signed with the balance after', () => {
    const text = panelText(points, false);
    expect(text).toContain('Balance: 0');
    expect(text).toContain('owed from claw-backs: 120');
    expect(text).toContain('Clawed back (bet voided) -300');
    expect(text).toContain('Earned on slots +300 300');
    expect(text).toContain('120 points owed');
  });

  it('offers an adjustment only to an operator with loyalty.write', () => {
    expect(panelText(points, false)).not.toContain('Adjust points');
    expect(panelText(points, true)).toContain('Adjust points…');
  });

  it('says when there are no records yet', () => {
    expect(panelText({ points: 0, owed: 0, list: [], total: 0, totalPages: 0 }, true)).toContain(
      'No points records yet.',
    );
  });
});
