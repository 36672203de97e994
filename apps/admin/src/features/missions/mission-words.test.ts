import { describe, expect, it } from 'vitest';
import { boardWords, missionRewardWords, prizeWords, taskWords } from './mission-words.ts';

describe('the missions section’s words', () => {
  it('says what a mission asks and what it pays', () => {
    expect(taskWords({ task: 'rounds', target: '10', gameType: 'RNG' })).toBe('Play 10 rounds of RNG');
    expect(taskWords({ task: 'deposit', target: '1000.00', gameType: null })).toBe('Deposits of ₱1000.00');
    expect(taskWords({ task: 'loginStreak', target: '5', gameType: null })).toBe('Log in 5 days in a row');
    expect(taskWords({ task: 'loginStreak', target: '1', gameType: null })).toBe('Log in today');
    expect(taskWords({ task: 'rounds', target: '1', gameType: null })).toBe('Play 1 round');
    expect(taskWords({ task: 'newGame', target: '1', gameType: null })).toBe(
      'Play 1 game never played before',
    );
    expect(
      missionRewardWords({ rewardKind: 'bonus', reward: '10.00', multiplier: 3, rewardTickets: null }),
    ).toBe('₱10.00 bonus, 3× wagering');
    expect(
      missionRewardWords({ rewardKind: 'cash', reward: '5.00', multiplier: null, rewardTickets: null }),
    ).toBe('₱5.00 cash');
    expect(
      missionRewardWords(
        { rewardKind: 'ticket', reward: '0.00', multiplier: null, rewardTickets: 1 },
        'Golden Egg',
      ),
    ).toBe('1 ticket of Golden Egg');
    expect(
      missionRewardWords({ rewardKind: 'ticket', reward: '0.00', multiplier: null, rewardTickets: 3 }),
    ).toBe('3 tickets');
  });

  it('says what a leaderboard ranks by and its prizes', () => {
    expect(boardWords({ metric: 'validBet', gameType: 'LIVE', period: 'weekly' })).toBe(
      'Valid bet on LIVE, each week from Monday',
    );
    expect(boardWords({ metric: 'missionScore', gameType: null, period: 'daily' })).toBe(
      'Missions claimed, each day',
    );
    expect(
      prizeWords({
        prizes: [
          { rank: 1, kind: 'cash', amount: '1000.00', multiplier: null },
          { rank: 2, kind: 'bonus', amount: '200.00', multiplier: 5 },
        ],
      }),
    ).toBe('#1 ₱1000.00 cash · #2 ₱200.00 bonus, 5× wagering');
  });
});
