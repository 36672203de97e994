import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../components/render-markup.test-support';
import type { LeaderboardView, MissionSummary } from './api/missions';
import { LeaderboardBoard, MissionLeaderboardContent } from './components/mission-leaderboard-page';

beforeAll(loadTagalog);

const STANDING = {
  id: 'board-1',
  name: 'Lingguhang Paligsahan ng Taya',
  metric: 'validBet',
  gameType: null,
  period: 'weekly',
  periodStart: '2026-11-23',
  startsAt: '2026-11-22T16:00:00.000Z',
  endsAt: '2099-11-29T16:00:00.000Z',
  closed: false,
  ranked: 12,
  me: { rank: 4, figure: '1500.00' },
  prizes: [
    { rank: 1, kind: 'cash', amount: '1000.00', multiplier: null },
    { rank: 2, kind: 'bonus', amount: '200.00', multiplier: 5 },
  ],
} satisfies MissionSummary['leaderboards'][number];

const SUMMARY: MissionSummary = {
  eligible: true,
  reason: null,
  missions: [
    {
      id: 'm-1',
      name: 'Maglaro ng 10 round ngayong araw',
      period: 'daily',
      task: 'rounds',
      gameType: null,
      unit: 'count',
      target: '10',
      progress: '4',
      percent: 40,
      done: false,
      claimed: false,
      reward: {
        kind: 'cash',
        amount: '5.00',
        multiplier: null,
        tickets: null,
        tableId: null,
        tableName: null,
      },
      periodEndsAt: '2099-11-25T16:00:00.000Z',
    },
    {
      id: 'm-2',
      name: 'Mag-deposito ng ₱1,000 ngayong linggo',
      period: 'weekly',
      task: 'deposit',
      gameType: null,
      unit: 'amount',
      target: '1000.00',
      progress: '1000.00',
      percent: 100,
      done: true,
      claimed: false,
      reward: {
        kind: 'bonus',
        amount: '50.00',
        multiplier: 5,
        tickets: null,
        tableId: null,
        tableName: null,
      },
      periodEndsAt: '2099-11-29T16:00:00.000Z',
    },
    {
      id: 'm-3',
      name: 'Mag-log in ngayong araw',
      period: 'daily',
      task: 'loginStreak',
      gameType: null,
      unit: 'count',
      target: '1',
      progress: '1',
      percent: 100,
      done: true,
      claimed: true,
      reward: {
        kind: 'cash',
        amount: '1.00',
        multiplier: null,
        tickets: null,
        tableId: null,
        tableName: null,
      },
      periodEndsAt: '2099-11-25T16:00:00.000Z',
    },
    {
      id: 'm-4',
      name: 'Maglaro ng 3 bagong laro',
      period: 'weekly',
      task: 'newGame',
      gameType: null,
      unit: 'count',
      target: '3',
      progress: '1',
      percent: 33,
      done: false,
      claimed: false,
      reward: {
        kind: 'ticket',
        amount: '0.00',
        multiplier: null,
        tickets: 3,
        tableId: 'table-1',
        tableName: 'Gulong ng Suwerte',
      },
      periodEndsAt: '2099-11-29T16:00:00.000Z',
    },
  ],
  leaderboards: [STANDING],
};

const noop = () => undefined;

describe('the missions summary', () => {
  it('shows each mission’s progress, reward and claim state, and my standing on each leaderboard', () => {
    const html = renderMarkup(
      <MissionLeaderboardContent
        summary={SUMMARY}
        tab="summary"
        boardId={null}
        onOpenBoard={noop}
        onPickBoard={noop}
      />,
    );
    expect(html).toContain('Mga misyon ngayong araw');
    expect(html).toContain('Mga misyon ngayong linggo');
    expect(html).toContain('4 sa 10 round');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('₱1,000.00 sa ₱1,000.00');
    expect(html).toContain('Gantimpala: ₱50.00 na bonus, itataya nang 5×');
    expect(html).toContain('Gantimpala: 3 tiket para sa Gulong ng Suwerte');
    expect(html).toContain('Hindi pa tapos');
    expect(html).toContain('Nakuha na');
    expect(html).toContain('#4');
    expect(html).toContain('₱1,500.00');
    expect(html).toContain('Matatapos sa');
  });

  it('tells a member promotions may not reach that missions are not open to them', () => {
    const html = renderMarkup(
      <MissionLeaderboardContent
        summary={{ eligible: false, reason: 'NOT_MARKETABLE', missions: [], leaderboards: [] }}
        tab="summary"
        boardId={null}
        onOpenBoard={noop}
        onPickBoard={noop}
      />,
    );
    expect(html).toContain('Hindi bukas sa iyong account');
    expect(html).not.toContain('mission-card');
  });

  it('says so when nothing runs', () => {
    const empty = { eligible: true, reason: null, missions: [], leaderboards: [] } satisfies MissionSummary;
    expect(
      renderMarkup(
        <MissionLeaderboardContent
          summary={empty}
          tab="summary"
          boardId={null}
          onOpenBoard={noop}
          onPickBoard={noop}
        />,
      ),
    ).toContain('Walang misyong tumatakbo ngayon.');
    expect(
      renderMarkup(
        <MissionLeaderboardContent
          summary={empty}
          tab="leaderboard"
          boardId={null}
          onOpenBoard={noop}
          onPickBoard={noop}
        />,
      ),
    ).toContain('Walang talaan ng nangunguna na tumatakbo ngayon.');
  });
});

describe('the leaderboard', () => {
  const board: LeaderboardView = {
    ...STANDING,
    top: [
      { rank: 1, account: 'ju***n', figure: '9000.00', isMe: false },
      { rank: 2, account: 'ma***a', figure: '5000.00', isMe: false },
    ],
    neighbours: [
      { rank: 3, account: 'pe***o', figure: '2000.00', isMe: false },
      { rank: 4, account: 'me***e', figure: '1500.00', isMe: true },
      { rank: 5, account: 'an***a', figure: '900.00', isMe: false },
    ],
  };

  it('lists the top with masked names, the prizes, and the ranks around me when I am not in the top', () => {
    const html = renderMarkup(<LeaderboardBoard board={board} />);
    expect(html).toContain('ju***n');
    expect(html).toContain('₱9,000.00');
    expect(html).toContain('Nangungunang 2');
    expect(html).toContain('Malapit sa iyo');
    expect(html).toContain('data-testid="rank-me"');
    expect(html).toContain('₱200.00 na bonus');
    expect(html).toContain('12 manlalaro ang may ranggo');
  });

  it('shows a closed period as closed, and an empty one with a line', () => {
    const html = renderMarkup(
      <LeaderboardBoard board={{ ...board, closed: true, top: [], neighbours: [], me: null }} />,
    );
    expect(html).toContain('Sarado na, naibigay na ang mga premyo');
    expect(html).toContain('Wala pang may ranggo.');
    expect(html).not.toContain('Malapit sa iyo');
  });
});
