import { describe, expect, it } from 'vitest';
import { formatCountdown, millisecondsUntil } from './countdown';

const TY = { day: 'araw', hour: 'oras' };
const EN = { day: 'd', hour: 'h' };
const HOUR_MS = 3_600_000;

describe('formatCountdown', () => {
  it('says more than a day in days and hours, never as a pile of hours', () => {
    expect(formatCountdown(53 * HOUR_MS, TY)).toBe('2 araw 5 oras');
    expect(formatCountdown(53 * HOUR_MS, EN)).toBe('2 d 5 h');
    expect(formatCountdown(53 * HOUR_MS + 59 * 60_000, EN)).toBe('2 d 5 h');
    expect(formatCountdown(72 * HOUR_MS, EN)).toBe('3 d');
    expect(formatCountdown(24 * HOUR_MS, TY)).toBe('1 araw');
  });

  it('reads under a day as a clock, rounding the seconds up', () => {
    expect(formatCountdown(24 * HOUR_MS - 1000, EN)).toBe('23:59:59');
    expect(formatCountdown(3_724_000, EN)).toBe('1:02:04');
    expect(formatCountdown(245_000, EN)).toBe('4:05');
    expect(formatCountdown(4_001, EN)).toBe('0:05');
  });

  it('stops at 0:00 once the time is up or the instant is unreadable', () => {
    expect(formatCountdown(0, EN)).toBe('0:00');
    expect(formatCountdown(-5_000, EN)).toBe('0:00');
    expect(formatCountdown(Number.NaN, EN)).toBe('0:00');
  });

  it('counts from now to an ISO instant', () => {
    const now = new Date('2026-11-25T04:00:00Z');
    expect(formatCountdown(millisecondsUntil('2026-11-27T09:04:05Z', now), TY)).toBe('2 araw 5 oras');
    expect(formatCountdown(millisecondsUntil('2026-11-25T04:00:09Z', now), EN)).toBe('0:09');
  });
});
