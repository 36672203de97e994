import { describe, expect, it } from 'vitest';
import { type MarketabilityFacts, marketabilityOf, refusalOf } from './marketable.ts';

const NOW = new Date('2030-03-01T00:00:00Z');
const ACTIVE: MarketabilityFacts = {
  type: 0,
  status: 'active',
  promotionsOptOut: false,
  exclusionEndsAt: null,
};

describe('isMarketable', () => {
  it('lets an active member, an agent among them, have promotions', () => {
    expect(marketabilityOf(ACTIVE, NOW)).toEqual({ ok: true });
    expect(marketabilityOf({ ...ACTIVE, type: 1 }, NOW)).toEqual({ ok: true });
  });

  it('refuses a trial account as such', () => {
    expect(marketabilityOf({ ...ACTIVE, type: 4 }, NOW)).toEqual({ ok: false, reason: 'TRIAL_ACCOUNT' });
    expect(refusalOf('TRIAL_ACCOUNT')).toMatchObject({ code: 'TRIAL_ACCOUNT', status: 403 });
  });

  it('refuses a locked or self-excluded member, one on a break, and one who opted out', () => {
    const refused = { ok: false, reason: 'NOT_MARKETABLE' };
    expect(marketabilityOf({ ...ACTIVE, status: 'locked' }, NOW)).toEqual(refused);
    expect(marketabilityOf({ ...ACTIVE, status: 'self_excluded' }, NOW)).toEqual(refused);
    expect(marketabilityOf({ ...ACTIVE, exclusionEndsAt: new Date(NOW.getTime() + 1) }, NOW)).toEqual(
      refused,
    );
    expect(marketabilityOf({ ...ACTIVE, promotionsOptOut: true }, NOW)).toEqual(refused);
    expect(refusalOf('NOT_MARKETABLE')).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      value: { reason: 'NOT_MARKETABLE' },
    });
  });

  it('lets a member back once their break has ended', () => {
    expect(marketabilityOf({ ...ACTIVE, exclusionEndsAt: NOW }, NOW)).toEqual({ ok: true });
  });
});
