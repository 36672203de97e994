import { describe, expect, it } from 'vitest';
import {
  formOfLeaderboard,
  formOfMission,
  type MissionForm,
  newLeaderboardForm,
  newMissionForm,
  readLeaderboardForm,
  readMissionForm,
} from './mission-form.ts';
import type { LeaderboardRow, MissionRow } from './missions-api.ts';

const MISSION: MissionRow = {
  id: 'mi-1',
  merchantId: 'm-1',
  nameTy: 'Maglaro ng 10 round',
  nameEn: 'Play 10 rounds',
  period: 'daily',
  task: 'rounds',
  gameType: 'RNG',
  target: '10',
  rewardKind: 'bonus',
  reward: '5.00',
  multiplier: 3,
  rewardTableId: null,
  rewardTickets: null,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-02-01T00:00:00.000Z',
  enabled: true,
  sortOrder: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const BOARD: LeaderboardRow = {
  id: 'lb-1',
  merchantId: 'm-1',
  nameTy: 'Lingguhang Paligsahan',
  nameEn: 'Weekly Race',
  metric: 'validBet',
  gameType: 'LIVE',
  period: 'weekly',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  prizes: [
    { rank: 1, kind: 'cash', amount: '1000.00', multiplier: null },
    { rank: 2, kind: 'bonus', amount: '200.00', multiplier: 5 },
  ],
  enabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const NOW = new Date('2026-11-25T04:00:00Z');

function errorsOf(form: MissionForm): string[] {
  const reading = readMissionForm(form);
  return reading.ok ? [] : Object.keys(reading.errors);
}

describe('the mission form', () => {
  it('reads a mission back into the body it was saved from', () => {
    const { id, merchantId, createdAt, updatedAt, ...body } = MISSION;
    expect(readMissionForm(formOfMission(MISSION))).toEqual({ ok: true, body });
  });

  it('reads a ticket reward: its table and tickets, no amount and no multiplier', () => {
    const form: MissionForm = {
      ...newMissionForm(NOW),
      nameTy: ' Mag-deposito ',
      nameEn: 'Deposit',
      task: 'deposit',
      gameType: 'RNG',
      target: '500',
      rewardKind: 'ticket',
      reward: '9.00',
      rewardTableId: 't-1',
      rewardTickets: '3',
    };
    const reading = readMissionForm(form);
    expect(reading).toMatchObject({
      ok: true,
      body: {
        nameTy: 'Mag-deposito',
        task: 'deposit',
        // A deposit counts every game type; money targets are written with two decimals.
        gameType: null,
        target: '500.00',
        rewardKind: 'ticket',
        reward: '0.00',
        multiplier: null,
        rewardTableId: 't-1',
        rewardTickets: 3,
        startsAt: NOW.toISOString(),
        endsAt: null,
      },
    });
    const back = reading.ok ? readMissionForm({ ...form, rewardKind: 'cash', reward: '5' }) : null;
    expect(back).toMatchObject({
      ok: true,
      body: { reward: '5.00', rewardTableId: null, rewardTickets: null },
    });
  });

  it('puts each problem next to its field', () => {
    const empty = { ...newMissionForm(NOW), target: '', reward: '' };
    expect(errorsOf(empty)).toEqual(['nameTy', 'nameEn', 'target', 'reward']);
    const named = { ...newMissionForm(NOW), nameTy: 'a', nameEn: 'a', reward: '1' };
    expect(errorsOf(named)).toEqual([]);
    expect(errorsOf({ ...named, rewardKind: 'ticket', rewardTickets: '101' })).toEqual([
      'rewardTickets',
      'rewardTableId',
    ]);
    expect(errorsOf({ ...named, rewardKind: 'bonus', multiplier: '51' })).toEqual(['multiplier']);
    expect(errorsOf({ ...named, reward: '10000000.01' })).toEqual(['reward']);
    // A daily run of logins is one day; a weekly one at most seven.
    expect(errorsOf({ ...named, task: 'loginStreak', target: '2' })).toEqual(['target']);
    expect(errorsOf({ ...named, task: 'loginStreak', period: 'weekly', target: '7' })).toEqual([]);
    expect(errorsOf({ ...named, task: 'rounds', target: '100001' })).toEqual(['target']);
    expect(errorsOf({ ...named, startsAt: '' })).toEqual(['startsAt']);
    expect(errorsOf({ ...named, endsAt: named.startsAt })).toEqual(['endsAt']);
    expect(errorsOf({ ...named, sortOrder: '-1' })).toEqual(['sortOrder']);
  });
});

describe('the leaderboard form', () => {
  it('reads a leaderboard back into the body it was saved from, ranks in order', () => {
    const { id, merchantId, createdAt, updatedAt, ...body } = BOARD;
    expect(readLeaderboardForm(formOfLeaderboard(BOARD))).toEqual({ ok: true, body });
  });

  it('asks a fixed window for its end, each prize for its amount, a bonus prize for its multiplier', () => {
    const form = {
      ...newLeaderboardForm(NOW),
      nameTy: 'a',
      nameEn: 'a',
      period: 'fixed' as const,
      prizes: [
        { kind: 'cash' as const, amount: '', multiplier: '1' },
        { kind: 'bonus' as const, amount: '5', multiplier: 'x' },
      ],
    };
    const reading = readLeaderboardForm(form);
    expect(reading.ok ? [] : Object.keys(reading.errors)).toEqual([
      'endsAt',
      'prizes.0.amount',
      'prizes.1.multiplier',
    ]);
    expect(readLeaderboardForm({ ...form, prizes: [] })).toMatchObject({
      ok: false,
      errors: { prizes: expect.any(String) },
    });
    // Mission score ranks every game type.
    expect(
      readLeaderboardForm({
        ...form,
        period: 'weekly',
        metric: 'missionScore',
        gameType: 'LIVE',
        prizes: [{ kind: 'cash', amount: '1', multiplier: '1' }],
      }),
    ).toMatchObject({
      ok: true,
      body: { gameType: null, prizes: [{ rank: 1, amount: '1.00', multiplier: null }] },
    });
  });
});
