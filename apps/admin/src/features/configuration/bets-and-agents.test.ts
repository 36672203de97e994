import { describe, expect, it } from 'vitest';
import { describeValidBetRules, OVERDUE_HOURS_MAX, readOverdueHours } from './bets-and-agents.ts';

describe('the bets and agents section', () => {
  it('reads overdue hours as whole hours from 1 to 720, and says so beside the field otherwise', () => {
    expect(readOverdueHours('24')).toEqual({ hours: 24 });
    expect(readOverdueHours(' 1 ')).toEqual({ hours: 1 });
    expect(readOverdueHours(String(OVERDUE_HOURS_MAX))).toEqual({ hours: 720 });
    for (const text of ['', '0', '721', '2.5', '-3', 'abc', '1e2', '99999']) {
      expect(readOverdueHours(text), text).toEqual({ error: 'Whole hours from 1 to 720 (30 days)' });
    }
  });

  it('describes what a hedged hand and its tie count under each pair of rules', () => {
    expect(describeValidBetRules({ hedgedBaccarat: 'net', pushes: 'exclude' })).toBe(
      '100.00 on player and 60.00 on banker count 40.00; if the hand ties they count 0.00.',
    );
    expect(describeValidBetRules({ hedgedBaccarat: 'net', pushes: 'include' })).toBe(
      '100.00 on player and 60.00 on banker count 40.00; if the hand ties they count 40.00.',
    );
    expect(describeValidBetRules({ hedgedBaccarat: 'full', pushes: 'exclude' })).toBe(
      '100.00 on player and 60.00 on banker count 160.00; if the hand ties they count 0.00.',
    );
    expect(describeValidBetRules({ hedgedBaccarat: 'full', pushes: 'include' })).toBe(
      '100.00 on player and 60.00 on banker count 160.00; if the hand ties they count 160.00.',
    );
  });
});
