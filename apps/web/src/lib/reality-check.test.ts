import { describe, expect, it } from 'vitest';
import { dueReminder, playedTime } from './reality-check';

const loginAtMs = Date.parse('2026-11-23T09:00:00Z');
const at = (minutes: number) => loginAtMs + minutes * 60_000;

describe('reality check reminders', () => {
  it('none before the first interval has passed', () => {
    expect(dueReminder({ loginAtMs, intervalMinutes: 30, nowMs: at(29) })).toBe(0);
  });

  it('one per whole interval since the login', () => {
    expect(dueReminder({ loginAtMs, intervalMinutes: 30, nowMs: at(30) })).toBe(1);
    expect(dueReminder({ loginAtMs, intervalMinutes: 30, nowMs: at(95) })).toBe(3);
  });

  it('none when the clock is behind the login or the interval is off', () => {
    expect(dueReminder({ loginAtMs, intervalMinutes: 30, nowMs: at(-5) })).toBe(0);
    expect(dueReminder({ loginAtMs, intervalMinutes: 0, nowMs: at(60) })).toBe(0);
  });

  it('says the time played in whole hours and minutes, never below zero', () => {
    expect(playedTime({ loginAtMs, nowMs: at(95) + 59_000 })).toEqual({ hours: 1, minutes: 35 });
    expect(playedTime({ loginAtMs, nowMs: at(-3) })).toEqual({ hours: 0, minutes: 0 });
  });
});
