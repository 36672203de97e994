import { describe, expect, it } from 'vitest';
import { addDays, datePresetRange, dayIn } from './date-presets';

// 2026-11-23 17:30 UTC is already 2026-11-24 01:30 in Manila (UTC+8).
const lateEvening = new Date('2026-11-23T17:30:00Z');

describe('date presets', () => {
  it('counts days in Manila, not in UTC or the browser’s zone', () => {
    expect(dayIn('Asia/Manila', lateEvening)).toBe('2026-11-24');
    expect(datePresetRange('today', lateEvening)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(datePresetRange('today', lateEvening, 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('yesterday is the one day before today', () => {
    expect(datePresetRange('yesterday', lateEvening)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('the past 7 and 30 days end today and include it', () => {
    expect(datePresetRange('last7', lateEvening)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(datePresetRange('last30', lateEvening)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
  });

  it('crosses month and year ends and leap days', () => {
    expect(datePresetRange('yesterday', new Date('2027-01-01T03:00:00Z'))).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(datePresetRange('last7', new Date('2028-03-02T04:00:00Z'))).toEqual({
      from: '2028-02-25',
      to: '2028-03-02',
    });
  });
});
