import { describe, expect, it } from 'vitest';
import {
  compileRegionRestriction,
  judgeVisitor,
  lookupCountry,
  parseAddress,
  parseRange,
} from './region-restriction.ts';

function matcherOf(partial: Partial<Parameters<typeof compileRegionRestriction>[0]>) {
  return compileRegionRestriction({
    enabled: true,
    blockedCountries: [],
    blockedCidrs: [],
    allowCidrs: [],
    ...partial,
  });
}

describe('region restriction', () => {
  it('matches IPv4 ranges at their edges only', () => {
    const matcher = matcherOf({ blockedCidrs: ['10.1.2.0/23'] });
    expect(judgeVisitor(matcher, '10.1.2.0', null).blocked).toBe(true);
    expect(judgeVisitor(matcher, '10.1.3.255', null).blocked).toBe(true);
    expect(judgeVisitor(matcher, '10.1.4.0', null).blocked).toBe(false);
    expect(judgeVisitor(matcher, '10.1.1.255', null).blocked).toBe(false);
  });

  it('sees an IPv4-mapped IPv6 address as its IPv4 address', () => {
    const matcher = matcherOf({ blockedCidrs: ['192.0.2.0/24'] });
    expect(judgeVisitor(matcher, '::ffff:192.0.2.9', null).blocked).toBe(true);
  });

  it('never matches an IPv4 address against an IPv6 range or the reverse', () => {
    const matcher = matcherOf({ blockedCidrs: ['::/0'] });
    expect(judgeVisitor(matcher, '192.0.2.9', null).blocked).toBe(false);
    expect(judgeVisitor(matcher, '2001:db8::1', null).blocked).toBe(true);
  });

  it('treats a bare address as a range of one', () => {
    expect(parseRange('192.0.2.1')?.[1]).toBe(32);
    expect(parseRange('2001:db8::1')?.[1]).toBe(128);
  });

  it('refuses a malformed range instead of ignoring it', () => {
    expect(() => matcherOf({ blockedCidrs: ['10.0.0.0/33'] })).toThrow(/Invalid IP range/);
    expect(() => matcherOf({ allowCidrs: ['not an address'] })).toThrow(/Invalid IP range/);
  });

  it('finds the country of public IPv4 addresses and none for private or IPv6 ones', () => {
    expect(lookupCountry(parseAddress('112.198.1.1'))).toBe('PH');
    expect(lookupCountry(parseAddress('10.0.0.1'))).toBeNull();
    expect(lookupCountry(parseAddress('2001:db8::1'))).toBeNull();
  });

  it('prefers the address table over a proxy header for IPv4 visitors', () => {
    const matcher = matcherOf({ blockedCountries: ['SG'] });
    expect(judgeVisitor(matcher, '112.198.1.1', 'SG')).toEqual({ blocked: false, country: 'PH' });
  });

  it('answers the country even while the rules are off', () => {
    const matcher = compileRegionRestriction({
      enabled: false,
      blockedCountries: ['PH'],
      blockedCidrs: [],
      allowCidrs: [],
    });
    expect(judgeVisitor(matcher, '112.198.1.1', null)).toEqual({ blocked: false, country: 'PH' });
  });
});
