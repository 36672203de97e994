import { describe, expect, it } from 'vitest';
import {
  type CyclePeriod,
  cycleAt,
  daysOfCycle,
  instantOfWall,
  isClosed,
  lastClosedCycle,
  nextCycle,
  parseCycleKey,
  periodOfKey,
  periodOfKind,
  previousCycle,
} from './contract-cycles.ts';

const MANILA = 'Asia/Manila';
const iso = (date: Date) => date.toISOString();

describe('cycleAt', () => {
  it('counts a day in Manila from local midnight, also while UTC is still on the day before', () => {
    const cycle = cycleAt('D', MANILA, new Date('2026-11-24T17:30:00Z'));
    expect(cycle.key).toBe('D:2026-11-25');
    expect(iso(cycle.startsAt)).toBe('2026-11-24T16:00:00.000Z');
    expect(iso(cycle.endsAt)).toBe('2026-11-25T16:00:00.000Z');
    expect([cycle.firstDay, cycle.lastDay]).toEqual(['2026-11-25', '2026-11-25']);
  });

  it('runs a week from Monday to Sunday, across a month end', () => {
    // Sunday 29 Nov 2026 and Monday 30 Nov: the second starts a week that ends in December.
    expect(cycleAt('W', MANILA, new Date('2026-11-29T10:00:00Z')).key).toBe('W:2026-11-23');
    const week = cycleAt('W', MANILA, new Date('2026-12-02T10:00:00Z'));
    expect(week.key).toBe('W:2026-11-30');
    expect([week.firstDay, week.lastDay]).toEqual(['2026-11-30', '2026-12-06']);
    expect(iso(week.endsAt)).toBe('2026-12-06T16:00:00.000Z');
  });

  it('splits a month on the 15th and ends the second half with the month, in February of a leap year too', () => {
    expect(cycleAt('H', MANILA, new Date('2028-02-15T15:59:59Z')).key).toBe('H:2028-02-01');
    const second = cycleAt('H', MANILA, new Date('2028-02-15T16:00:00Z'));
    expect(second.key).toBe('H:2028-02-16');
    expect(second.lastDay).toBe('2028-02-29');
    expect(iso(second.endsAt)).toBe('2028-02-29T16:00:00.000Z');
    expect(cycleAt('H', MANILA, new Date('2027-02-20T00:00:00Z')).lastDay).toBe('2027-02-28');
    expect(cycleAt('H', MANILA, new Date('2026-12-31T12:00:00Z')).lastDay).toBe('2026-12-31');
  });

  it('counts a month to its last day, and a year end rolls into January', () => {
    const december = cycleAt('M', MANILA, new Date('2026-12-31T15:59:59Z'));
    expect(december.key).toBe('M:2026-12-01');
    expect(december.lastDay).toBe('2026-12-31');
    expect(iso(december.endsAt)).toBe('2026-12-31T16:00:00.000Z');
    expect(cycleAt('M', MANILA, new Date('2026-12-31T16:00:00Z')).key).toBe('M:2027-01-01');
    expect(daysOfCycle(cycleAt('M', MANILA, new Date('2028-02-10T00:00:00Z')))).toHaveLength(29);
  });

  it('names hours and 5 minutes by their local start, the last of a day ending at the next midnight', () => {
    const hour = cycleAt('h', MANILA, new Date('2026-11-25T05:59:59Z'));
    expect(hour.key).toBe('h:2026-11-25T13');
    expect(iso(hour.startsAt)).toBe('2026-11-25T05:00:00.000Z');
    expect(iso(hour.endsAt)).toBe('2026-11-25T06:00:00.000Z');
    expect(cycleAt('h', MANILA, new Date('2026-11-25T15:30:00Z')).key).toBe('h:2026-11-25T23');
    const five = cycleAt('5m', MANILA, new Date('2026-11-25T05:09:59Z'));
    expect(five.key).toBe('5m:2026-11-25T13:05');
    expect(iso(five.endsAt)).toBe('2026-11-25T05:10:00.000Z');
    const last = cycleAt('5m', MANILA, new Date('2026-12-31T15:58:00Z'));
    expect(last.key).toBe('5m:2026-12-31T23:55');
    expect(nextCycle(last, MANILA).key).toBe('5m:2027-01-01T00:00');
  });

  it('follows a zone with summer time: the skipped hour is no cycle and the repeated one lasts two', () => {
    const zone = 'America/New_York';
    // 8 Mar 2026: 02:00 EST jumps to 03:00 EDT.
    const afterJump = cycleAt('h', zone, new Date('2026-03-08T07:30:00Z'));
    expect(afterJump.key).toBe('h:2026-03-08T03');
    expect(previousCycle(afterJump, zone).key).toBe('h:2026-03-08T01');
    expect(iso(previousCycle(afterJump, zone).endsAt)).toBe('2026-03-08T07:00:00.000Z');
    // 1 Nov 2026: 01:00–02:00 is shown twice (EDT, then EST).
    const repeated = cycleAt('h', zone, new Date('2026-11-01T06:30:00Z'));
    expect(repeated.key).toBe('h:2026-11-01T01');
    expect(iso(repeated.startsAt)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(repeated.endsAt)).toBe('2026-11-01T07:00:00.000Z');
    const day = cycleAt('D', zone, new Date('2026-11-01T12:00:00Z'));
    expect(day.endsAt.getTime() - day.startsAt.getTime()).toBe(25 * 3_600_000);
  });
});

