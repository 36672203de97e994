import { describe, expect, it } from 'vitest';
import { birthdayProblemOf, latestBirthdayOf } from './birthday';

const rules = { today: '2026-06-15', minimumAge: 18 };

describe('a birthday set once', () => {
  it('takes a real day at least the minimum age ago', () => {
    expect(birthdayProblemOf('2008-06-15', rules)).toBeNull();
    expect(birthdayProblemOf('1990-02-28', rules)).toBeNull();
  });

  it('refuses what is no day of the calendar', () => {
    expect(birthdayProblemOf('', rules)).toBe('invalid');
    expect(birthdayProblemOf('1990-02-30', rules)).toBe('invalid');
    expect(birthdayProblemOf('1990-13-01', rules)).toBe('invalid');
    expect(birthdayProblemOf('15/06/1990', rules)).toBe('invalid');
    expect(birthdayProblemOf('1899-12-31', rules)).toBe('invalid');
  });

  it('refuses a day after today, and a member younger than the minimum age', () => {
    expect(birthdayProblemOf('2026-06-16', rules)).toBe('future');
    expect(birthdayProblemOf('2008-06-16', rules)).toBe('tooYoung');
    expect(birthdayProblemOf('2010-01-01', { ...rules, minimumAge: 21 })).toBe('tooYoung');
  });

  it('lets one born on 29 February come of age on 1 March in a year without one', () => {
    expect(latestBirthdayOf('2026-02-28', 18)).toBe('2008-02-28');
    expect(latestBirthdayOf('2028-02-29', 18)).toBe('2010-02-28');
    expect(birthdayProblemOf('2008-02-29', { today: '2026-02-28', minimumAge: 18 })).toBe('tooYoung');
    expect(birthdayProblemOf('2008-02-29', { today: '2026-03-01', minimumAge: 18 })).toBeNull();
  });
});
