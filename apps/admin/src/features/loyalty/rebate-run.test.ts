import { describe, expect, it } from 'vitest';
import {
  dayBefore,
  dayIn,
  defaultPeriod,
  isCalendarDay,
  readClosedDay,
  readPeriod,
  runResultText,
} from './rebate-run.ts';

describe('the merchant day', () => {
  it("is the zone's calendar day: Manila is a day ahead of UTC from 16:00", () => {
    expect(dayIn('Asia/Manila', new Date('2025-06-10T15:59:59Z'))).toBe('2025-06-10');
    expect(dayIn('Asia/Manila', new Date('2025-06-10T16:00:00Z'))).toBe('2025-06-11');
  });

  it('steps back over months and leap days', () => {
    expect(dayBefore('2025-03-01')).toBe('2025-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-6-1')).toBe(false);
  });
});

describe('readClosedDay', () => {
  it('takes a day before today only (today is still open), at most a year back', () => {
    expect(readClosedDay('2025-06-09', '2025-06-10')).toEqual({ day: '2025-06-09' });
    expect(readClosedDay('2025-06-10', '2025-06-10')).toEqual({
      error: 'Only a closed day: 2025-06-09 or before.',
    });
    expect(readClosedDay('2025-06-11', '2025-06-10')).toHaveProperty('error');
    expect(readClosedDay('', '2025-06-10')).toEqual({ error: 'Pick a day.' });
    expect(readClosedDay('2024-06-09', '2025-06-10')).toEqual({ day: '2024-06-09' });
    expect(readClosedDay('2024-06-08', '2025-06-10')).toEqual({
      error: 'At most 366 days back: 2024-06-09 or after.',
    });
  });
});

describe('defaultPeriod', () => {
  it("is the server's default: the past 30 days, today included", () => {
    expect(defaultPeriod('2025-06-10')).toEqual({ from: '2025-05-12', to: '2025-06-10' });
    expect(defaultPeriod('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
  });
});

describe('readPeriod', () => {
  it('takes open ends and refuses a first day after the last', () => {
    expect(readPeriod('', '')).toEqual({ from: '', to: '' });
    expect(readPeriod('2025-06-01', '2025-06-01')).toEqual({ from: '2025-06-01', to: '2025-06-01' });
    expect(readPeriod('2025-06-02', '2025-06-01')).toHaveProperty('error');
    expect(readPeriod('2025-02-30', '')).toHaveProperty('error');
    expect(readPeriod('2024-01-01', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(readPeriod('2024-01-01', '2025-01-01')).toEqual({ error: 'At most 366 days at once.' });
  });
});

describe('runResultText', () => {
  const money = (amount: string) => `₱${amount}`;
  const ran = { day: '2025-06-09', paid: 1204, paidAmount: '8520.40', skipped: 0, budgetExhausted: false };
  it('says what the run paid, and when it paid nobody', () => {
    expect(runResultText(ran, money)).toBe(
      '2025-06-09 ran: ₱8520.40 paid to 1,204 members as rebate bonuses.',
    );
    expect(runResultText({ ...ran, paid: 1, paidAmount: '5.00' }, money)).toContain('to 1 member ');
    expect(runResultText({ ...ran, paid: 0, paidAmount: '0.00' }, money)).toContain('nobody was paid');
  });

  it('says who was left unpaid and that a budget which ran out leaves the rest to a later run', () => {
    const text = runResultText({ ...ran, skipped: 3, budgetExhausted: true }, money);
    expect(text).toContain('3 members not paid: they may not receive promotions.');
    expect(text).toContain('paid by a later run');
  });
});