describe('neighbouring cycles', () => {
  it('steps back across month ends and leap days', () => {
    const march = cycleAt('D', MANILA, new Date('2028-03-01T04:00:00Z'));
    expect(previousCycle(march, MANILA).key).toBe('D:2028-02-29');
    expect(previousCycle(cycleAt('H', MANILA, new Date('2027-03-02T00:00:00Z')), MANILA).key).toBe(
      'H:2027-02-16',
    );
    expect(previousCycle(cycleAt('M', MANILA, new Date('2027-01-05T00:00:00Z')), MANILA).key).toBe(
      'M:2026-12-01',
    );
    expect(previousCycle(cycleAt('W', MANILA, new Date('2027-01-01T00:00:00Z')), MANILA).key).toBe(
      'W:2026-12-21',
    );
  });

  it('closes a cycle at its end: the last closed one is the one before the current', () => {
    const now = new Date('2026-11-25T16:00:00Z'); // 26 Nov 00:00 in Manila
    expect(lastClosedCycle('D', MANILA, now).key).toBe('D:2026-11-25');
    expect(isClosed(lastClosedCycle('D', MANILA, now), now)).toBe(true);
    expect(isClosed(cycleAt('D', MANILA, now), now)).toBe(false);
    expect(lastClosedCycle('5m', MANILA, new Date('2026-11-25T05:12:00Z')).key).toBe('5m:2026-11-25T13:05');
  });

  it('tiles time: every cycle starts where the one before ended', () => {
    const periods: CyclePeriod[] = ['D', 'W', 'H', 'M', 'h', '5m'];
    for (const period of periods) {
      let cycle = cycleAt(period, MANILA, new Date('2027-12-20T00:00:00Z'));
      for (let step = 0; step < 40; step += 1) {
        const next = nextCycle(cycle, MANILA);
        expect(next.startsAt.getTime()).toBe(cycle.endsAt.getTime());
        expect(previousCycle(next, MANILA).key).toBe(cycle.key);
        cycle = next;
      }
    }
  });
});

describe('cycle keys', () => {
  it('reads back every key it writes', () => {
    for (const period of ['D', 'W', 'H', 'M', 'h', '5m'] as const) {
      const cycle = cycleAt(period, MANILA, new Date('2028-02-29T09:41:00Z'));
      const parsed = parseCycleKey(cycle.key, MANILA);
      expect(parsed).toEqual(cycle);
      expect(periodOfKey(cycle.key)).toBe(period);
    }
  });

  it('refuses keys that name no cycle', () => {
    for (const key of [
      'W:2026-11-24', // a Tuesday
      'H:2026-11-10',
      'M:2026-11-02',
      'D:2027-02-29', // not a leap year
      'D:2026-13-01',
      'h:2026-11-25T24',
      'h:2026-11-25T13:00',
      '5m:2026-11-25T13:07',
      'X:2026-11-25',
      'D:2026-11-25 ',
      '',
    ]) {
      expect(parseCycleKey(key, MANILA), key).toBeNull();
    }
    expect(parseCycleKey('D:2028-02-29', MANILA)?.key).toBe('D:2028-02-29');
  });

  it('gives each kind its period', () => {
    expect(periodOfKind('daily', 'W')).toBe('D');
    expect(periodOfKind('hourly', 'W')).toBe('h');
    expect(periodOfKind('realtime', 'W')).toBe('5m');
    expect(periodOfKind('dividend', 'H')).toBe('H');
  });

  it('finds the first showing of a wall time', () => {
    expect(iso(instantOfWall(MANILA, { year: 2026, month: 1, day: 1, hour: 0, minute: 0 }))).toBe(
      '2025-12-31T16:00:00.000Z',
    );
  });
});
