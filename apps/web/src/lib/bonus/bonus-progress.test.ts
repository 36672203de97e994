import { describe, expect, it } from 'vitest';
import {
  cancelConsequenceOf,
  countdownOf,
  countdownPartsOf,
  isCancellable,
  wageringProgressOf,
} from './bonus-progress';

describe('wagering progress', () => {
  it('is the share wagered, floored to a whole percent', () => {
    expect(wageringProgressOf({ wagered: '333.33', wageringRequired: '1000.00' })).toEqual({
      percent: 33,
      leftMinor: 66_667n,
      isDone: false,
    });
    expect(wageringProgressOf({ wagered: '999.99', wageringRequired: '1000.00' }).percent).toBe(99);
  });

  it('is done at the required amount and stays at 100 past it', () => {
    expect(wageringProgressOf({ wagered: '1000.00', wageringRequired: '1000.00' })).toEqual({
      percent: 100,
      leftMinor: 0n,
      isDone: true,
    });
    expect(wageringProgressOf({ wagered: '1500.00', wageringRequired: '1000.00' })).toEqual({
      percent: 100,
      leftMinor: 0n,
      isDone: true,
    });
  });

  it('counts a bonus with nothing to wager as done', () => {
    expect(wageringProgressOf({ wagered: '0.00', wageringRequired: '0.00' })).toEqual({
      percent: 100,
      leftMinor: 0n,
      isDone: true,
    });
  });

  it('works in centavos, so large sums lose nothing', () => {
    const progress = wageringProgressOf({ wagered: '4999999999.99', wageringRequired: '5000000000.00' });
    expect(progress.percent).toBe(99);
    expect(progress.leftMinor).toBe(1n);
  });
});

describe('the expiry countdown', () => {
  const now = new Date('2026-12-01T00:00:00Z');

  it('gives days, hours and minutes left, rounding up to the minute', () => {
    expect(countdownOf('2026-12-03T05:30:10Z', now)).toEqual({ days: 2, hours: 5, minutes: 31 });
    expect(countdownOf('2026-12-01T00:00:01Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
  });

  it('ends once the time has passed', () => {
    expect(countdownOf('2026-12-01T00:00:00Z', now)).toBeNull();
    expect(countdownOf('2026-11-30T23:00:00Z', now)).toBeNull();
    expect(countdownOf('not a date', now)).toBeNull();
  });

  it('says the two largest parts that are not zero', () => {
    expect(countdownPartsOf({ days: 2, hours: 5, minutes: 31 })).toEqual([
      { unit: 'days', count: 2 },
      { unit: 'hours', count: 5 },
    ]);
    expect(countdownPartsOf({ days: 2, hours: 0, minutes: 31 })).toEqual([{ unit: 'days', count: 2 }]);
    expect(countdownPartsOf({ days: 0, hours: 0, minutes: 7 })).toEqual([{ unit: 'minutes', count: 7 }]);
  });
});

describe('what cancelling a bonus gives up', () => {
  it('is what the bonus wallet holds now for an active bonus', () => {
    expect(cancelConsequenceOf({ status: 'active', amount: '100.00', forfeitIfCancelled: '137.50' })).toEqual(
      {
        key: 'promotions.mine.cancelForfeit',
        amount: '137.50',
      },
    );
  });

  it('is nothing but the bonus itself when the wallet is already empty', () => {
    expect(cancelConsequenceOf({ status: 'active', amount: '100.00', forfeitIfCancelled: '0.00' })).toEqual({
      key: 'promotions.mine.cancelNothingLeft',
      amount: null,
    });
  });

  it('is the bonus not yet received for one still waiting', () => {
    expect(cancelConsequenceOf({ status: 'waiting', amount: '88.00', forfeitIfCancelled: '0.00' })).toEqual({
      key: 'promotions.mine.cancelWaiting',
      amount: '88.00',
    });
  });

  it('is offered only while a bonus waits or runs', () => {
    expect(
      ['waiting', 'active', 'converted', 'forfeited', 'expired', 'cancelled'].filter(isCancellable),
    ).toEqual(['waiting', 'active']);
  });
});
