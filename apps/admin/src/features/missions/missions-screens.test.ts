import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeaderboardRow, MissionRow } from './missions-api.ts';
import { LeaderboardsTab, MissionsTab } from './missions-tabs.tsx';

const MISSION: MissionRow = {
  id: 'mi-1',
  merchantId: 'm-1',
  nameTy: 'Maglaro ng 10 round ngayong araw',
  nameEn: 'Play 10 rounds today',
  period: 'daily',
  task: 'rounds',
  gameType: 'RNG',
  target: '10',
  rewardKind: 'cash',
  reward: '5.00',
  multiplier: null,
  rewardTableId: null,
  rewardTickets: null,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  enabled: true,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const BOARD: LeaderboardRow = {
  id: 'lb-1',
  merchantId: 'm-1',
  nameTy: 'Lingguhang Paligsahan ng Taya',
  nameEn: 'Weekly Betting Race',
  metric: 'validBet',
  gameType: null,
  period: 'weekly',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  prizes: [
    { rank: 1, kind: 'cash', amount: '1000.00', multiplier: null },
    { rank: 2, kind: 'bonus', amount: '200.00', multiplier: 5 },
  ],
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A screen drawn once with its queries already answered, as its text. */
function textOf(element: ReactElement, answers: readonly (readonly [readonly unknown[], unknown])[]): string {
  const client = new QueryClient();
  for (const [key, value] of answers) client.setQueryData(key, value);
  return renderToString(createElement(QueryClientProvider, { client }, element));
}

describe('the missions section', () => {
  it('lists each mission with what it asks, its reward and whether it runs', () => {
    const ticketMission = {
      ...MISSION,
      id: 'mi-3',
      rewardKind: 'ticket' as const,
      reward: '0.00',
      rewardTableId: 't-1',
      rewardTickets: 3,
    };
    const answers = [
      [
        ['bo', 'missions', 'missions', 'm-1'],
        { list: [MISSION, { ...MISSION, id: 'mi-2', enabled: false }, ticketMission] },
      ],
      [
        ['bo', 'missions', 'prize-tables', 'm-1'],
        { list: [{ id: 't-1', names: { TY: 'Gulong', EN: 'Lucky Wheel' }, active: true }] },
      ],
    ] as const;
    const html = textOf(
      createElement(MissionsTab, { merchantId: 'm-1', canWrite: true, onNotice: () => undefined }),
      answers,
    );
    expect(html).toContain('Play 10 rounds of RNG');
    expect(html).toContain('₱5.00 cash');
    expect(html).toContain('3 tickets of Lucky Wheel');
    expect(html).toContain('Running');
    expect(html).toContain('Disabled');
    expect(html).toContain('New mission');
    expect(html).toContain('aria-label="Edit Play 10 rounds today"');
    // An operator who may only read opens a mission to read it, and adds none.
    const reader = textOf(
      createElement(MissionsTab, { merchantId: 'm-1', canWrite: false, onNotice: () => undefined }),
      answers,
    );
    expect(reader).not.toContain('New mission');
    expect(reader).toContain('aria-label="Open Play 10 rounds today"');
  });

  it('offers closing a running leaderboard period only to an operator who may change missions', () => {
    const answers = [[['bo', 'missions', 'leaderboards', 'm-1'], { list: [BOARD] }]] as const;
    const writer = textOf(
      createElement(LeaderboardsTab, { merchantId: 'm-1', canWrite: true, onNotice: () => undefined }),
      answers,
    );
    expect(writer).toContain('#1 ₱1000.00 cash · #2 ₱200.00 bonus, 5× wagering');
    expect(writer).toContain('Close period now');
    expect(writer).toContain('New leaderboard');
    const reader = textOf(
      createElement(LeaderboardsTab, { merchantId: 'm-1', canWrite: false, onNotice: () => undefined }),
      answers,
    );
    expect(reader).not.toContain('Close period now');
    expect(reader).not.toContain('New leaderboard');
  });
});
